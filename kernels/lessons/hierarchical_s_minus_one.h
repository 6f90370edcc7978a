// FLAWED on purpose (a "spot the bug" lesson): seed 000's hierarchical scan (PMPP 8.6) with its
// third kernel as printed there: every block adds the scanned total of the block before it, block
// 0 included, which reads S[-1]. The lesson below has the seed's lines, why they are wrong and the
// fix (kernels/grid/hierarchical.h and its drivers: skip section 0, or scan S exclusively and add
// S[blockIdx.x], as scanviz's hierarchical scan does).
// The emulator performs no read before the array: it gives 0xDEADBEEF (kUnmappedBits) and reports
// the first offending thread (CpuBlockExec::readUnguarded). The CUDA backend keeps slack before
// the scanned totals filled with that pattern, so the GPU reads there what the emulator gives.
// Work and depth as the fixed scan, plus one operator application for each element of section 0
// at every level.
#pragma once

#include "kernels/grid/hierarchical.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/listings/snippets.h"

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
  using FixedBy = HierarchicalScan<SectionScan>;
  using BlockScan = SeedThirdKernelSections<SectionScan>;  // the per-section scan the drivers run
};

template <class SectionScan>
inline constexpr AlgorithmDescriptor algorithmOf<SeedThirdKernelSections<SectionScan>> =
    algorithmOf<SectionScan>;

template <class SectionScan>
inline constexpr FlawLesson lessonOf<HierarchicalSMinusOneScan<SectionScan>> = {
    .key = "hierarchical-s-minus-one",
    .name = "Hierarchical, S[blockIdx.x - 1] at block 0 (flawed)",
    .summary =
        "`Y[i] += S[blockIdx.x-1];` in every block: at block 0 the unsigned index wraps and "
        "the read lands outside S",
    .source = "seed 000 (PMPP 8.6 as printed)",
    .title = "The hierarchical scan's third kernel: S[blockIdx.x - 1] at block 0",
    .seed = "seed 000, section 8.6 (hierarchical scan), the third kernel",
    .seedLines = snippets::hierarchical_s_minus_one::seed,
    .why =
        "Kernel 2 scans the section totals S inclusively, so S[b-1] is the sum of all "
        "sections before section b: right for every block but the first. Block 0 has "
        "no section before it, yet its threads read S[blockIdx.x-1]. blockIdx.x is "
        "unsigned, so 0 - 1 wraps to 4294967295 and the read lands 16 GiB past S: a "
        "fault, or whatever is mapped there. With a signed index it is S[-1], the word "
        "before the array, and whatever lies there is added to every element of the "
        "first section: what this run shows. The other sections are right, and an input "
        "of one section never runs kernel 3, which is how the mistake hides. (The "
        "seed's kernel has no `i < N` test either; this variant keeps that guard, so "
        "that only block 0 shows.)",
    .fixLines = snippets::hierarchical_s_minus_one::fix,
    .emulatorNote =
        "any schedule; 20 elements in sections of 8 (Brent-Kung, blocks of "
        "4): the emulator reads nothing before S, gives S[-1] 0xDEADBEEF "
        "(-559038737 as an int) and reports the first thread that read it; "
        "the CUDA backend keeps slack before S holding the same",
    .setup = {.input = "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1,5,2,3,4",
              .flawedBlockSize = 4,
              .fixedBlockSize = 4},
};

}  // namespace scanviz
