// Kogge-Stone inclusive scan of one section (PMPP Fig. 8.1/8.2, corrected).
// Idea: in iteration k every element i >= 2^k adds the element 2^k to its left, so after log2(n)
// iterations XY[i] holds x0..xi. Work n*log2(n) - (n-1), depth log2(n); not work-efficient.
// The seed's kernel updates XY in place with one barrier per iteration: a thread may then read
// XY[i-stride] after its owner (in another warp) already updated it. Here each thread first reads
// into a register, all threads pass a barrier, and only then write: the race is gone.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"

namespace scanviz {

// The Kogge-Stone iterations over one element per thread: thread t's element lives at xy[at(t)],
// so the same code scans a whole section (at(t) = t) or the subsection totals of a coarsened
// scan (at(t) = t*C + C-1). Each iteration is recorded as StepCode{kind, stride}, showing `width`
// elements of xy.
template <class Ex, class At>
SCANVIZ_HD void koggeStoneIterations(Ex& ex, typename Ex::Value* xy, At at, StepKind kind,
                                     int width) {
  using T = typename Ex::Value;
  const int count = ex.threads();
  typename Ex::template Regs<T> left(ex);
  for (int stride = 1; stride < count; stride *= 2) {
    ex.parallel([&](int t) {
      if (t >= stride) left[t] = xy[at(t - stride)];
    });
    ex.sync();  // every read of this iteration happens before any write
    ex.parallel([&](int t) {
      if (t >= stride) {
        xy[at(t)] = ex.combine(left[t], xy[at(t)]);
        ex.edge(t, at(t), at(t - stride));
      }
    });
    ex.barrier(StepCode{kind, stride}, xy, width);
  }
}

struct KoggeStoneScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    scanSectionInPlace(ex, xy, io, [&](int section) {
      koggeStoneIterations(
          ex, xy, [](int t) { return t; }, StepKind::KoggeStone, section);
    });
  }
};

// The seeds' cost of the Kogge-Stone pattern (PMPP 8.3), which its exclusive and double-buffered
// forms share: every element but the first 2^k combines in iteration k.
inline SectionCost koggeStoneCost(double n, double /*threads*/) {
  const double lg = std::log2(n);
  return {{"N log2 N - (N - 1)", n * lg - (n - 1)}, {"log2 N", lg}, {"N log2 N", n * lg}};
}

template <>
inline constexpr AlgorithmDescriptor algorithmOf<KoggeStoneScan> = describe<KoggeStoneScan>({
    .key = "kogge-stone",
    .name = "Kogge-Stone",
    .family = "Kogge-Stone",
    .summary = "every element adds the one 2^k to its left each step: log2 N steps, "
               "N log2 N - (N - 1) work",
    .source = "PMPP Fig. 8.1-8.2 (race fixed)",
    .sectionCost = koggeStoneCost,
    .costSource = "PMPP 8.3",
});

}  // namespace scanviz
