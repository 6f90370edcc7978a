// Kogge-Stone inclusive scan of one section (PMPP Fig. 8.1/8.2, corrected).
// Idea: in iteration k every element i >= 2^k adds the element 2^k to its left, so after log2(n)
// iterations XY[i] holds x0..xi. Work n*log2(n) - (n-1), depth log2(n); not work-efficient.
// The seed's kernel updates XY in place with one barrier per iteration: a thread may then read
// XY[i-stride] after its owner (in another warp) already updated it. Here each thread first reads
// into a register, all threads pass a barrier, and only then write: the race is gone.
#pragma once

#include "kernels/block/section_io.h"

namespace scanviz {

struct KoggeStoneScan {
  static constexpr int kElementsPerThread = 1;
  SCANVIZ_HD static int sectionSize(int threads) { return threads; }
  SCANVIZ_HD static int sharedSlots(int threads) { return threads; }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int section = sectionSize(ex.threads());
    loadSection(ex, xy, io, section);
    typename Ex::template Regs<T> left(ex);
    for (int stride = 1; stride < section; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) left[t] = xy[t - stride];
      });
      ex.sync();  // every read of this iteration happens before any write
      ex.parallel([&](int t) {
        if (t >= stride) {
          xy[t] = ex.combine(left[t], xy[t]);
          ex.edge(t, t, t - stride);
        }
      });
      ex.barrier(StepCode{StepKind::KoggeStone, stride}, xy, section);
    }
    storeSection(ex, xy, io, section, /*holdsExclusive=*/false);
  }
};

}  // namespace scanviz
