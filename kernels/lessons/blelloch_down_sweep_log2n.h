// FLAWED on purpose (a "spot the bug" lesson): seed 003's down-sweep as its pseudo-code gives it,
// starting one level too high: at d = log2 n it swaps the cleared root with x[2n - 1], past the
// array (seed003_tile.h, downSweepLevelLog2N). The lesson below has the pseudo-code, why it is
// wrong and the fix (kernels/block/blelloch.h); the seed's own kernel is right.
// The emulator performs no access past the n elements: it reads 0xDEADBEEF, drops the write and
// reports the first of each (CpuBlockExec::readUnguarded). On the GPU the kernel gets a section of
// slack after its shared working array, filled with that pattern before it starts
// (section_kernels.cuh), so the GPU reads what the emulator gives. Without that slack x[2n - 1]
// lies past the block's shared memory: another array, or an address that faults.
// Work and depth as the fixed kernel plus the level d = log2 n: 2(n-1) + 1 and 2 log2 n + 2 (its
// one combine is not counted in the trace: it has no edge the views could draw).
#pragma once

#include "kernels/lessons/flaw_lesson.h"
#include "kernels/lessons/seed003_tile.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

using BlellochDownSweepFromLog2NScan =
    Seed003TileScan</*EarlyReturn=*/false, /*UpSweepShift=*/1, /*DownSweepFromLog2N=*/true>;

template <>
inline constexpr FlawLesson lessonOf<BlellochDownSweepFromLog2NScan> = {
    .key = "blelloch-down-sweep-log2n",
    .name = "Blelloch, down-sweep from d = log2 n (flawed)",
    .summary = "the down-sweep starts at d = log2 n: the root swaps with x[2n-1], past the array",
    .source = "seed 003 (its pseudo-code)",
    .title = "Down-sweep from d = log2 n: the root swaps with x[2n-1], past the array",
    .seed = "seed 003, the down-sweep's pseudo-code (its OpenCL kernel is right)",
    .seedLines = snippets::blelloch_down_sweep_log2n::seed,
    .why =
        "The tree over n = 2^m elements has levels d = 0 .. m - 1. At d = log2 n the "
        "loop over k runs once, k = 0, and swaps x[n-1], the root just cleared, with "
        "x[2n-1], one array past the end: the root takes whatever lies there, and the "
        "rest of the down-sweep adds it to every element. Where that memory happens "
        "to hold 0 the result is right. The seed's own kernel starts at "
        "offset = lsize >> 1 and guards `index < lsize`.",
    .fixLines = snippets::blelloch_down_sweep_log2n::fix,
    .emulatorNote =
        "any schedule; 8 elements, one work-group of 8: the emulator touches "
        "nothing past x[7], gives x[15] 0xDEADBEEF (-559038737 as an int), "
        "drops the write and reports both; on the GPU the kernel gets shared "
        "memory past its array holding the same",
    .setup = seed003TileSetup("3,1,7,0,4,1,6,3"),
};

}  // namespace scanviz
