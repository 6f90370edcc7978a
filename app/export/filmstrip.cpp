#include "app/export/filmstrip.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

bool isAfterCell(const std::string& role) {
  return role == "cell" || role == "cell-written" || role == "cell-padding";
}
bool isBeforeCell(const std::string& role) {
  return role.rfind("before-cell", 0) == 0;
}
bool isArrow(const std::string& role) {
  return role == "arrow" || role == "own-arrow" || role == "load-arrow" || role == "move-arrow";
}

struct RowSpan {
  float top = 0;
  float bottom = 0;
  bool found = false;
};

RowSpan spanOf(const Scene& s, const std::function<bool(const std::string&)>& cellRole) {
  RowSpan r;
  for (const SceneRect& c : s.rects) {
    if (!cellRole(c.role)) continue;
    r.top = r.found ? std::min(r.top, c.y) : c.y;
    r.bottom = r.found ? std::max(r.bottom, c.y + c.h) : c.y + c.h;
    r.found = true;
  }
  return r;
}

float leftOfCells(const Scene& s) {
  float left = s.width;
  for (const SceneRect& c : s.rects)
    if (isAfterCell(c.role)) left = std::min(left, c.x);
  return left;
}

// The primitives of `s` whose role passes `keep`.
Scene only(const Scene& s, const std::function<bool(const std::string&)>& keep) {
  Scene out;
  for (const SceneRect& r : s.rects)
    if (keep(r.role)) out.rects.push_back(r);
  for (const SceneLine& l : s.lines)
    if (keep(l.role)) out.lines.push_back(l);
  for (const SceneText& t : s.texts)
    if (keep(t.role)) out.texts.push_back(t);
  return out;
}

// Whether step k works on the array step k-1 left (the view's "before" row is that row).
bool continuesPrevious(const Trace& t, int k) {
  if (k <= 0) return false;
  const TraceStep& p = t.steps[static_cast<size_t>(k - 1)];
  const TraceStep& s = t.steps[static_cast<size_t>(k)];
  return p.array == s.array && p.block == s.block && p.level == s.level && p.offset == s.offset &&
         p.values.size() == s.values.size();
}

std::string algorithmName(const TraceMeta& m) {
  const auto id = findAlgorithm(m.algorithm);
  return id ? std::string(algorithmInfo(*id).name) : m.algorithm;
}

class FilmstripBuilder {
 public:
  FilmstripBuilder(const Trace& t, int first, int last, const PictureStyle& style)
      : t_(t),
        first_(first),
        last_(last),
        style_(style),
        text_(pictureTextStyle()),
        pal_(picturePalette(style)),
        measure_(pictureMeasure()) {}

  Scene build() {
    PictureStyle rowStyle = style_;
    rowStyle.explanation = false;
    rowStyle.sizeFirst = first_;
    rowStyle.sizeLast = last_;
    for (int k = first_; k <= last_; ++k) steps_.push_back(stepPicture(t_, k, rowStyle));
    layoutLabelColumn();
    float y = pad();
    y = addTitle(y);
    y = addIndexRow(y);
    for (int k = first_; k <= last_; ++k) y = addStep(k, y);
    if (last_ + 1 == static_cast<int>(t_.steps.size()) && !t_.output.empty()) {
      // The verdicts name both results: both rows are drawn, so the strip claims only what it
      // shows.
      y = addResultRows(y + 0.6f * text_.labelSize);
      y = addVerdict(y + 0.3f * text_.labelSize);
    }
    y = addLegend(y + 0.8f * text_.labelSize);
    out_.height = y + pad();
    fitWidth(out_, measure_, pad());
    return std::move(out_);
  }

 private:
  float pad() const { return 0.6f * text_.labelSize; }
  const Scene& stepScene(int k) const { return steps_[static_cast<size_t>(k - first_)]; }

  void addText(float x, float y, std::string text, Color c, float size, bool bold,
               const std::string& role, int index = -1) {
    addSceneText(out_, x, y, std::move(text), c, size, bold, TextAlign::Left, role, index);
  }

  std::string stepName(int k) const { return "step " + std::to_string(k); }

  // Every row starts at the same x: the widest step name decides where the cells begin.
  void layoutLabelColumn() {
    float labels = measure_("before", text_.labelSize, false);
    for (int k = first_; k <= last_; ++k) {
      labels = std::max(labels, measure_(stepName(k), text_.labelSize, true));
      labels = std::max(labels,
                        measure_(t_.steps[static_cast<size_t>(k)].label, text_.smallSize, false));
    }
    if (last_ + 1 == static_cast<int>(t_.steps.size()) && !t_.output.empty())
      labels =
          std::max(labels, measure_(std::string("exclusive ") + kTick, text_.labelSize, false));
    cellsLeft_ = pad() + labels + 1.5f * pad();
  }

  float dxFor(const Scene& s) const { return cellsLeft_ - leftOfCells(s); }

  float addTitle(float y) {
    const std::string range =
        first_ == 0 && last_ + 1 == static_cast<int>(t_.steps.size())
            ? "all " + std::to_string(t_.steps.size()) + " steps"
            : "steps " + std::to_string(first_) + "\xE2\x80\x93" + std::to_string(last_);
    addText(pad(), y,
            algorithmName(t_.meta) + "  \xC2\xB7  " +
                scanDescription(t_.meta.op, t_.meta.inclusive, t_.meta.dtype) +
                "  \xC2\xB7  N = " + std::to_string(t_.meta.n) + "  \xC2\xB7  " + range,
            pal_.text, text_.titleSize, true, "title");
    return y + 1.5f * text_.titleSize;
  }

  // Element indices above the first row, taken from the first step's view.
  float addIndexRow(float y) {
    const Scene& s = stepScene(first_);
    const Scene idx = only(s, [](const std::string& r) { return r == "index"; });
    if (idx.texts.empty()) return y;
    float top = idx.texts.front().y, bottom = top;
    for (const SceneText& t : idx.texts) bottom = std::max(bottom, t.y + 1.3f * t.size);
    appendScene(out_, idx, dxFor(s), y - top);
    return y + (bottom - top);
  }

  void addRowLabel(const std::string& name, const std::string& detail, float top, float bottom,
                   int step) {
    const float h = text_.labelSize + (detail.empty() ? 0 : 1.15f * text_.smallSize);
    const float y = 0.5f * (top + bottom - h);
    addText(pad(), y, name, detail.empty() ? pal_.textDim : pal_.text, text_.labelSize,
            !detail.empty(), detail.empty() ? "row-label" : "step-label", step);
    if (!detail.empty())
      addText(pad(), y + 1.15f * text_.labelSize, detail, pal_.textDim, text_.smallSize, false,
              "step-detail", step);
  }

  // A row taken from a step's view: the cells that pass `cells` and their values, moved so that
  // the row's top lands at `y`. Returns the bottom.
  float addRow(const Scene& s, bool before, float y) {
    const auto cellRole = before ? isBeforeCell : isAfterCell;
    const RowSpan span = spanOf(s, cellRole);
    const std::string valueRole = before ? "before-cell-value" : "cell-value";
    // A sequential pass's arrows run along its row, just under it (a coarsened scan's phase 1).
    const auto keep = [&](const std::string& r) {
      return cellRole(r) || r == valueRole || (!before && r == "chain-arrow");
    };
    const Scene row = only(s, keep);
    appendScene(out_, row, dxFor(s), y - span.top);
    float bottom = y + (span.bottom - span.top);
    for (const SceneLine& l : row.lines)
      bottom = std::max(bottom, l.y1 + (y - span.top) + 0.45f * text_.labelSize);
    return bottom;
  }

  // The last step's result rows (inclusive and exclusive, each checked), cells under the strip's
  // cells and their labels in the label column.
  float addResultRows(float y) {
    const Scene& s = stepScene(last_);
    const auto isResultCell = [](const std::string& r) {
      return r.rfind("result-inclusive", 0) == 0 || r.rfind("result-exclusive", 0) == 0 ||
             r == "result-mismatch";
    };
    const RowSpan span = spanOf(s, isResultCell);
    if (!span.found) return y;
    appendScene(out_, only(s, isResultCell), dxFor(s), y - span.top);
    addSegmentBars(s, y, y + (span.bottom - span.top));
    appendScene(
        out_,
        only(s, [](const std::string& r) { return r == "result-pass" || r == "result-fail"; }), 0,
        y - span.top);
    return y + (span.bottom - span.top);
  }

  // Arrows of step k from the row ending at `from` to the row starting at `to`.
  void addArrows(const Scene& s, float sourceBottom, float targetTop) {
    const RowSpan before = spanOf(s, isBeforeCell);
    const RowSpan after = spanOf(s, isAfterCell);
    const Scene arrows = only(s, isArrow);
    // The view's band between its rows becomes the band between the strip's rows: arrows keep
    // their gaps at both ends.
    Scene moved = arrows;
    for (SceneLine& l : moved.lines) {
      l.y1 = sourceBottom + (l.y1 - before.bottom);
      l.y2 = targetTop - (after.top - l.y2);
    }
    appendScene(out_, moved, dxFor(s), 0);
  }

  // The view's segment bars (a segmented scan: a bar on the left edge of every cell that starts a
  // segment), from `top` to `bottom` of the strip, so a step's rows and the arrows between them
  // read as groups of cells as in the window.
  void addSegmentBars(const Scene& s, float top, float bottom) {
    Scene bars = only(s, [](const std::string& r) { return r == "segment-boundary"; });
    for (SceneLine& l : bars.lines) {
      l.y1 = top;
      l.y2 = bottom;
    }
    appendScene(out_, bars, dxFor(s), 0);
  }

  float addStep(int k, float y) {
    const Scene& s = stepScene(k);
    const RowSpan before = spanOf(s, isBeforeCell);
    const RowSpan after = spanOf(s, isAfterCell);
    const TraceStep& step = t_.steps[static_cast<size_t>(k)];
    const bool joined = k > first_ && continuesPrevious(t_, k) && before.found;
    float barsTop = y;  // a joined step's bars go on from the row above
    if (!joined && before.found) {
      const bool load = step.phase == "load";
      const float bottom = addRow(s, true, y);
      addRowLabel(load ? "input" : "before", "", y, bottom, k);
      y = bottom;
    }
    if (before.found) {
      const float top = y + (after.top - before.bottom);
      addArrows(s, y, top);
      y = top;
    } else if (k > first_) {
      y += 0.8f * text_.labelSize;
      barsTop = y;
    }
    const float bottom = addRow(s, false, y);
    addRowLabel(stepName(k), step.label, y, bottom, k);
    addSegmentBars(s, barsTop, bottom);
    return bottom;
  }

  float addVerdict(float y) {
    const Scene& s = stepScene(last_);
    const Scene lines =
        only(s, [](const std::string& r) { return r == "check-pass" || r == "check-fail"; });
    if (lines.texts.empty()) return y;
    const float top = lines.texts.front().y;
    float bottom = top;
    for (const SceneText& t : lines.texts) bottom = std::max(bottom, t.y + 1.35f * t.size);
    appendScene(out_, lines, 0, y - top);
    return y + (bottom - top);
  }

  bool anySegmentBar() const {
    return std::any_of(out_.lines.begin(), out_.lines.end(),
                       [](const SceneLine& l) { return l.role == "segment-boundary"; });
  }

  bool anyPadding() const {
    for (const SceneRect& r : out_.rects)
      if (r.role == "cell-padding") return true;
    return false;
  }

  // The first line of the strip drawn in `role` (a copy: the legend adds lines), if any.
  std::optional<SceneLine> drawnLine(const char* role) const {
    for (const SceneLine& l : out_.lines)
      if (l.role == role) return l;
    return std::nullopt;
  }

  // One sample for every kind of mark the strip draws, as it draws it, in rows across the
  // strip's width.
  float addLegend(float y) {
    const float size = text_.smallSize;
    float right = out_.width;
    for (const Scene& s : steps_) right = std::max(right, s.width);
    LegendRows rows(&out_, measure_, pad(), right - pad(), y, size, 1.6f, pal_.textDim);
    const float d = rows.swatchSide();
    const auto swatch = [&](Color fill, Color stroke, bool hatched, const std::string& text) {
      const LegendRows::Place at = rows.add(d, text);
      SceneRect& r = addSceneRect(out_, at.x, at.y, d, d, fill, "legend-swatch");
      r.stroke = stroke;
      r.strokeWidth = 1;
      r.rounding = 0.15f * d;
      r.hatched = hatched;
    };
    const auto sample = [&](SceneLine line, const std::string& text) {
      const LegendRows::Place at = rows.add(2 * d, text);  // long enough to read as an arrow
      line.x1 = at.x;
      line.x2 = at.x + 2 * d;
      line.y1 = line.y2 = at.y + 0.5f * d;
      line.arrow = true;
      line.role = "legend-arrow";
      out_.lines.push_back(line);
    };
    swatch(pal_.writtenFill, pal_.cellStroke, false, "written in this step");
    SceneLine operand;
    operand.color = pal_.arrow;
    operand.width = std::max(1.0f, 0.12f * text_.labelSize);
    if (const auto drawn = drawnLine("arrow")) operand = *drawn;
    sample(operand, "operand read by the thread that writes the cell");
    // The step views' other arrows, copied into the strip. The load's and the own-value arrows
    // look alike: one sample says both.
    const std::optional<SceneLine> own = drawnLine("own-arrow"), load = drawnLine("load-arrow");
    if (own)
      sample(*own,
             load ? "the element's own value (at the load: its input)" : "the element's own value");
    else if (load)
      sample(*load, "the element's input, loaded");
    if (const auto move = drawnLine("move-arrow")) sample(*move, "moved, no operation");
    if (anySegmentBar()) {
      const LegendRows::Place at = rows.add(d, "a segment starts (no value crosses the bar)");
      SceneLine bar{.x1 = at.x + 0.5f * d, .y1 = at.y, .x2 = at.x + 0.5f * d, .y2 = at.y + d};
      bar.color = pal_.accent;
      bar.width = std::max(2.0f, 0.25f * size);
      bar.role = "legend-segment";
      out_.lines.push_back(bar);
    }
    if (anyPadding())
      swatch(pal_.paddingFill, pal_.paddingHatch, true,
             "padding, not data (loaded as the identity)");
    y = rows.bottom();
    // Symbolic cells: the step scenes' own line saying what "x0..x3" means.
    for (const SceneText& t : stepScene(last_).texts)
      if (t.role == "legend" && t.text.rfind("xi..xj", 0) == 0) {
        addText(pad(), y + 0.5f * (d - size), t.text, pal_.textDim, size, false, "legend");
        y += 1.6f * size;
      }
    return y;
  }

  const Trace& t_;
  int first_;
  int last_;
  const PictureStyle& style_;
  ArraySceneStyle text_;
  ViewPalette pal_;
  const MeasureText& measure_;
  std::vector<Scene> steps_;
  Scene out_;
  float cellsLeft_ = 0;
};

}  // namespace

Scene filmstripPicture(const Trace& trace, int first, int last, const PictureStyle& style) {
  return FilmstripBuilder(trace, first, last, style).build();
}

}  // namespace scanviz
