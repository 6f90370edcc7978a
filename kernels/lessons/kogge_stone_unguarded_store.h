// FLAWED on purpose (a "spot the bug" lesson): seed 002's Kogge-Stone kernel (PMPP Fig. 8.2 as
// printed there) guards its load but not its store.
// The seed's lines:
//     if (i < InputSize) { XY[threadIdx.x] = X[i]; }
//     ...
//     Y[i] = XY[threadIdx.x];
// Why it is wrong: in the last block of an input whose length is not a multiple of the block, the
// threads with i >= InputSize still store: they write past the end of Y, into whatever memory
// follows it (another array of the program, or an address that faults). What they store is the
// unloaded, stale XY slots (scanned on). The results inside the array are right, which is why the
// mistake survives tests whose sizes are multiples of the block. Seed 000 prints the same kernel
// with the guard. The scan loop here is the corrected one (two barriers, kogge_stone.h), so that
// only the store differs from the fix; the seed's one-barrier loop is the race lesson
// (kogge_stone_one_barrier.h).
// The emulator performs no access past the end: it reports the first such write of a block in the
// run's notes (CpuBlockExec::writeUnguarded) and drops it.
// The fix (kernels/block/kogge_stone.h, and seed 000): `if (i < InputSize) Y[i] = XY[threadIdx.x];`
// Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/unguarded_store.h"

namespace scanviz {

struct KoggeStoneUnguardedStoreScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    const int section = sectionSize(ex.threads());
    ex.parallel([&](int t) {
      if (t < io.n) xy[t] = io.in[t];  // if (i < InputSize) XY[threadIdx.x] = X[i];
    });
    ex.barrier(StepCode{StepKind::Load, 0}, xy, section);
    koggeStoneIterations(
        ex, xy, [](int t) { return t; }, StepKind::KoggeStone, section);
    // Y[i] = XY[threadIdx.x];
    storeSectionUnguarded(ex, xy, io, section, "Y");
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<KoggeStoneUnguardedStoreScan> =
    flawedVariant<KoggeStoneUnguardedStoreScan>(
        algorithmOf<KoggeStoneScan>, "kogge-stone-unguarded-store",
        "Kogge-Stone, unguarded store (flawed)",
        "`Y[i] = XY[threadIdx.x];` without `i < InputSize`: writes past the end of Y",
        "seed 002 (PMPP Fig. 8.2 as printed)");

}  // namespace scanviz
