// Hierarchical scan (PMPP 8.6, Fig. 8.8-8.9: scan-scan-add).
// Idea: cut the input into sections of one block each and scan every section with a block scan,
// keeping each section's total; scan those totals the same way (recursively, until they fit in
// one section); then add the scanned total of all preceding sections into each section. Any N, at
// three launches a level. The host drivers (app/core/backends/cpu_hierarchical.h and the CUDA
// backend) run this for every block algorithm whose input is longer than one section; as an
// algorithm of its own it is the seed's: its sections are scanned by the scan it is given (PMPP
// uses its two-elements-per-thread tree scan of Fig. 8.6 to reach 2048 elements a block).
// Work: B sections' work + the recursive scan of the B totals + N - S for the add-back; depth: the
// section depth per level plus one step per add-back.
#pragma once

#include "kernels/algorithm_descriptor.h"

namespace scanviz {

template <class SectionScan>
struct HierarchicalScan {
  using BlockScan = SectionScan;  // the per-section scan the grid drivers run
};

template <class SectionScan>
inline constexpr AlgorithmDescriptor algorithmOf<HierarchicalScan<SectionScan>> =
    describeHierarchical<SectionScan>({
        .key = "hierarchical",
        .name = "Hierarchical (scan-scan-add)",
        .summary = "scan each section, scan the section sums recursively, add them back: any N, 3 "
                   "launches a level",
        .source = "PMPP 8.6, Fig. 8.8-8.9",
        .sectionCost = algorithmOf<SectionScan>.sectionCost,
        .costSource = "PMPP 8.6",
        .costSectionCap = 2048,  // PMPP 8.6: 1024 threads scanning two elements each
    });

}  // namespace scanviz
