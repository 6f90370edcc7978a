// The benchmark's results as a Scene, so that the Benchmark tab's slide shows what the window
// shows: the run's title and device (or why its times are the CPU's), the legend of the subjects
// (a hidden one greyed), the compared run's note, time vs N and GB/s vs N side by side, and every
// subject at one N as bars. The window's form and choices stay widgets around it; a click on a
// legend item shows or hides that subject (timingLegendAt). No run yet: the sentence that says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/scene/palette.h"
#include "app/scene/plot_scene.h"

namespace scanviz {

struct TimingLegendItem {
  std::string label;
  uint32_t color = 0;  // as the plots draw it (plot_math packing)
  bool hidden = false;
};

struct TimingSceneRequest : PlotViewRoom {
  std::string empty;  // said alone when there is no run (the rest is then ignored)
  std::string title;  // the run's
  std::string deviceLine;
  bool cpu = false;   // CPU times: the device line is marked
  std::string error;  // a failed run: why
  std::vector<TimingLegendItem> legend;
  std::string compareNote;  // what the faint lines are; empty without a compared run
  plot::PlotSpec time, rate;
  std::optional<plot::PlotSpec> bars;  // none before the first size is measured
  std::string barsShortTitle;          // the bars' title where the long one does not fit
};

struct TimingScene {
  Scene scene;
  std::vector<PlacedPlot> plots;  // time, rate and the bars where there are
};

TimingScene buildTimingScene(const TimingSceneRequest& rq, const ViewPalette& palette,
                             const MeasureText& measure);

// The legend item under the point (scene coordinates): its index in rq.legend, or -1.
int timingLegendAt(const Scene& scene, float x, float y);

}  // namespace scanviz
