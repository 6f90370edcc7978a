// The arithmetic of the plot widget, with no ImGui include so that it is unit-tested without a
// display and can serve other outputs (an SVG export) as well: axis scales and the mapping from
// data to pixels, "nice" ticks (1-2-5 steps on linear axes, decades on log axes, powers of two on
// log2 axes), automatic ranges, the nearest point to the mouse, bar slots and the frame layout.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace scanviz::plot {

enum class AxisScale {
  Linear,
  Log10,  // decades: times, rates
  Log2,   // powers of two: N in a benchmark
};

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Whether v can be placed on the axis: finite, and positive on log axes.
bool representable(AxisScale scale, double v);

struct Range {
  double min = 0;
  double max = 1;
};

// Maps data values on one axis to pixels. pixelMin is where dataMin lands: for a y axis that is
// the bottom of the plot, so pixels decrease as values grow.
struct AxisMap {
  AxisScale scale = AxisScale::Linear;
  double dataMin = 0;
  double dataMax = 1;
  double pixelMin = 0;
  double pixelMax = 1;

  double toPixel(double v) const;  // NaN when v is not representable
  double toData(double pixel) const;
};

struct Tick {
  double value = 0;
  std::string label;  // empty for unlabelled minor ticks
  bool major = true;
};

// 1, 2 or 5 times a power of ten, the smallest such step >= rawStep (> 0).
double niceStep(double rawStep);
// The multiples k * step inside [lo, hi] (a hair of slack at both ends), ascending and distinct,
// at most maxCount of them. Computed from k, never by adding step to a double: far from zero a
// double plus a small step can equal itself, and a loop stepping it would never end.
std::vector<double> stepMultiples(double lo, double hi, double step, int maxCount);
// Ticks at multiples of a 1-2-5 step inside [min, max], at most about maxTicks of them.
std::vector<Tick> linearTicks(double min, double max, int maxTicks);
// Ticks at powers of ten inside [min, max] (every k-th decade when there are too many); when the
// range spans less than two decades, 2x and 5x ticks are added so the axis still reads.
std::vector<Tick> log10Ticks(double min, double max, int maxTicks);
// Ticks at powers of two, labelled 2^k, every k-th one when there are too many.
std::vector<Tick> log2Ticks(double min, double max, int maxTicks);
std::vector<Tick> axisTicks(AxisScale scale, const Range& range, int maxTicks);

// Tick label of a linear axis: decimals as the step needs; k / M / G / T once the step is 1000,
// 10^6... or more (one suffix for the whole axis, since every label shares the step).
std::string formatLinearTick(double value, double step);
// Tick label of a log10 axis: 1, 10, 100, 1k, 10k ... 1G; 0.1, 0.01, 0.001; then 1e-4.
std::string formatDecadeTick(double value);
// The exact value for tooltips: up to 6 significant digits, no exponent below 10^15.
std::string formatExactValue(double value);
// A value printed on a plot (a bar's): 3 significant digits, k / M / G / T from 1000 on (2984 ->
// "2.98k", 96.14 -> "96.1", 0.001234 -> "0.00123").
std::string formatShortValue(double value);

// The range that shows every representable value, widened to tick-friendly ends: 1-2-5 steps on
// linear axes (from zero when includeZero and the values allow), whole decades or powers of two
// on log axes. A default range when nothing is representable.
Range autoRange(AxisScale scale, const std::vector<double>& values, bool includeZero);

// The largest number of ticks that keeps labels `minSpacing` pixels apart.
int maxTicksFor(double pixels, double minSpacing);

struct Point {
  double x = 0;
  double y = 0;
};

struct NearestHit {
  int series = -1;  // -1: nothing within reach
  int index = -1;
  double distance = kNaN;
};

// The point nearest to `mouse` in pixel space over all series, if within maxDistance. Points with
// NaN coordinates (not representable) are never hit.
NearestHit nearestPoint(const std::vector<std::vector<Point>>& seriesPixels, Point mouse,
                        double maxDistance);

struct Rect {
  double x0 = 0;
  double y0 = 0;
  double x1 = 0;
  double y1 = 0;
  double width() const { return x1 - x0; }
  double height() const { return y1 - y0; }
  bool contains(Point p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
};

// Bar charts: categories side by side along x, one bar per series inside each category's group.
// groupFill is the fraction of a category's width the group of bars takes.
Rect barSlot(int category, int series, int categoryCount, int seriesCount, double left,
             double right, double groupFill = 0.8);
double categoryCenter(int category, int categoryCount, double left, double right);
struct BarHit {
  int category = -1;
  int series = -1;
};
// The bar whose horizontal slot holds x (the caller checks the height); category -1 for none.
BarHit barAt(double x, int categoryCount, int seriesCount, double left, double right,
             double groupFill = 0.8);

// Where everything goes inside the widget's frame. Sizes come from the caller (ImGui measures
// text), so this stays pure.
struct LayoutInput {
  Rect frame;
  double lineHeight = 13;      // one line of text
  double padding = 6;          // between blocks
  double yTickLabelWidth = 0;  // widest y tick label
  double xTickLabelRows = 1;   // bar charts may stagger category labels over several rows
  bool hasTitle = false;
  bool hasXLabel = false;
  bool hasYLabel = false;
  std::vector<double> legendTextWidths;  // one per entry; empty: no legend
};

struct PlotLayout {
  Rect plot;                         // the data area
  Point title;                       // top-left of the title text
  Point yLabel;                      // top-left of the y axis label (above the axis)
  Point xLabel;                      // top-centre of the x axis label
  std::vector<Point> legendEntries;  // top-left of each entry's swatch
  double swatchWidth = 0;
  bool legendRight = false;  // legend in a column to the right; else in rows below the plot
};

PlotLayout computeLayout(const LayoutInput& in);

// Distinct colours for series, from Okabe and Ito's palette (readable by colour-blind students and
// on washed-out projectors), packed like IM_COL32: 0xAABBGGRR.
uint32_t seriesColor(int index);
uint32_t packColor(int r, int g, int b, int a = 255);
// A series colour as drawn on a background of the given luminance (0..1): on a light background a
// colour lighter than ~0.6 (the palette's yellow and the pale tints) is darkened until it stands
// out by at least a third; on a dark one it is returned as it is. Alpha is kept.
uint32_t readableOn(uint32_t color, double backgroundLuminance);
// Relative luminance (0..1, sRGB weights without gamma) of a packed colour.
double luminance(uint32_t color);

// A second channel beside colour: past the 8 palette colours the tints are hard to tell from
// their hues on a projector, so each round of the palette gets its own marker shape. Hollow
// shapes are filled with the plot's background and stroked in the series colour.
enum class MarkerShape { Circle, Square, Ring, HollowSquare };
// Circle for indices 0-7, Square for 8-15, Ring, HollowSquare, then again: with seriesColor, no
// two of the first 32 series look alike.
MarkerShape seriesMarker(int index);
bool hollow(MarkerShape shape);
// The hollow shape of the same outline (a ring for a circle); a hollow one as it is.
MarkerShape hollowOf(MarkerShape shape);
// A square's half-side for a circle of radius r: the same area, so neither shape looks heavier.
double squareHalfSide(double r);

}  // namespace scanviz::plot
