// Segmented work-efficient scan of one section: Blelloch's up-sweep and down-sweep with flags
// (Blelloch, "Prefix sums and their applications", 1990, section 1.5, segmented scans).
// Idea: the up-sweep builds the same reduction tree as the plain Blelloch scan, over the pairs
// (value, flag): a right subtree takes its left sibling's sum only if it holds no head, and the
// flags are OR-ed up the tree, so every node knows whether a segment starts below it. After the
// root is cleared, the down-sweep hands each node's prefix to its left child as before, and gives
// its right child
//   - the identity, if the right subtree's first element starts a segment (its original flag),
//   - the left subtree's sum alone, if a head lies within the left subtree (the OR-ed flag),
//   - prefix + left sum otherwise (the plain rule),
// so no prefix ever crosses a segment start. The working array ends up holding the segmented
// exclusive scan; an inclusive result adds each element's own input, as in the plain scan.
// Each thread owns two elements, a section is twice the block. Work at most 2(n-1) (fewer: none
// across a boundary), depth 2*log2(n); inclusive adds n applications and one step.
// Shared memory: the values, the OR-ed flags and the original head flags (segmented_io.h).
#pragma once

#include "kernels/block/blelloch.h"
#include "kernels/block/exclusive_store.h"
#include "kernels/block/segmented_io.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

struct SegmentedBlellochScan {
  static constexpr int kElementsPerThread = 2;
  static constexpr bool kSegmented = true;

  SCANVIZ_HD static int sectionSize(int threads) { return 2 * threads; }
  SCANVIZ_HD static int sharedSlots(int threads) {
    return segmentedSharedSlots(sectionSize(threads), 2);
  }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int section = sectionSize(ex.threads());
    uint8_t* flag = flagRow(xy, section, 0);  // OR-ed up the tree
    uint8_t* head = flagRow(xy, section, 1);  // the original head flags
    loadSegmentedSection(ex, xy, flag, head, io, section);

    // Up-sweep: thread t's right subtree ends at i, its left sibling at i - stride.
    for (int stride = 1; stride < section; stride *= 2) {
      ex.parallel([&](int t) {
        const int i = (t + 1) * 2 * stride - 1;
        if (i < section) {
          if (!flag[i]) {
            xy[i] = ex.combine(xy[i - stride], xy[i]);
            ex.edge(t, i, i - stride);
          }
          flag[i] = flag[i] | flag[i - stride];
        }
      });
      ex.barrier(StepCode{StepKind::SegUpSweep, stride}, xy, section, PadMap{},
                 StepRows{flag, nullptr, section});
    }
    const uint8_t anyHead = flag[section - 1];  // the root's flag: some element starts a segment

    ex.parallel([&](int t) {
      if (t == ex.threads() - 1) {
        xy[section - 1] = ex.identity();  // it loaded that element
        ex.move(t, section - 1, -1);
      }
    });
    ex.barrier(StepCode{StepKind::ClearLast, 0}, xy, section);

    // Down-sweep: each thread touches only its own pair, as in the plain scan.
    for (int stride = section / 2; stride > 0; stride /= 2) {
      ex.parallel([&](int t) {
        const int i = (t + 1) * 2 * stride - 1;
        if (i < section) {
          const int left = i - stride;
          const T leftSum = xy[left];
          const T prefix = xy[i];
          xy[left] = prefix;
          ex.move(t, left, i);  // every thread with a pair swaps, whatever the flags say
          if (head[left + 1]) {
            xy[i] = ex.identity();
            ex.move(t, i, -1);
          } else if (flag[left]) {
            xy[i] = leftSum;
            ex.move(t, i, left);  // the left half's old sum, without the prefix: no operator
          } else {
            xy[i] = ex.combine(prefix, leftSum);
            ex.edge(t, i, left);
          }
        }
      });
      ex.barrier(StepCode{StepKind::SegDownSweep, stride}, xy, section);
    }
    if (!io.exclusive) exclusiveToInclusive(ex, xy, io, section);
    storeSegmentedSection(ex, xy, io, section, /*holdsExclusive=*/io.exclusive, anyHead);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SegmentedBlellochScan> =
    describeSegmented<SegmentedBlellochScan, BlellochScan>({
        .key = "segmented-blelloch",
        .name = "Segmented Blelloch",
        .summary =
            "flags OR-ed up the tree; the down-sweep gives a right half that starts a segment the "
            "identity",
        .source = "Blelloch 1990, 1.5 (segmented scans)",
    });

}  // namespace scanviz
