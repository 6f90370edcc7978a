// FLAWED on purpose (a "spot the bug" lesson): seed 003's up-sweep (seed003_tile.h) multiplies its
// offset by four, skipping every other level of the reduction tree. The lesson below has the
// seed's line, why it is wrong and the fix (kernels/block/blelloch.h: `offset <<= 1`).
#pragma once

#include "kernels/lessons/flaw_lesson.h"
#include "kernels/lessons/seed003_tile.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

using BlellochOffsetTimesFourScan = Seed003TileScan</*EarlyReturn=*/false, /*UpSweepShift=*/2>;

template <>
inline constexpr FlawLesson lessonOf<BlellochOffsetTimesFourScan> = {
    .key = "blelloch-offset-times-four",
    .name = "Blelloch, offset <<= 2 (flawed)",
    .summary = "the up-sweep steps its offset by four: every other tree level skipped",
    .source = "seed 003",
    .title = "Up-sweep stepping `offset <<= 2`: tree levels skipped",
    .seed = "seed 003, the up-sweep loop of the tile kernel",
    .seedLines = snippets::seed003_tile::offset_times_four_seed,
    .why =
        "The reduction tree has one level per power of two. Stepping 1, 4, 16 skips "
        "levels 2, 8, 32, so those nodes never combine their left subtree: with 8 "
        "elements cell 3 never receives cell 1 (a0+a1) and cell 7 never receives "
        "cell 5 (a4+a5). The down-sweep then hands out sums that miss them. The seed's "
        "own comment walks offset = 1, 2, 4.",
    .fixLines = snippets::seed003_tile::offset_times_four_fix,
    .emulatorNote = "any schedule: the mistake does not depend on timing",
    .setup = seed003TileSetup("3,1,7,0,4,1,6,3"),
};

}  // namespace scanviz
