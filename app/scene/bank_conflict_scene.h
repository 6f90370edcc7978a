// Bank conflicts as a picture (seeds 001 and 003, the slides' "Further Optimizations"): one step's
// shared-memory accesses placed in the 32 banks. The banks are columns; every warp-wide access of
// the step (a warp's read of XY[src], its read and write of XY[dst]) is a row, and each address it
// sends to a bank is a box stacked in that bank's column, so an n-way conflict is a stack of n
// boxes, tinted by n and named at the row's end. Two layouts side by side: XY[i] in slot i and the
// padded layout (one slot after every 32 elements), the kernel's own marked, so Blelloch stands
// beside its conflict-free padding. Built from bank_accesses.h, the counter's own accesses: the
// totals printed are the counters panel's. GUI-free, like every scene.
#pragma once

#include <string>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

// Why this trace has no bank-conflict figure (no step touches shared memory); empty when it has.
std::string bankFigureProblem(const Trace& t);

// The figure of step rq.step (-1: the step with the most replays in the kernel's layout).
Scene buildBankConflictScene(const FigureRequest& rq, const ArraySceneStyle& style,
                             const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
