// FLAWED on purpose (a "spot the bug" lesson): the in-place Kogge-Stone kernel of seeds 000 and
// 002 (PMPP Fig. 8.2), with its one barrier per iteration.
// The seed's line:
//     for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
//         __syncthreads();
//         if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x-stride];
//     }
// Why it is wrong: inside one iteration thread t reads XY[t-stride] while thread t-stride writes
// it, with no barrier in between (a read-after-write race). Inside a warp the lanes load before
// they store, so the race only bites across warps: if the warp holding t-stride finishes its
// iteration before t's warp reads, t adds a value that already includes its own left neighbours
// and counts some elements twice. With one warp (a block of 32 or fewer) it can never show.
// Provoking order on the emulator: ThreadOrder::WarpsAscending (warp 0 runs its iteration to the
// barrier, then warp 1, ...). WarpsDescending happens to give the right result.
// The fix (kogge_stone.h): read into a register, pass a barrier, then write:
//     float left = XY[threadIdx.x - stride];  __syncthreads();
//     XY[threadIdx.x] += left;               __syncthreads();
// or double-buffer (hillis_steele.h). Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"

namespace scanviz {

struct KoggeStoneOneBarrierScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    scanSectionInPlace(ex, xy, io, [&](int section) {
      for (int stride = 1; stride < section; stride *= 2) {
        // XY[t] += XY[t - stride], as one statement: no barrier between the read and the write.
        ex.readThenWrite([&](int t) { return t >= stride ? xy[t - stride] : ex.identity(); },
                         [&](int t, T left) {
                           if (t >= stride) {
                             xy[t] = ex.combine(left, xy[t]);
                             ex.edge(t, t, t - stride);
                           }
                         });
        ex.barrier(StepCode{StepKind::KoggeStone, stride}, xy, section);
      }
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<KoggeStoneOneBarrierScan> =
    flawedVariant<KoggeStoneOneBarrierScan>(
        algorithmOf<KoggeStoneScan>, "kogge-stone-one-barrier", "Kogge-Stone, one barrier (flawed)",
        "in place with one barrier per iteration: a read-after-write race between warps",
        "seeds 000, 002 (PMPP Fig. 8.2 as printed)");

}  // namespace scanviz
