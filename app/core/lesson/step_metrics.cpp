#include "app/core/lesson/step_metrics.h"

#include <set>

#include "app/core/lesson/bank_accesses.h"
#include "app/core/playback/thread_states.h"

namespace scanviz {

int sharedMemorySlot(std::string_view algorithm, int index) {
  return sharedSlot(sharedLayoutOf(algorithm), index);
}

BankConflicts bankConflicts(const TraceStep& s, std::string_view algorithm) {
  return summarizeBankAccesses(bankAccesses(s, algorithm));
}

StepMetrics stepMetrics(const Trace& t, int step) {
  StepMetrics m;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return m;
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  m.ops = s.ops;
  for (int k = 0; k <= step; ++k) m.cumulativeWork += t.steps[static_cast<size_t>(k)].ops;
  if (!isSectionStep(s)) return m;
  m.activeThreads = static_cast<int>(s.active.size());
  m.residentThreads = t.meta.blockSize;
  m.residentWarps = (t.meta.blockSize + kWarpSize - 1) / kWarpSize;
  std::set<int> warps;
  for (int id : s.active) warps.insert(id / kWarpSize);
  m.activeWarps = static_cast<int>(warps.size());
  if (m.activeWarps > 0)
    m.warpEfficiency = static_cast<double>(m.activeThreads) / (kWarpSize * m.activeWarps);
  m.banks = bankConflicts(s, t.meta.algorithm);
  return m;
}

}  // namespace scanviz
