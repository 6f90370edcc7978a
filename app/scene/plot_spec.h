// What a plot shows, GUI-free: series (lines with markers, or bars), dashed reference lines, axes
// and their scales, the legend. plot_scene.h lays it out as a Scene; the window's plot widget
// (app/ui/widgets) draws that scene and answers the pointer, and the exports write it.
//
//   plot::PlotSpec spec;
//   spec.title = "GB/s vs N";
//   spec.xScale = plot::AxisScale::Log2;
//   spec.series.push_back({"decoupled-lookback", sizes, gbPerSecond});
//   spec.references.push_back({"copy", copyGbPerSecond});
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/core/layouts/plot_math.h"

namespace scanviz::plot {

// Pixels; 0 leaves the size to whoever draws the plot.
struct PlotSize {
  float x = 0;
  float y = 0;
};

struct Series {
  std::string name;       // legend and tooltip; empty: not in the legend
  std::vector<double> x;  // ignored in bar charts
  std::vector<double> y;  // bar charts: y[c] is this series' bar in category c (NaN: no bar)
  uint32_t color = 0;     // 0: seriesColor(index), and seriesMarker(index) for the shape
  bool markers = true;    // a marker on every point (line plots)
  // The shape with an explicit colour; colour and shape come from the index together otherwise.
  MarkerShape marker = MarkerShape::Circle;
  // The spread of each point (line plots; empty: none, NaN: none at that point): a whisker from
  // low to high (a benchmark's fastest and slowest sample) and a band from boxLow to boxHigh (its
  // quartiles), in y units, one entry per point.
  std::vector<double> low, high;
  std::vector<double> boxLow, boxHigh;
  // A dashed line (and legend swatch): CUB's line beside ours of the same hue, which is solid.
  bool dashed = false;
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
  // Bar charts: each bar's value over it (formatShortValue), where every bar's value fits its
  // slot's width; on a log axis the heights alone do not say how far apart two bars are.
  bool barValues = false;
  bool legend = true;
  std::string emptyText = "no data yet";
  // Tooltip values; default: formatExactValue (and "(2^k)" after powers of two on log2 axes).
  std::function<std::string(double)> formatX;
  std::function<std::string(double)> formatY;
  PlotSize size;  // 0: the available width, 16 text lines high (the window); a picture sets both
};

struct PlotHover {
  bool active = false;
  int series = -1;
  int index = -1;  // point index, or the category of a bar
  double x = kNaN;
  double y = kNaN;
};

}  // namespace scanviz::plot
