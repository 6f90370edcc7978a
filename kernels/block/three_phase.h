// Three-phase (coarsened) inclusive scan of one section (PMPP 8.5, Fig. 8.7).
// Idea: a section of T*C elements is cut into T subsections of C consecutive elements, one per
// thread. Phase 1: every thread scans its own subsection sequentially. Phase 2: Kogge-Stone over
// the T subsection totals (the last element of each subsection). Phase 3: every thread but the
// first combines the preceding subsection's scanned total into its first C-1 elements.
// Work (N-T) + (T*log2(T) - (T-1)) + (T-1)(C-1) for N = T*C; each phase is one barrier-separated
// step except phase 2's log2(T) iterations, so the recorded depth is log2(T) + 2 (the seed's
// depth formula counts the C-1 sequential applications of phases 1 and 3 one by one).
// The load is corner-turned: in pass k thread t loads element k*T + t, so consecutive threads
// touch consecutive addresses although each thread then works on C consecutive elements. Phase 2
// reads into a register before a barrier and writes after it (the race of the seed's in-place
// Kogge-Stone kernel does not come back here).
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"

namespace scanviz {

struct ThreePhaseScan {
  int coarsening = 4;  // C: elements per thread; the other algorithms fix it in kElementsPerThread

  SCANVIZ_HD int sectionSize(int threads) const { return threads * coarsening; }
  SCANVIZ_HD int sharedSlots(int threads) const { return threads * coarsening; }

  template <class Ex>
  SCANVIZ_HD void run(Ex& ex, typename Ex::Value* xy,
                      const SectionIO<typename Ex::Value>& io) const {
    const int c = coarsening;
    // The frame's load is strided by T: the corner-turned load.
    scanSection(ex, xy, io, sectionSize(ex.threads()), [&](int section) {
      ex.parallel([&](int t) {
        const int first = t * c;
        for (int j = 1; j < c; ++j) {
          xy[first + j] = ex.combine(xy[first + j - 1], xy[first + j]);
          ex.edge(t, first + j, first + j - 1);
        }
      });
      ex.barrier(StepCode{StepKind::ThreadScan, 0}, xy, section);

      koggeStoneIterations(
          ex, xy, [c](int t) { return t * c + c - 1; }, StepKind::SubsectionScan, section);

      ex.parallel([&](int t) {
        // The first subsection is complete after phase 1. xy[first - 1] is the preceding
        // subsection's total; phase 3 writes no subsection's last element, so reading it cannot
        // race with another thread's write.
        const int first = t * c;
        for (int j = 0; t > 0 && j < c - 1; ++j) {
          xy[first + j] = ex.combine(xy[first - 1], xy[first + j]);
          ex.edge(t, first + j, first - 1);
        }
      });
      ex.barrier(StepCode{StepKind::AddSubsection, 0}, xy, section);
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<ThreePhaseScan> = describe<ThreePhaseScan>({
    .key = "three-phase",
    .name = "Three-phase (coarsened)",
    .family = "Three-phase",
    .elementsPerThread = 0,  // the coarsening option
    .summary = "corner-turned load, per-thread sequential scans, Kogge-Stone over the subsection "
               "totals, add",
    .source = "PMPP 8.5, Fig. 8.7",
    .sectionCost = [](double n, double t) -> SectionCost {
      const double lt = std::log2(t);
      return {{"(N - T) + (T log2 T - (T - 1)) + (T - 1)(N/T - 1)",
               (n - t) + (t * lt - (t - 1)) + (t - 1) * (n / t - 1)},
              {"N/T - 1 + log2 T + N/T - 1", n / t - 1 + lt + n / t - 1},
              {"N - 1 + T log2 T + N - T", n - 1 + t * lt + n - t}};
    },
    .costSource = "PMPP 8.5",
});

}  // namespace scanviz
