// Brent-Kung inclusive scan of one section (PMPP Fig. 8.4-8.6).
// Idea: a reduction tree (up-sweep) leaves partial sums at positions 2^(k+1)*m - 1; a reverse
// tree (down-sweep) then distributes them. Each thread owns two elements, so a section is twice
// the block size. Work 2n - 2 - log2(n), depth 2*log2(n) - 1. Indices are computed from the
// thread id so that the active threads stay contiguous (fewer divergent warps).
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"

namespace scanviz {

struct BrentKungScan {
  static constexpr int kElementsPerThread = 2;
  SCANVIZ_HD static int sectionSize(int threads) { return 2 * threads; }
  SCANVIZ_HD static int sharedSlots(int threads) { return 2 * threads; }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    scanSection(ex, xy, io, sectionSize(ex.threads()), [&](int section) {
      for (int stride = 1; stride < section; stride *= 2) {
        ex.parallel([&](int t) {
          const int i = (t + 1) * 2 * stride - 1;
          if (i < section) {
            xy[i] = ex.combine(xy[i - stride], xy[i]);
            ex.edge(t, i, i - stride);
          }
        });
        ex.barrier(StepCode{StepKind::UpSweep, stride}, xy, section);
      }
      for (int stride = section / 4; stride > 0; stride /= 2) {
        ex.parallel([&](int t) {
          const int i = (t + 1) * 2 * stride - 1;
          if (i + stride < section) {
            xy[i + stride] = ex.combine(xy[i], xy[i + stride]);
            ex.edge(t, i + stride, i);
          }
        });
        ex.barrier(StepCode{StepKind::DownSweep, stride}, xy, section);
      }
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<BrentKungScan> = describe<BrentKungScan>({
    .key = "brent-kung",
    .name = "Brent-Kung",
    .family = "Brent-Kung",
    .summary = "reduction tree then distribution tree: 2N - 2 - log2 N work, 2 log2 N - 1 steps",
    .source = "PMPP Fig. 8.4-8.6",
    .sectionCost = [](double n, double) -> SectionCost {
      const double lg = std::log2(n);
      return {{"2N - 2 - log2 N", 2 * n - 2 - lg},
              {"2 log2 N - 1", 2 * lg - 1},
              {"(N/2)(2 log2 N - 1)", n / 2 * (2 * lg - 1)}};
    },
    .costSource = "PMPP 8.4",
});

}  // namespace scanviz
