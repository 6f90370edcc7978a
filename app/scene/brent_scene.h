// Brent's theorem as a Scene, so that its slide shows the table and the curve the window shows:
// every algorithm's work W and depth D at N, the bound W/P + D, the seeds' lanes / P, the
// predicted and measured speedups (the lesson's algorithm highlighted), a note on what the
// measured column divides, and a plot of the bound falling with P down to the depth. Fills its
// room; the text shrinks to fit it, never below minTextSize.
#pragma once

#include <string>

#include "app/core/algorithms/brent_table.h"
#include "app/scene/palette.h"
#include "app/scene/plot_scene.h"

namespace scanviz {

struct BrentSceneRequest : PlotViewRoom {
  const BrentTable* table = nullptr;
  AlgorithmId current = AlgorithmId::Sequential;  // the lesson's: its row and its curve
  std::string note;                               // under the table
  int maxProcessors = 1 << 16;                    // the curve's last P
};

struct BrentScene {
  Scene scene;
  PlacedPlot curve;
};

BrentScene buildBrentScene(const BrentSceneRequest& rq, const ViewPalette& palette,
                           const MeasureText& measure);

// The curves of the plot: the lesson's algorithm and those with kRoleBrentPlot, each W/P + D
// for P = 1, 2, 4, ... maxProcessors, and the sequential scan's N - 1 as a reference.
plot::PlotSpec brentCurvePlot(const BrentTable& t, AlgorithmId current, int maxProcessors);

}  // namespace scanviz
