#include "app/core/layouts/timeline_layout.h"

#include <algorithm>
#include <cmath>

#include "app/core/layouts/plot_math.h"

namespace scanviz {
namespace {

constexpr double kMargin = 0.02;  // of the run's length, at both ends of the full view

double minimumSpan(TimelineUnit unit) {
  return unit == TimelineUnit::Rounds ? 2.0 : 20.0;
}

// A bar clipped to the plot, at least minBarWidth wide.
bool clipBar(const TimelineGeometry& g, float& x0, float& x1) {
  if (x1 < g.plotLeft || x0 > g.plotRight) return false;
  x0 = std::max(x0, g.plotLeft);
  x1 = std::min(x1, g.plotRight);
  if (x1 - x0 < g.minBarWidth) x1 = std::min(g.plotRight, x0 + g.minBarWidth);
  return true;
}

BarBox barFor(const BlockSpan& s, size_t index, float laneY, const TimelineView& v,
              const TimelineGeometry& g) {
  BarBox b;
  b.span = index;
  b.x0 = timeToX(v, g, s.start);
  b.x1 = timeToX(v, g, s.end);
  b.y = laneY + static_cast<float>(s.row) * g.rowHeight;
  b.height = std::max(g.rowHeight, g.minBarHeight);
  if (s.waitEnd > s.waitStart) {
    b.waitX0 = std::max(timeToX(v, g, s.waitStart), g.plotLeft);
    b.waitX1 = std::min(timeToX(v, g, s.waitEnd), g.plotRight);
    // A wait narrower than a pixel still shows, inside its bar.
    if (b.waitX1 - b.waitX0 < g.minBarWidth && b.waitX1 >= b.waitX0)
      b.waitX1 = std::min(b.waitX0 + g.minBarWidth, g.plotRight);
  }
  return b;
}

}  // namespace

TimelineView fullView(const BlockTimeline& tl) {
  const double span = std::max(tl.end - tl.start, minimumSpan(tl.unit));
  return {tl.start - kMargin * span, tl.start + (1 + kMargin) * span};
}

TimelineView zoomView(const TimelineView& v, double anchor, double factor,
                      const BlockTimeline& tl) {
  const TimelineView full = fullView(tl);
  const double span = std::clamp(v.span() / factor, minimumSpan(tl.unit), full.span());
  const double share = v.span() > 0 ? (anchor - v.start) / v.span() : 0.5;
  TimelineView z{anchor - share * span, anchor - share * span + span};
  return panView(z, 0, tl);
}

TimelineView panView(const TimelineView& v, double delta, const BlockTimeline& tl) {
  const TimelineView full = fullView(tl);
  const double span = std::min(v.span(), full.span());
  const double start = std::clamp(v.start + delta, full.start, full.end - span);
  return {start, start + span};
}

AxisUnit axisUnit(TimelineUnit unit, double span) {
  if (unit == TimelineUnit::Rounds) return {1, "rounds"};
  if (span < 1e4) return {1, "ns"};
  if (span < 1e7) return {1e3, "\xC2\xB5s"};  // µs
  return {1e6, "ms"};
}

std::vector<AxisTick> timeTicks(const BlockTimeline& tl, const TimelineView& v,
                                const TimelineGeometry& g) {
  const AxisUnit u = axisUnit(tl.unit, v.span());
  const double lo = v.start / u.perUnit, hi = v.end / u.perUnit;
  double step = plot::niceStep((hi - lo) / std::max(1, g.maxTicks));
  if (tl.unit == TimelineUnit::Rounds) step = std::max(1.0, std::round(step));
  std::vector<AxisTick> ticks;
  const int maxCount = 2 * std::max(1, g.maxTicks) + 2;
  for (double value : plot::stepMultiples(lo, hi, step, maxCount))
    ticks.push_back(
        {timeToX(v, g, value * u.perUnit), value * u.perUnit, plot::formatLinearTick(value, step)});
  return ticks;
}

float timeToX(const TimelineView& v, const TimelineGeometry& g, double t) {
  const double share = v.span() > 0 ? (t - v.start) / v.span() : 0;
  return g.plotLeft + static_cast<float>(share) * (g.plotRight - g.plotLeft);
}

double xToTime(const TimelineView& v, const TimelineGeometry& g, float x) {
  const float w = std::max(1.0f, g.plotRight - g.plotLeft);
  return v.start + static_cast<double>((x - g.plotLeft) / w) * v.span();
}

float fittingRowHeight(const BlockTimeline& tl, float height, float laneGap, float minRow,
                       float maxRow) {
  const float gaps = laneGap * static_cast<float>(tl.lanes.size());
  const float rows = static_cast<float>(std::max(1, tl.totalRows));
  return std::clamp((height - gaps) / rows, minRow, maxRow);
}

TimelineLayout layoutTimeline(const BlockTimeline& tl, const TimelineView& v,
                              const TimelineGeometry& g) {
  TimelineLayout out;
  out.unit = axisUnit(tl.unit, v.span());
  out.ticks = timeTicks(tl, v, g);
  std::vector<float> laneY(tl.lanes.size(), 0);
  std::vector<bool> shown(tl.lanes.size(), false);
  float y = g.lanesTop - g.scroll;
  for (size_t i = 0; i < tl.lanes.size(); ++i) {
    const float h = static_cast<float>(tl.lanes[i].rows) * g.rowHeight;
    laneY[i] = y;
    shown[i] = y + h >= g.visibleTop && y <= g.visibleBottom;
    if (shown[i]) out.lanes.push_back({i, y, h});
    y += h + g.laneGap;
  }
  out.contentHeight = y + g.scroll - g.lanesTop;
  for (size_t i = 0; i < tl.spans.size(); ++i) {
    const BlockSpan& s = tl.spans[i];
    if (!shown[s.lane]) continue;
    BarBox b = barFor(s, i, laneY[s.lane], v, g);
    if (!clipBar(g, b.x0, b.x1)) continue;
    out.bars.push_back(b);
  }
  return out;
}

int barAt(const TimelineLayout& layout, float x, float y) {
  // Narrow bars get a pixel of slack either side, so that a 1-pixel block can be hovered.
  for (size_t i = 0; i < layout.bars.size(); ++i) {
    const BarBox& b = layout.bars[i];
    if (y >= b.y && y < b.y + b.height && x >= b.x0 - 1 && x <= b.x1 + 1)
      return static_cast<int>(i);
  }
  return -1;
}

}  // namespace scanviz
