#include "app/core/layouts/plot_math.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace scanviz::plot {
namespace {

// Tolerance for floating-point steps: 0.1 * 3 is not 0.3, and a tick must not vanish for it.
constexpr double kEps = 1e-9;

constexpr int kOkabeIto[][3] = {{230, 159, 0}, {86, 180, 233}, {0, 158, 115},   {240, 228, 66},
                                {0, 114, 178}, {213, 94, 0},   {204, 121, 167}, {153, 153, 153}};
constexpr int kHues = static_cast<int>(sizeof kOkabeIto / sizeof kOkabeIto[0]);

double axisValue(AxisScale scale, double v) {
  return scale == AxisScale::Linear ? v : std::log(v);
}

double fromAxisValue(AxisScale scale, double a) {
  return scale == AxisScale::Linear ? a : std::exp(a);
}

std::string formatFixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", std::max(0, decimals), v);
  std::string s = buf;
  if (s == "-0" || s.rfind("-0.", 0) == 0) {
    // "-0.0" and friends: a value that rounds to zero is shown as zero.
    bool allZero = true;
    for (char c : s)
      if (c >= '1' && c <= '9') allZero = false;
    if (allZero) s.erase(0, 1);
  }
  return s;
}

// The exponents of the whole powers of a base that lie within [min > 0, max], found through
// that base's logarithm (std::log10, std::log2: exact at the powers themselves).
struct PowersWithin {
  int first, last;
  PowersWithin(double min, double max, double (*logOf)(double))
      : first(static_cast<int>(std::ceil(logOf(min) - kEps))),
        last(static_cast<int>(std::floor(logOf(max) + kEps))) {}
  int count() const { return last - first + 1; }
};

// A log axis spans positive, finite, increasing bounds.
bool isLogRange(double min, double max) {
  return min > 0 && max > min && std::isfinite(max);
}

// Whether exponent e is a labelled one at this stride (negative exponents alike).
bool onStride(int e, int stride) {
  return ((e % stride) + stride) % stride == 0;
}

int decimalsFor(double step) {
  return std::max(0, static_cast<int>(-std::floor(std::log10(step) + kEps)));
}

}  // namespace

bool representable(AxisScale scale, double v) {
  if (!std::isfinite(v)) return false;
  return scale == AxisScale::Linear || v > 0;
}

double AxisMap::toPixel(double v) const {
  if (!representable(scale, v)) return kNaN;
  const double a0 = axisValue(scale, dataMin), a1 = axisValue(scale, dataMax);
  const double t = a1 != a0 ? (axisValue(scale, v) - a0) / (a1 - a0) : 0.5;
  return pixelMin + t * (pixelMax - pixelMin);
}

double AxisMap::toData(double pixel) const {
  const double a0 = axisValue(scale, dataMin), a1 = axisValue(scale, dataMax);
  const double t = pixelMax != pixelMin ? (pixel - pixelMin) / (pixelMax - pixelMin) : 0.5;
  return fromAxisValue(scale, a0 + t * (a1 - a0));
}

double niceStep(double rawStep) {
  if (!(rawStep > 0) || !std::isfinite(rawStep)) return 1;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rawStep)));
  const double f = rawStep / magnitude;
  const double nice = f <= 1 + kEps ? 1 : f <= 2 + kEps ? 2 : f <= 5 + kEps ? 5 : 10;
  return nice * magnitude;
}

std::vector<double> stepMultiples(double lo, double hi, double step, int maxCount) {
  std::vector<double> out;
  if (!(step > 0) || !std::isfinite(lo) || !std::isfinite(hi) || !(hi >= lo) || maxCount < 1)
    return out;
  const double first = std::ceil(lo / step - kEps);
  const double last = std::floor(hi / step + kEps);
  if (!std::isfinite(first) || !std::isfinite(last) || last < first) return out;
  const double count = std::min(last - first + 1, static_cast<double>(maxCount));
  for (int i = 0; i < static_cast<int>(count); ++i) {
    double v = (first + i) * step;
    if (std::fabs(v) < step * 1e-9) v = 0;
    if (!out.empty() && v <= out.back()) continue;  // k and k+1 rounded to the same double
    out.push_back(v);
  }
  return out;
}

std::string formatLinearTick(double value, double step) {
  if (!(step > 0)) step = std::fabs(value) > 0 ? std::fabs(value) : 1;
  if (std::fabs(value) < step * 1e-6) return "0";
  // One unit for the whole axis, chosen from the step, so neighbouring labels read alike.
  static const struct {
    double unit;
    const char* suffix;
  } kUnits[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const auto& u : kUnits) {
    if (step >= u.unit * (1 - kEps))
      return formatFixed(value / u.unit, decimalsFor(step / u.unit)) + u.suffix;
  }
  return formatFixed(value, decimalsFor(step));
}

std::string formatDecadeTick(double value) {
  if (!(value > 0)) return formatExactValue(value);
  const int e = static_cast<int>(std::lround(std::log10(value)));
  if (e >= 15 || e < -3) return "1e" + std::to_string(e);
  if (e >= 3) {
    static const char* kSuffix[] = {"k", "M", "G", "T"};
    const int group = e / 3;
    return std::string(e % 3 == 0 ? "1" : e % 3 == 1 ? "10" : "100") + kSuffix[group - 1];
  }
  if (e >= 0) return e == 0 ? "1" : e == 1 ? "10" : "100";
  return formatFixed(std::pow(10.0, e), -e);
}

std::string formatExactValue(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[64];
  if (std::fabs(value) >= 1e6 && std::fabs(value) < 1e15 && value == std::floor(value)) {
    std::snprintf(buf, sizeof buf, "%.0f", value);  // 1048576, not 1.04858e+06
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", value);
  }
  return buf;
}

std::string formatShortValue(double value) {
  if (!std::isfinite(value) || value == 0) return formatExactValue(value);
  const double magnitude = std::fabs(value);
  char buf[32];
  if (magnitude < 0.9995) {
    std::snprintf(buf, sizeof buf, "%.3g", value);
    return buf;
  }
  static const struct {
    double unit;
    const char* suffix;
  } kUnits[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}};
  for (const auto& u : kUnits) {
    // 999.96 would print as "1000" with three digits: it takes the next unit, "1.00k".
    if (magnitude < u.unit * 0.9995 && u.unit > 1) continue;
    const double scaled = magnitude / u.unit;
    const int decimals = scaled >= 99.95 ? 0 : scaled >= 9.995 ? 1 : 2;
    std::snprintf(buf, sizeof buf, "%.*f%s", decimals, value / u.unit, u.suffix);
    break;
  }
  return buf;
}

std::vector<Tick> linearTicks(double min, double max, int maxTicks) {
  std::vector<Tick> ticks;
  if (!std::isfinite(min) || !std::isfinite(max)) return ticks;
  if (!(max > min)) {
    ticks.push_back({min, formatExactValue(min), true});
    return ticks;
  }
  maxTicks = std::max(2, maxTicks);
  const double step = niceStep((max - min) / (maxTicks - 1));
  // A 1-2-5 step yields at most about maxTicks + 2 multiples; the cap only guards rounding.
  for (double v : stepMultiples(min, max, step, 2 * maxTicks + 2))
    ticks.push_back({v, formatLinearTick(v, step), true});
  return ticks;
}

std::vector<Tick> log10Ticks(double min, double max, int maxTicks) {
  std::vector<Tick> ticks;
  if (!isLogRange(min, max)) return ticks;
  maxTicks = std::max(2, maxTicks);
  const PowersWithin powers(min, max, [](double x) { return std::log10(x); });
  const int e0 = powers.first, e1 = powers.last, decades = powers.count();
  if (decades >= 2) {
    const int stride = (decades + maxTicks - 1) / maxTicks;
    for (int e = e0; e <= e1; ++e) {
      if (!onStride(e, stride)) continue;
      const double v = std::pow(10.0, e);
      ticks.push_back({v, formatDecadeTick(v), true});
    }
    // Unlabelled 2..9 marks between decades when they are few enough to read.
    if (stride == 1 && decades <= 6) {
      for (int e = e0 - 1; e <= e1; ++e)
        for (int m = 2; m <= 9; ++m) {
          const double v = m * std::pow(10.0, e);
          if (v >= min * (1 - kEps) && v <= max * (1 + kEps)) ticks.push_back({v, "", false});
        }
      std::sort(ticks.begin(), ticks.end(),
                [](const Tick& a, const Tick& b) { return a.value < b.value; });
    }
    return ticks;
  }
  // Less than two decades: 1x, 2x and 5x ticks, all labelled.
  for (int e = static_cast<int>(std::floor(std::log10(min))) - 1; e <= e1 + 1; ++e)
    for (int m : {1, 2, 5}) {
      const double v = m * std::pow(10.0, e);
      if (v >= min * (1 - kEps) && v <= max * (1 + kEps))
        ticks.push_back({v, m == 1 ? formatDecadeTick(v) : formatLinearTick(v, v), m == 1});
    }
  if (ticks.size() < 2) return linearTicks(min, max, maxTicks);
  return ticks;
}

std::vector<Tick> log2Ticks(double min, double max, int maxTicks) {
  std::vector<Tick> ticks;
  if (!isLogRange(min, max)) return ticks;
  maxTicks = std::max(2, maxTicks);
  const PowersWithin powers(min, max, [](double x) { return std::log2(x); });
  if (powers.count() < 2) return linearTicks(min, max, maxTicks);
  // Strides of 1, 2, 4, 5, 10, 20...: labels at 2^16, 2^20, 2^24 read better than 2^18, 2^21.
  const int needed = (powers.count() + maxTicks - 1) / maxTicks;
  int stride = 1;
  for (int base = 1; stride < needed; base *= 10)
    for (int m : {1, 2, 4, 5})
      if (stride < needed) stride = m * base;
  for (int e = powers.first; e <= powers.last; ++e)
    if (onStride(e, stride)) ticks.push_back({std::ldexp(1.0, e), "2^" + std::to_string(e), true});
  return ticks;
}

std::vector<Tick> axisTicks(AxisScale scale, const Range& range, int maxTicks) {
  switch (scale) {
    case AxisScale::Log10:
      return log10Ticks(range.min, range.max, maxTicks);
    case AxisScale::Log2:
      return log2Ticks(range.min, range.max, maxTicks);
    case AxisScale::Linear:
      break;
  }
  return linearTicks(range.min, range.max, maxTicks);
}

Range autoRange(AxisScale scale, const std::vector<double>& values, bool includeZero) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (double v : values) {
    if (!representable(scale, v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const bool any = lo <= hi;
  if (scale == AxisScale::Log10) {
    if (!any) return {1, 10};
    Range r{std::pow(10.0, std::floor(std::log10(lo) + kEps)),
            std::pow(10.0, std::ceil(std::log10(hi) - kEps))};
    if (!(r.max > r.min)) r.max = r.min * 10;
    return r;
  }
  if (scale == AxisScale::Log2) {
    if (!any) return {1, 2};
    Range r{std::ldexp(1.0, static_cast<int>(std::floor(std::log2(lo) + kEps))),
            std::ldexp(1.0, static_cast<int>(std::ceil(std::log2(hi) - kEps)))};
    if (!(r.max > r.min)) r.max = r.min * 2;
    return r;
  }
  if (!any) return {0, 1};
  if (includeZero) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 0.0);
  }
  if (hi == lo) {
    if (lo == 0) return {0, 1};
    const double pad = std::fabs(lo) * 0.1;
    lo -= pad;
    hi += pad;
    if (includeZero && lo < 0 && hi - pad >= 0) lo = 0;
  }
  // 5 % headroom so points and lines do not sit on the frame; none beyond a zero the caller pinned.
  const double span = hi - lo;
  if (!(includeZero && lo == 0)) lo -= 0.05 * span;
  if (!(includeZero && hi == 0)) hi += 0.05 * span;
  const double step = niceStep((hi - lo) / 5);
  return {std::floor(lo / step + kEps) * step, std::ceil(hi / step - kEps) * step};
}

int maxTicksFor(double pixels, double minSpacing) {
  if (!(minSpacing > 0) || !(pixels > 0)) return 2;
  return std::max(2, static_cast<int>(pixels / minSpacing));
}

NearestHit nearestPoint(const std::vector<std::vector<Point>>& seriesPixels, Point mouse,
                        double maxDistance) {
  NearestHit best;
  for (size_t s = 0; s < seriesPixels.size(); ++s) {
    for (size_t i = 0; i < seriesPixels[s].size(); ++i) {
      const Point p = seriesPixels[s][i];
      if (std::isnan(p.x) || std::isnan(p.y)) continue;
      const double d = std::hypot(p.x - mouse.x, p.y - mouse.y);
      if (d > maxDistance || (best.series >= 0 && d >= best.distance)) continue;
      best.series = static_cast<int>(s);
      best.index = static_cast<int>(i);
      best.distance = d;
    }
  }
  return best;
}

Rect barSlot(int category, int series, int categoryCount, int seriesCount, double left,
             double right, double groupFill) {
  categoryCount = std::max(1, categoryCount);
  seriesCount = std::max(1, seriesCount);
  const double groupWidth = (right - left) / categoryCount;
  const double groupStart = left + category * groupWidth + groupWidth * (1 - groupFill) / 2;
  const double barWidth = groupWidth * groupFill / seriesCount;
  Rect r;
  r.x0 = groupStart + series * barWidth;
  r.x1 = r.x0 + barWidth;
  return r;
}

double categoryCenter(int category, int categoryCount, double left, double right) {
  const double groupWidth = (right - left) / std::max(1, categoryCount);
  return left + (category + 0.5) * groupWidth;
}

BarHit barAt(double x, int categoryCount, int seriesCount, double left, double right,
             double groupFill) {
  BarHit hit;
  if (categoryCount <= 0 || seriesCount <= 0 || !(right > left) || x < left || x >= right)
    return hit;
  const double groupWidth = (right - left) / categoryCount;
  const int category = std::min(categoryCount - 1, static_cast<int>((x - left) / groupWidth));
  const double groupStart = left + category * groupWidth + groupWidth * (1 - groupFill) / 2;
  const double within = x - groupStart;
  const double barWidth = groupWidth * groupFill / seriesCount;
  if (within < 0 || within >= barWidth * seriesCount) return hit;
  hit.category = category;
  hit.series = std::min(seriesCount - 1, static_cast<int>(within / barWidth));
  return hit;
}

PlotLayout computeLayout(const LayoutInput& in) {
  PlotLayout out;
  const Rect& f = in.frame;
  const double pad = in.padding, lh = in.lineHeight;
  double top = f.y0 + pad;
  if (in.hasTitle) {
    out.title = {f.x0 + pad, top};
    top += lh + pad;
  }
  if (in.hasYLabel) {
    // ImGui draws no rotated text: the y label sits above the axis, where readers look first.
    out.yLabel = {f.x0 + pad, top};
    top += lh + pad / 2;
  }
  out.swatchWidth = 1.8 * lh;
  const double entryGap = pad * 2;
  std::vector<double> entryWidths;
  double widest = 0;
  for (double w : in.legendTextWidths) {
    entryWidths.push_back(out.swatchWidth + pad / 2 + w);
    widest = std::max(widest, entryWidths.back());
  }
  const bool hasLegend = !entryWidths.empty();
  const double columnWidth = widest + 2 * pad;
  // A column on the right while it takes at most 35 % of the width and its entries fit the
  // height; rows below the plot otherwise.
  const double columnHeight = static_cast<double>(entryWidths.size()) * lh * 1.4;
  out.legendRight =
      hasLegend && columnWidth <= 0.35 * f.width() && columnHeight <= f.y1 - pad - (top + lh / 2);
  double right = f.x1 - pad - (out.legendRight ? columnWidth : 0);
  double bottom = f.y1 - pad;
  if (hasLegend && !out.legendRight) {
    const double rowHeight = lh * 1.3;
    const double x0 = f.x0 + pad, x1 = f.x1 - pad;
    std::vector<int> rowOf;
    int rows = 1;
    double x = x0;
    for (double w : entryWidths) {
      if (x > x0 && x + w > x1) {
        ++rows;
        x = x0;
      }
      rowOf.push_back(rows - 1);
      out.legendEntries.push_back({x, 0});
      x += w + entryGap;
    }
    const double legendTop = bottom - rows * rowHeight;
    for (size_t i = 0; i < out.legendEntries.size(); ++i)
      out.legendEntries[i].y = legendTop + rowOf[i] * rowHeight;
    bottom = legendTop - pad;
  }
  if (in.hasXLabel) {
    out.xLabel = {0, bottom - lh};
    bottom -= lh + pad / 2;
  }
  bottom -= in.xTickLabelRows * lh + pad;  // tick marks and their labels
  out.plot = {f.x0 + pad + in.yTickLabelWidth + pad, top + lh / 2, right, bottom};
  if (out.plot.x1 < out.plot.x0) out.plot.x1 = out.plot.x0;
  if (out.plot.y1 < out.plot.y0) out.plot.y1 = out.plot.y0;
  out.xLabel.x = (out.plot.x0 + out.plot.x1) / 2;
  if (out.legendRight) {
    const double rowHeight = lh * 1.4;
    for (size_t i = 0; i < entryWidths.size(); ++i)
      out.legendEntries.push_back({right + 2 * pad, out.plot.y0 + i * rowHeight});
  }
  return out;
}

uint32_t packColor(int r, int g, int b, int a) {
  const auto c = [](int v) { return static_cast<uint32_t>(std::clamp(v, 0, 255)); };
  return (c(a) << 24) | (c(b) << 16) | (c(g) << 8) | c(r);
}

double luminance(uint32_t color) {
  const double r = color & 0xff, g = (color >> 8) & 0xff, b = (color >> 16) & 0xff;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0;
}

uint32_t readableOn(uint32_t color, double backgroundLuminance) {
  const double l = luminance(color);
  const double wanted = backgroundLuminance - 1.0 / 3.0;
  if (backgroundLuminance < 0.5 || l <= wanted || !(l > 0)) return color;
  const double f = std::max(0.0, wanted) / l;
  const auto scale = [f](uint32_t v) { return static_cast<int>(std::lround(v * f)); };
  return packColor(scale(color & 0xff), scale((color >> 8) & 0xff), scale((color >> 16) & 0xff),
                   static_cast<int>(color >> 24));
}

uint32_t seriesColor(int index) {
  index = std::max(0, index);
  const int* rgb = kOkabeIto[index % kHues];
  // Past the palette, lighter tints of the same hues: still distinct from their neighbours.
  const int round = index / kHues;
  const auto tint = [round](int v) { return v + (255 - v) * std::min(round, 3) * 2 / 7; };
  return packColor(tint(rgb[0]), tint(rgb[1]), tint(rgb[2]));
}

MarkerShape seriesMarker(int index) {
  static const MarkerShape kShapes[] = {MarkerShape::Circle, MarkerShape::Square, MarkerShape::Ring,
                                        MarkerShape::HollowSquare};
  return kShapes[(std::max(0, index) / kHues) % 4];
}

bool hollow(MarkerShape shape) {
  return shape == MarkerShape::Ring || shape == MarkerShape::HollowSquare;
}

MarkerShape hollowOf(MarkerShape shape) {
  if (shape == MarkerShape::Circle) return MarkerShape::Ring;
  if (shape == MarkerShape::Square) return MarkerShape::HollowSquare;
  return shape;
}

double squareHalfSide(double r) {
  return r * 0.886227;  // sqrt(pi) / 2
}

}  // namespace scanviz::plot
