#include "app/scene/timeline_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/layouts/plot_math.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

std::string percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * share);
  return text;
}

std::string timeText(double v, TimelineUnit unit) {
  char text[48];
  if (unit == TimelineUnit::Rounds) {
    std::snprintf(text, sizeof text, "round %.0f", v);
  } else {
    std::snprintf(text, sizeof text, "%.0f ns", v);
  }
  return text;
}

std::string lengthText(double v, TimelineUnit unit) {
  char text[48];
  std::snprintf(text, sizeof text, unit == TimelineUnit::Rounds ? "%.0f rounds" : "%.0f ns", v);
  return text;
}

class TimelineSceneBuilder : SceneLook {
 public:
  TimelineSceneBuilder(const TimelineSceneRequest& rq, const ArraySceneStyle& style,
                       const ViewPalette& pal, const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq), t_(*rq.trace), tl_(*rq.timeline) {}

  TimelineScene build() {
    float y = pad();
    y = addTitle(y);
    y = addLegend(y);
    if (tl_.spans.empty()) {
      addText(pad(), y + style_.labelSize, timelineUnavailableReason(t_), pal_.textDim,
              style_.labelSize, false, TextAlign::Left, "timeline-empty");
      return finish();
    }
    placeGeometry(y);
    out_.layout = layoutTimeline(tl_, rq_.view, g_);
    dropPartialLanes();
    addLanes();
    addAxis();
    addBars();
    addScrollNote();
    return finish();
  }

 private:
  float pad() const { return 0.6f * style_.labelSize; }

  TimelineScene finish() {
    scene_.width = rq_.width;
    scene_.height = rq_.height;
    out_.scene = std::move(scene_);
    out_.geometry = g_;
    return std::move(out_);
  }

  void addText(float x, float y, std::string text, Color c, float size, bool bold, TextAlign align,
               std::string role, int index = -1) {
    addSceneText(scene_, x, y, std::move(text), c, size, bold, align, std::move(role), index);
  }

  SceneRect& addRect(float x, float y, float w, float h, Color fill, std::string role,
                     int index = -1) {
    return addSceneRect(scene_, x, y, w, h, fill, std::move(role), index);
  }

  std::string summary() const {
    std::string s = std::to_string(tl_.spans.size()) + " blocks on " + std::to_string(tl_.smCount) +
                    (tl_.unit == TimelineUnit::Rounds ? " emulator slots" : " SMs");
    if (!t_.meta.device.empty()) s += " (" + t_.meta.device + ")";
    if (tl_.spans.empty()) return s;
    int most = 1;
    for (const SwimLane& l : tl_.lanes) most = std::max(most, l.rows);
    if (most > 1 && tl_.grouping == LaneGrouping::BySm)
      s += kDot + std::string("up to ") + std::to_string(most) + " at once on one SM";
    if (tl_.blockTime > 0)
      s += kDot + percent(tl_.waitTime / tl_.blockTime) + " of block time spent waiting";
    return s;
  }

  float addTitle(float y) {
    const AlgorithmInfo* info = nullptr;
    if (auto id = findAlgorithm(t_.meta.algorithm)) info = &algorithmInfo(*id);
    const std::string name = info ? std::string(info->name) : t_.meta.algorithm;
    y = addWrapped("Blocks over time: " + name + ", N = " + std::to_string(t_.meta.n), y, pal_.text,
                   style_.titleSize, "title", true);
    y = addWrapped(summary(), y, pal_.textDim, style_.labelSize, "timeline-summary");
    return y + 0.1f * style_.labelSize;
  }

  // Swatches with their meaning; the note says where an estimated wait is drawn.
  float addLegend(float y) {
    if (tl_.spans.empty()) return y;
    const float size = style_.smallSize;
    std::vector<std::pair<Color, std::string>> items = {
        {pal_.accent, "working (scan the tile, then add the prefix and store)"},
        {pal_.writtenFill, "waiting for the predecessors' prefix"}};
    LegendRows rows(&scene_, measure_, pad(), rq_.width - pad(), y, size, 1.5f, pal_.textDim);
    const float d = rows.swatchSide();
    for (const auto& [color, label] : items) {
      const auto [x, rowY] = rows.add(d, label);
      addRect(x, rowY, d, d, color, "legend-swatch").rounding = 0.15f * d;
    }
    y = rows.bottom();
    std::string note;
    if (tl_.maxLookback > 1) {
      char text[96];
      std::snprintf(text, sizeof text,
                    "look-back inspected %.1f predecessors a block on average, "
                    "up to %d. ",
                    tl_.meanLookback, tl_.maxLookback);
      note += text;
    }
    if (tl_.unit == TimelineUnit::Nanoseconds && tl_.waitTime > 0)
      note +=
          "The trace records how long a block waited, not when: the wait is drawn between "
          "its tile scan and its finish.";
    if (!note.empty()) y = addWrapped(note, y, pal_.textDim, size, "legend-note");
    return y + 0.3f * size;
  }

  // Word-wraps to the scene's width, one text a line; returns the y below it.
  float addWrapped(const std::string& text, float y, Color c, float size, const std::string& role,
                   bool bold = false) {
    const float maxWidth = std::max(100.0f, rq_.width - 2 * pad());
    return addWrappedText(scene_, text, pad(), y, maxWidth, size, bold, c, role, 1.4f, measure_);
  }

  float labelColumn() const {
    float w = measure_("rounds", style_.smallSize, false);
    for (const SwimLane& l : tl_.lanes)
      w = std::max(w, measure_(laneLabel(l, tl_.unit), style_.smallSize, false));
    return w + 2 * pad();
  }

  // The axis' labels sit above the lanes; the lanes fill the rest of the height.
  void placeGeometry(float y) {
    axisTop_ = y;
    g_.plotLeft = labelColumn();
    g_.plotRight = std::max(g_.plotLeft + 50, rq_.width - pad());
    g_.lanesTop = y + 1.5f * style_.smallSize + 0.4f * style_.smallSize;
    g_.visibleTop = g_.lanesTop;
    g_.visibleBottom = rq_.height - pad();
    float area = std::max(10.0f, g_.visibleBottom - g_.lanesTop);
    // One lane per block may go below a pixel a lane (each bar still draws a line), so that the
    // whole chain fits; lanes by SM keep whole pixels and scroll.
    const float minRow = tl_.grouping == LaneGrouping::ByBlock ? 0.25f : 1.0f;
    const float maxRow = 2.2f * style_.labelSize;
    const float roomy = fittingRowHeight(tl_, area, 0, minRow, maxRow);
    g_.laneGap = roomy >= 4 ? std::max(1.0f, 0.3f * style_.smallSize) : 0;
    g_.rowHeight =
        fittingRowHeight(tl_, area, g_.laneGap, minRow, maxRow) * std::max(1.0f, rq_.rowZoom);
    if (contentHeight() > area + 0.5f) {
      // Room under the lanes for the line that says which lanes are shown.
      g_.visibleBottom -= 1.5f * style_.smallSize;
      area = std::max(10.0f, g_.visibleBottom - g_.lanesTop);
    }
    g_.scroll = std::clamp(rq_.scroll, 0.0f, std::max(0.0f, contentHeight() - area));
    g_.maxTicks =
        std::max(2, static_cast<int>((g_.plotRight - g_.plotLeft) / (6 * style_.smallSize)));
    g_.minBarWidth = 1;
  }

  float contentHeight() const {
    return static_cast<float>(tl_.totalRows) * g_.rowHeight +
           static_cast<float>(tl_.lanes.size()) * g_.laneGap;
  }

  // Lanes cut by the top or bottom edge are left out: what is drawn is whole.
  void dropPartialLanes() {
    std::vector<bool> keep(tl_.lanes.size(), false);
    std::vector<LaneBox> lanes;
    for (const LaneBox& l : out_.layout.lanes) {
      if (l.y < g_.lanesTop - 0.5f || l.y + l.height > g_.visibleBottom + 0.5f) continue;
      keep[l.lane] = true;
      lanes.push_back(l);
    }
    out_.layout.lanes = std::move(lanes);
    std::erase_if(out_.layout.bars, [&](const BarBox& b) { return !keep[tl_.spans[b.span].lane]; });
  }

  void addLanes() {
    const float size = style_.smallSize;
    const float laneH = out_.layout.lanes.empty() ? 1 : out_.layout.lanes.front().height;
    // Label every k-th lane so that the labels never overlap.
    const double raw = std::ceil(1.1f * size / std::max(0.05f, laneH + g_.laneGap));
    // 1-2-5 strides label round numbers: block 0, 50, 100...
    const int every = raw <= 1 ? 1 : static_cast<int>(plot::niceStep(raw));
    // Lanes thinner than two pixels share one background; thicker ones alternate stripes.
    const bool thin = laneH < 2;
    if (thin && !out_.layout.lanes.empty()) {
      const LaneBox& first = out_.layout.lanes.front();
      const LaneBox& last = out_.layout.lanes.back();
      addRect(g_.plotLeft, first.y, g_.plotRight - g_.plotLeft, last.y + last.height - first.y,
              pal_.beforeFill, "lanes-background");
    }
    for (const LaneBox& l : out_.layout.lanes) {
      const SwimLane& lane = tl_.lanes[l.lane];
      const int key = lane.block >= 0 ? lane.block : lane.sm;
      // Every other lane is left clear (the background shows): half the fill, which is what a
      // software renderer pays for, and the stripes still tell the lanes apart.
      Color stripe = l.lane % 2 ? pal_.beforeFill : Color{0, 0, 0, 0};
      if (g_.laneGap > 0) stripe = pal_.beforeFill;
      if (!thin)
        addRect(g_.plotLeft, l.y, g_.plotRight - g_.plotLeft, l.height, stripe, "lane", key);
      if (static_cast<int>(l.lane) % every != 0) continue;
      // Labels keep the small text size however thin the lanes: `every` already spaces them a
      // label's height apart, and shrunk labels are what a projector loses first.
      addText(g_.plotLeft - 0.5f * pad(), l.y + 0.5f * (l.height - size), laneLabel(lane, tl_.unit),
              pal_.textDim, size, false, TextAlign::Right, "lane-label", key);
    }
  }

  void addAxis() {
    const float size = style_.smallSize;
    const float bottom = out_.layout.lanes.empty()
                             ? g_.lanesTop
                             : out_.layout.lanes.back().y + out_.layout.lanes.back().height;
    Color grid = pal_.warpLine;
    grid.a = 90;
    for (const AxisTick& t : out_.layout.ticks) {
      addText(t.x, axisTop_, t.label, pal_.text, size, false, TextAlign::Center, "axis-tick");
      addRect(t.x - 0.5f, g_.lanesTop - 0.3f * size, 1, bottom - g_.lanesTop + 0.3f * size, grid,
              "gridline");
    }
    addText(g_.plotLeft - 0.5f * pad(), axisTop_, out_.layout.unit.name, pal_.text, size, true,
            TextAlign::Right, "axis-unit");
  }

  void addBars() {
    // Rows tall enough get a pixel of air between them, so stacked blocks stay apart.
    const float inset = g_.rowHeight >= 5 ? 0.5f : 0;
    for (const BarBox& b : out_.layout.bars) {
      const int id = t_.blocks[b.span].id;
      SceneRect& bar = addRect(b.x0, b.y + inset, b.x1 - b.x0, b.height - 2 * inset, pal_.accent,
                               "block-bar", id);
      // Wide bars get an outline in the background colour: blocks that follow each other on one
      // slot stay two bars.
      if (b.x1 - b.x0 >= 6 && b.height >= 6) {
        bar.stroke = pal_.background;
        bar.strokeWidth = 1;
      }
      if (b.hasWait())
        addRect(b.waitX0, b.y + inset, b.waitX1 - b.waitX0, b.height - 2 * inset, pal_.writtenFill,
                "block-wait", id);
    }
  }

  void addScrollNote() {
    if (out_.layout.lanes.size() == tl_.lanes.size() || out_.layout.lanes.empty()) return;
    const std::string text = "lanes " + std::to_string(out_.layout.lanes.front().lane + 1) + "-" +
                             std::to_string(out_.layout.lanes.back().lane + 1) + " of " +
                             std::to_string(tl_.lanes.size()) + ": scroll for the others";
    addText(g_.plotRight, g_.visibleBottom + 0.3f * style_.smallSize, text, pal_.textDim,
            style_.smallSize, false, TextAlign::Right, "timeline-scroll-note");
  }

  const TimelineSceneRequest& rq_;
  const Trace& t_;
  const BlockTimeline& tl_;
  Scene scene_;
  TimelineScene out_;
  TimelineGeometry g_;
  float axisTop_ = 0;
};

}  // namespace

TimelineScene buildTimelineScene(const TimelineSceneRequest& rq, const ArraySceneStyle& style,
                                 const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || !rq.timeline) return {};
  return TimelineSceneBuilder(rq, style, palette, measure).build();
}

std::string blockTooltip(const Trace& t, const BlockTimeline& tl, size_t span) {
  if (span >= tl.spans.size() || span >= t.blocks.size()) return {};
  const TraceBlock& b = t.blocks[span];
  const BlockSpan& s = tl.spans[span];
  std::string text = "block " + std::to_string(b.id) + " (blockIdx.x " +
                     std::to_string(b.launchIndex) + ") on " + laneLabel(tl.lanes[s.lane], tl.unit);
  text += "\nstart " + timeText(s.start, tl.unit) + ", end " + timeText(s.end, tl.unit) + " (" +
          lengthText(s.end - s.start, tl.unit) + ")";
  text += "\nwaited " + lengthText(static_cast<double>(b.waitNs), tl.unit);
  if (s.waitEnd > s.waitStart)
    text += s.waitEstimated
                ? " (drawn between its scan and its finish)"
                : ", " + timeText(s.waitStart, tl.unit) + " to " + timeText(s.waitEnd, tl.unit);
  if (t.meta.algorithm == "decoupled-lookback")
    text += "\nlook-back: inspected " + std::to_string(b.lookback) +
            (b.lookback == 1 ? " predecessor" : " predecessors");
  else if (b.lookback > 0)
    text += "\nwaited on its predecessor's flag";
  return text;
}

std::string timelineUnavailableReason(const Trace& t) {
  if (!t.blocks.empty()) return {};
  return "This trace has no per-block timings. They are recorded for the grid-level scans "
         "(hierarchical, single-pass-chained, decoupled-lookback): choose one, or open "
         "File > Open sample trace > single-pass-chained-1048576.json.";
}

}  // namespace scanviz
