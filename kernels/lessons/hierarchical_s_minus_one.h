// FLAWED on purpose (a "spot the bug" lesson): seed 000's hierarchical scan (PMPP 8.6) with its
// third kernel as printed there: every block adds the scanned total of the block before it, block
// 0 included.
// The seed's lines (kernel 2 scans S in place, inclusively; kernel 3):
//     int i = blockIdx.x * blockDim.x + threadIdx.x;
//     Y[i] += S[blockIdx.x-1];
// Why it is wrong: section 0 has no section before it, so its threads read S[-1], the word before
// the array of section totals: whatever lies there (another array of the program, an allocator's
// header, or an address that faults) is added to every element of the first section. Sections
// 1.. get the right total, so only the first section's results are wrong, and they are wrong by
// the same amount everywhere. The seed's kernel has no `i < N` test either; this variant keeps
// that guard so that only the S[-1] mistake shows (the unguarded store is its own lesson,
// kogge_stone_unguarded_store.h).
// The emulator performs no read before the array: it gives 0xDEADBEEF (kUnmappedBits) and reports
// the first offending thread (CpuBlockExec::readUnguarded). The CUDA backend keeps slack before
// the scanned totals filled with that pattern, so the GPU reads there what the emulator gives.
// The fix (kernels/grid/hierarchical.h and its drivers): skip section 0, `if (blockIdx.x > 0)`,
// or scan S exclusively and add S[blockIdx.x] (what scanviz's hierarchical scan does).
// Work and depth as the fixed scan, plus one operator application for each element of section 0
// at every level.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/grid/hierarchical.h"

namespace scanviz {

// The section scan of the flawed driver: SectionScan itself, tagged so that the grid drivers
// (app/core/backends/cpu_hierarchical.h, cuda_backend.cu) scan the section totals inclusively,
// as the seed's kernel 2 does, and run the seed's third kernel instead of the add-back.
template <class SectionScan>
struct SeedThirdKernelSections : SectionScan {
  static constexpr bool kSeedThirdKernel = true;
};

template <class Algo>
inline constexpr bool kRunsSeedThirdKernel = requires {
  Algo::kSeedThirdKernel;
};

// The seed's third kernel for section `b` of a level: every thread adds S[b-1] to its elements
// (`count` of them, the section's, at y), S being the level's `sections` totals scanned
// inclusively. The seed runs SECTION_SIZE threads; with fewer each thread takes several elements.
template <class Ex>
SCANVIZ_HD void addPreviousSectionTotal(Ex& ex, typename Ex::Value* y, int count,
                                        const typename Ex::Value* S, int sections, int b) {
  ex.parallel([&](int t) {
    for (int i = t; i < count; i += ex.threads()) {
      // Y[i] += S[blockIdx.x-1];  (i < N, the guard this variant keeps, is the loop's bound)
      const auto previous = ex.readUnguarded(S, b - 1, sections, t, "S");
      y[i] = ex.combine(previous, y[i]);
    }
  });
}

template <class SectionScan>
struct HierarchicalSMinusOneScan {
  using BlockScan = SeedThirdKernelSections<SectionScan>;  // the per-section scan the drivers run
};

template <class SectionScan>
inline constexpr AlgorithmDescriptor algorithmOf<SeedThirdKernelSections<SectionScan>> =
    algorithmOf<SectionScan>;

template <class SectionScan>
inline constexpr AlgorithmDescriptor algorithmOf<HierarchicalSMinusOneScan<SectionScan>> =
    describeHierarchical<SectionScan>({
        .key = "hierarchical-s-minus-one",
        .name = "Hierarchical, block 0 adds S[-1] (flawed)",
        .summary =
            "`Y[i] += S[blockIdx.x-1];` in every block: block 0 reads S[-1], before the totals",
        .source = "seed 000 (PMPP 8.6 as printed)",
        .fixedBy = &algorithmOf<HierarchicalScan<SectionScan>>,
    });

}  // namespace scanviz
