// One block's view of a trace that holds whole-array rows: its section in every level-0 step, read
// from those rows, so that the cell view can show any block of a long run and not only the one
// whose steps were recorded. Every block runs the same steps, so the recorded block's edges,
// active threads and operation counts hold for the others too; the one exception is the tile
// prefix of a single-pass scan, which tile 0 does not apply and every other tile applies to all of
// its elements. Warp clocks belong to the recorded block and are left out.
#pragma once

#include "app/core/trace/trace.h"

namespace scanviz {

// The block whose section holds array element `element` (0 when the section size is unknown).
int blockOfElement(const Trace& t, long long element);

// The trace as if `block` had been recorded: level-0 section steps show its section, level-0
// global steps the same elements of the global array. Without whole-array rows, or for a block
// the rows do not cover, a copy of the trace. The slice itself holds no whole-array rows.
Trace blockSlice(const Trace& t, int block);

}  // namespace scanviz
