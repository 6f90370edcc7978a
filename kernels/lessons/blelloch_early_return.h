// FLAWED on purpose (a "spot the bug" lesson): seed 003's tile kernel (seed003_tile.h) returns
// early for the work-items past the end of the array, before its barriers. The lesson below has
// the seed's line, why it is wrong and the fix (kernels/block/blelloch.h: every thread stays to
// the end, the slots past N hold the identity, only the stores are guarded).
// The emulator reports the barrier mismatch (CpuStepSink::firstMismatch and the trace's notes);
// on a GPU it is only run in a child process with a timeout (tools/gpu-lessons.sh).
#pragma once

#include "kernels/lessons/flaw_lesson.h"
#include "kernels/lessons/seed003_tile.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

using BlellochEarlyReturnScan = Seed003TileScan</*EarlyReturn=*/true, /*UpSweepShift=*/1>;

template <>
inline constexpr FlawLesson lessonOf<BlellochEarlyReturnScan> = {
    .key = "blelloch-early-return",
    .name = "Blelloch, early return (flawed)",
    .summary = "`if (gid >= N) return;` before the barriers: a barrier mismatch in a partial tile",
    .source = "seed 003",
    .title = "`if (gid >= N) return;` before the barriers of a partial tile",
    .seed = "seed 003, the OpenCL tile kernel, before its first barrier",
    .seedLines = snippets::seed003_tile::early_return_seed,
    .why =
        "A barrier must be reached by every thread of the block. In a partial tile the "
        "threads past N have left, so the barrier is mismatched: undefined behaviour "
        "that may hang. Where the rest go on, the result is still wrong: slots past N "
        "are never loaded, and the root is cleared by the last thread, which has left, "
        "so the tile total stays in the root and is added to every element.",
    .fixLines = snippets::seed003_tile::early_return_fix,
    .emulatorNote =
        "the emulator counts the threads at each barrier and reports the "
        "mismatch; the threads that are left go on",
    .setup = seed003TileSetup("1,2,3,4,5,6"),
    .emulatorOnly = true,
};

}  // namespace scanviz
