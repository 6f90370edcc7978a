// Seed 003's OpenCL tile kernel (Blelloch, one element per work-item) in the executor's terms, so
// that its two mistakes, and the one of its down-sweep pseudo-code, can each be switched on alone
// (blelloch_early_return.h, blelloch_offset_times_four.h, blelloch_down_sweep_log2n.h). With
// all off it is a correct exclusive Blelloch scan of a section of blockDim.x elements: up-sweep,
// the last element cleared, swap-and-add down-sweep.
// Work 2(n-1), depth 2 log2 n + 1. The project's Blelloch (kernels/block/blelloch.h) is the same
// algorithm with two elements per thread; both record the same steps with the same values.
#pragma once

#include <string_view>

#include "kernels/block/blelloch.h"
#include "kernels/block/exclusive_store.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/flaw_lesson.h"

namespace scanviz {

// The capture of a seed 003 lesson: the tile kernel's 8 work-items, one element each, beside the
// project's Blelloch on the same section of 8 (4 threads of two elements), exclusive as both scan.
constexpr LessonSetup seed003TileSetup(std::string_view input) {
  return {.input = input, .exclusive = true, .flawedBlockSize = 8, .fixedBlockSize = 4};
}

// The level d = log2 n that seed 003's down-sweep pseudo-code runs before the right ones:
//     for d = log2(n) down to 0 do
//       for k = 0 to n - 1 by 2^(d+1) in parallel do
//         t = x[k + 2^d - 1]; x[k + 2^d - 1] = x[k + 2^(d+1) - 1]; x[k + 2^(d+1) - 1] = t + ...
// Only k = 0 runs (thread 0): it swaps x[n-1], the cleared root, with x[2n-1], past the n
// elements, through the executor's bounds-checked accesses (the emulator reads 0xDEADBEEF and
// drops the write; the GPU launch gives the kernel slack there, kSharedSlack). No edge is
// recorded: its end lies outside the array the views draw.
template <class Ex>
SCANVIZ_HD void downSweepLevelLog2N(Ex& ex, typename Ex::Value* x, int n) {
  using T = typename Ex::Value;
  const int offset = n;  // 2^d with d = log2 n
  ex.parallel([&](int t) {
    const int k = t * 2 * offset;
    if (k <= n - 1) {  // for k = 0 to n - 1 by 2^(d+1)
      const T left = x[k + offset - 1];
      const T right = ex.readUnguarded(x, k + 2 * offset - 1, n, t, "x");
      x[k + offset - 1] = right;
      ex.move(t, k + offset - 1, -1);  // from past the array: no source the views can draw
      ex.writeUnguarded(x, k + 2 * offset - 1, n, ex.combine(right, left), t, "x");
    }
  });
  ex.barrier(StepCode{StepKind::BlellochDown, offset}, x, n);
}

// EarlyReturn: `if (gid >= N) return;` before the first barrier. UpSweepShift: the up-sweep steps
// `offset <<= UpSweepShift` (the seed: 2; correct: 1). DownSweepFromLog2N: the down-sweep starts
// at d = log2 n, as the seed's pseudo-code (not its kernel) has it.
template <bool EarlyReturn, int UpSweepShift, bool DownSweepFromLog2N = false>
struct Seed003TileScan : OneElementPerThread {
  using FixedBy = BlellochScan;  // the project's Blelloch fixes each of the seed's mistakes

  // The level d = log2 n reaches x[2n-1]: a section of slack after the working array, which the
  // GPU launch fills with what the emulator's out-of-bounds read gives (section_kernels.cuh).
  static constexpr bool kSharedSlack = DownSweepFromLog2N;
  SCANVIZ_HD static int sharedSlots(int threads) {
    return DownSweepFromLog2N ? 2 * threads : threads;
  }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int lsize = sectionSize(ex.threads());
    if (EarlyReturn) {
      // The seed's load: only threads that did not return load, so the slots past N keep
      // whatever shared memory held (the emulator: zeros, or the previous block's values).
      ex.parallel([&](int t) {
        if (t >= io.n) ex.exitThread(t);  // if (gid >= N) return;
      });
      ex.parallel([&](int t) {
        xy[t] = io.in[t];
        ex.move(t, t, -1);
      });
      ex.barrier(StepCode{StepKind::Load, 0}, xy, lsize);
    } else {
      loadSection(ex, xy, io, lsize);
    }

    for (int offset = 1; offset < lsize; offset <<= UpSweepShift) {
      ex.parallel([&](int t) {
        const int index = (t + 1) * offset * 2 - 1;
        if (index < lsize) {
          xy[index] = ex.combine(xy[index - offset], xy[index]);
          ex.edge(t, index, index - offset);
        }
      });
      ex.barrier(StepCode{StepKind::UpSweep, offset}, xy, lsize);
    }

    ex.parallel([&](int t) {
      if (t == lsize - 1) {
        xy[t] = ex.identity();  // if (lid == lsize - 1) temp[lid] = 0;
        ex.move(t, t, -1);
      }
    });
    ex.barrier(StepCode{StepKind::ClearLast, 0}, xy, lsize);

    if (DownSweepFromLog2N) downSweepLevelLog2N(ex, xy, lsize);
    for (int offset = lsize >> 1; offset > 0; offset >>= 1) {
      ex.parallel([&](int t) {
        const int index = (t + 1) * offset * 2 - 1;
        if (index < lsize) {
          const T left = xy[index - offset];
          xy[index - offset] = xy[index];
          ex.move(t, index - offset, index);
          xy[index] = ex.combine(xy[index], left);
          ex.edge(t, index, index - offset);
        }
      });
      ex.barrier(StepCode{StepKind::BlellochDown, offset}, xy, lsize);
    }
    storeExclusiveArray(ex, xy, io, lsize);
  }
};

}  // namespace scanviz
