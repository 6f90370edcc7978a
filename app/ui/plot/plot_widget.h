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

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/core/plot_math.h"

namespace scanviz::plot {

struct Series {
  std::string name;       // legend and tooltip; empty: not in the legend
  std::vector<double> x;  // ignored in bar charts
  std::vector<double> y;  // bar charts: y[c] is this series' bar in category c (NaN: no bar)
  uint32_t color = 0;     // 0: seriesColor(index), and seriesMarker(index) for the shape
  bool markers = true;    // a marker on every point (line plots)
  // The shape with an explicit colour; colour and shape come from the index together otherwise.
  MarkerShape marker = MarkerShape::Circle;
};

// The series' shape: seriesMarker(index) for a palette colour, its own for an explicit one.
inline MarkerShape markerOf(const Series& s, int index) {
  return s.color ? s.marker : seriesMarker(index);
}

struct ReferenceLine {
  std::string label;  // drawn at the line's right end and in the legend
  double y = 0;
  uint32_t color = 0;  // 0: a palette colour after the series'
};

enum class PlotMode { Lines, Bars };

struct PlotSpec {
  std::string title;
  std::string xLabel;
  std::string yLabel;
  AxisScale xScale = AxisScale::Linear;
  AxisScale yScale = AxisScale::Linear;
  PlotMode mode = PlotMode::Lines;
  std::vector<Series> series;
  std::vector<ReferenceLine> references;
  std::vector<std::string> categories;  // bar charts: one label per group of bars
  bool includeZeroY = false;            // linear y axis from zero (always for bar charts)
  bool legend = true;
  std::string emptyText = "no data yet";
  // Tooltip values; default: formatExactValue (and "(2^k)" after powers of two on log2 axes).
  std::function<std::string(double)> formatX;
  std::function<std::string(double)> formatY;
  ImVec2 size{0, 0};  // 0: the available width, 16 text lines high
};

struct PlotHover {
  bool active = false;
  int series = -1;
  int index = -1;  // point index, or the category of a bar
  double x = kNaN;
  double y = kNaN;
};

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
