// The structure figures of the seeds, drawn from a trace: a whole run in one picture rather than
// one step. Hierarchical scan (PMPP Fig. 8.9): the input, every block scanned, the block sums S
// as a row of their own with an arrow from each block's last element, S scanned, and the
// add-back with an arrow from S into every element of every block after the first. Single-pass
// chained scan (PMPP 8.7, seed 000's "receives 7, sums up with its local 7 to get 14"): every tile
// scanned, the running sum each block hands to its successor with the sum it makes and the round
// it arrived in, and the received sum added into the tile (an exclusive scan's stored row after
// it, shifted). The rows of
// steps not yet reached are drawn empty, so that stepping through the run (the window, a GIF)
// fills the figure in without moving it. GUI-free, like every scene.
#pragma once

#include <string>

#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// Every block is drawn with its cells: up to this many elements.
constexpr long long kMaxFigureElements = 256;

// Why this trace has no structure figure, saying which runs have one; empty when it has one.
std::string figureProblem(const Trace& t);

struct FigureRequest {
  const Trace* trace = nullptr;
  int step = -1;      // rows of later steps are drawn empty; -1: the whole run
  float width = 800;  // the scene grows wider when the cells need it
  // The view's height: the figure's fonts and cells grow (up to kMaxGrow) or shrink (down to
  // kMinShrink) until it fills the view without scrolling, so a projector shows it as large as
  // the window allows. 0: keep the style's sizes (an export).
  float height = 0;
  bool symbolic = false;  // cells show the inputs they combine (x0..x3), as the array view can
  int processors = 4;     // P of Brent's schedule (the dependence graph, figure_kinds.h)
};

// Empty when figureProblem(*rq.trace) is not empty.
Scene buildFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                       const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
