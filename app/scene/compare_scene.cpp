#include "app/scene/compare_scene.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/scene/compare_counters.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

// The smallest body text a fitted Compare keeps, in pixels: 3/4 of the body size at scale 1.
constexpr float kMinCompareLabel = 13.5f;
// A focus window's values, as a share of the back row's size: a little above the floor, so that
// a lecturer's cells read at once.
constexpr float kFocusValueShare = 1.2f;

class CompareSceneBuilder : SceneLook {
 public:
  CompareSceneBuilder(const CompareSceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& pal, const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq) {}

  Scene build() {
    float y = pad();
    y = addHeadline(y);
    // One row of the legend, or two where its items wrap in a narrow window.
    const float legendH = rq_.brief ? 0.0f : 0.3f * style_.smallSize + addLegend(0, /*draw=*/false);
    y = addViews(y, std::max(0.0f, rq_.height - y - legendH - pad()));
    if (!rq_.brief) y = addLegend(y + 0.4f * style_.smallSize);
    scene_.width = std::max(scene_.width, rq_.width);
    scene_.height = y + pad();
    return std::move(scene_);
  }

 private:
  float pad() const { return 0.5f * style_.labelSize; }
  int columns() const {
    if (rq_.columns > 0)
      return std::min(rq_.columns, std::max(1, static_cast<int>(rq_.views.size())));
    return rq_.views.size() >= 3 ? 2 : 1;
  }

  // One focus window for every view (so that their columns line up), as many cells as the
  // narrowest view holds legibly; all cells outside presentation mode or where they all fit.
  CellWindow focusWindowOf(float viewWidth) const {
    if (rq_.focusCell < 0 || style_.minTextSize <= 0) return {};
    const float valueSize = kFocusValueShare * style_.minTextSize;
    int cells = 0, capacity = 1 << 30;
    for (const CompareViewSpec& v : rq_.views) {
      if (!v.trace || v.step < 0 || v.step >= static_cast<int>(v.trace->steps.size())) continue;
      cells = std::max(cells,
                       static_cast<int>(v.trace->steps[static_cast<size_t>(v.step)].values.size()));
      // Garbage shows as a word, not its digits: it must not narrow the window.
      ArraySceneRequest a{.trace = v.trace,
                          .step = v.step,
                          .width = viewWidth,
                          .compact = true,
                          .garbageCells = v.garbageCells,
                          .strayCells = v.strayCells};
      capacity = std::min(capacity, legibleColumns(a, style_, measure_, valueSize));
    }
    return cells > 0 ? focusWindow(cells, rq_.focusCell, capacity) : CellWindow{};
  }

  void addText(float x, float y, std::string text, Color c, float size, bool bold, std::string role,
               int index = -1) {
    addSceneText(scene_, x, y, std::move(text), c, size, bold, TextAlign::Left, std::move(role),
                 index);
  }

  // Word-wraps to `width`; returns the y below the last line.
  float addWrapped(const std::string& text, float x, float y, float width, Color c, float size,
                   bool bold, const std::string& role, int index = -1) {
    for (std::string& line : wrapWords(text, width, size, bold, measure_)) {
      addText(x, y, std::move(line), c, size, bold, role, index);
      y += 1.3f * size;
    }
    return y;
  }

  // Where a view's trace came from, on one line: the backend and device lead, and the details
  // that follow (why there is no GPU, ...) are elided into the tooltip rather than taking three
  // lines of small print from every view.
  float addSubtitle(const std::string& text, float x, float y, float width, int index) {
    const float size = style_.smallSize;
    addText(x, y, fitText(text, width, size, false, measure_), pal_.textDim, size, false,
            "compare-subtitle", index);
    SceneText& t = scene_.texts.back();
    if (t.text != text) {
      t.tooltip = text;
      t.hoverX = x;
      t.hoverY = y;
      t.hoverW = width;
      t.hoverH = 1.3f * size;
    }
    return y + 1.3f * size;
  }

  float addHeadline(float y) {
    const Color c = rq_.tone == HeadlineTone::Pass   ? pal_.pass
                    : rq_.tone == HeadlineTone::Fail ? pal_.fail
                                                     : pal_.textDim;
    for (size_t i = 0; i < rq_.headline.size(); ++i) {
      const bool first = i == 0;
      // The detail (the shown step's diff) at the same size: it is what the class looks at.
      y = addWrapped(rq_.headline[i], pad(), y, rq_.width - 2 * pad(), first ? c : pal_.text,
                     style_.labelSize, first && rq_.tone != HeadlineTone::Plain,
                     first ? "compare-headline" : "compare-detail");
    }
    return rq_.headline.empty() ? y : y + 0.3f * style_.labelSize;
  }

  // The views in rows; each row as tall as its tallest view.
  float addViews(float top, float height) {
    const int cols = columns();
    const int rows = static_cast<int>((rq_.views.size() + static_cast<size_t>(cols) - 1) /
                                      static_cast<size_t>(cols));
    const float gap = pad();
    const float cellW =
        (rq_.width - 2 * pad() - static_cast<float>(cols - 1) * gap) / static_cast<float>(cols);
    const float cellH =
        std::max(6.0f * style_.labelSize, (height - static_cast<float>(rows - 1) * gap) /
                                              static_cast<float>(std::max(1, rows)));
    window_ = focusWindowOf(cellW);
    float y = top;
    for (int r = 0; r < rows; ++r) {
      float rowH = 0;
      for (int c = 0; c < cols; ++c) {
        const size_t i = static_cast<size_t>(r * cols + c);
        if (i >= rq_.views.size()) break;
        const float x = pad() + static_cast<float>(c) * (cellW + gap);
        rowH = std::max(rowH, addView(i, x, y, cellW, cellH));
      }
      y += rowH + gap;
    }
    return y - gap;
  }

  // One view: frame, title, subtitle, counters, and the array's compact scene. Returns its height.
  float addView(size_t i, float x, float y, float w, float h) {
    const CompareViewSpec& v = rq_.views[i];
    const int index = static_cast<int>(i);
    const float inner = 0.6f * pad();
    float cy = y + inner;
    // Brief views' titles at the labels' size: the room goes to the cells.
    const float titleSize = rq_.brief ? style_.labelSize : style_.titleSize;
    addText(x + inner, cy, v.title, pal_.text, titleSize, true, "compare-title", index);
    cy += 1.3f * titleSize;
    const bool failed = !v.trace;
    if (failed && v.picture) {
      // The picture says what happened, at the views' sizes (the headline keeps the words).
      const Scene part = v.picture(w - 2 * inner, style_);
      appendScene(scene_, part, x + inner, cy);
      scene_.width = std::max(scene_.width, x + inner + part.width + pad());
      cy += part.height;
    } else if (failed && !v.subtitle.empty())
      cy = addWrapped(v.subtitle, x + inner, cy, w - 2 * inner, pal_.fail, style_.smallSize, false,
                      "compare-error", index);
    else if (!v.subtitle.empty() && !rq_.brief)
      cy = addSubtitle(v.subtitle, x + inner, cy, w - 2 * inner, index);
    if (v.trace && !v.counters.empty() && !rq_.brief)
      cy = addWrapped(countersLine(v.counters), x + inner, cy, w - 2 * inner, pal_.text,
                      style_.labelSize, true, "compare-counters", index);
    float bottom = cy + inner;
    if (v.trace) bottom = addArray(v, x, cy, w, std::max(0.0f, y + h - cy - inner)) + inner;
    const float height = std::max(h, bottom - y);
    addFrame(x, y, w, height, index);
    return height;
  }

  float addArray(const CompareViewSpec& v, float x, float y, float w, float h) {
    ArraySceneRequest a{.trace = v.trace,
                        .step = v.step,
                        .width = w,
                        .height = h,
                        .compact = true,
                        .titled = !rq_.brief,
                        .differingCells = v.differingCells,
                        .garbageCells = v.garbageCells,
                        .strayCells = v.strayCells,
                        .window = window_};
    const Scene part = buildArrayScene(a, style_, pal_, measure_);
    appendScene(scene_, part, x, y);
    scene_.width = std::max(scene_.width, x + part.width + pad());
    return y + part.height;
  }

  void addFrame(float x, float y, float w, float h, int index) {
    SceneRect r{.x = x,
                .y = y,
                .w = w,
                .h = h,
                .stroke = pal_.cellStroke,
                .strokeWidth = 1.5f,
                .rounding = 0.3f * pad(),
                .role = "compare-view",
                .index = index};
    // Behind everything the views hold, in the views' order.
    scene_.rects.insert(scene_.rects.begin() + frames_++, r);
  }

  // Whether a view shows a step that moves values (Blelloch's down-sweep swap).
  bool anyViewMoves() const {
    for (const CompareViewSpec& v : rq_.views) {
      if (!v.trace || v.step < 0 || v.step >= static_cast<int>(v.trace->steps.size())) continue;
      if (!stepMoves(v.trace->steps[static_cast<size_t>(v.step)]).empty()) return true;
    }
    return false;
  }

  // Whether a view shows a step of one section (its threads drawn under the cells).
  bool anyViewShowsThreads() const {
    for (const CompareViewSpec& v : rq_.views) {
      if (!v.trace || v.step < 0 || v.step >= static_cast<int>(v.trace->steps.size())) continue;
      if (isSectionStep(v.trace->steps[static_cast<size_t>(v.step)])) return true;
    }
    return false;
  }

  // Whether a view's threads are in `state` at its step: brief views name only the states
  // they show.
  bool anyThreadIn(ThreadState state) const {
    if (!rq_.brief) return true;
    for (const CompareViewSpec& v : rq_.views) {
      if (!v.trace || v.step < 0 || v.step >= static_cast<int>(v.trace->steps.size())) continue;
      const std::vector<ThreadState> states = threadStates(*v.trace, v.step);
      if (std::find(states.begin(), states.end(), state) != states.end()) return true;
    }
    return false;
  }

  // The legend's rows from y; returns the y under them. draw = false: only measures.
  float addLegend(float y, bool draw = true) {
    const float size = style_.smallSize;
    const float d = 1.05f * size;
    struct Item {
      const char* label;
      Color fill, stroke;
      float strokeWidth;
      bool dashedArrow = false;  // an arrow sample (the array view's move) instead of a swatch
      bool round = false;        // a thread's mark rather than a cell's
    };
    std::vector<Item> items = {{"written in this step", pal_.writtenFill, pal_.cellStroke, 1},
                               {"read as operand", pal_.beforeFill, pal_.sourceStroke, 2.5f}};
    if (anyViewMoves())
      items.push_back({"moved, no operation",
                       {0, 0, 0, 0},
                       pal_.text,
                       std::max(1.0f, 0.09f * style_.labelSize),
                       true});
    // The three thread states the views draw under their cells, as the same round marks.
    if (anyViewShowsThreads()) {
      if (anyThreadIn(ThreadState::Active))
        items.push_back({"active thread", pal_.threadActive, {0, 0, 0, 0}, 0, false, true});
      if (anyThreadIn(ThreadState::Waiting))
        items.push_back(
            {"waiting for later steps", {0, 0, 0, 0}, pal_.threadWaiting, 2, false, true});
      if (anyThreadIn(ThreadState::Done))
        items.push_back(
            {"done, lane still occupied", pal_.threadDone, {0, 0, 0, 0}, 0, false, true});
    }
    if (rq_.diffLegend)
      items.push_back({"differs from the other trace", {0, 0, 0, 0}, pal_.fail, 3});
    const auto any = [&](auto member) {
      return std::any_of(rq_.views.begin(), rq_.views.end(),
                         [&](const CompareViewSpec& v) { return !(v.*member).empty(); });
    };
    if (any(&CompareViewSpec::garbageCells))
      items.push_back(
          {"garbage: read outside its array (the value on hover)", pal_.cellFill, pal_.fail, 2});
    if (any(&CompareViewSpec::strayCells))
      items.push_back({"written past the array's end", pal_.paddingFill, pal_.fail, 2});
    LegendRows rows(draw ? &scene_ : nullptr, measure_, pad(), rq_.width - pad(), y, size, 1.6f,
                    pal_.textDim);
    for (const Item& item : items) {
      const float sample = item.dashedArrow ? 2 * d : d;
      const auto [x, rowY] = rows.add(sample, item.label);
      if (!draw) continue;
      if (item.dashedArrow) {
        SceneLine l;
        l.x1 = x;
        l.x2 = x + sample;
        l.y1 = l.y2 = rowY + 0.5f * d;
        l.color = item.stroke;
        l.width = item.strokeWidth;
        l.arrow = true;
        l.dashed = true;
        l.role = "legend-arrow";
        scene_.lines.push_back(l);
      } else {
        SceneRect& r = addSceneRect(scene_, x, rowY, d, d, item.fill, "legend-swatch");
        r.stroke = item.stroke;
        r.strokeWidth = item.strokeWidth;
        r.rounding = (item.round ? 0.5f : 0.15f) * d;
      }
    }
    return rows.bottom();
  }

  const CompareSceneRequest& rq_;
  Scene scene_;
  std::ptrdiff_t frames_ = 0;
  CellWindow window_;  // the views' focus window (focusWindowOf)
};

}  // namespace

Scene buildCompareScene(const CompareSceneRequest& rq, const ArraySceneStyle& style,
                        const ViewPalette& palette, const MeasureText& measure) {
  Scene scene = CompareSceneBuilder(rq, style, palette, measure).build();
  // Views whose headers wrap can overflow the height the array scenes were fitted to: smaller
  // type then keeps every view in sight rather than a scrollbar in class, down to 3/4 of the
  // body text at scale 1 (the UI scale buys room to shrink, never illegible text).
  const float floor = std::max(std::min(style.labelSize, kMinCompareLabel), style.minTextSize);
  ArraySceneStyle current = style;
  for (int attempt = 0; attempt < 4 && scene.height > rq.height + 0.5f; ++attempt) {
    const float f = std::max({0.85f, 0.98f * rq.height / scene.height, floor / current.labelSize});
    if (f >= 0.999f) break;
    current = current.scaled(f);
    Scene fitted = CompareSceneBuilder(rq, current, palette, measure).build();
    if (fitted.height >= scene.height) break;
    scene = std::move(fitted);
  }
  return scene;
}

}  // namespace scanviz
