// FLAWED on purpose (a "spot the bug" lesson): seed 003's tile kernel returns early for the
// work-items past the end of the array, before its barriers.
// The seed's line:
//     if (gid >= N) return;
// Why it is wrong: a barrier must be reached by every thread of the block (work-group); in a
// partial tile the threads past N never arrive, which is undefined behaviour (it may hang, or
// let the others pass with the leavers uncounted). Even where the hardware lets the rest go on,
// the result is wrong: the slots past N are never loaded (they keep stale shared memory), and the
// root is cleared by `if (lid == lsize - 1)`, the last thread, which has left: the tile total
// stays in the root and the down-sweep adds it to every element.
// The emulator reports the barrier mismatch (CpuStepSink::firstMismatch and the trace's notes);
// on a GPU it is only run in a child process with a timeout (tools/gpu-lessons.sh).
// The fix (kernels/block/blelloch.h): every thread stays to the end; slots past N are loaded
// with the identity and only the stores are guarded:
//     temp[lid] = gid < N ? data[gid] : 0;   ...   if (gid < N) data[gid] = temp[lid];
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/blelloch.h"
#include "kernels/lessons/seed003_tile.h"

namespace scanviz {

using BlellochEarlyReturnScan = Seed003TileScan</*EarlyReturn=*/true, /*UpSweepShift=*/1>;

template <>
inline constexpr AlgorithmDescriptor algorithmOf<BlellochEarlyReturnScan> =
    flawedVariant<BlellochEarlyReturnScan>(
        algorithmOf<BlellochScan>, "blelloch-early-return", "Blelloch, early return (flawed)",
        "`if (gid >= N) return;` before the barriers: a barrier mismatch in a partial tile",
        "seed 003");

}  // namespace scanviz
