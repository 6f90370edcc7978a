// The sequential scan (PMPP 8.1) as a block algorithm in which only thread 0 works: one operator
// application per step, n-1 dependent steps. It is the baseline every parallel scan is compared
// with (work n-1, depth n-1), and shows what the other threads of a block do meanwhile: nothing.
// The seed keeps a float running sum in an int accumulator; here the accumulator is the element
// type itself.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"

namespace scanviz {

// Thread 0 walks the section from its second element, one recorded step per element, while the
// other threads wait; `visit(t, i)` does element i's work. The sequential scan and its flawed
// variants (kernels/lessons/) differ only in that work. Padding beyond the `valid` elements holds
// the identity; stepping over it would only record steps that change nothing, so the walk stops
// at the last valid element. Returns where it stopped (one past that element).
template <class Ex, class Visit>
SCANVIZ_HD int walkOnThreadZero(Ex& ex, typename Ex::Value* xy, int valid, int section,
                                Visit visit) {
  const int last = valid < section ? valid : section;
  for (int i = 1; i < last; ++i) {
    ex.parallel([&](int t) {
      if (t == 0) visit(t, i);
    });
    ex.barrier(StepCode{StepKind::SequentialStep, i}, xy, section);
  }
  return last;
}

struct SequentialScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    scanSectionInPlace(ex, xy, io, [&](int section) {
      const int last = walkOnThreadZero(ex, xy, io.n, section, [&](int t, int i) {
        xy[i] = ex.combine(xy[i - 1], xy[i]);
        ex.edge(t, i, i - 1);
      });
      if (io.total && last < section) {
        // The total is read from the last slot: carry the running result there.
        ex.parallel([&](int t) {
          if (t == 0) xy[section - 1] = xy[last - 1];
        });
        ex.sync();
      }
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SequentialScan> = describe<SequentialScan>({
    .key = "sequential",
    .name = "Sequential",
    .family = "Sequential",
    .summary = "one thread walks the array: N - 1 work, N - 1 dependent steps (the CPU baseline)",
    .source = "PMPP 8.1",
    .sectionCost = [](double n, double) -> SectionCost {
      return {{"N - 1", n - 1}, {"N - 1", n - 1}, {"N - 1", n - 1}};
    },
    .costSource = "PMPP 8.1",
    .costCountsValidElementsOnly = true,
});

}  // namespace scanviz
