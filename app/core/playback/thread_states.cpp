#include "app/core/playback/thread_states.h"

namespace scanviz {

bool isSectionStep(const TraceStep& s) {
  return s.array == "section";
}

std::vector<ThreadState> threadStates(const Trace& t, int step) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return {};
  const TraceStep& now = t.steps[static_cast<size_t>(step)];
  if (!isSectionStep(now) || t.meta.blockSize <= 0) return {};
  const size_t threads = static_cast<size_t>(t.meta.blockSize);
  std::vector<ThreadState> states(threads, ThreadState::Done);
  // Later steps of the same block and level decide who still has work.
  for (size_t k = static_cast<size_t>(step) + 1; k < t.steps.size(); ++k) {
    const TraceStep& later = t.steps[k];
    if (!isSectionStep(later) || later.block != now.block || later.level != now.level) continue;
    for (int id : later.active)
      if (id >= 0 && static_cast<size_t>(id) < threads)
        states[static_cast<size_t>(id)] = ThreadState::Waiting;
  }
  for (int id : now.active)
    if (id >= 0 && static_cast<size_t>(id) < threads)
      states[static_cast<size_t>(id)] = ThreadState::Active;
  return states;
}

}  // namespace scanviz
