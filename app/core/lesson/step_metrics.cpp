#include "app/core/lesson/step_metrics.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/playback/thread_states.h"

namespace scanviz {
namespace {

struct EdgeOwner {
  int thread = 0;
  int iteration = 0;  // the thread's k-th operator application in this step
};

// Which thread applied each edge: recorded (version 4), its k-th application the k-th of its
// edges in their order (the index map grows with the iteration). Older traces: one edge per
// thread, or an equal run of edges per thread (the threads of a coarsened scan walk their
// subsection); otherwise edge j is treated as lane j.
std::vector<EdgeOwner> edgeOwners(const TraceStep& s) {
  std::vector<EdgeOwner> owners(s.edges.size());
  if (s.edgeThreads.size() == s.edges.size() && !s.edges.empty()) {
    std::map<int, int> taken;
    for (size_t j = 0; j < s.edges.size(); ++j)
      owners[j] = {s.edgeThreads[j], taken[s.edgeThreads[j]]++};
    return owners;
  }
  const size_t threads = s.active.size();
  const bool evenRuns = threads > 0 && s.edges.size() % threads == 0;
  const size_t perThread = evenRuns ? s.edges.size() / threads : 1;
  for (size_t j = 0; j < s.edges.size(); ++j) {
    if (evenRuns) {
      owners[j] = {s.active[j / perThread], static_cast<int>(j % perThread)};
    } else {
      owners[j] = {static_cast<int>(j), 0};
    }
  }
  return owners;
}

// One warp-wide access: the distinct slots each bank receives.
using BankSlots = std::map<int, std::set<int>>;

int worstWay(const BankSlots& banks) {
  size_t worst = 0;
  for (const auto& [bank, slots] : banks) worst = std::max(worst, slots.size());
  return static_cast<int>(worst);
}

bool usesRegistersOnly(const TraceStep& s) {
  const StepKindInfo* kind = findStepKind(s.kind);
  return kind && kind->registersOnly;
}

}  // namespace

int sharedMemorySlot(std::string_view algorithm, int index) {
  // The kernels that pad (PadMap{5}) say so in their descriptor.
  const std::optional<AlgorithmId> id = findAlgorithm(algorithm);
  const bool padded = id && algorithmInfo(*id).paddedSharedMemory;
  return padded ? index + index / kSharedBanks : index;
}

BankConflicts bankConflicts(const TraceStep& s, std::string_view algorithm) {
  BankConflicts r;
  if (!isSectionStep(s) || s.edges.empty() || usesRegistersOnly(s)) return r;
  r.applies = true;
  // Key: (warp, iteration, access kind 0 = read src, 1 = read/write dst).
  std::map<std::array<int, 3>, BankSlots> accesses;
  const std::vector<EdgeOwner> owners = edgeOwners(s);
  for (size_t j = 0; j < s.edges.size(); ++j) {
    const auto [dst, src] = s.edges[j];
    const int warp = owners[j].thread / kWarpSize;
    const int it = owners[j].iteration;
    const int dstSlot = sharedMemorySlot(algorithm, dst);
    accesses[{warp, it, 1}][dstSlot % kSharedBanks].insert(dstSlot);
    if (src >= 0) {
      const int srcSlot = sharedMemorySlot(algorithm, src);
      accesses[{warp, it, 0}][srcSlot % kSharedBanks].insert(srcSlot);
    }
  }
  for (const auto& [key, banks] : accesses) {
    const int way = worstWay(banks);
    // The dst slot is read and written: two accesses with the same pattern.
    const int accessesOfKind = key[2] == 1 ? 2 : 1;
    r.extraCycles += (way - 1) * accessesOfKind;
    if (way > r.worstWay) {
      r.worstWay = way;
      r.worstWarp = key[0];
    }
  }
  r.conflicts = std::max(0, r.worstWay - 1);
  return r;
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
