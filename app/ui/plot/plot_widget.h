// A small plot widget drawn with ImGui draw lists (no ImPlot package exists here): axes with
// linear, log10 or log2 scales, nice ticks, several coloured series with a legend, dashed
// horizontal reference lines (the copy rate, CUB), a tooltip with the exact values of the point
// nearest the mouse, and a bar-chart mode. The arithmetic lives in app/core/plot_math.h and is
// tested without a display; this file only measures text and draws.
//
//   plot::PlotSpec spec;
//   spec.title = "GB/s vs N";
//   spec.xScale = plot::AxisScale::Log2;
//   spec.series.push_back({"decoupled-lookback", sizes, gbPerSecond});
//   spec.references.push_back({"copy", copyGbPerSecond});
//   const plot::PlotResult r = plot::PlotWidget("##gbps", spec);
#pragma once

#include <imgui.h>

#include "app/scene/plot_spec.h"

namespace scanviz::plot {

struct PlotResult {
  PlotHover hover;
  Rect plotArea;  // where data is drawn, in screen pixels
  AxisMap x;      // data to screen pixels; x is unused by bar charts
  AxisMap y;
};

// Draws the plot as one item of the current window (an invisible button the size of the frame).
PlotResult PlotWidget(const char* id, const PlotSpec& spec);

// One marker as the plot draws it, for legends outside the widget (the timing panel's checkboxes):
// radius is a circle's; hollow shapes are filled with `background` and stroked `thickness` wide.
void DrawMarker(ImDrawList* dl, ImVec2 center, float radius, MarkerShape shape, ImU32 color,
                ImU32 background, float thickness);

}  // namespace scanviz::plot
