// Will a capture fit in memory? Estimated before anything large is allocated, so that a capture
// that cannot finish is refused at once with a message, not after minutes with "std::bad_alloc".
#pragma once

#include <optional>
#include <string>

#include "app/core/backends/backend.h"

namespace scanviz {

// Peak bytes of a capture of n elements: the input as doubles (8 bytes an element, as the
// request holds it), its 32-bit copy and the output (4 + 4), and the recording budgets of
// `limits` (whole-array rows, recorded steps). The emulator's other state is per block.
long long estimateCaptureBytes(long long n, const CaptureLimits& limits);

// What this process may still allocate: the smaller of MemAvailable (/proc/meminfo) and the
// room left under RLIMIT_AS; nullopt when neither is known.
std::optional<long long> allocatableBytes();

// Throws InputError naming the bytes needed and available when a capture of n elements (of which
// `alreadyHeld` bytes, the input, are allocated) will not fit.
void checkCaptureMemory(long long n, const CaptureLimits& limits, long long alreadyHeld = 0);

// For a std::bad_alloc caught anywhere else: says how much memory this process could still get.
std::string outOfMemoryMessage();

}  // namespace scanviz
