// Hierarchical segmented scan of any N (PMPP 8.6's scan-scan-add, Fig. 8.8-8.9, over the
// segmented operator of Blelloch, "Prefix sums and their applications" 1.5).
// Idea: scan every section with a segmented block scan; each section hands on its total (the part
// of its last segment that lies inside it) and a flag saying whether it holds a head. The totals
// are then scanned INCLUSIVELY with those flags (the same segmented block scan, recursively), so
// that entry b-1 is what flows out of sections 0..b-1 into section b: the carry. Section b combines
// the carry into its elements before its first head only; a head stops the carry, so no value
// crosses a segment start between sections either.
// Work: the block scans' work, plus at most n - section for the carries; depth: the block scan's
// depth on each level plus one carry step per level.
// The rule is written once here; the emulator (app/core/backends/cpu_hierarchical.h) applies it
// with a loop and the GPU (app/core/backends/cuda_backend.cu) with one block per section.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/grid/hierarchical.h"
#include "kernels/scan_types.h"

namespace scanviz {

// The carry into section `b` (b >= 1): the inclusive segmented scan of the totals before it.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T segmentCarry(const T* scannedTotals, long long b) {
  return scannedTotals[b - 1];
}

// The carry reaches element `i` (index within its section) when no head lies at or before i in
// the section: i < firstHead, where firstHead is the section's first head (its size without one).
SCANVIZ_HD SCANVIZ_INLINE bool carryReaches(int i, int firstHead) {
  return i < firstHead;
}

// The carry combined into one element: the carry comes from before it, so it goes first.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T withCarry(Operator op, T carry, T value) {
  return OpTraits<T>::apply(op, carry, value);
}

// The hierarchical segmented scan as an algorithm of its own: the hierarchical scheme over the
// segmented block scan it is given (its descriptor is segmented, so the drivers carry, as above,
// instead of adding).
template <class SectionScan>
struct SegmentedHierarchicalScan : HierarchicalScan<SectionScan> {};

template <class SectionScan>
inline constexpr AlgorithmDescriptor algorithmOf<SegmentedHierarchicalScan<SectionScan>> =
    describeHierarchical<SectionScan>({
        .key = "segmented-hierarchical",
        .name = "Segmented hierarchical (scan-scan-carry)",
        .segmented = true,
        .summary =
            "segmented Blelloch sections; totals and head flags scanned inclusively; a carry stops "
            "at a section's first head",
        .source = "PMPP 8.6 with Blelloch 1990, 1.5",
    });

}  // namespace scanviz
