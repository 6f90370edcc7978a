// FLAWED on purpose (a "spot the bug" lesson): seed 002's Kogge-Stone kernel (PMPP Fig. 8.2 as
// printed there) guards its load but not its store: the last block's threads past the end write
// their unloaded, stale XY slots (scanned on) past the end of Y. The lesson below has the seed's
// lines, why they are wrong and the fix (kernels/block/kogge_stone.h, and seed 000: store only
// `if (i < InputSize)`). The scan loop here is the corrected one (two barriers), so that only the
// store differs from the fix; the seed's one-barrier loop is the race lesson
// (kogge_stone_one_barrier.h).
// The emulator performs no access past the end: it reports the first such write of a block in the
// run's notes (CpuBlockExec::writeUnguarded) and drops it.
// Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
#pragma once

#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/lessons/unguarded_store.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

struct KoggeStoneUnguardedStoreScan : OneElementPerThread {
  using FixedBy = KoggeStoneScan;

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    const int section = sectionSize(ex.threads());
    ex.parallel([&](int t) {
      if (t < io.n) {
        xy[t] = io.in[t];  // if (i < InputSize) XY[threadIdx.x] = X[i];
        ex.move(t, t, -1);
      }
    });
    ex.barrier(StepCode{StepKind::Load, 0}, xy, section);
    koggeStoneIterations(
        ex, xy, [](int t) { return t; }, StepKind::KoggeStone, section);
    // Y[i] = XY[threadIdx.x];
    storeSectionUnguarded(ex, xy, io, section, "Y");
  }
};

template <>
inline constexpr FlawLesson lessonOf<KoggeStoneUnguardedStoreScan> = {
    .key = "kogge-stone-unguarded-store",
    .name = "Kogge-Stone, unguarded store (flawed)",
    .summary = "`Y[i] = XY[threadIdx.x];` without `i < InputSize`: writes past the end of Y",
    .source = "seed 002 (PMPP Fig. 8.2 as printed)",
    .title = "Kogge-Stone's store without `i < InputSize`: writes past the end of Y",
    .seed = "seed 002 (PMPP Fig. 8.2 as printed), the kernel's last line",
    .seedLines = snippets::kogge_stone_unguarded_store::seed,
    .why =
        "When the input's length is not a multiple of the block, the last block's "
        "threads past the end still store: Y[6] and Y[7] of a 6-element Y are written, "
        "over whatever memory follows the array (another of the program's arrays, or a "
        "fault). The results inside the array are right, so the runs never part and "
        "tests on multiples of the block pass: the emulator's report of the writes is "
        "the evidence. Seed 000 prints the same kernel with the guard.",
    .fixLines = snippets::kogge_stone_unguarded_store::fix,
    .emulatorNote =
        "any schedule; 6 elements in a block of 8: the emulator checks every "
        "unguarded access against the array's end, drops the writes past it "
        "and reports the first",
    .setup = {.input = "3,1,7,0,4,1"},
};

}  // namespace scanviz
