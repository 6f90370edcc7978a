// What each thread of the recorded block is doing in a step: applying the operator, waiting at
// the barrier for work still to come, or done for good. Done threads still hold their lanes until
// the block ends: the seeds' point that idle threads occupy the SM.
#pragma once

#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

enum class ThreadState { Active, Waiting, Done };

// One entry per thread of the block (meta.blockSize) for a step on the block's working array;
// empty for steps on the global array or the block sums, which are not one block's threads.
std::vector<ThreadState> threadStates(const Trace& t, int step);

// True when the step shows the recorded block's working array (threads, warps, banks apply).
bool isSectionStep(const TraceStep& s);

}  // namespace scanviz
