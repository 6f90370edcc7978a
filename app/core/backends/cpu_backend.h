// The CPU emulator backend: runs the same per-block algorithm code as the GPU, one block after
// another (or interleaved by a scheduler for single-pass scans), recording every step.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

// T: int32_t or float, the value types a trace holds (both built in cpu_backend.cpp).
template <class T>
RunResult<T> runOnCpu(const RunRequest& rq, const std::vector<T>& input);

}  // namespace scanviz
