// Warp-shuffle inclusive scan of one section (beyond the seeds: CUDA's __shfl_up_sync).
// Idea: each thread holds one element in a register. Kogge-Stone runs inside each warp, reading
// the neighbour's register with a shuffle instead of shared memory: the 32 lanes of a warp execute
// together, so no barrier and no temporary are needed (the race of the seed's in-place
// Kogge-Stone cannot happen within a shuffle). With more than one warp, lane 31 of each warp
// publishes its warp's total in shared memory, the first warp scans those totals with shuffles,
// and every warp w > 0 combines the total of warps 0..w-1 into its elements.
// Work for T threads in W = T/32 warps: W*(32*5 - 31) + (W*log2(W) - (W-1)) + (W-1)*32, the same
// log-factor as Kogge-Stone inside a warp; depth log2(min(T, 32)) + log2(W) + 1 (for T > 32).
// Recorded steps show one value per thread; during the warp-totals scan the last lane of warp w
// shows the total of warp w being scanned (see CpuBlockExec::stepRegsWarpTotals).
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"

namespace scanviz {

struct WarpShuffleScan {
  static constexpr int kElementsPerThread = 1;
  static constexpr int kWarpSize = 32;

  SCANVIZ_HD static int sectionSize(int threads) { return threads; }
  // The warp totals need only threads/32 slots, but the CUDA backend sizes the block's trace
  // buffer row by sharedSlots, and every step of this scan records one value per thread.
  SCANVIZ_HD static int sharedSlots(int threads) { return threads; }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int threads = ex.threads();
    typename Ex::template Regs<T> value(ex), fromBelow(ex), precedingWarps(ex);

    ex.parallel([&](int t) {
      value[t] = t < io.n ? io.in[t] : ex.identity();
      ex.move(t, t, -1);  // the load into a register, as loadSection's into shared memory
    });
    ex.stepRegs(StepCode{StepKind::Load, 0}, value);

    const int lanes = threads < kWarpSize ? threads : kWarpSize;
    for (int delta = 1; delta < lanes; delta *= 2) {
      ex.shuffleUp(value, fromBelow, delta);
      ex.parallel([&](int t) {
        if (t % kWarpSize >= delta) {
          value[t] = ex.combine(fromBelow[t], value[t]);
          ex.edge(t, t, t - delta);
        }
      });
      ex.stepRegs(StepCode{StepKind::WarpShuffle, delta}, value);
    }

    const int warps = threads / kWarpSize;
    if (warps > 1) {
      ex.parallel([&](int t) {
        if (t % kWarpSize == kWarpSize - 1) xy[t / kWarpSize] = value[t];
      });
      ex.sync();  // every warp's total is in shared memory before the first warp reads them

      // Shuffles are block-wide calls: every warp executes them, but only the first warp's lanes
      // hold totals (the others shuffle identities whose results are never used).
      typename Ex::template Regs<T> total(ex);
      ex.parallel([&](int t) { total[t] = t < warps ? xy[t] : ex.identity(); });
      for (int delta = 1; delta < warps; delta *= 2) {
        ex.shuffleUp(total, fromBelow, delta);
        ex.parallel([&](int t) {
          if (t < warps && t >= delta) {
            total[t] = ex.combine(fromBelow[t], total[t]);
            ex.edge(t, t * kWarpSize + kWarpSize - 1, (t - delta) * kWarpSize + kWarpSize - 1);
          }
        });
        ex.stepRegsWarpTotals(StepCode{StepKind::WarpTotals, delta}, value, total);
      }
      ex.parallel([&](int t) {
        if (t < warps) xy[t] = total[t];  // each lane overwrites only the slot it read
      });
      ex.sync();  // the scanned totals are in shared memory before any warp reads them

      ex.parallel([&](int t) {
        const int warp = t / kWarpSize;
        precedingWarps[t] = warp > 0 ? xy[warp - 1] : ex.identity();
        if (warp > 0) {
          value[t] = ex.combine(precedingWarps[t], value[t]);
          ex.edge(t, t, warp * kWarpSize - 1);
        }
      });
      ex.stepRegs(StepCode{StepKind::AddWarpPrefix, 0}, value);
    } else {
      ex.parallel([&](int t) { precedingWarps[t] = ex.identity(); });
    }

    // An exclusive result is the inclusive value one lane down; lane 0 of warp w takes the total
    // of the warps before it. Straight from registers: no shared memory, no barrier.
    if (io.exclusive) ex.shuffleUp(value, fromBelow, 1);
    ex.parallel([&](int t) {
      if (t < io.n) {
        io.out[t] = !io.exclusive ? value[t] : t % kWarpSize > 0 ? fromBelow[t] : precedingWarps[t];
      }
      if (io.total && t == threads - 1) *io.total = value[t];
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<WarpShuffleScan> = describe<WarpShuffleScan>({
    .key = "warp-shuffle",
    .name = "Warp shuffle",
    .family = "Kogge-Stone",
    .summary = "Kogge-Stone inside each warp with __shfl_up_sync, then across warp totals",
    .source = "beyond the seeds (CUDA warp intrinsics)",
});

}  // namespace scanviz
