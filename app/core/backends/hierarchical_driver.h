// The grid level of the hierarchical scan (PMPP 8.6, kernels/grid/hierarchical.h), written once
// for every backend: scan each section of a level with the block scan, keeping each section's
// total; scan those totals the same way one level up (recursively, until they fit in one
// section); add each section's scanned total back into it. Its segmented form (kernels/grid/
// segmented_hierarchical.h) hands on a head flag with each total, scans the totals inclusively and
// carries them only up to each section's first head; seed 000's flawed form
// (kernels/lessons/hierarchical_s_minus_one.h) scans them inclusively and runs the seed's third
// kernel. Every block algorithm whose input is longer than one section runs through here too.
//
// What differs between backends is how a step is carried out, not which steps there are: a
// Launcher does them. The emulator's (cpu_hierarchical.h) runs emulated blocks over vectors; the
// CUDA backend's recorded launcher and its timed one (cuda_backend.cu) launch the kernels of
// kernels/launch/section_kernels.cuh over device arrays. A Launcher provides:
//   using Value = T;  using Algo = the block scan;
//   int section() const                           elements a block scans
//   Totals sectionTotals(long long sections, int level, bool segmented)
//       storage for a level's section totals: .sums() (null for one section) and, segmented,
//       .flags() (whether each section holds a head; null otherwise)
//   Scanned scannedTotals(long long sections, int level, bool seedThirdKernel)
//       storage for the totals once scanned: .values()
//   void scanSections(const SectionLaunch<T>&)    one block scan per section
//   void addBlockSums(T* out, const T* scanned, long long n, int level)
//   int64_t addSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
//                             int level)
//   int64_t seedThirdKernel(T* out, const T* scanned, long long n, int level)
//   void record(const GridStep&, const T* data)
//       a grid step of the trace, its work and its writes (grid_step_writes.h: listGridWrites);
//       a timed launcher records nothing
// The int64_t results are the operator applications the step took.
#pragma once

#include <cstdint>

#include "app/core/backends/grid_step_writes.h"
#include "kernels/block/segmented_io.h"
#include "kernels/lessons/hierarchical_s_minus_one.h"
#include "kernels/scan_types.h"

namespace scanviz {

// One level's section scans: `blocks` sections of `n` elements from `in` to `out`. `flags`: the
// head flags of this level's elements (level 0: the problem's, deeper: whether each section below
// held a head), null without any. `sums` / `sumFlags`: where each section leaves its total and
// whether it held a head, null when not wanted.
template <class T>
struct SectionLaunch {
  const T* in = nullptr;
  T* out = nullptr;
  long long n = 0;
  long long blocks = 0;
  bool exclusive = false;
  int level = 0;
  const uint8_t* flags = nullptr;
  T* sums = nullptr;
  uint8_t* sumFlags = nullptr;
};

// Scans `n` elements of `in` into `out` at `level` (0: the input) and every level above it.
template <class Launcher>
void scanHierarchically(Launcher& launcher, const typename Launcher::Value* in,
                        typename Launcher::Value* out, long long n, bool exclusive, int level,
                        const uint8_t* flags) {
  using T = typename Launcher::Value;
  using Algo = typename Launcher::Algo;
  constexpr bool segmented = kIsSegmentedScan<Algo>;
  constexpr bool seedThirdKernel = kRunsSeedThirdKernel<Algo>;
  const int section = launcher.section();
  const long long blocks = (n + section - 1) / section;
  auto totals = launcher.sectionTotals(blocks, level, segmented);
  launcher.scanSections(
      SectionLaunch<T>{in, out, n, blocks, exclusive, level, flags, totals.sums(), totals.flags()});
  if (blocks <= 1) return;
  launcher.record(GridStep{.kind = StepKind::SectionsScanned,
                           .writes = GridWrites::StoredEverySection,
                           .level = level,
                           .n = n},
                  out);
  auto scanned = launcher.scannedTotals(blocks, level, seedThirdKernel);
  // A segmented scan scans its totals inclusively: entry b-1 is the carry into section b; so does
  // seed 000's kernel 2, whose third kernel adds entry b-1.
  scanHierarchically(launcher, static_cast<const T*>(totals.sums()), scanned.values(), blocks,
                     /*exclusive=*/!segmented && !seedThirdKernel, level + 1,
                     segmented ? totals.flags() : nullptr);
  if constexpr (seedThirdKernel) {
    // Block 0 too: it adds S[blockIdx.x - 1], read outside S.
    const int64_t ops = launcher.seedThirdKernel(out, scanned.values(), n, level);
    launcher.record(GridStep{.kind = StepKind::AddBlockSums,
                             .writes = GridWrites::CombinedFrom,
                             .level = level,
                             .n = n,
                             .ops = ops},
                    out);
  } else if constexpr (segmented) {
    const int64_t ops = launcher.addSegmentCarries(out, flags, scanned.values(), n, level);
    launcher.record(GridStep{.kind = StepKind::SegmentCarry,
                             .writes = GridWrites::CarriedToFirstHead,
                             .level = level,
                             .n = n,
                             .ops = ops,
                             .combinedFrom = section,
                             .flags = flags},
                    out);
  } else {
    launcher.addBlockSums(out, scanned.values(), n, level);
    launcher.record(GridStep{.kind = StepKind::AddBlockSums,
                             .writes = GridWrites::CombinedFrom,
                             .level = level,
                             .n = n,
                             .ops = n - section,
                             .combinedFrom = section},
                    out);
  }
}

}  // namespace scanviz
