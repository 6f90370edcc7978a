// FLAWED on purpose (a "spot the bug" lesson): seed 003's up-sweep multiplies its offset by four.
// The seed's line:
//     for (int offset = 1; offset < lsize; offset <<=2) { // from leaf to root
// Why it is wrong: the reduction tree has one level per power of two; stepping 1, 4, 16, ...
// skips the levels 2, 8, 32, ..., so the nodes of those levels never combine their left
// subtree: with 8 elements, temp[3] never receives temp[1] (a0+a1) and temp[7] never receives
// temp[5] (a4+a5). The down-sweep then distributes partial sums that miss those elements. The
// seed's own comment walks offset = 1, 2, 4, which its loop never takes.
// The fix (kernels/block/blelloch.h): `offset <<= 1`.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/blelloch.h"
#include "kernels/lessons/seed003_tile.h"

namespace scanviz {

using BlellochOffsetTimesFourScan = Seed003TileScan</*EarlyReturn=*/false, /*UpSweepShift=*/2>;

template <>
inline constexpr AlgorithmDescriptor algorithmOf<BlellochOffsetTimesFourScan> =
    flawedVariant<BlellochOffsetTimesFourScan>(
        algorithmOf<BlellochScan>, "blelloch-offset-times-four", "Blelloch, offset <<= 2 (flawed)",
        "the up-sweep steps its offset by four: every other tree level skipped", "seed 003");

}  // namespace scanviz
