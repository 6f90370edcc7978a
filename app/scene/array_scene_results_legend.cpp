// The array view's last rows: the inclusive and exclusive results checked against the sequential
// scan, their verdicts, and the legend of what the colours and arrows mean.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <string>

#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

// What a symbolic cell means, with the operator written out.
std::string ArraySceneBuilder::symbolLegend() const {
  const std::string ellipsis = " \xE2\x80\xA6 ";  // U+2026
  const std::string spelled = t_.meta.op == "add"   ? "xi +" + ellipsis + "+ xj"
                              : t_.meta.op == "mul" ? "xi \xC3\x97" + ellipsis + "\xC3\x97 xj"
                                                    : t_.meta.op + "(xi," + ellipsis + "xj)";
  return "xi..xj = " + spelled + ": the inputs the cell combines";
}

float ArraySceneBuilder::addResults(float y) {
  const ResultCheck check = checkResults(t_);
  y += 0.6f * style_.labelSize;
  addText(pad(), y, "Result, checked against the sequential scan", pal_.text, style_.labelSize,
          true, TextAlign::Left, "results-title");
  y += 1.5f * style_.labelSize;
  y = addResultRow(check.inclusive, y);
  y = addResultRow(check.exclusive, y + 0.25f * style_.labelSize);
  return addResultVerdict(check, y + 0.3f * style_.labelSize);
}

float ArraySceneBuilder::addResultRow(const ResultRow& row, float y) {
  std::vector<double> values = row.values;
  if (values.size() > kMaxResultCells) values.resize(kMaxResultCells);
  resultStore_.push_back(std::move(values));
  const std::vector<double>& shown = resultStore_.back();
  const float h = 1.35f * valueSize_;
  const bool ok = row.mismatch.index < 0;
  const std::string name = row.inclusive ? "inclusive" : "exclusive";
  addRowLabel(name + " " + (ok ? kTick : kCross), y, h, ok ? pal_.pass : pal_.fail,
              ok ? "result-pass" : "result-fail");
  CellRowSpec spec{&shown,
                   y,
                   h,
                   false,
                   row.inclusive ? "result-inclusive" : "result-exclusive",
                   RowNaming{name, 0},
                   symbols_.empty() ? nullptr
                   : row.inclusive  ? &inclusiveSymbols_
                                    : &exclusiveSymbols_};
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    if (!visible(cellX(i), cw_)) continue;
    addCell(spec, i);
    if (i == row.mismatch.index) markMismatch(i, y, h);
  }
  return y + h;
}

void ArraySceneBuilder::markMismatch(int i, float y, float h) {
  addFailureOutline(i, cellX(i), y - 2, cw_, h + 4, 0.18f, "result-mismatch");
}

float ArraySceneBuilder::addResultVerdict(const ResultCheck& check, float y) {
  const auto verdict = [&](const ResultRow& row) {
    const std::string name = row.inclusive ? "inclusive" : "exclusive";
    const std::string how = row.how.empty() ? "" : " (" + row.how + ")";
    if (row.mismatch.index < 0)
      return std::string(kTick) + " " + name + " matches the sequential scan" + how;
    return std::string(kCross) + " " + name + ": first difference at " + row.mismatch.describe() +
           how;
  };
  for (const ResultRow* row : {&check.inclusive, &check.exclusive}) {
    const bool ok = row->mismatch.index < 0;
    y = addWrapped(verdict(*row), y, ok ? pal_.pass : pal_.fail, style_.labelSize, true,
                   ok ? "check-pass" : "check-fail");
  }
  return y;
}

std::vector<ArraySceneBuilder::LegendItem> ArraySceneBuilder::legendItems(float d) const {
  const auto swatch = [d](Color fill, Color stroke, float strokeWidth, float rounding,
                          bool hatched) {
    SceneRect r;
    r.w = r.h = d;
    r.fill = fill;
    r.stroke = stroke;
    r.strokeWidth = strokeWidth;
    r.rounding = rounding;
    r.hatched = hatched;
    r.role = "legend-swatch";
    return r;
  };
  const auto arrow = [&](Color c, float width, bool dashed) {
    SceneLine l;
    l.x2 = 2 * d;  // long enough to read as an arrow, not a triangle
    l.color = c;
    l.width = width;
    l.arrow = true;
    l.dashed = dashed;
    l.role = "legend-arrow";
    return l;
  };
  std::vector<LegendItem> items = {
      {"written in this step", swatch(pal_.writtenFill, pal_.cellStroke, 1, 0.15f * d, false), {}},
      {"read as operand", swatch(pal_.beforeFill, pal_.sourceStroke, 2.5f, 0.15f * d, false), {}},
  };
  // The two kinds of arrow side by side where a step has both: the swap is the lesson.
  if (chain_)
    items.push_back({"operator applied to the left neighbour's new value",
                     {},
                     arrow(pal_.arrow, std::max(1.5f, 0.12f * style_.labelSize), false)});
  const bool movedIn = std::any_of(outside_.begin(), outside_.end(),
                                   [](const OutsideSource& o) { return !o.combined; });
  if (!moves_.empty() || movedIn) {
    const float width = std::max(1.5f, 0.12f * style_.labelSize);
    items.push_back({"operator applied", {}, arrow(pal_.arrow, width, false)});
    items.push_back(
        {"moved, no operation", {}, arrow(pal_.text, std::max(1.0f, 0.75f * width), true)});
  }
  if (sectionStep()) {
    items.push_back({"active thread", swatch(pal_.threadActive, {}, 0, 0.5f * d, false), {}});
    items.push_back({"waiting for later steps",
                     swatch({0, 0, 0, 0}, pal_.threadWaiting, 2, 0.5f * d, false),
                     {}});
    items.push_back(
        {"done, lane still occupied", swatch(pal_.threadDone, {}, 0, 0.5f * d, false), {}});
  }
  if (!outside_.empty())
    items.push_back({"from outside the array (the identity, the input, a block's total S)",
                     swatch(pal_.background, pal_.accent, 1.5f, 0.3f * d, false),
                     {}});
  if (!symbols_.empty())
    items.push_back(
        {symbolLegend(), swatch(pal_.cellFill, pal_.cellStroke, 1, 0.15f * d, false), {}});
  if (validCount_ < count() && sectionStep())
    items.push_back({"padding, not data (loaded as the identity)",
                     swatch(pal_.paddingFill, pal_.paddingHatch, 1, 0.15f * d, true),
                     {}});
  return items;
}

float ArraySceneBuilder::addLegend(float y) {
  const float size = style_.smallSize;
  const float d = 1.05f * size;
  const float right = std::max(rq_.width, windowRight() + rightSlot_) - pad();
  LegendRows rows(&scene_, measure_, pad(), right, y, size, 1.6f, pal_.textDim);
  for (LegendItem& item : legendItems(d)) {
    const auto [x, rowY] = rows.add(item.arrow ? item.arrow->x2 : d, item.label);
    if (item.arrow) {
      SceneLine l = *item.arrow;
      l.x1 = x;
      l.x2 += x;
      l.y1 = l.y2 = rowY + 0.5f * d;
      scene_.lines.push_back(l);
    } else {
      item.swatch.x = x;
      item.swatch.y = rowY;
      scene_.rects.push_back(item.swatch);
    }
  }
  return rows.bottom();
}

}  // namespace scanviz::array_scene
