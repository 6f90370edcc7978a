// The segmented hierarchical scan (PMPP 8.6's scan-scan-add, Fig. 8.8-8.9, over the segmented
// operator of Blelloch, "Prefix sums and their applications" 1990, 1.5: scan-scan-carry) as the
// code panel shows it beside a segmented-hierarchical trace: three kernels a level, the sections
// scanned by the segmented Blelloch kernel (scanviz's segmented-hierarchical is
// SegmentedHierarchicalScan<SegmentedBlellochScan>, kernels/grid/segmented_hierarchical.h).
// Kernel 1 scans every section with the head flags and writes its total into S and whether it
// holds a head into SF; kernel 2 is the same scan of (S, SF), inclusive (recursively, while S is
// longer than one section), so that S[b - 1] is the carry into section b; kernel 3 combines it
// into section b's elements before its first head. The kernels are those of segmented_blelloch.cuh
// and segment_carry.cuh, inserted: one declaration each; the tests launch them.
#pragma once

#include "kernels/listings/segment_carry.cuh"
#include "kernels/listings/segmented_blelloch.cuh"

namespace listings::segmented_hierarchical {

// [listing segmented-hierarchical]
// The segmented hierarchical scan (scan-scan-carry), three launches a level:
//   kernel 1  Segmented_Blelloch_scan_kernel<<<sections, B>>>(X, Flags, Y, N, S, SF, Inclusive):
//             each section; S[b] its total, SF[b] = 1 when it holds a head
//   kernel 2  the same scan of (S, SF) in place, inclusive, recursively while S holds more than
//             one section
//   kernel 3  segment_carry_kernel<<<sections, B>>>(Y, Flags, S, N, 2 * B): section b combines
//             S[b - 1] into its elements before its first head
// [insert segmented-blelloch]
// [/listing]

}  // namespace listings::segmented_hierarchical
