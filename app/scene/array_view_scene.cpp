#include "app/scene/array_view_scene.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/lesson/step_explainer.h"
#include "app/core/lesson/symbolic_values.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"
#include "app/scene/outside_sources.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

constexpr int kWarp = 32;
// The "before" row's values, a little smaller than the row the step wrote.
constexpr float kBeforeValueScale = 0.85f;
// A chip (a value from outside the array) is this many times as high as its text.
constexpr float kChipOverText = 1.0f / 0.75f;
// A symbolic cell's second line, this many value-font sizes below its first.
constexpr float kSecondLine = 1.05f;
constexpr size_t kMaxResultCells = 4096;
// U+2013, between the first and last index of the cells an elision mark stands for.
constexpr const char* kEnDash = "\xE2\x80\x93";

// Which array a row of cells shows, for tooltips ("XY[5]", "Y[4100]").
struct RowNaming {
  std::string array;
  long long firstIndex = 0;
};

struct CellRowSpec {
  const std::vector<double>* values = nullptr;
  float y = 0;
  float height = 0;
  bool before = false;
  std::string role;  // "cell", "before-cell", "result-inclusive", ...
  RowNaming naming;
  // The inputs each cell combines, drawn instead of its value (symbolic mode); null: values.
  const std::vector<InputRange>* symbols = nullptr;
};

class ArraySceneBuilder : StepSceneInputs<ArraySceneRequest> {
 public:
  ArraySceneBuilder(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                    const ViewPalette& pal, const MeasureText& measure)
      : StepSceneInputs(rq, style, pal, measure) {}

  Scene build() {
    prepareStep();
    layoutColumns();
    // A focus window is presentation mode's, under a frame's title: its rows sit closer, so that
    // the code and why fit under it on the screen.
    float y = rq_.titled ? pad() : 0.0f;
    if (rq_.titled) y = addTitle(y);
    if (rq_.withExplanation) y = addExplanation(y);
    if (rq_.titled) y += 0.4f * style_.labelSize;
    const float arrayTop = y;
    y = addArrayRows(y);
    addSegmentBoundaries(arrayTop, y);
    y = addThreadRow(y);
    y = addStrayRow(y);
    y = addWarpOrBlockRow(y);
    addElisionMarks();
    if (showResults()) y = addResults(y);
    if (!rq_.compact) y = addLegend(y + 0.8f * style_.labelSize);
    scene_.height = y + pad();
    scene_.width = std::max(rq_.width, windowRight() + rightSlot_ + pad());
    return std::move(scene_);
  }

  // The columns a focus window holds per row of cells, at the style's sizes (legibleColumns).
  int legibleColumns(float valueSize) {
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

 private:
  float pad() const { return 0.6f * style_.labelSize; }
  int count() const { return static_cast<int>(s_.values.size()); }
  int columns() const {
    return showResults()
               ? std::max(count(), static_cast<int>(std::min(t_.output.size(), kMaxResultCells)))
               : count();
  }
  float cellX(int i) const { return x0_ + leftSlot_ + static_cast<float>(i - first_) * cw_; }
  float cellCentre(int i) const { return cellX(i) + 0.5f * cw_; }
  // The shown columns' extent: all of them, or the focus window's.
  float windowLeft() const { return cellX(first_); }
  float windowRight() const { return cellX(first_ + shown_); }
  bool windowed() const { return shown_ < columns(); }
  // Inside the culling range and, with a focus window, over the shown columns (a primitive that
  // only touches the window's edge is outside it).
  bool visible(float x, float w) const {
    if (x + w < rq_.visibleLeft || x > rq_.visibleRight) return false;
    return !windowed() || (x + w > windowLeft() + 0.01f && x < windowRight() - 0.01f);
  }
  bool isLast() const { return rq_.step + 1 == static_cast<int>(t_.steps.size()); }
  bool showResults() const { return !rq_.compact && isLast() && !t_.output.empty(); }
  bool sectionStep() const { return isSectionStep(s_); }

  void prepareStep() {
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
      for (int i = 0; i < validCount_ && i < static_cast<int>(before_->size()); ++i)
        loaded.insert(i);
    outside_ = outsideSources(t_, rq_.step, loaded);
    if (rq_.symbolic) prepareSymbols();
    naming_ = sectionStep() ? RowNaming{"XY", 0}
                            : RowNaming{s_.array == "global" ? "Y" : "sums", s_.offset};
  }

  CellWrite writeOf(int i) const {
    return i >= 0 && i < static_cast<int>(writes_.size()) ? writes_[static_cast<size_t>(i)]
                                                          : CellWrite::None;
  }

  // The values before this step: the previous step's array when it is the same array, the
  // section's input for the load, nothing otherwise.
  std::optional<std::vector<double>> beforeValues() const {
    const int previous = previousStepOnSameArray(t_, rq_.step);
    if (previous >= 0) return t_.steps[static_cast<size_t>(previous)].values;
    if (s_.kind == static_cast<int>(StepKind::Load) && sectionStep() && s_.level == 0) {
      const size_t start =
          static_cast<size_t>(s_.block) * static_cast<size_t>(std::max(1, t_.meta.sectionSize));
      std::vector<double> in;
      for (size_t i = start; i < t_.input.size() && in.size() < static_cast<size_t>(validCount_);
           ++i)
        in.push_back(t_.input[i]);
      return in;
    }
    return std::nullopt;
  }

  // The ranges of this step, of the one before it, of the input a load reads, of the results and
  // of the steps the value font is sized for (symbolic_values.h); none where the trace has none.
  void prepareSymbols() {
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

  const std::vector<InputRange>* stepSymbols(int k) const {
    return k >= 0 && k < static_cast<int>(symbols_.size()) ? &symbols_[static_cast<size_t>(k)]
                                                           : nullptr;
  }
  const std::vector<InputRange>* beforeSymbols() const {
    return symbols_.empty() ? nullptr : &beforeSymbols_;
  }

  std::vector<std::string> rowLabels() const {
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
  std::vector<std::string> widestValueCandidates() const {
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
  float beforeValueSize() const {
    const float smaller = std::max(kBeforeValueScale * valueSize_, style_.minTextSize);
    return std::max(minFont_, std::min(valueSize_, smaller));
  }

  // The largest value font, between the floor and the style's size (and no larger than the
  // column allows), at which every value on screen fits its cell by cellTextRoom: the same test
  // the cells draw with, so a value the layout sized for is drawn, not dropped.
  float valueFontSize(float minFont, const std::vector<std::string>& widest) const {
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
  void layoutColumns() {
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
    cellH_ =
        std::max((twoLines_ ? 1.6f + kSecondLine : 1.6f) * valueSize_, 0.9f * style_.valueSize);
  }

  // "x12..x15" as its two lines, "x12.." and "x15"; a text without a range as itself.
  static std::pair<std::string, std::string> rangeLines(const std::string& text) {
    const size_t dots = text.find("..");
    if (dots == std::string::npos) return {text, std::string()};
    return {text.substr(0, dots + 2), text.substr(dots + 2)};
  }

  float rowLabelWidth() const {
    float width = 0;
    for (const auto& l : rowLabels()) width = std::max(width, measure_(l, style_.labelSize, false));
    return width;
  }

  // The shown columns (rq.window, clamped to the array) and the room of the elision marks.
  void layoutWindow() {
    first_ = 0;
    shown_ = columns();
    if (rq_.window.all() || rq_.window.count >= columns()) return;
    first_ = std::clamp(rq_.window.first, 0, std::max(0, columns() - 1));
    shown_ = std::min(rq_.window.count, columns() - first_);
    if (first_ > 0) leftSlot_ = slotWidth(elisionLabel(0, first_ - 1));
    if (first_ + shown_ < columns())
      rightSlot_ = slotWidth(elisionLabel(first_ + shown_, columns() - 1));
  }

  // "0–23": the true indices of the cells an elision mark stands for.
  std::string elisionLabel(int first, int last) const {
    return std::to_string(naming_.firstIndex + first) + kEnDash +
           std::to_string(naming_.firstIndex + last);
  }
  float slotWidth(const std::string& label) const {
    return std::max(measure_(label, style_.smallSize, false),
                    measure_(kEllipsis, style_.valueSize, true)) +
           0.8f * style_.smallSize;
  }

  // On each cut side of a focus window, in the room left for it: the cut cells' indices in the
  // index row and an ellipsis in every row of cells and in the threads' row.
  void addElisionMarks() {
    if (!windowed()) return;
    const auto mark = [&](float left, float width, int first, int last) {
      if (width <= 0) return;
      const float cx = left + 0.5f * width;
      SceneText& label =
          addSceneText(scene_, cx, indexY_, elisionLabel(first, last), pal_.textDim,
                       style_.smallSize, false, TextAlign::Center, "elided-cells", first);
      label.tooltip = std::to_string(last - first + 1) + " cells (" + elisionLabel(first, last) +
                      ") are left out here: presentation mode shows the cells around the one to "
                      "look at; the view at normal size shows all " +
                      std::to_string(columns());
      label.hoverX = left;
      label.hoverY = indexY_;
      label.hoverW = width;
      label.hoverH = 1.3f * style_.smallSize;
      const float size = std::max(style_.minTextSize, valueSize_);
      for (const auto& [top, height] : elidedRows_)
        addText(cx, top + 0.5f * (height - size), kEllipsis, pal_.textDim, size, true,
                TextAlign::Center, "elided-mark", first);
    };
    mark(windowLeft() - leftSlot_, leftSlot_, 0, first_ - 1);
    mark(windowRight(), rightSlot_, first_ + shown_, columns() - 1);
  }

  void addText(float x, float y, std::string text, Color c, float size, bool bold, TextAlign align,
               std::string role, int index = -1) {
    addSceneText(scene_, x, y, std::move(text), c, size, bold, align, std::move(role), index);
  }

  // The title on one line where it fits; otherwise smaller, down to the body text's size, and
  // then over several lines, broken between its " · " parts where it can: a long step title
  // (a coarsened scan, a block of a grid, a narrow Compare view) is never clipped on the right.
  float addTitle(float y) {
    const std::string separator = "  \xC2\xB7  ";
    std::vector<std::string> parts = {
        "Step " + std::to_string(rq_.step) + " of " + std::to_string(t_.steps.size() - 1),
        s_.label};
    if (sectionStep() && t_.meta.blocksTotal > 1 && s_.level == 0)
      parts.push_back("block " + std::to_string(s_.block) + " of " +
                      std::to_string(t_.meta.blocksTotal));
    // What is scanned: a max-scan must not look like a sum (Compare's small views name it once
    // above them).
    if (!rq_.compact)
      parts.push_back(scanDescription(t_.meta.op, t_.meta.inclusive, t_.meta.dtype));
    std::string title;
    for (const std::string& part : parts) title += (title.empty() ? "" : separator) + part;
    const float maxWidth = viewTextWidth();
    const float floor =
        std::min(style_.titleSize, std::max(style_.labelSize, 0.8f * style_.titleSize));
    float size = style_.titleSize;
    const float full = measure_(title, size, true);
    if (full > maxWidth) size = std::max(floor, size * maxWidth / full);
    // Fonts come in a few rasterised sizes: confirm with the real measure.
    while (size > floor && measure_(title, size, true) > maxWidth)
      size = std::max(floor, 0.97f * size);
    if (measure_(title, size, true) <= maxWidth) {
      addText(pad(), y, title, pal_.text, size, true, TextAlign::Left, "title");
      return y + 1.35f * size;
    }
    // Whole parts per line while they fit; a part wider than a line is word-wrapped.
    std::string line;
    for (const std::string& part : parts) {
      const std::string candidate = line.empty() ? part : line + separator + part;
      if (measure_(candidate, size, true) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (!line.empty()) y = addWrapped(line, y, pal_.text, size, true, "title", maxWidth);
      line = part;
    }
    y = addWrapped(line, y, pal_.text, size, true, "title", maxWidth);
    return y + 0.35f * size;
  }

  // The width the view shows: texts that span the view wrap to it.
  float viewTextWidth() const { return std::max(100.0f, rq_.width - 2 * pad()); }

  float addExplanation(float y) {
    // The title already names the step: the sentence starts after its "label: ".
    std::string text = explainStep(t_, rq_.step);
    const std::string prefix = s_.label + ": ";
    if (text.rfind(prefix, 0) == 0 && text.size() > prefix.size()) {
      text = text.substr(prefix.size());
      if (text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    }
    return addWrapped(text, y, pal_.text, style_.labelSize, false, "explanation");
  }

  // Word-wraps a text to the view's width, one scene text a line; returns the y below it.
  float addWrapped(const std::string& text, float y, Color c, float size, bool bold,
                   const std::string& role, float maxWidth = 0) {
    if (maxWidth <= 0) maxWidth = viewTextWidth();
    return addWrappedText(scene_, text, pad(), y, maxWidth, size, bold, c, role, 1.35f, measure_);
  }

  void addRowLabel(const std::string& text, float rowY, float rowH, Color c,
                   const std::string& role) {
    addText(pad(), rowY + 0.5f * (rowH - style_.labelSize), text, c, style_.labelSize, false,
            TextAlign::Left, role);
  }

  float addIndexRow(float y) {
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

  // Label every k-th item (k a power of two) so that labels of `sample` width never collide.
  int labelStride(const std::string& sample, float size, float slot) const {
    const float w = measure_(sample, size, false) + 0.3f * size;
    int every = 1;
    while (every < (1 << 20) && static_cast<float>(every) * slot < w) every *= 2;
    return every;
  }

  bool isPadding(int i) const { return i >= validCount_; }
  bool isGarbage(int i) const { return garbage_.count(i) > 0; }

  // What a cell shows: the identity of max and min as a symbol (value_format.h).
  std::string cellText(double v) const { return formatCellValue(v, t_.meta.op, t_.meta.dtype); }
  // In symbolic mode the inputs a cell combines ("x0..x3"); its value where the range is unknown.
  std::string cellText(double v, const std::vector<InputRange>* symbols, size_t i) const {
    if (symbols && i < symbols->size() && (*symbols)[i].kind != InputRange::Kind::Unknown)
      return symbolicText((*symbols)[i], t_.meta.op, t_.meta.dtype);
    return cellText(v);
  }

  void addCell(const CellRowSpec& row, int i) {
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
  void addGarbageValue(const CellRowSpec& row, int i, double v, float x, float w) {
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

  std::string strayLabel() const {
    return "past " + (rq_.strayCells.empty() ? std::string("the") : arrayOf(rq_.strayCells[0])) +
           "'s end";
  }
  static std::string arrayOf(const StrayCell& c) { return c.name.substr(0, c.name.find('[')); }

  // The writes past an array's end (an unguarded store): under the cells, a bar where the array
  // ends and, at each column written past it, a mark outlined in the failure colour naming the
  // element (legible: no hatching under the name); the note is its tooltip.
  float addStrayRow(float y) {
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

  void addCellValue(const CellRowSpec& row, int i, double v, float x, float w, bool written,
                    bool padding) {
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

  std::string cellTooltip(const CellRowSpec& row, int i, const std::string& full,
                          bool written) const {
    const std::string name =
        row.naming.array + "[" + std::to_string(row.naming.firstIndex + i) + "]";
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
      tip +=
          "\nwritten this step: " + applied(nameOf(src) + (chain_ ? " (new)" : ""), nameOf(dst)) +
          " = " + applied(left, value(dst)) + " = " + full;
    }
    for (const CellMove& m : moves_) {
      if (m.dst != i || m.src < 0 || m.src >= beforeCount) continue;
      tip += "\nmoved here this step: the old " + nameOf(m.src) + " = " + value(m.src) +
             " (a move, no operation)";
    }
    return tip;
  }

  // What a symbolic cell means, with the operator written out.
  std::string symbolLegend() const {
    const std::string ellipsis = " \xE2\x80\xA6 ";  // U+2026
    const std::string spelled = t_.meta.op == "add"   ? "xi +" + ellipsis + "+ xj"
                                : t_.meta.op == "mul" ? "xi \xC3\x97" + ellipsis + "\xC3\x97 xj"
                                                      : t_.meta.op + "(xi," + ellipsis + "xj)";
    return "xi..xj = " + spelled + ": the inputs the cell combines";
  }

  // "a + b", "a x b", "max(a, b)": the operator applied to two operands, as on the slides.
  std::string applied(const std::string& a, const std::string& b) const {
    if (t_.meta.op == "add") return a + " + " + b;
    if (t_.meta.op == "mul") return a + " \xC3\x97 " + b;  // U+00D7
    return t_.meta.op + "(" + a + ", " + b + ")";
  }

  void addCellRow(const CellRowSpec& row) {
    const int n = static_cast<int>(row.values->size());
    for (int i = 0; i < n; ++i)
      if (visible(cellX(i), cw_)) addCell(row, i);
  }

  float addArrayRows(float y) {
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

  // A bar in the accent colour on the left edge of every cell that starts a segment (but the
  // first), through the rows of the step, so the segments read as groups of cells.
  void addSegmentBoundaries(float top, float bottom) {
    const std::vector<uint8_t>* starts = segmentStartsShown(t_, static_cast<size_t>(rq_.step));
    if (!starts || starts->size() != s_.values.size()) return;
    const float width = std::max(2.0f, std::min(0.18f * cw_, 0.25f * style_.labelSize));
    for (int i = 1; i < count(); ++i) {
      if (!(*starts)[static_cast<size_t>(i)] || !visible(cellX(i) - width, 2 * width)) continue;
      SceneLine l;
      l.x1 = l.x2 = cellX(i);
      l.y1 = top;
      l.y2 = bottom;
      l.color = pal_.accent;
      l.width = width;
      l.role = "segment-boundary";
      l.index = i;
      scene_.lines.push_back(l);
    }
  }

  // The flags the step shows (trace version 3: segment heads, predicate bits), a row of 0 and 1
  // under the values; a 1 is filled in the accent colour so that segment starts stand out.
  float addFlagsRow(float y) {
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
  void markDifference(int i, float y) {
    if (i < 0 || i >= count() || !visible(cellX(i), cw_)) return;
    addFailureOutline(i, cellX(i) - 1, y - 3, cw_ + 2, cellH_ + 6, 0.2f, "cell-diff");
  }

  // A thick rounded outline in the failure colour around cell i's box (x, y, w, h), its width a
  // share of the label size with 3 pixels at least.
  void addFailureOutline(int i, float x, float y, float w, float h, float widthShare,
                         const char* role) {
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

  void addArrow(float x1, float y1, float x2, float y2, Color c, float width,
                const std::string& role, int index, bool dashed = false) {
    if (!visible(std::min(x1, x2), std::fabs(x2 - x1))) return;
    // With a focus window: an arrow into a cell left out is left out too; one from a cell left
    // out enters the window at its edge, on its way.
    if (windowed() && (x2 < windowLeft() || x2 > windowRight() || !clipToWindow(x1, y1, x2, y2)))
      return;
    SceneLine l{.x1 = x1,
                .y1 = y1,
                .x2 = x2,
                .y2 = y2,
                .color = c,
                .width = width,
                .arrow = true,
                .dashed = dashed,
                .role = role,
                .index = index};
    scene_.lines.push_back(l);
  }

  // Cuts the segment to the focus window's columns; false when nothing of it is left.
  bool clipToWindow(float& x1, float& y1, float& x2, float& y2) const {
    const float left = windowLeft(), right = windowRight();
    const auto cut = [&](float& xa, float& ya, float xb, float yb) {
      const float edge = xa < left ? left : xa > right ? right : xa;
      if (edge == xa) return;
      ya += (yb - ya) * (edge - xa) / (xb - xa);
      xa = edge;
    };
    if ((x1 < left && x2 < left) || (x1 > right && x2 > right)) return false;
    const float ox1 = x1, oy1 = y1;
    cut(x1, y1, x2, y2);
    cut(x2, y2, ox1, oy1);
    return std::fabs(x2 - x1) + std::fabs(y2 - y1) > 1;
  }

  // Operand and move arrows are thinned alike: more than one every 6 pixels keeps every k-th.
  // Over the whole array's span at this cell width: a focus window shows the arrows as dense as
  // they are (its own arrows, not all of them, fall into it).
  size_t arrowStride(size_t arrows) const {
    const float span = std::max(1.0f, static_cast<float>(count()) * cw_);
    return std::max<size_t>(1, static_cast<size_t>(std::ceil(6.0f * arrows / span)));
  }

  float arrowWidth() const {
    // Thinner arrows between narrow cells, so that a long array still shows its pattern.
    return std::clamp(0.12f * style_.labelSize, 1.0f, std::max(1.0f, 0.25f * cw_));
  }

  void addArrows(float top, float bottom, bool load) {
    const float gap = 0.15f * style_.labelSize;
    const float width = arrowWidth();
    if (load) {
      for (int i = 0; i < validCount_ && i < static_cast<int>(before_->size()); ++i)
        addArrow(cellCentre(i), top + gap, cellCentre(i), bottom - gap, pal_.ownArrow, 0.6f * width,
                 "load-arrow", i);
      return;
    }
    // The destination's own value first, thin, so the operand arrows stay on top. Only where the
    // old value takes part: a moved or cleared cell's old value is gone.
    if (cw_ >= 8)
      for (int i = 0; i < count(); ++i)
        if ((writeOf(i) == CellWrite::Combined || writeOf(i) == CellWrite::Changed) &&
            !underChip(i))
          addArrow(cellCentre(i), top + gap, cellCentre(i), bottom - gap, pal_.ownArrow,
                   0.6f * width, "own-arrow", i);
    // Moves (Blelloch's swap), dashed: a value changes place without an operator. Drawn under the
    // operand arrows, which they cross.
    for (size_t j = 0, every = arrowStride(moves_.size()); j < moves_.size(); j += every) {
      const CellMove m = moves_[j];
      if (m.src < 0 || m.src >= count() || m.dst < 0 || m.dst >= count()) continue;
      addArrow(cellCentre(m.src), top + gap, cellCentre(m.dst), bottom - gap, pal_.text,
               std::max(1.0f, 0.75f * width), "move-arrow", m.dst, /*dashed=*/true);
    }
    if (chain_) return;  // its operand arrows run inside the row it wrote (addChainArrows)
    for (size_t j = 0, every = arrowStride(s_.edges.size()); j < s_.edges.size(); j += every) {
      const auto [dst, src] = s_.edges[j];
      if (src < 0 || src >= count()) continue;
      addArrow(cellCentre(src), top + gap, cellCentre(dst), bottom - gap, pal_.arrow, width,
               "arrow", dst);
    }
  }

  // The chips of outside_ in the band between `top` and `bottom`: a block's over the middle of
  // its cells near the top (its arrows fan out below it), a cell's just above the cell (clear of
  // the arrows that leave the row before).
  void layoutChips(float top, float bottom) {
    const float gap = 0.15f * style_.labelSize;
    // A chip's text is not below the back row's size in presentation mode: the chip then takes
    // more of the band between the rows.
    const float h = std::min(1.3f * style_.smallSize,
                             std::max(0.4f * (bottom - top), kChipOverText * style_.minTextSize));
    for (const OutsideSource& src : outside_) {
      // A block's chip over the cells of it that a focus window shows.
      const int lo = std::max(src.cells.front(), first_);
      const int hi = std::max(lo, std::min(src.cells.back(), first_ + shown_ - 1));
      const float left = cellX(lo), right = cellX(hi + 1);
      const bool single = src.cells.size() == 1;
      const float room = (single ? kCellBox : 1.0f) * (right - left) - 0.1f * cw_;
      const float w = std::clamp(measure_(src.text, chipTextSize(h), true) + 0.6f * h,
                                 std::min(room, 1.2f * h), std::max(1.0f, room));
      SceneRect r;
      r.x = 0.5f * (left + right - w);
      r.y = single && before_ ? bottom - gap - h - 0.8f * style_.labelSize : top + gap;
      r.w = w;
      r.h = h;
      r.fill = pal_.background;
      r.stroke = pal_.accent;
      r.strokeWidth = std::max(1.5f, 0.1f * style_.smallSize);
      r.rounding = 0.3f * h;
      r.role = "outside-source";
      r.index = src.cells.front();
      chips_.push_back(r);
    }
  }

  float chipTextSize(float h) const {
    return std::max(std::min(style_.minTextSize, style_.smallSize),
                    std::min(style_.smallSize, h / kChipOverText));
  }

  // True when a chip covers cell i's column (its own-value arrow would run under the chip).
  bool underChip(int i) const {
    for (const SceneRect& r : chips_)
      if (cellCentre(i) >= r.x && cellCentre(i) <= r.x + r.w) return true;
    return false;
  }

  void addChips() {
    const float gap = 0.15f * style_.labelSize;
    const float width = std::max(1.0f, arrowWidth());
    for (size_t k = 0; k < outside_.size(); ++k) {
      const OutsideSource& src = outside_[k];
      const SceneRect& r = chips_[k];
      const float left = std::min(r.x, cellX(src.cells.front()));
      if (!visible(left, std::max(r.x + r.w, cellX(src.cells.back() + 1)) - left)) continue;
      scene_.rects.push_back(r);
      const float size = chipTextSize(r.h);
      SceneText& text =
          addSceneText(scene_, r.x + 0.5f * r.w, r.y + 0.5f * (r.h - size),
                       fitText(src.text, r.w - 0.2f * r.h, size, true, measure_), pal_.text, size,
                       true, TextAlign::Center, "outside-source-text", src.cells.front());
      text.tooltip = src.tooltip;
      text.hoverX = r.x;
      text.hoverY = r.y;
      text.hoverW = r.w;
      text.hoverH = r.h;
      // An arrow into every cell (thinned as the others over narrow cells): solid where the
      // operator was applied to the value, dashed where it was moved in.
      const size_t every = arrowStride(src.cells.size());
      for (size_t j = 0; j < src.cells.size(); j += every) {
        const int dst = src.cells[j];
        const float x = std::clamp(cellCentre(dst), r.x + 0.2f * r.h, r.x + r.w - 0.2f * r.h);
        addArrow(x, r.y + r.h, cellCentre(dst), afterTop_ - gap,
                 src.combined ? pal_.arrow : pal_.text,
                 src.combined ? width : std::max(1.0f, 0.75f * width), "outside-arrow", dst,
                 /*dashed=*/!src.combined);
      }
    }
  }

  // A sequential pass: each element combines its left neighbour's new value, so the arrows run
  // along the row that was written, just under it, one link of the chain per application.
  void addChainArrows(float rowTop) {
    const float y = rowTop + cellH_ + 0.3f * style_.labelSize;  // in the gap above the threads
    const float inset = 0.1f * cw_;
    const float width = arrowWidth();
    for (size_t j = 0, every = arrowStride(s_.edges.size()); j < s_.edges.size(); j += every) {
      const auto [dst, src] = s_.edges[j];
      if (src < 0 || src >= count() || dst < 0 || dst >= count()) continue;
      addArrow(cellCentre(src) + inset, y, cellCentre(dst) - inset, y, pal_.arrow, width,
               "chain-arrow", dst);
    }
  }

  // Thread t sits under the elements it owns: one each, or `perThread` consecutive ones.
  int elementsPerThread() const {
    const int threads = std::max(1, t_.meta.blockSize);
    return count() % threads == 0 && count() >= threads ? count() / threads : 1;
  }

  float addThreadRow(float y) {
    const std::vector<ThreadState> states = threadStates(t_, rq_.step);
    if (states.empty()) return y;
    y += (windowed() ? 0.3f : 0.5f) * style_.labelSize;
    const int per = elementsPerThread();
    const float slot = static_cast<float>(per) * cw_;
    // Round markers while they are large enough to read; bars (one per thread) below that.
    const bool bars = slot < 8;
    const float d =
        bars ? 0.7f * style_.labelSize : std::min(0.95f * style_.labelSize, 0.7f * slot);
    const float rowH = std::max(d, style_.labelSize);
    addRowLabel("threads", y, rowH, pal_.textDim, "row-label");
    for (int t = 0; t < static_cast<int>(states.size()); ++t) {
      const float cx = cellX(t * per) + 0.5f * slot;
      if (!visible(cx - 0.5f * slot, slot)) continue;
      addThreadMarker(cx, y + 0.5f * (rowH - d), bars ? slot : d, d, states[static_cast<size_t>(t)],
                      t);
    }
    elidedRows_.push_back({y, rowH});
    // A focus window with a thread per cell: the index row above names the threads already.
    if (windowed() && per == 1) return y + rowH;
    y += rowH + 0.15f * style_.smallSize;
    const float idSize =
        std::max(style_.minTextSize,
                 std::min(style_.smallSize, std::max(0.6f * slot, 0.8f * style_.smallSize)));
    const int every = labelStride(std::to_string(states.size()), idSize, slot);
    for (int t = 0; t < static_cast<int>(states.size()); t += every) {
      const float cx = cellX(t * per) + 0.5f * slot;
      if (visible(cx - 0.5f * slot, slot))
        addText(cx, y, std::to_string(t), pal_.textDim, idSize, false, TextAlign::Center,
                "thread-id", t);
    }
    return y + 1.2f * idSize;
  }

  void addThreadMarker(float cx, float y, float w, float h, ThreadState state, int t) {
    SceneRect r{
        .x = cx - 0.5f * w, .y = y, .w = w, .h = h, .rounding = w == h ? 0.5f * w : 0, .index = t};
    switch (state) {
      case ThreadState::Active:
        r.fill = pal_.threadActive;
        r.role = "thread-active";
        break;
      case ThreadState::Waiting:
        r.stroke = pal_.threadWaiting;
        r.strokeWidth = std::clamp(0.12f * h, 1.0f, std::max(1.0f, 0.3f * w));
        r.role = "thread-waiting";
        break;
      case ThreadState::Done:
        r.fill = pal_.threadDone;
        r.role = "thread-done";
        break;
    }
    scene_.rects.push_back(r);
  }

  void addBoundary(float x, float top, float bottom, bool block) {
    if (!visible(x, 1)) return;
    SceneLine l;
    l.x1 = l.x2 = x;
    l.y1 = top;
    l.y2 = bottom;
    l.color = block ? pal_.blockLine : pal_.warpLine;
    l.width =
        block ? std::max(2.0f, 0.14f * style_.labelSize) : std::max(1.0f, 0.08f * style_.labelSize);
    l.dashed = !block;
    l.role = block ? "block-boundary" : "warp-boundary";
    scene_.lines.push_back(l);
  }

  // A bracket under a range of columns with its name ("warp 1", "block 3").
  void addBracket(float left, float right, float y, const std::string& label,
                  const std::string& role, int index) {
    if (!visible(left, right - left)) return;
    if (windowed()) {  // the part of it over the shown columns
      left = std::max(left, windowLeft());
      right = std::min(right, windowRight());
    }
    const float inset = 0.1f * cw_;
    SceneLine l;
    l.x1 = left + inset;
    l.x2 = right - inset;
    l.y1 = l.y2 = y;
    l.color = pal_.warpLine;
    l.width = std::max(1.0f, 0.08f * style_.labelSize);
    l.role = role + "-bracket";
    l.index = index;
    scene_.lines.push_back(l);
    if (measure_(label, style_.smallSize, false) < right - left)
      addText(0.5f * (left + right), y + 0.25f * style_.smallSize, label, pal_.textDim,
              style_.smallSize, false, TextAlign::Center, role + "-label", index);
  }

  float addWarpOrBlockRow(float y) {
    y += 0.35f * style_.labelSize;
    if (sectionStep()) {
      addRowLabel("warps", y - 0.1f * style_.labelSize, style_.smallSize * 1.4f, pal_.textDim,
                  "row-label");
      addWarps(y);
    } else {
      addRowLabel("blocks", y - 0.1f * style_.labelSize, style_.smallSize * 1.4f, pal_.textDim,
                  "row-label");
      addBlocks(y);
    }
    return y + (windowed() ? 1.35f : 1.6f) * style_.smallSize;
  }

  void addWarps(float y) {
    const int threads = std::max(1, t_.meta.blockSize);
    const int per = elementsPerThread();
    const int warps = (threads + kWarp - 1) / kWarp;
    const float linesTop = before_ ? afterTop_ - 0.3f * style_.labelSize : rowsTop_;
    for (int w = 0; w < warps; ++w) {
      const int first = w * kWarp;
      const int last = std::min(threads, first + kWarp);
      const float left = cellX(first * per);
      const float right = cellX(last * per);
      std::string label = "warp " + std::to_string(w);
      if (threads < kWarp) label += ": " + std::to_string(threads) + " of 32 lanes in use";
      addBracket(left, right, y, label, "warp", w);
      if (w > 0) addBoundary(left, linesTop, y, false);
    }
  }

  void addBlocks(float y) {
    const int section = std::max(1, t_.meta.sectionSize);
    const long long first = s_.offset / section;
    const long long last = (s_.offset + count() - 1) / section;
    const float linesTop = before_ ? afterTop_ - 0.3f * style_.labelSize : rowsTop_;
    for (long long b = first; b <= last; ++b) {
      const long long start = std::max<long long>(b * section, s_.offset) - s_.offset;
      const long long end = std::min<long long>((b + 1) * section - s_.offset, count());
      const float left = cellX(static_cast<int>(start));
      addBracket(left, cellX(static_cast<int>(end)), y, "block " + std::to_string(b), "block",
                 static_cast<int>(b));
      if (b > first) addBoundary(left, linesTop, y, true);
    }
  }

  float addResults(float y) {
    const ResultCheck check = checkResults(t_);
    y += 0.6f * style_.labelSize;
    addText(pad(), y, "Result, checked against the sequential scan", pal_.text, style_.labelSize,
            true, TextAlign::Left, "results-title");
    y += 1.5f * style_.labelSize;
    y = addResultRow(check.inclusive, y);
    y = addResultRow(check.exclusive, y + 0.25f * style_.labelSize);
    return addResultVerdict(check, y + 0.3f * style_.labelSize);
  }

  float addResultRow(const ResultRow& row, float y) {
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

  void markMismatch(int i, float y, float h) {
    addFailureOutline(i, cellX(i), y - 2, cw_, h + 4, 0.18f, "result-mismatch");
  }

  float addResultVerdict(const ResultCheck& check, float y) {
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

  struct LegendItem {
    std::string label;
    SceneRect swatch;
    std::optional<SceneLine> arrow;  // an arrow sample instead of the swatch
  };

  std::vector<LegendItem> legendItems(float d) const {
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
        {"written in this step",
         swatch(pal_.writtenFill, pal_.cellStroke, 1, 0.15f * d, false),
         {}},
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

  float addLegend(float y) {
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

  Scene scene_;
  std::vector<CellWrite> writes_;
  std::vector<CellMove> moves_;
  std::set<int> sources_;
  std::set<int> garbage_;  // rq.garbageCells
  bool chain_ = false;  // the step is a sequential pass within the row (a coarsened scan's phase 1)
  std::optional<std::vector<double>> before_;
  std::vector<OutsideSource> outside_;  // values from outside the array: a chip each
  std::vector<SceneRect> chips_;        // their chips, in outside_'s order, once laid out
  std::vector<std::vector<double>> resultStore_;
  // Symbolic mode: the ranges of steps 0..max(step, valueSizeLast), the "before" row's, the
  // results'; empty otherwise.
  std::vector<std::vector<InputRange>> symbols_;
  std::vector<InputRange> beforeSymbols_;
  std::vector<InputRange> inclusiveSymbols_;
  std::vector<InputRange> exclusiveSymbols_;
  RowNaming naming_;
  int validCount_ = 0;
  float x0_ = 0;
  float cw_ = 0;
  // The focus window: its first column, how many it shows, the elision marks' room each side,
  // and where its marks go (the index row's top; the rows of cells and threads as top, height).
  int first_ = 0;
  int shown_ = 0;
  float leftSlot_ = 0, rightSlot_ = 0;
  float indexY_ = 0;
  std::vector<std::pair<float, float>> elidedRows_;
  bool valuesShown_ = true;
  float cellH_ = 0;
  bool twoLines_ = false;  // symbolic ranges drawn on two lines (layoutColumns)
  float valueSize_ = 0;
  float minFont_ = 10;
  float rowsTop_ = 0;
  float afterTop_ = 0;
};

}  // namespace

float approximateTextWidth(std::string_view text, float size, bool bold) {
  size_t glyphs = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++glyphs;  // count UTF-8 lead bytes only
  return static_cast<float>(glyphs) * size * (bold ? 0.65f : 0.6f);
}

std::string fitText(const std::string& text, float width, float size, bool bold,
                    const MeasureText& measure) {
  if (measure(text, size, bold) <= width) return text;
  for (size_t keep = text.size() - 1; keep > 0; --keep) {
    const std::string candidate = text.substr(0, keep) + kEllipsis;
    if (measure(candidate, size, bold) <= width) return candidate;
  }
  return {};
}

CellWindow focusWindow(int cells, int focus, int capacity) {
  if (capacity <= 0 || capacity >= cells) return {};
  const int centre = std::clamp(focus, 0, cells - 1);
  const int first = std::clamp(centre - (capacity - 1) / 2, 0, cells - capacity);
  return {first, capacity};
}

int legibleColumns(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                   const MeasureText& measure, float valueSize) {
  if (!rq.trace || rq.step < 0 || rq.step >= static_cast<int>(rq.trace->steps.size())) return 1;
  ArraySceneRequest all = rq;
  all.window = {};
  return ArraySceneBuilder(all, style, ViewPalette{}, measure).legibleColumns(valueSize);
}

ArraySceneStyle ArraySceneStyle::scaled(float values, float labels) const {
  ArraySceneStyle s = *this;
  s.valueSize = std::max(minTextSize, values * valueSize);
  s.labelSize = std::max(minTextSize, labels * labelSize);
  s.smallSize = std::max(minTextSize, labels * smallSize);
  s.titleSize = std::max(minTextSize, labels * titleSize);
  return s;
}

float cellTextRoom(float columnWidth, float size) {
  return kCellBox * columnWidth - kCellTextMargin * size;
}

std::string fitCellText(const std::string& text, float columnWidth, float size, bool bold,
                        const MeasureText& measure) {
  return fitText(text, cellTextRoom(columnWidth, size), size, bold, measure);
}

namespace {

ArraySceneStyle grown(const ArraySceneStyle& s, float g) {
  // Values grow fully; labels half as much, so the cells gain the most from the room.
  return s.scaled(g, 1 + 0.5f * (g - 1));
}

float valueFontSize(const Scene& s) {
  for (const SceneText& t : s.texts)
    if (t.role == "cell-value") return t.size;
  return 0;
}

Scene buildOnce(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                const ViewPalette& palette, const MeasureText& measure);

// A step taller than the view (a large UI scale on a small window) shrinks, down to kMinShrink,
// so that the whole figure stays in sight rather than scrolling.
Scene shrunkToFit(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                  const ViewPalette& palette, const MeasureText& measure, Scene base) {
  float g = std::max(kMinShrink, 0.97f * rq.height / base.height);
  for (int attempt = 0; attempt < 4; ++attempt, g = std::max(kMinShrink, g * 0.92f)) {
    Scene fitted = buildOnce(rq, grown(style, g), palette, measure);
    if (fitted.height <= rq.height || g <= kMinShrink) return fitted;
  }
  return base;
}

Scene buildOnce(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                const ViewPalette& palette, const MeasureText& measure) {
  return ArraySceneBuilder(rq, style, palette, measure).build();
}

}  // namespace

Scene buildArrayScene(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || rq.step < 0 || rq.step >= static_cast<int>(rq.trace->steps.size())) return {};
  Scene base = buildOnce(rq, style, palette, measure);
  if (rq.height <= 0) return base;
  if (base.height > rq.height) return shrunkToFit(rq, style, palette, measure, std::move(base));
  if (base.width > rq.width + 0.5f || !rq.window.all()) return base;
  // Height grows about linearly with the sizes: measure it at 1.5x and solve for the view.
  const Scene probe = buildOnce(rq, grown(style, 1.5f), palette, measure);
  if (probe.width > rq.width + 0.5f || probe.height <= base.height) return base;
  // Values already as large as the cells' width allows cannot grow; larger labels alone would
  // not help.
  if (valueFontSize(probe) < 1.3f * valueFontSize(base)) return base;
  float g = std::min(kMaxGrow, 1 + 0.5f * (rq.height - base.height) / (probe.height - base.height));
  for (int attempt = 0; attempt < 3 && g >= 1.05f; ++attempt, g = 1 + 0.85f * (g - 1)) {
    Scene fitted = buildOnce(rq, grown(style, g), palette, measure);
    if (fitted.height <= rq.height && fitted.width <= rq.width + 0.5f) return fitted;
  }
  return base;
}

}  // namespace scanviz
