// The window's plot: the plot scene (app/scene/plot_scene.h, the same drawing the exports write)
// laid out for the space the panel gives it, in the window's fonts and theme colours, drawn as one
// item; the pointer is answered from that scene's geometry: the nearest point (lines) or the bar
// under it (bars) is ringed, and a tooltip gives its exact values.
//
//   plot::PlotSpec spec;  // app/scene/plot_spec.h
//   spec.title = "GB/s vs N";
//   spec.series.push_back({"decoupled-lookback", sizes, gbPerSecond});
//   const plot::PlotResult r = plot::PlotWidget("##gbps", spec, ui.fonts);
#pragma once

#include <imgui.h>

#include "app/scene/plot_scene.h"
#include "app/scene/plot_spec.h"
#include "app/ui/shell/fonts.h"

namespace scanviz::plot {

struct PlotResult {
  PlotHover hover;
  Rect plotArea;  // where data is drawn, in screen pixels
  AxisMap x;      // data to screen pixels; x is unused by bar charts
  AxisMap y;
};

// Draws the plot as one item of the current window (an invisible button the size of the frame),
// its text in `fonts` at the current font's size.
PlotResult PlotWidget(const char* id, const PlotSpec& spec, const FontSet& fonts);

// A plot inside a view's scene (placePlot) that the window drew at `sceneOrigin`: the pointer
// answered as PlotWidget answers it, while `hovered` (the scene's item or window is).
PlotResult placedPlotHover(const PlacedPlot& placed, ImVec2 sceneOrigin, bool hovered);

// The window's plot look (frame, text colours, padding, rounding) for a plot placed in a view's
// scene; the scene sets its size and text.
PlotSceneStyle plotStyleOfWindow();

// The room of the current window for a view with plots: what is left of it (less a margin on the
// right, where the last tick label is centred on the plot's edge), the current font, and no text
// below the small size at this scale or, presenting, the back row's. `minTextSize` as given.
PlotViewRoom plotViewRoom(float minTextSize);

}  // namespace scanviz::plot
