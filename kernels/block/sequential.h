// The sequential scan (PMPP 8.1) as a block algorithm in which only thread 0 works: one operator
// application per step, n-1 dependent steps. It is the baseline every parallel scan is compared
// with (work n-1, depth n-1), and shows what the other threads of a block do meanwhile: nothing.
// The seed keeps a float running sum in an int accumulator; here the accumulator is the element
// type itself.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"

namespace scanviz {

struct SequentialScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    const int section = sectionSize(ex.threads());
    loadSection(ex, xy, io, section);
    // Padding beyond the valid elements holds the identity; stepping over it would only record
    // steps that change nothing, so the walk stops at the last valid element.
    const int last = io.n < section ? io.n : section;
    for (int i = 1; i < last; ++i) {
      ex.parallel([&](int t) {
        if (t == 0) {
          xy[i] = ex.combine(xy[i - 1], xy[i]);
          ex.edge(t, i, i - 1);
        }
      });
      ex.barrier(StepCode{StepKind::SequentialStep, i}, xy, section);
    }
    if (io.total && last < section) {
      // The total is read from the last slot: carry the running result there.
      ex.parallel([&](int t) {
        if (t == 0) xy[section - 1] = xy[last - 1];
      });
      ex.sync();
    }
    storeSection(ex, xy, io, section, /*holdsExclusive=*/false);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SequentialScan> = {
    .key = "sequential",
    .name = "Sequential",
    .family = "Sequential",
    .elementsPerThread = SequentialScan::kElementsPerThread,
    .summary = "one thread walks the array: N-1 operations, N-1 dependent steps (the CPU baseline)",
    .source = "PMPP 8.1",
    .codeFile = "kernels/block/sequential.h",
    .sectionCost = [](double n, double) -> SectionCost {
      return {{"N - 1", n - 1}, {"N - 1", n - 1}, {"N - 1", n - 1}};
    },
    .costSource = "PMPP 8.1",
    .costCountsValidElementsOnly = true,
};

}  // namespace scanviz
