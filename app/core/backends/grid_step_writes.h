// The writes of the grid steps the hierarchical driver (hierarchical_driver.h) records between
// launches, listed once for both backends: the emulator's launcher (cpu_hierarchical.h) and the
// CUDA one (cuda_backend.cu) record a step's values each their way and then call
// listGridWrites, so that their traces carry the same arrows and threads.
//
// The threads are those of the lecture's grid kernels (PMPP 8.6): section b is handled by block b,
// whose `threads` threads take its elements t, t + threads, ... in turn, as the section's store
// (storeSection, kernels/block/section_io.h) and seed 000's third kernel do. (The CUDA add-back
// runs a grid-stride loop of its own; the trace shows the lecture's mapping on both backends.)
// A value that comes from outside the array has source -1: the section's shared memory for "every
// section scanned" (a move), the section's scanned total S for the add-back and the carry (an
// operator application).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/exec/recorded_run.h"
#include "kernels/scan_types.h"

namespace scanviz {

// What a grid step between launches wrote: every element, stored from its section's shared
// memory; every element from `combinedFrom` on, combined with its section's scanned total; or,
// segmented, the elements of sections 1.. before their section's first head.
enum class GridWrites : uint8_t { StoredEverySection, CombinedFrom, CarriedToFirstHead };

// A grid step between launches, as the driver records it. `combinedFrom`: the first element the
// add-back combines a total into (one section: block 0 adds nothing; 0: seed 000's third kernel,
// whose block 0 adds S[blockIdx.x - 1], read outside S). `flags`: the carry's head flags of this
// level's elements, in the launcher's memory (a device pointer on the GPU), null when none.
struct GridStep {
  StepKind kind = StepKind::Load;
  GridWrites writes = GridWrites::StoredEverySection;
  int level = 0;
  long long n = 0;
  int64_t ops = 0;
  long long combinedFrom = 0;
  const uint8_t* flags = nullptr;
};

// The thread of element i in a grid step (see above).
inline int gridStepThread(long long i, int section, int threads) {
  return static_cast<int>(i % section % threads);
}

// Adds to `s`, whose values are the first elements of the level's array after the step, the
// step's writes among them (g.writes): a move into every element stored, an edge into every
// element combined. `hostFlags`: the heads of
// the shown elements on the host (the carry), null without any. The edges of a step whose
// window is shorter than its array are those inside the window; its ops count the whole array.
inline void listGridWrites(RecordedStep& s, const GridStep& g, int section, int threads,
                           const uint8_t* hostFlags) {
  const long long shown = static_cast<long long>(s.values.size());
  const bool store = g.writes == GridWrites::StoredEverySection;
  const bool carry = g.writes == GridWrites::CarriedToFirstHead;
  std::vector<RecordedEdge>& into = store ? s.moves : s.edges;
  for (long long start = 0; start < shown; start += section) {
    const long long end = std::min(shown, start + section);
    long long stop = end;
    if (carry) {
      if (start == 0) continue;  // nothing flows into the first section
      for (long long i = start; hostFlags && i < end; ++i)
        if (hostFlags[i]) {
          stop = i;
          break;
        }
    }
    const long long first = store || carry ? start : std::max(start, g.combinedFrom);
    for (long long i = first; i < stop; ++i)
      into.push_back({gridStepThread(i, section, threads), static_cast<int>(i), /*src=*/-1});
  }
}

}  // namespace scanviz
