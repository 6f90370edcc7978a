// Blelloch's work-efficient exclusive scan of one section (slides "The Blelloch Algorithm";
// seeds 003 and 004), and its bank-conflict-free variant (slides "Further Optimizations").
// Idea: an up-sweep (reduction tree) leaves the sum of each left subtree in its root; the last
// element is cleared to the identity; a down-sweep then walks the tree back: each node passes its
// value to its left child and gives its right child (that value) + (the left child's old sum).
// Each thread owns two elements, a section is twice the block. Work 2(n-1), depth 2*log2(n);
// an inclusive result adds one ToInclusive step of n applications.
// Seed 003's kernel steps its up-sweep with `offset <<= 2`, skipping every other tree level; here
// the stride doubles. It also returns early for threads past the end of a partial tile, before
// barriers the remaining threads still wait at; here partial sections are padded with the
// identity and every thread reaches every barrier.
// The conflict-free variant is the same code with one padding slot after every 32 elements
// (CONFLICT_FREE_OFFSET(i) = i >> 5), so the power-of-two strides of both sweeps spread over the
// 32 shared-memory banks. Snapshots go through the same map, so its traces show logical indices
// and equal the plain variant's.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/exclusive_store.h"
#include "kernels/block/section_io.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

template <bool ConflictFree>
struct BlellochScanT {
  static constexpr int kElementsPerThread = 2;
  static constexpr int kPadShift = ConflictFree ? 5 : 0;  // one padding slot per 2^5 = 32 banks

  SCANVIZ_HD static int sectionSize(int threads) { return 2 * threads; }
  SCANVIZ_HD static int sharedSlots(int threads) {
    return PadMap{kPadShift}.slots(sectionSize(threads));
  }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const PadMap pad{kPadShift};
    const int section = sectionSize(ex.threads());
    loadSection(ex, xy, io, section, pad);

    // Up-sweep: thread t combines the left subtree ending at i - stride into the right one ending
    // at i. The threads that work stay contiguous (t = 0, 1, 2, ...), as in PMPP Fig. 8.6.
    for (int stride = 1; stride < section; stride *= 2) {
      ex.parallel([&](int t) {
        const int i = (t + 1) * 2 * stride - 1;
        if (i < section) {
          xy[pad(i)] = ex.combine(xy[pad(i - stride)], xy[pad(i)]);
          ex.edge(t, i, i - stride);
        }
      });
      ex.barrier(StepCode{StepKind::UpSweep, stride}, xy, section, pad);
    }

    // The root becomes the identity: nothing precedes the whole section. The section total it
    // held is not lost: storeSection recomputes it from the last element and the last input.
    ex.parallel([&](int t) {
      if (t == ex.threads() - 1) {
        xy[pad(section - 1)] = ex.identity();  // it loaded that element
        ex.move(t, section - 1, -1);
      }
    });
    ex.barrier(StepCode{StepKind::ClearLast, 0}, xy, section, pad);

    // Down-sweep: swap and combine. Every thread touches only its own pair, so the step is
    // race-free; the value passed down (the node's prefix) goes first in the combination.
    for (int stride = section / 2; stride > 0; stride /= 2) {
      ex.parallel([&](int t) {
        const int i = (t + 1) * 2 * stride - 1;
        if (i < section) {
          const T leftSum = xy[pad(i - stride)];
          xy[pad(i - stride)] = xy[pad(i)];
          ex.move(t, i - stride, i);  // the swap's first half: no operator
          xy[pad(i)] = ex.combine(xy[pad(i)], leftSum);
          ex.edge(t, i, i - stride);
        }
      });
      ex.barrier(StepCode{StepKind::BlellochDown, stride}, xy, section, pad);
    }
    storeExclusiveArray(ex, xy, io, section, pad);
  }
};

using BlellochScan = BlellochScanT<false>;
using BlellochConflictFreeScan = BlellochScanT<true>;

// Both variants do the same work on the same tree (the padding moves slots, not operations).
inline SectionCost blellochCost(double n, double /*threads*/) {
  const double lg = std::log2(n);
  return {{"2(N - 1)", 2 * (n - 1)}, {"2 log2 N", 2 * lg}, {"(N/2)(2 log2 N)", n / 2 * 2 * lg}};
}

template <>
inline constexpr AlgorithmDescriptor algorithmOf<BlellochScan> = describe<BlellochScan>({
    .key = "blelloch",
    .name = "Blelloch (work-efficient)",
    .family = "Blelloch",
    .exclusiveByNature = true,
    .summary = "up-sweep, clear the root, swap-and-add down-sweep: an exclusive scan in 2(N - 1) "
               "work, 2 log2 N steps",
    .source = "slides; seeds 003, 004",
    .sectionCost = blellochCost,
    .costSource = "slides (Blelloch)",
});

template <>
inline constexpr AlgorithmDescriptor algorithmOf<BlellochConflictFreeScan> =
    describeVariant<BlellochConflictFreeScan, BlellochScan>({
        .key = "blelloch-conflict-free",
        .name = "Blelloch, bank-conflict-free",
        .paddedSharedMemory = true,
        .summary =
            "Blelloch with one padding slot every 32 elements so strided accesses hit distinct "
            "banks",
        .source = "slides (bank conflicts); seed 003 leaves bank conflicts as future work",
    });

}  // namespace scanviz
