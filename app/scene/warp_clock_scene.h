// The warp clock per step as a Scene, so that its slide shows what the window's tab shows: the
// run's heading, the legend of the lines and the share of each phase, the cycles every warp spent
// in every step (thin lines, one per warp; the median and the slowest warp), the warp-cycles per
// operator application as bars, and the table of each step's operator applications and cycles,
// the step on screen highlighted. A trace without clocks gets the sentence that says why.
#pragma once

#include <string>

#include "app/core/lesson/warp_clock.h"
#include "app/scene/palette.h"
#include "app/scene/plot_scene.h"

namespace scanviz {

struct WarpClockSceneRequest : PlotViewRoom {
  const WarpClockTable* table = nullptr;
  std::string heading;   // "kogge-stone, N = 1024, block 1024: 32 warps on NVIDIA H200"
  std::string noClocks;  // said instead when the table is empty
  int currentStep = -1;  // the playback's step: its row is highlighted
};

struct WarpClockScene {
  Scene scene;
  PlacedPlot lines;  // empty specs without clocks
  PlacedPlot cost;
};

WarpClockScene buildWarpClockScene(const WarpClockSceneRequest& rq, const ViewPalette& palette,
                                   const MeasureText& measure);

// The cycles of one step as the table and the tooltips write them ("-" for NaN).
std::string cyclesText(double cycles);

}  // namespace scanviz
