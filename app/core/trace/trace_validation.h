// What a trace must satisfy to be drawn, checked after parsing: every field against the meaning
// docs/trace-format.md gives it, so that a hand-edited or corrupt file is refused with a message
// that names the field ("trace.steps[3].edges[7]: dst 2147483647 is outside the step's 8
// values") instead of being drawn as nonsense or exhausting memory.
#pragma once

#include "app/core/trace/trace.h"

namespace scanviz {

// Limits a readable trace stays within; a capture's own limits (CaptureLimits) are inside them.
struct TraceLimits {
  long long maxN = 1ll << 28;             // meta.n, as capture's --n
  int maxSteps = 4096;                    // steps[]
  long long maxStepValues = 1ll << 23;    // values over all steps
  long long maxWholeValues = 1ll << 25;   // whole-array values over all steps
  long long maxStoredValues = 1ll << 20;  // input[] and output[]
  int maxBlocks = 1 << 16;                // blocks[]
  int maxSectionSize = 1 << 16;           // meta.section_size
  long long maxTime = 1ll << 62;          // blocks[].start_ns, wait_ns, end_ns
};

// Throws TraceFormatError (trace_json.h) naming the first field that is out of its range or
// inconsistent with the others.
void validateTrace(const Trace& t, const TraceLimits& limits = {});

}  // namespace scanviz
