// The array view's rows of cells: the index row, "before" and "after", the flags, the writes past
// an array's end, and each cell's box, value (or garbage word) and tooltip.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <string>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

// What a cell shows: the identity of max and min as a symbol (value_format.h).
std::string ArraySceneBuilder::cellText(double v) const {
  return formatCellValue(v, t_.meta.op, t_.meta.dtype);
}

float ArraySceneBuilder::addIndexRow(float y) {
  indexY_ = y;
  // Legible indices, thinned to every k-th over narrow cells, rather than tiny ones over all.
  const float size = std::min(style_.smallSize, std::max(minFont_, 0.45f * cw_));
  const int every = labelStride(std::to_string(count() + naming_.firstIndex), size, cw_);
  for (int i = 0; i < count(); ++i) {
    if (i % every != 0 || !visible(cellX(i), cw_)) continue;
    addText(cellCentre(i), y, std::to_string(naming_.firstIndex + i), pal_.textDim, size, false,
            TextAlign::Center, "index", i);
  }
  return y + 1.3f * size;
}

// In symbolic mode the inputs a cell combines ("x0..x3"); its value where the range is unknown.
std::string ArraySceneBuilder::cellText(double v, const std::vector<InputRange>* symbols,
                                        size_t i) const {
  if (symbols && i < symbols->size() && (*symbols)[i].kind != InputRange::Kind::Unknown)
    return symbolicText((*symbols)[i], t_.meta.op, t_.meta.dtype);
  return cellText(v);
}

void ArraySceneBuilder::addCell(const CellRowSpec& row, int i) {
  const float x = cellX(i) + 0.5f * (1 - kCellBox) * cw_;
  const float w = kCellBox * cw_;
  const double v = (*row.values)[static_cast<size_t>(i)];
  const bool mainRow = row.role == "cell";
  const bool padding = (mainRow || row.before) && sectionStep() && isPadding(i);
  const bool written = mainRow && writeOf(i) != CellWrite::None;
  const bool source = row.before && sources_.count(i) > 0;
  SceneRect r{.x = x, .y = row.y, .w = w, .h = row.height};
  r.rounding =
      std::min(0.12f * valueSize_, 0.2f * w);  // narrow cells: plain rectangles, fewer triangles
  r.fill = written ? pal_.writtenFill : row.before ? pal_.beforeFill : pal_.cellFill;
  r.stroke = source ? pal_.sourceStroke : pal_.cellStroke;
  if (cw_ < 8) {
    // Narrow cells get no outline (it would cover their colour): a source is tinted instead.
    if (source) r.fill = pal_.sourceStroke;
    r.stroke = Color{0, 0, 0, 0};
  }
  r.strokeWidth = source ? std::max(2.0f, 0.1f * style_.labelSize) : 1.0f;
  r.role = written ? row.role + "-written" : row.role;
  r.index = i;
  if (padding) {
    r.fill = pal_.paddingFill;
    r.hatched = true;
    r.stroke = source ? pal_.sourceStroke : pal_.paddingHatch;
    r.role = row.role + "-padding";
  }
  const bool garbage = mainRow && isGarbage(i);
  if (garbage) {
    r.stroke = pal_.fail;
    r.strokeWidth = std::max(2.0f, 0.1f * style_.labelSize);
  }
  scene_.rects.push_back(r);
  if (garbage)
    addGarbageValue(row, i, v, x, w);
  else
    addCellValue(row, i, v, x, w, written, padding);
}

// A cell holding what was read from outside an array: the word, legible, in the failure
// colour; the value (ten digits of 0xDEADBEEF's making) in the tooltip.
void ArraySceneBuilder::addGarbageValue(const CellRowSpec& row, int i, double v, float x, float w) {
  const std::string word =
      measure_("garbage", valueSize_, true) <= cellTextRoom(cw_, valueSize_) ? "garbage" : "?";
  SceneText& text = addSceneText(scene_, x + 0.5f * w, row.y + 0.5f * (row.height - valueSize_),
                                 valuesShown_ ? word : std::string(), pal_.fail, valueSize_, true,
                                 TextAlign::Center, row.role + "-value", i);
  text.tooltip = row.naming.array + "[" + std::to_string(row.naming.firstIndex + i) +
                 "] = " + formatValue(v, t_.meta.dtype) +
                 ": garbage, made from a value read outside its array (the emulator gives "
                 "0xDEADBEEF there, a GPU whatever memory lies there)";
  text.hoverX = x;
  text.hoverY = row.y;
  text.hoverW = w;
  text.hoverH = row.height;
}

std::string ArraySceneBuilder::strayLabel() const {
  return "past " + (rq_.strayCells.empty() ? std::string("the") : arrayOf(rq_.strayCells[0])) +
         "'s end";
}

// The writes past an array's end (an unguarded store): under the cells, a bar where the array
// ends and, at each column written past it, a mark outlined in the failure colour naming the
// element (legible: no hatching under the name); the note is its tooltip.
float ArraySceneBuilder::addStrayRow(float y) {
  if (rq_.strayCells.empty()) return y;
  y += 0.4f * style_.labelSize;
  const float h = 0.8f * cellH_;
  addRowLabel(strayLabel(), y, h, pal_.fail, "row-label");
  const float size = std::max(style_.minTextSize, std::min(style_.labelSize, 0.6f * h));
  for (const StrayCell& c : rq_.strayCells) {
    if (c.column < 0 || c.column >= count() || !visible(cellX(c.column), cw_)) continue;
    const float x = cellX(c.column) + 0.5f * (1 - kCellBox) * cw_, w = kCellBox * cw_;
    SceneRect& mark = addSceneRect(scene_, x, y, w, h, pal_.paddingFill, "stray-write", c.column);
    mark.stroke = pal_.fail;
    mark.strokeWidth = std::max(2.0f, 0.1f * style_.labelSize);
    mark.rounding = std::min(0.12f * valueSize_, 0.2f * w);
    SceneText& name = addSceneText(scene_, x + 0.5f * w, y + 0.5f * (h - size),
                                   fitText(c.name, w - 4, size, true, measure_), pal_.fail, size,
                                   true, TextAlign::Center, "stray-write-name", c.column);
    name.tooltip = c.tooltip;
    name.hoverX = x;
    name.hoverY = y;
    name.hoverW = w;
    name.hoverH = h;
  }
  const int end = rq_.strayCells.front().end;
  if (end > 0 && end <= count() && visible(cellX(end) - 1, 2))
    addSceneLine(scene_, cellX(end), rowsTop_, cellX(end), y + h, pal_.fail,
                 std::max(2.0f, 0.15f * style_.labelSize), "array-end", end);
  return y + h;
}

void ArraySceneBuilder::addCellValue(const CellRowSpec& row, int i, double v, float x, float w,
                                     bool written, bool padding) {
  const float size = row.before ? beforeValueSize() : valueSize_;
  const std::string full = formatValue(v, t_.meta.dtype);
  SceneText text;
  // Padding values are regular and dim: they must not read as data or results.
  const bool bold = !row.before && !padding;
  const std::string shown = cellText(v, row.symbols, static_cast<size_t>(i));
  const auto [top, bottom] = twoLines_ ? rangeLines(shown) : std::pair{shown, std::string()};
  text.text = valuesShown_ ? fitCellText(top, cw_, size, bold, measure_) : std::string();
  text.x = x + 0.5f * w;
  text.y = row.y + 0.5f * (row.height - size * (bottom.empty() ? 1 : 1 + kSecondLine));
  text.size = size;
  text.bold = bold;
  text.align = TextAlign::Center;
  text.color = padding      ? pal_.textDim
               : written    ? pal_.writtenText
               : row.before ? pal_.beforeText
                            : pal_.text;
  text.role = row.role + "-value";
  text.index = i;
  text.tooltip = cellTooltip(row, i, full, written);
  text.hoverX = x;
  text.hoverY = row.y;
  text.hoverW = w;
  text.hoverH = row.height;
  if (!bottom.empty() && valuesShown_) {
    SceneText second = text;
    second.text = fitCellText(bottom, cw_, size, bold, measure_);
    second.y += kSecondLine * size;
    second.tooltip.clear();
    scene_.texts.push_back(std::move(text));
    scene_.texts.push_back(std::move(second));
    return;
  }
  scene_.texts.push_back(std::move(text));
}

std::string ArraySceneBuilder::cellTooltip(const CellRowSpec& row, int i, const std::string& full,
                                           bool written) const {
  const std::string name = row.naming.array + "[" + std::to_string(row.naming.firstIndex + i) + "]";
  std::string tip = (row.before ? "before this step: " : "") + name + " = " + full;
  if (row.symbols && static_cast<size_t>(i) < row.symbols->size() &&
      (*row.symbols)[static_cast<size_t>(i)].kind == InputRange::Kind::Range)
    tip += ", the inputs " +
           symbolicText((*row.symbols)[static_cast<size_t>(i)], t_.meta.op, t_.meta.dtype) +
           " combined";
  if (isIdentitySymbol((*row.values)[static_cast<size_t>(i)], t_.meta.op, t_.meta.dtype))
    tip += " (" + cellText((*row.values)[static_cast<size_t>(i)]) + ": the identity of " +
           t_.meta.op + ")";
  if (sectionStep() && isPadding(i) && (row.role == "cell" || row.before))
    tip += "\npadding: the identity, so it never changes a result";
  if (!written || !before_) return tip;
  const auto nameOf = [&](int k) {
    return row.naming.array + "[" + std::to_string(row.naming.firstIndex + k) + "]";
  };
  const auto value = [&](int k) {
    return formatValue((*before_)[static_cast<size_t>(k)], t_.meta.dtype);
  };
  const int beforeCount = static_cast<int>(before_->size());
  for (const auto& [dst, src] : s_.edges) {
    if (dst != i || src < 0 || src >= beforeCount) continue;
    // In a chain the left operand is the value its neighbour got in this very step.
    const std::string left =
        chain_ ? formatValue(s_.values[static_cast<size_t>(src)], t_.meta.dtype) : value(src);
    tip += "\nwritten this step: " + applied(nameOf(src) + (chain_ ? " (new)" : ""), nameOf(dst)) +
           " = " + applied(left, value(dst)) + " = " + full;
  }
  for (const CellMove& m : moves_) {
    if (m.dst != i || m.src < 0 || m.src >= beforeCount) continue;
    tip += "\nmoved here this step: the old " + nameOf(m.src) + " = " + value(m.src) +
           " (a move, no operation)";
  }
  return tip;
}

// "a + b", "a x b", "max(a, b)": the operator applied to two operands, as on the slides.
std::string ArraySceneBuilder::applied(const std::string& a, const std::string& b) const {
  if (t_.meta.op == "add") return a + " + " + b;
  if (t_.meta.op == "mul") return a + " \xC3\x97 " + b;  // U+00D7
  return t_.meta.op + "(" + a + ", " + b + ")";
}

void ArraySceneBuilder::addCellRow(const CellRowSpec& row) {
  const int n = static_cast<int>(row.values->size());
  for (int i = 0; i < n; ++i)
    if (visible(cellX(i), cw_)) addCell(row, i);
}

float ArraySceneBuilder::addArrayRows(float y) {
  y = addIndexRow(y);
  if (before_) {
    const bool load = s_.kind == static_cast<int>(StepKind::Load);
    addRowLabel(load ? "input" : "before", y, 0.85f * cellH_, pal_.textDim, "row-label");
    addCellRow({&*before_, y, 0.85f * cellH_, true, "before-cell", naming_, beforeSymbols()});
    elidedRows_.push_back({y, 0.85f * cellH_});
    const float beforeBottom = y + 0.85f * cellH_;
    const float band = std::max((windowed() ? 2.0f : 2.4f) * style_.labelSize, 1.1f * cellH_);
    afterTop_ = beforeBottom + band;
    layoutChips(beforeBottom, afterTop_);
    addArrows(beforeBottom, afterTop_, load);
    addChips();
    y = afterTop_;
  } else if (!outside_.empty()) {
    // No row before the step, but values from outside it: their chips get a band of their own.
    afterTop_ = y + std::max(2.2f * style_.labelSize, 0.9f * cellH_);
    layoutChips(y, afterTop_);
    addChips();
    y = afterTop_;
  } else {
    afterTop_ = y;
  }
  rowsTop_ = y;
  const std::string name = sectionStep()          ? "XY after"
                           : s_.array == "global" ? "Y after"
                                                  : "sums after";
  addRowLabel(name, y, cellH_, pal_.text, "row-label");
  addCellRow({&s_.values, y, cellH_, false, "cell", naming_, stepSymbols(rq_.step)});
  elidedRows_.push_back({y, cellH_});
  for (int i : rq_.differingCells) markDifference(i, y);
  if (chain_) {
    addChainArrows(y);
    return addFlagsRow(y + cellH_ + 0.4f * style_.labelSize);
  }
  return addFlagsRow(y + cellH_);
}

// The flags the step shows (trace version 3: segment heads, predicate bits), a row of 0 and 1
// under the values; a 1 is filled in the accent colour so that segment starts stand out.
float ArraySceneBuilder::addFlagsRow(float y) {
  const std::vector<uint8_t>* flags = flagsShown(t_, static_cast<size_t>(rq_.step));
  if (!flags || flags->size() != s_.values.size()) return y;
  y += 0.25f * style_.labelSize;
  const float h = 0.6f * cellH_;
  addRowLabel("flags", y, h, pal_.textDim, "row-label");
  const float size = std::min(style_.smallSize, 0.8f * h);
  for (int i = 0; i < count(); ++i) {
    if (!visible(cellX(i), cw_)) continue;
    const bool head = (*flags)[static_cast<size_t>(i)] != 0;
    SceneRect r{.x = cellX(i) + 0.5f * (1 - kCellBox) * cw_,
                .y = y,
                .w = kCellBox * cw_,
                .h = h,
                .fill = head ? pal_.accent : pal_.beforeFill,
                .stroke = cw_ < 8 ? Color{0, 0, 0, 0} : pal_.cellStroke,
                .strokeWidth = 1.0f,
                .role = head ? "flag-set" : "flag",
                .index = i};
    scene_.rects.push_back(r);
    if (valuesShown_)
      addText(cellCentre(i), y + 0.5f * (h - size), head ? "1" : "0",
              head ? pal_.background : pal_.textDim, size, head, TextAlign::Center, "flag-value",
              i);
  }
  return y + h;
}

// Drawn over the cell, in the failure colour: the diff must be seen from the back row.
void ArraySceneBuilder::markDifference(int i, float y) {
  if (i < 0 || i >= count() || !visible(cellX(i), cw_)) return;
  addFailureOutline(i, cellX(i) - 1, y - 3, cw_ + 2, cellH_ + 6, 0.2f, "cell-diff");
}

// A thick rounded outline in the failure colour around cell i's box (x, y, w, h), its width a
// share of the label size with 3 pixels at least.
void ArraySceneBuilder::addFailureOutline(int i, float x, float y, float w, float h,
                                          float widthShare, const char* role) {
  scene_.rects.push_back({.x = x,
                          .y = y,
                          .w = w,
                          .h = h,
                          .stroke = pal_.fail,
                          .strokeWidth = std::max(3.0f, widthShare * style_.labelSize),
                          .rounding = std::min(0.12f * valueSize_, 0.2f * cw_),
                          .role = role,
                          .index = i});
}

}  // namespace scanviz::array_scene
