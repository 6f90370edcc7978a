// Seed 003's OpenCL tile kernel (Blelloch, one element per work-item) in the executor's terms, so
// that its two mistakes can each be switched on alone (blelloch_early_return.h,
// blelloch_offset_times_four.h). With both off it is a correct exclusive Blelloch scan of a
// section of blockDim.x elements: up-sweep, the last element cleared, swap-and-add down-sweep.
// Work 2(n-1), depth 2 log2 n + 1. The project's Blelloch (kernels/block/blelloch.h) is the same
// algorithm with two elements per thread; both record the same steps with the same values.
#pragma once

#include "kernels/block/exclusive_store.h"
#include "kernels/block/section_io.h"

namespace scanviz {

// EarlyReturn: `if (gid >= N) return;` before the first barrier. UpSweepShift: the up-sweep steps
// `offset <<= UpSweepShift` (the seed: 2; correct: 1).
template <bool EarlyReturn, int UpSweepShift>
struct Seed003TileScan : OneElementPerThread {
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
      ex.parallel([&](int t) { xy[t] = io.in[t]; });
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
      if (t == lsize - 1) xy[t] = ex.identity();  // if (lid == lsize - 1) temp[lid] = 0;
    });
    ex.barrier(StepCode{StepKind::ClearLast, 0}, xy, lsize);

    for (int offset = lsize >> 1; offset > 0; offset >>= 1) {
      ex.parallel([&](int t) {
        const int index = (t + 1) * offset * 2 - 1;
        if (index < lsize) {
          const T left = xy[index - offset];
          xy[index - offset] = xy[index];
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
