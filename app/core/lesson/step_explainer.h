// One sentence per step, generated from the trace, that a lecturer could say while the step is
// on screen: "stride 4: threads 4..7 add XY[i-4] into XY[i]".
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

std::string explainStep(const Trace& t, int step);

// "thread 7", "threads 4..7", "threads 1, 3, 5, 7", "threads 1, 3, 5, ..., 31 (16 threads)".
// ids ascending.
std::string describeThreads(const std::vector<int>& ids);

}  // namespace scanviz
