#include "app/core/lesson/bank_accesses.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/playback/thread_states.h"

namespace scanviz {

// Which thread applied each edge: recorded (trace version 4), its k-th application the k-th of
// its edges in their order (the index map grows with the iteration). Older traces: one edge per
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

int BankAccess::way() const {
  size_t worst = 0;
  for (const std::vector<int>& e : elements) worst = std::max(worst, e.size());
  return static_cast<int>(worst);
}

bool hasSharedAccesses(const TraceStep& s) {
  const StepKindInfo* kind = findStepKind(s.kind);
  return isSectionStep(s) && !s.edges.empty() && !(kind && kind->registersOnly);
}

SharedLayout sharedLayoutOf(std::string_view algorithm) {
  // The kernels that pad (PadMap{5}) say so in their descriptor.
  const std::optional<AlgorithmId> id = findAlgorithm(algorithm);
  return id && algorithmInfo(*id).paddedSharedMemory ? SharedLayout::Padded : SharedLayout::Plain;
}

int sharedSlot(SharedLayout layout, int index) {
  return layout == SharedLayout::Padded ? index + index / kSharedBanks : index;
}

std::vector<BankAccess> bankAccesses(const TraceStep& s, std::string_view algorithm) {
  return bankAccesses(s, sharedLayoutOf(algorithm));
}

std::vector<BankAccess> bankAccesses(const TraceStep& s, SharedLayout layout) {
  if (!hasSharedAccesses(s)) return {};
  // Key: (warp, iteration, 0 = read of src, 1 = dst); per bank the distinct elements.
  std::map<std::tuple<int, int, int>, std::array<std::set<int>, kSharedBanks>> byAccess;
  const std::vector<EdgeOwner> owners = edgeOwners(s);
  const auto add = [&](const EdgeOwner& o, int kind, int element) {
    const int slot = sharedSlot(layout, element);
    byAccess[{o.thread / kWarpSize, o.iteration, kind}][slot % kSharedBanks].insert(element);
  };
  for (size_t j = 0; j < s.edges.size(); ++j) {
    const auto [dst, src] = s.edges[j];
    add(owners[j], 1, dst);
    if (src >= 0) add(owners[j], 0, src);
  }
  std::vector<BankAccess> out;
  for (const auto& [key, banks] : byAccess) {
    BankAccess a{.warp = std::get<0>(key),
                 .iteration = std::get<1>(key),
                 .destination = std::get<2>(key) == 1};
    for (int b = 0; b < kSharedBanks; ++b)
      a.elements[static_cast<size_t>(b)].assign(banks[static_cast<size_t>(b)].begin(),
                                                banks[static_cast<size_t>(b)].end());
    out.push_back(std::move(a));
  }
  return out;
}

BankConflicts summarizeBankAccesses(const std::vector<BankAccess>& accesses) {
  BankConflicts r;
  r.applies = !accesses.empty();
  for (const BankAccess& a : accesses) {
    r.extraCycles += a.replays();
    if (a.way() > r.worstWay) {
      r.worstWay = a.way();
      r.worstWarp = a.warp;
    }
  }
  r.conflicts = std::max(0, r.worstWay - 1);
  return r;
}

}  // namespace scanviz
