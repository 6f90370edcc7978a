// The hierarchical scan (PMPP 8.6, Fig. 8.8-8.9) as the code panel shows it beside a hierarchical
// trace: three kernels a level, the sections scanned by the Brent-Kung kernel (scanviz's
// hierarchical is HierarchicalScan<BrentKungScan>, kernels/grid/hierarchical.h). Kernel 1 scans
// every section and writes its sum into S; kernel 2 is the same scan over S (recursively, while S
// is longer than one section); kernel 3 adds S[b - 1] into section b. The kernels are those of
// brent_kung.cuh and add_block_sums.cuh, inserted: one declaration each; the tests launch them.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/brent_kung.cuh"

namespace listings::hierarchical {

// [listing hierarchical]
// The hierarchical scan (PMPP 8.6, Fig. 8.8-8.9), three launches a level:
//   kernel 1  Brent_Kung_scan_kernel<<<sections, B>>>(X, Y, N, S): each section, S[b] its sum
//   kernel 2  the same scan of S in place, recursively while S holds more than one section
//   kernel 3  add_block_sums_kernel<<<sections, B>>>(Y, S, N, 2 * B): section b adds S[b - 1]
// [insert brent-kung]
// [/listing]

}  // namespace listings::hierarchical
