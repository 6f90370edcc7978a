// The block timeline in pixels: a time window (zoom and pan) mapped onto the plot's width, lanes
// stacked under the axis (scrolled and culled to what is visible), a bar per block with its wait
// portion, and axis ticks in ns, µs or ms (GPU) or scheduler rounds (emulator). Pure arithmetic,
// so that the panel, the exporters and the tests share it.
#pragma once

#include <string>
#include <vector>

#include "app/core/layouts/block_timeline.h"

namespace scanviz {

// The time window on screen, in the trace's unit.
struct TimelineView {
  double start = 0;
  double end = 1;
  double span() const { return end - start; }
};

// The whole run with a little room at both ends.
TimelineView fullView(const BlockTimeline& tl);
// Zoom by `factor` (> 1 zooms in) keeping `anchor` (a time) where it is on screen; never wider
// than the full view nor narrower than a few ticks' worth (2 rounds, 20 ns).
TimelineView zoomView(const TimelineView& v, double anchor, double factor, const BlockTimeline& tl);
// Move by `delta` (time), staying inside the full view.
TimelineView panView(const TimelineView& v, double delta, const BlockTimeline& tl);

struct TimelineGeometry {
  float plotLeft = 0;
  float plotRight = 800;
  float lanesTop = 0;    // y where the first lane starts, before scrolling
  float visibleTop = 0;  // lanes outside [visibleTop, visibleBottom] are left out
  float visibleBottom = 600;
  float scroll = 0;  // pixels the lanes are scrolled up
  float rowHeight = 10;
  float laneGap = 2;
  float minBarWidth = 1;   // a block shorter than a pixel still shows
  float minBarHeight = 1;  // rows thinner than a pixel (one lane per block) still draw a line
  int maxTicks = 8;
};

struct LaneBox {
  size_t lane = 0;  // index into BlockTimeline::lanes
  float y = 0;
  float height = 0;
};

struct BarBox {
  size_t span = 0;  // index into BlockTimeline::spans (== trace.blocks)
  float x0 = 0, x1 = 0, y = 0, height = 0;
  float waitX0 = 0, waitX1 = 0;  // waitX1 <= waitX0: no wait on screen
  bool hasWait() const { return waitX1 > waitX0; }
};

struct AxisTick {
  float x = 0;
  double value = 0;  // in the trace's unit
  std::string label;
};

// The axis' unit for a window of this span: ns below 10 µs, µs below 10 ms, else ms; rounds.
struct AxisUnit {
  double perUnit = 1;  // trace units in one axis unit
  std::string name;    // "ns", "µs", "ms", "rounds"
};
AxisUnit axisUnit(TimelineUnit unit, double span);

// Ticks at 1-2-5 steps inside the view (whole rounds for the emulator), labelled in `axisUnit`.
std::vector<AxisTick> timeTicks(const BlockTimeline& tl, const TimelineView& v,
                                const TimelineGeometry& g);

struct TimelineLayout {
  std::vector<LaneBox> lanes;  // the visible ones
  std::vector<BarBox> bars;    // the visible ones, in trace.blocks order
  std::vector<AxisTick> ticks;
  AxisUnit unit;
  float contentHeight = 0;  // all lanes, unscrolled: for the scroll range
};

float timeToX(const TimelineView& v, const TimelineGeometry& g, double t);
double xToTime(const TimelineView& v, const TimelineGeometry& g, float x);

// Row height that fits every lane into `height`, within [minRow, maxRow].
float fittingRowHeight(const BlockTimeline& tl, float height, float laneGap, float minRow,
                       float maxRow);

TimelineLayout layoutTimeline(const BlockTimeline& tl, const TimelineView& v,
                              const TimelineGeometry& g);

// The bar under (x, y), as an index into layout.bars; -1 for none.
int barAt(const TimelineLayout& layout, float x, float y);

}  // namespace scanviz
