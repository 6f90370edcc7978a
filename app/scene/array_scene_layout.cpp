// Where the array view's columns go: the step's rows, symbols and "before" values prepared, the
// value font sized so that the widest value on screen fits its cell, and the columns laid out.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

// The columns a focus window holds per row of cells, at the style's sizes (legibleColumns).
int ArraySceneBuilder::legibleColumns(float valueSize) {
  prepareStep();
  first_ = 0;
  shown_ = columns();
  x0_ = pad() + rowLabelWidth() + pad();
  const std::vector<std::string> widest = widestValueCandidates();
  float text = measure_("0", valueSize, true);
  for (const std::string& w : widest) text = std::max(text, measure_(w, valueSize, true));
  // cellTextRoom(cw, valueSize) >= text, solved for the column width.
  const float column = (text + kCellTextMargin * valueSize) / kCellBox;
  const float slots = 2 * slotWidth(elisionLabel(columns() - 1, columns() - 1));
  const float avail = rq_.width - x0_ - pad() - slots;
  return std::max(1, static_cast<int>(std::floor(avail / column)));
}

void ArraySceneBuilder::prepareStep() {
  validCount_ = validElements(t_, rq_.step);
  // Which cells the step wrote and how: the rule lives with the step model (step_writes.h), so
  // that the heat view, Compare and the exported pictures mark the same cells.
  writes_ = cellWrites(t_, rq_.step);
  // A sequential pass within the step (a coarsened scan's phase 1) reads each left neighbour's
  // NEW value: its operands are in the row the step wrote, not in the row before it.
  chain_ = s_.kind == static_cast<int>(StepKind::ThreadScan);
  for (const auto& [dst, src] : s_.edges)
    if (src >= 0 && !chain_) sources_.insert(src);
  moves_ = stepMoves(s_);
  garbage_.insert(rq_.garbageCells.begin(), rq_.garbageCells.end());
  before_ = beforeValues();
  // The load's input row draws its own arrows into the cells it fills; every other value from
  // outside the array gets a chip naming its source.
  std::set<int> loaded;
  if (before_ && s_.kind == static_cast<int>(StepKind::Load))
    for (int i = 0; i < validCount_ && i < static_cast<int>(before_->size()); ++i) loaded.insert(i);
  outside_ = outsideSources(t_, rq_.step, loaded);
  if (rq_.symbolic) prepareSymbols();
  naming_ = sectionStep() ? RowNaming{"XY", 0}
                          : RowNaming{s_.array == "global" ? "Y" : "sums", s_.offset};
}

// The values before this step: the previous step's array when it is the same array, the
// section's input for the load, nothing otherwise.
std::optional<std::vector<double>> ArraySceneBuilder::beforeValues() const {
  const int previous = previousStepOnSameArray(t_, rq_.step);
  if (previous >= 0) return t_.steps[static_cast<size_t>(previous)].values;
  if (s_.kind == static_cast<int>(StepKind::Load) && sectionStep() && s_.level == 0) {
    const size_t start =
        static_cast<size_t>(s_.block) * static_cast<size_t>(std::max(1, t_.meta.sectionSize));
    std::vector<double> in;
    for (size_t i = start; i < t_.input.size() && in.size() < static_cast<size_t>(validCount_); ++i)
      in.push_back(t_.input[i]);
    return in;
  }
  return std::nullopt;
}

// The ranges of this step, of the one before it, of the input a load reads, of the results and
// of the steps the value font is sized for (symbolic_values.h); none where the trace has none.
void ArraySceneBuilder::prepareSymbols() {
  if (!symbolicProblem(t_).empty()) return;
  symbols_ = symbolicSteps(t_, std::max(rq_.step, rq_.valueSizeLast));
  const int previous = previousStepOnSameArray(t_, rq_.step);
  if (previous >= 0) {
    beforeSymbols_ = symbols_[static_cast<size_t>(previous)];
  } else if (before_) {
    const long long start = static_cast<long long>(s_.block) * std::max(1, t_.meta.sectionSize);
    for (size_t i = 0; i < before_->size(); ++i)
      beforeSymbols_.push_back(
          InputRange::of(start + static_cast<long long>(i), start + static_cast<long long>(i)));
  }
  inclusiveSymbols_ = scanRanges(t_.meta.n, true);
  exclusiveSymbols_ = scanRanges(t_.meta.n, false);
}

std::vector<std::string> ArraySceneBuilder::rowLabels() const {
  std::vector<std::string> labels = {"input",
                                     "before",
                                     "XY after",
                                     "flags",
                                     "threads",
                                     "warps",
                                     "blocks",
                                     std::string("inclusive ") + kTick,
                                     std::string("exclusive ") + kTick};
  if (!rq_.strayCells.empty()) labels.push_back(strayLabel());
  return labels;
}

// The value texts of the rows on screen that could be the widest: the longest ones (digits
// have equal widths in the UI font, but a minus sign or a point does not), a few dozen at most.
std::vector<std::string> ArraySceneBuilder::widestValueCandidates() const {
  constexpr size_t kMaxCandidates = 32;
  std::set<std::string> longest;
  size_t length = 0;
  const auto consider = [&](const std::vector<double>& values,
                            const std::vector<InputRange>* symbols) {
    // A focus window's values only: the cells left out must not shrink the shown ones.
    const size_t n =
        std::min({values.size(), kMaxResultCells, static_cast<size_t>(first_ + shown_)});
    for (size_t i = static_cast<size_t>(first_); i < n; ++i) {
      // Garbage shows as a word, not its ten digits: it must not shrink the other cells.
      if (&values == &s_.values && isGarbage(static_cast<int>(i))) continue;
      std::string text = cellText(values[i], symbols, i);
      if (text.size() < length) continue;
      if (text.size() > length) {
        length = text.size();
        longest.clear();
      }
      if (longest.size() < kMaxCandidates) longest.insert(std::move(text));
    }
  };
  consider(s_.values, stepSymbols(rq_.step));
  const int steps = static_cast<int>(t_.steps.size());
  for (int k = std::max(0, rq_.valueSizeFirst); k <= std::min(rq_.valueSizeLast, steps - 1); ++k)
    consider(t_.steps[static_cast<size_t>(k)].values, stepSymbols(k));
  if (before_) consider(*before_, beforeSymbols());
  if (showResults()) consider(t_.output, symbols_.empty() ? nullptr : &inclusiveSymbols_);
  return {longest.begin(), longest.end()};
}

// The "before" row's values: a little smaller than the row the step wrote, but never below
// the floor (digits smaller than that cannot be read from the back of a lecture hall).
// In presentation mode not below the back row's size either, where the row the step wrote is
// at least that large.
float ArraySceneBuilder::beforeValueSize() const {
  const float smaller = std::max(kBeforeValueScale * valueSize_, style_.minTextSize);
  return std::max(minFont_, std::min(valueSize_, smaller));
}

// The largest value font, between the floor and the style's size (and no larger than the
// column allows), at which every value on screen fits its cell by cellTextRoom: the same test
// the cells draw with, so a value the layout sized for is drawn, not dropped.
float ArraySceneBuilder::valueFontSize(float minFont,
                                       const std::vector<std::string>& widest) const {
  const float cap = std::max(minFont, std::min(style_.valueSize, cw_ / 1.1f));
  const auto allFit = [&](float size) {
    return std::all_of(widest.begin(), widest.end(), [&](const std::string& text) {
      return measure_(text, size, true) <= cellTextRoom(cw_, size);
    });
  };
  if (allFit(cap)) return cap;
  // Text grows about linearly with the size: solve for the size where the widest text meets
  // the room, then step down while the real measure (fonts rasterised at a few sizes) says no.
  float perPixel = 0;
  for (const std::string& text : widest)
    perPixel = std::max(perPixel, measure_(text, cap, true) / cap);
  float size = std::clamp(cellTextRoom(cw_, 0) / (perPixel + kCellTextMargin), minFont, cap);
  while (size > minFont && !allFit(size)) size = std::max(minFont, 0.98f * size);
  return size;
}

// Cells share the width (up to 3 value-font sizes each; `zoom` widens them, and the scene then
// scrolls); the value font then shrinks until the widest value fits its cell, down to a
// floor. Below the floor values are elided; cells too narrow for even one digit show no text
// (the tooltip has the value): an overview of a long array.
void ArraySceneBuilder::layoutColumns() {
  x0_ = pad() + rowLabelWidth() + pad();
  layoutWindow();
  const float avail = std::max(1.0f, rq_.width - x0_ - leftSlot_ - rightSlot_ - pad());
  const float ideal = avail / static_cast<float>(std::max(1, shown_));
  const float fitted = std::clamp(ideal, kMinCellWidth, 3.0f * style_.valueSize);
  cw_ = std::min(fitted * std::max(1.0f, rq_.zoom), std::max(fitted, 3.0f * style_.valueSize));
  // The floor follows the UI scale (the small font), not the value font, which grows to fill;
  // a focus window was chosen for legible values: none below the back row's size.
  const float minFont =
      std::max(10.0f, windowed() ? std::max(0.55f * style_.smallSize, style_.minTextSize)
                                 : 0.55f * style_.smallSize);
  minFont_ = minFont;
  const std::vector<std::string> widest = widestValueCandidates();
  valueSize_ = valueFontSize(minFont, widest);
  // A range too wide for its cell at the back row's size ("x12..x15" in 16 cells of a
  // projected screen) goes on two lines, "x12.." over "x15", rather than shrink below it.
  twoLines_ = false;
  if (!symbols_.empty() && valueSize_ < style_.smallSize) {
    std::vector<std::string> halves;
    for (const std::string& text : widest) {
      const auto [top, bottom] = rangeLines(text);
      halves.push_back(top);
      halves.push_back(bottom);
    }
    if (const float two = valueFontSize(minFont, halves); two > valueSize_) {
      twoLines_ = true;
      valueSize_ = two;
    }
  }
  // Every text a cell can show holds at least one digit; where not even one fits at the
  // smallest value font (the "before" row's), no cell is measured at all.
  const float smallest = beforeValueSize();
  valuesShown_ = measure_("0", smallest, false) <= cellTextRoom(cw_, smallest);
  // Narrow cells stay tall: an overview reads as bars of colour.
  cellH_ = std::max((twoLines_ ? 1.6f + kSecondLine : 1.6f) * valueSize_, 0.9f * style_.valueSize);
}

// "x12..x15" as its two lines, "x12.." and "x15"; a text without a range as itself.
std::pair<std::string, std::string> ArraySceneBuilder::rangeLines(const std::string& text) {
  const size_t dots = text.find("..");
  if (dots == std::string::npos) return {text, std::string()};
  return {text.substr(0, dots + 2), text.substr(dots + 2)};
}

float ArraySceneBuilder::rowLabelWidth() const {
  float width = 0;
  for (const auto& l : rowLabels()) width = std::max(width, measure_(l, style_.labelSize, false));
  return width;
}

}  // namespace scanviz::array_scene
