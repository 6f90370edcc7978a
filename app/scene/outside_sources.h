// Where a step's values from outside the array come from, for the array view to draw (issue 32):
// a write whose source is not a cell of the array (trace edges and moves with src -1) gets a chip
// naming its source, with an arrow from the chip into each cell it went to. One chip a cell for
// the identity (Blelloch's clear, a segment's head, the padding) and for an input element the view
// draws no input row for; one chip a block for a value every cell of the block takes (the scanned
// total S[b-1] of the grid's add-back, a tile's prefix, a block's shared memory XY).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

struct OutsideSource {
  std::vector<int> cells;  // the step's cells it went into, ascending
  std::string text;        // what the chip says: "0", "in", "prefix", "S[0]", "XY"
  std::string tooltip;
  bool combined = false;  // the operator applied to it (a solid arrow), or moved in (dashed)
};

// The sources of steps[step]'s writes from outside the array, cells in `drawn` left out (the
// view's input row already has an arrow into them).
std::vector<OutsideSource> outsideSources(const Trace& t, int step, const std::set<int>& drawn);

}  // namespace scanviz
