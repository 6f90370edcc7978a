#include "app/scene/figure_scene.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/lesson/symbolic_values.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"
#include "app/scene/cluster_figure_scene.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"
#include "app/scene/section_figure_scene.h"
#include "app/scene/tree_figure_scene.h"

namespace scanviz {
namespace {

int findStep(const Trace& t, StepKind kind, int level) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
    if (s.kind == static_cast<int>(kind) && s.level == level) return k;
  }
  return -1;
}

// The steps Fig. 8.9's rows come from, found by their kinds and levels: nothing about which
// algorithm scanned the blocks.
struct HierarchySteps {
  int scanned = -1;      // level 0: every block scanned (the global array)
  int sums = -1;         // level 1: the block sums loaded
  int sumsScanned = -1;  // level 1: the block sums scanned (the last level-1 step)
  int added = -1;        // level 0: the scanned sums added back
  bool found() const { return scanned >= 0 && sums >= 0 && sumsScanned >= 0 && added >= 0; }
};

// The steps of the single-pass chained scan's figure (PMPP 8.7): the tiles scanned (the step
// before the tile prefix) and the prefix received from the predecessor added, both as whole-array
// rows; the running sums handed on are the inclusive scan at each tile's last element.
struct ChainSteps {
  int scanned = -1;
  int added = -1;
  bool found() const { return scanned >= 0 && added > scanned; }
};

ChainSteps chainSteps(const Trace& t) {
  ChainSteps c;
  if (t.meta.algorithm != "single-pass-chained" || !hasWholeArrayRows(t)) return c;
  c.added = findStep(t, StepKind::TilePrefix, 0);
  c.scanned = c.added - 1;
  if (c.found() && t.steps[static_cast<size_t>(c.scanned)].wholeBits.empty()) return {};
  return c;
}

HierarchySteps hierarchySteps(const Trace& t) {
  HierarchySteps h;
  h.scanned = findStep(t, StepKind::SectionsScanned, 0);
  h.sums = findStep(t, StepKind::Load, 1);
  h.added = findStep(t, StepKind::AddBlockSums, 0);
  for (int k = h.sums; k >= 0 && k < h.added; ++k)
    if (t.steps[static_cast<size_t>(k)].level == 1) h.sumsScanned = k;
  return h;
}

}  // namespace

std::string figureProblem(const Trace& t) {
  const bool blocks = hierarchySteps(t).found() || chainSteps(t).found() || isClusterScan(t);
  if (!blocks && isTreeScan(t)) return treeFigureProblem(t);
  if (!blocks && sectionFigureKind(t) != SectionFigureKind::None) return sectionFigureProblem(t);
  if (!blocks)
    return "the structure figures are Fig. 8.9's hierarchical scan and PMPP 8.7's chain of "
           "blocks, drawn for runs of more than one block (hierarchical, single-pass-chained, "
           "cluster-lookback, or "
           "any block scan longer than its section: --block-size 2 --n 16), and for one block "
           "the structure of a scan that has one: an up- and down-sweep tree, two buffers "
           "swapped each step, a coarsened scan's corner-turned load or a shifted input";
  if (t.meta.n > kMaxFigureElements)
    return "the structure figure draws every block, up to " + std::to_string(kMaxFigureElements) +
           " elements, and this run has " + std::to_string(t.meta.n) + ": capture fewer";
  if (static_cast<long long>(t.input.size()) < t.meta.n)
    return "this trace keeps only part of its input: the figure needs all of it";
  return {};
}

namespace {

class FigureBuilder : BlockFigureBuilder {
 public:
  using BlockFigureBuilder::BlockFigureBuilder;

  Scene build() {
    steps_ = hierarchySteps(t_);
    chain_ = chainSteps(t_);
    chained_ = !steps_.found();
    section_ = std::max(1, t_.meta.sectionSize);
    n_ = static_cast<int>(t_.meta.n);
    blocks_ = (n_ + section_ - 1) / section_;
    symbols_ = figureSymbols(t_, rq_.symbolic && !chained_);
    makeRows();
    layout();
    float y = pad();
    y = addTitle(y);
    y = addStepCaption(y);
    y = addIndexRow(y + 0.3f * style_.labelSize);
    for (size_t r = 0; r < rows_.size(); ++r) {
      if (r > 0) y = addBand(r, y);
      rows_[r].y = y;
      y = addRow(rows_[r]) + 0.0f;
    }
    fitWidth(cellX(n_));
    y = addBlockBrackets(y + 0.3f * style_.labelSize);
    return finish(addLegend(y + 0.6f * style_.labelSize));
  }

 private:
  std::vector<InputRange> symbolsOf(int step, size_t count) const {
    if (symbols_.empty()) return {};
    std::vector<InputRange> r;
    if (step < 0) {
      for (size_t i = 0; i < count; ++i)
        r.push_back(InputRange::of(static_cast<long long>(i), static_cast<long long>(i)));
    } else {
      r = symbols_[static_cast<size_t>(step)];
      r.resize(count, InputRange::unknown());
    }
    return r;
  }

  FigureRow row(std::string label, std::string role, int step, std::vector<double> values,
                std::vector<int> columns, Color fill) const {
    FigureRow r{
        std::move(label), std::move(role), step, std::move(values), {}, std::move(columns), fill};
    r.symbols = symbolsOf(step, r.values.size());
    return r;
  }

  // PMPP 8.7: each tile scanned, the running sum each block hands to its successor (the
  // inclusive scan at the tile's last element, checked against the sequential scan), and the
  // prefix each block received added into its tile.
  void makeChainRows(const std::vector<int>& every, const std::vector<int>& lasts) {
    const std::vector<double> inclusive = checkResults(t_).inclusive.values;
    std::vector<double> running;
    for (int b = 0; b < blocks_; ++b)
      running.push_back(inclusive[static_cast<size_t>(lastOfBlock(b))]);
    rows_.push_back(row("each block scans its tile", "scanned", chain_.scanned,
                        wholeValues(chain_.scanned, n_), every, pal_.cellFill));
    rows_.push_back(
        row("running sum handed on", "handoff", chain_.added, running, lasts, pal_.writtenFill));
    // The tile is scanned inclusively in shared memory; an exclusive scan is stored shifted right
    // by one, so its Y is a row of its own rather than a claim about the row above.
    const bool exclusive = !t_.meta.inclusive;
    rows_.push_back(row(exclusive ? "prefix added" : "prefix added: Y", "result", chain_.added,
                        wholeValues(chain_.added, n_), every, pal_.cellFill));
    if (exclusive) {
      std::vector<double> out(
          t_.output.begin(),
          t_.output.begin() + std::min<long>(n_, static_cast<long>(t_.output.size())));
      rows_.push_back(row("stored shifted: Y", "shifted", chain_.added, out, every, pal_.cellFill));
    }
    feeding_ = 2;
    if (rq_.symbolic && symbolicProblem(t_).empty()) addChainSymbols();
  }

  // The replay covers one tile, so the chain's rows take their ranges from what each row is (a
  // tile scanned on its own, the running sum through a tile, the scan), each range then checked
  // against the row's value like a replayed one: a cell whose range does not give its value
  // keeps its number.
  void addChainSymbols() {
    std::vector<InputRange> input, scanned, running;
    for (int i = 0; i < n_; ++i) {
      input.push_back(InputRange::of(i, i));
      scanned.push_back(InputRange::of((i / section_) * section_, i));
    }
    for (int b = 0; b < blocks_; ++b) running.push_back(InputRange::of(0, lastOfBlock(b)));
    const std::vector<std::vector<InputRange>> ranges = {
        input, scanned, running, scanRanges(n_, /*inclusive=*/true), scanRanges(n_, false)};
    for (size_t r = 0; r < rows_.size() && r < ranges.size(); ++r)
      rows_[r].symbols = checkedRanges(t_, ranges[r], rows_[r].values);
    chainSymbolic_ = true;
  }

  void makeRows() {
    std::vector<int> every(static_cast<size_t>(n_));
    for (int i = 0; i < n_; ++i) every[static_cast<size_t>(i)] = i;
    // S[b] sits under the last element of block b, where its arrow starts.
    std::vector<int> lasts;
    for (int b = 0; b < blocks_; ++b) lasts.push_back(lastOfBlock(b));
    const auto stepValues = [&](int k, size_t count) {
      std::vector<double> v = t_.steps[static_cast<size_t>(k)].values;
      v.resize(std::min(v.size(), count));
      return v;
    };
    const size_t n = static_cast<size_t>(n_), blocks = static_cast<size_t>(blocks_);
    std::vector<double> input(t_.input.begin(), t_.input.begin() + static_cast<long>(n));
    rows_.push_back(row("input X", "x", -1, input, every, pal_.beforeFill));
    if (chained_) {
      makeChainRows(every, lasts);
      return;
    }
    rows_.push_back(row("each block scanned", "scanned", steps_.scanned,
                        stepValues(steps_.scanned, n), every, pal_.cellFill));
    rows_.push_back(row("block sums S", "sums", steps_.sums, stepValues(steps_.sums, blocks), lasts,
                        pal_.cellFill));
    rows_.push_back(row("S scanned", "sums-scanned", steps_.sumsScanned,
                        stepValues(steps_.sumsScanned, blocks), lasts, pal_.writtenFill));
    rows_.push_back(row("S added back: Y", "result", steps_.added, stepValues(steps_.added, n),
                        every, pal_.cellFill));
    findSumsTakingTheLastInput();
  }

  // A block scanned exclusively (Blelloch) ends with the sum of all its elements but the last:
  // its sum S[b] is that value combined with the block's last input (the kernel's storeSection),
  // which the figure then draws as a second operand into S. Read from the values, so that it is
  // drawn only where S really is that combination.
  void findSumsTakingTheLastInput() {
    const FigureRow &x = rows_[0], &scanned = rows_[1], &sums = rows_[2];
    sumTakesInput_.assign(static_cast<size_t>(blocks_), false);
    for (int b = 0; b < blocks_ && static_cast<size_t>(b) < sums.values.size(); ++b) {
      const size_t last = static_cast<size_t>(lastOfBlock(b));
      if (last >= scanned.values.size() || last >= x.values.size()) continue;
      const double s = sums.values[static_cast<size_t>(b)], before = scanned.values[last];
      sumTakesInput_[static_cast<size_t>(b)] =
          s != before && s == combineValues(t_.meta.op, t_.meta.dtype, before, x.values[last]);
    }
  }
  bool anySumTakesInput() const {
    return std::find(sumTakesInput_.begin(), sumTakesInput_.end(), true) != sumTakesInput_.end();
  }

  std::string cellText(const FigureRow& r, size_t i) const {
    if (i < r.symbols.size() && r.symbols[i].kind != InputRange::Kind::Unknown)
      return symbolicText(r.symbols[i], t_.meta.op, t_.meta.dtype);
    return formatCellValue(r.values[i], t_.meta.op, t_.meta.dtype);
  }

  void layout() {
    float labelWidth = 0;
    for (const FigureRow& r : rows_)
      labelWidth = std::max(labelWidth, measure_(r.label, style_.labelSize, false));
    x0_ = pad() + labelWidth + 1.5f * pad();
    // What happens between two rows is said on the right, in a column of at most a quarter of
    // the width (wrapped to it).
    float said = 0;
    for (const FigureRow& r : rows_)
      said = std::max(said, measure_(bandText(r.role), style_.smallSize, false));
    bandTextWidth_ = std::min(said, 0.25f * rq_.width);
    std::vector<std::string> texts;
    for (const FigureRow& r : rows_)
      for (size_t i = 0; i < r.values.size(); ++i) texts.push_back(cellText(r, i));
    FigureCells cells =
        figureCells(texts, n_, rq_.width - x0_ - pad() - bandTextWidth_ - pad(), style_, measure_);
    // Cells too narrow to read from the back row (a narrow window) take the sentences' column
    // too: the step being shown then says its sentence under the title.
    if (bandTextWidth_ > 0 && cells.columnWidth < 1.6f * style_.valueSize) {
      const FigureCells wider = figureCells(texts, n_, rq_.width - x0_ - pad(), style_, measure_);
      if (wider.columnWidth > cells.columnWidth) {
        cells = wider;
        bandTextWidth_ = 0;
      }
    }
    cw_ = cells.columnWidth;
    valueSize_ = cells.valueSize;
    cellH_ = cells.cellH;
    // Cells widened for legibility take the room of the sentences first; too little left for
    // a few words and the sentences go (the window's explanation panel says them).
    bandTextWidth_ = std::min(bandTextWidth_, rq_.width - cellX(n_) - 2 * pad());
    if (bandTextWidth_ < 6 * style_.smallSize) bandTextWidth_ = 0;
  }

  void addText(float x, float y, std::string text, Color c, float size, bool bold, TextAlign align,
               std::string role, int index = -1) {
    addSceneText(scene_, x, y, std::move(text), c, size, bold, align, std::move(role), index);
  }

  float addTitle(float y) {
    const auto id = findAlgorithm(t_.meta.algorithm);
    const std::string name = id ? std::string(algorithmInfo(*id).name) : t_.meta.algorithm;
    const std::string sep = "  \xC2\xB7  ";
    const std::string title = std::string(chained_ ? "Block-to-block hand-off (PMPP 8.7)"
                                                   : "Hierarchical scan (PMPP Fig. 8.9)") +
                              sep + name + sep +
                              scanDescription(t_.meta.op, t_.meta.inclusive, t_.meta.dtype);
    for (const std::string& line : wrapWords(title, std::max(100.0f, rq_.width - 2 * pad()),
                                             style_.titleSize, true, measure_)) {
      addText(pad(), y, line, pal_.text, style_.titleSize, true, TextAlign::Left, "title");
      y += 1.35f * style_.titleSize;
    }
    addText(pad(), y,
            "N = " + std::to_string(n_) + ", " + std::to_string(blocks_) + " blocks of " +
                std::to_string(section_) + sep + "step " + std::to_string(shownStep_) + " of " +
                std::to_string(t_.steps.size() - 1),
            pal_.textDim, style_.labelSize, false, TextAlign::Left, "subtitle");
    return y + 1.35f * style_.labelSize;
  }

  // Without the sentences beside the bands, the one of the latest row reached stands under the
  // title, in the room of the longest, so that the figure keeps its size from step to step.
  float addStepCaption(float y) {
    if (bandTextWidth_ > 0) return y;
    const float width = std::max(100.0f, rq_.width - 2 * pad());
    size_t most = 0;
    std::string said;
    for (size_t r = 1; r < rows_.size(); ++r) {
      const std::string text = bandText(rows_[r].role);
      most = std::max(most, wrapWords(text, width, style_.labelSize, false, measure_).size());
      if (reached(rows_[r].step)) said = text;
    }
    if (!said.empty())
      addWrappedText(scene_, said, pad(), y + 0.2f * style_.labelSize, width, style_.labelSize,
                     false, pal_.text, "step-caption", 1.3f, measure_);
    return y + 0.2f * style_.labelSize + 1.3f * style_.labelSize * static_cast<float>(most);
  }

  float addIndexRow(float y) {
    // Presenting, not below the back row's size (the columns are sized for it, figure_parts.h).
    const float size =
        std::min(style_.smallSize, std::max({10.0f, 0.45f * cw_, style_.minTextSize}));
    for (int i = 0; i < n_; ++i)
      addText(centre(i), y, std::to_string(i), pal_.textDim, size, false, TextAlign::Center,
              "index", i);
    return y + 1.3f * size;
  }

  float addRow(const FigureRow& r) {
    const bool shown = reached(r.step);
    addText(pad(), r.y + 0.5f * (cellH_ - style_.labelSize), r.label,
            shown ? pal_.text : pal_.textDim, style_.labelSize, false, TextAlign::Left,
            "row-label");
    for (size_t i = 0; i < r.columns.size(); ++i) {
      const int col = r.columns[i];
      SceneRect c;
      c.x = cellX(col) + 0.5f * (1 - kCellBox) * cw_;
      c.y = r.y;
      c.w = kCellBox * cw_;
      c.h = cellH_;
      c.rounding = std::min(0.12f * valueSize_, 0.2f * c.w);
      c.fill = shown ? r.fill : Color{0, 0, 0, 0};
      c.stroke = shown ? pal_.cellStroke : pal_.textDim;
      c.strokeWidth = 1;
      c.role = r.role + "-cell" + (shown ? "" : "-pending");
      c.index = static_cast<int>(i);
      scene_.rects.push_back(c);
      if (!shown || i >= r.values.size()) continue;
      const bool onHighlight = r.role == "sums-scanned" || r.role == "handoff";
      SceneText& text = addSceneText(scene_, c.x + 0.5f * c.w, r.y + 0.5f * (cellH_ - valueSize_),
                                     fitCellText(cellText(r, i), cw_, valueSize_, true, measure_),
                                     onHighlight ? pal_.writtenText : pal_.text, valueSize_, true,
                                     TextAlign::Center, r.role + "-value", static_cast<int>(i));
      text.tooltip = r.label + " [" + std::to_string(i) +
                     "] = " + formatValue(r.values[i], t_.meta.dtype) +
                     (i < r.symbols.size() && r.symbols[i].kind == InputRange::Kind::Range
                          ? ", the inputs " + cellText(r, i) + " combined"
                          : "");
      text.hoverX = c.x;
      text.hoverY = c.y;
      text.hoverW = c.w;
      text.hoverH = c.h;
    }
    return r.y + cellH_;
  }

  SceneLine& addArrow(float x1, float y1, float x2, float y2, Color c, float width,
                      const std::string& role, int index) {
    return addSceneArrow(scene_, x1, y1, x2, y2, c, width, role, index);
  }

  float arrowWidth() const { return std::clamp(0.12f * style_.labelSize, 1.0f, 0.25f * cw_); }

  // The band above row r: what happens between the row before and this one, and its arrows.
  float addBand(size_t r, float y) {
    const float band = std::max(2.6f * style_.labelSize, 1.2f * cellH_);
    const FigureRow& to = rows_[r];
    const float top = y + 0.15f * style_.labelSize, bottom = y + band - 0.15f * style_.labelSize;
    const std::string what = bandText(to.role);
    if (reached(to.step)) addBandArrows(to, top, bottom);
    if (reached(to.step) && bandTextWidth_ > 0) {
      const std::vector<std::string> lines =
          wrapWords(what, bandTextWidth_, style_.smallSize, false, measure_);
      float ty = y + 0.5f * (band - 1.25f * style_.smallSize * static_cast<float>(lines.size()));
      for (const std::string& line : lines) {
        addText(cellX(n_) + pad(), ty, line, pal_.textDim, style_.smallSize, false, TextAlign::Left,
                "band-label", static_cast<int>(r));
        ty += 1.25f * style_.smallSize;
      }
    }
    return y + band;
  }

  std::string bandText(const std::string& role) const {
    if (chained_) {
      if (role == "scanned") return "each block scans its tile (Brent-Kung)";
      if (role == "handoff")
        return "each block waits for its predecessor's running sum, adds its own sum and hands "
               "the result on";
      if (role == "shifted") return "an exclusive scan stores each value one place to the right";
      return "each block adds the running sum it received into its tile";
    }
    if (role == "scanned") return "each block scans its section";
    if (role == "sums" && anySumTakesInput())
      return "each block's sum S: its last scanned value, which an exclusive scan ends with "
             "before the last input, combined with that last input";
    if (role == "sums") return "the last element of each block is its sum";
    if (role == "sums-scanned") return "one block scans S";
    return "S before each block is added into it";
  }

  void addBandArrows(const FigureRow& to, float top, float bottom) {
    const float w = arrowWidth();
    if (to.role == "scanned") {
      for (int i = 0; i < n_; ++i)
        addArrow(centre(i), top, centre(i), bottom, pal_.ownArrow, 0.6f * w, "scan-arrow", i);
    } else if (to.role == "shifted") {
      for (int i = 1; i < n_; ++i)
        addArrow(centre(i - 1), top, centre(i), bottom, pal_.ownArrow, 0.7f * w, "shift-arrow", i)
            .dashed = true;
    } else if (to.role == "handoff") {
      addHandoffArrows(top, bottom);
    } else if (to.role == "sums" || to.role == "sums-scanned") {
      for (int b = 0; b < blocks_; ++b) {
        addArrow(centre(lastOfBlock(b)), top, centre(lastOfBlock(b)), bottom,
                 to.role == "sums" ? pal_.arrow : pal_.ownArrow, to.role == "sums" ? w : 0.6f * w,
                 to.role == "sums" ? "sum-arrow" : "sums-scan-arrow", b);
        if (to.role == "sums" && sumTakesInput_[static_cast<size_t>(b)])
          addLastInput(b, top, bottom);
      }
    } else {
      for (int b = 1; b < blocks_; ++b) {
        const std::optional<int> from = feedingSum(b);
        if (!from) continue;
        for (int i = b * section_; i <= lastOfBlock(b); ++i)
          addArrow(centre(lastOfBlock(*from)), top, centre(i), bottom, pal_.arrow, w,
                   "addback-arrow", i);
      }
    }
  }

  // The second operand of an exclusive block's sum: the block's last input, as a chip in the
  // input row's colours left of the arrow from the block's last scanned value, with its own arrow
  // into S ("+ 3", or "+ x7" with symbols).
  void addLastInput(int b, float top, float bottom) {
    const int last = lastOfBlock(b);
    const FigureRow& x = rows_[0];
    const std::string value = cellText(x, static_cast<size_t>(last));
    const std::string op = t_.meta.op == "add"   ? "+ "
                           : t_.meta.op == "mul" ? "\xC3\x97 "
                                                 : t_.meta.op + " ";
    const std::string text = op + value;
    // As large as the band allows, up to the cells' own values: it is read from the back row.
    const float size = std::clamp(0.55f * (bottom - top), style_.labelSize, valueSize_),
                h = 1.35f * size;
    const float w = measure_(text, size, true) + 0.8f * size;
    const float right = centre(last) - 0.45f * cw_, mid = 0.5f * (top + bottom);
    SceneRect& chip =
        addSceneRect(scene_, right - w, mid - 0.5f * h, w, h, pal_.beforeFill, "sum-input", b);
    chip.stroke = pal_.cellStroke;
    chip.strokeWidth = 1;
    chip.rounding = 0.2f * size;
    SceneText& label = addSceneText(scene_, right - 0.5f * w, mid - 0.5f * size, text, pal_.text,
                                    size, true, TextAlign::Center, "sum-input-value", b);
    const FigureRow& scanned = rows_[1];
    const std::string name = "x" + std::to_string(last);
    label.tooltip =
        "S[" + std::to_string(b) +
        "] = " + formatValue(scanned.values[static_cast<size_t>(last)], t_.meta.dtype) + " " + op +
        formatValue(x.values[static_cast<size_t>(last)], t_.meta.dtype) +
        ": the block's exclusive scan ends with everything before its last element; its last "
        "input " +
        name + " completes the block's sum";
    label.hoverX = chip.x;
    label.hoverY = chip.y;
    label.hoverW = chip.w;
    label.hoverH = chip.h;
    addArrow(right, mid, centre(last) - 0.25f * cw_, bottom, pal_.arrow, arrowWidth(),
             "sum-input-arrow", b);
  }

  // A block's own sum down into its cell of the chain, and each running sum across to the next
  // block, named with the scheduler round in which the successor received it (emulator runs).
  void addHandoffArrows(float top, float bottom) {
    const float w = arrowWidth();
    for (int b = 0; b < blocks_; ++b)
      addArrow(centre(lastOfBlock(b)), top, centre(lastOfBlock(b)), bottom, pal_.ownArrow, 0.6f * w,
               "own-sum-arrow", b);
    const float y = bottom + 0.15f * style_.labelSize + 0.5f * cellH_;
    const float half = 0.5f * kCellBox * cw_;
    for (int b = 1; b < blocks_; ++b) {
      const float x1 = centre(lastOfBlock(b - 1)) + half, x2 = centre(lastOfBlock(b)) - half;
      addArrow(x1, y, x2, y, pal_.arrow, 1.4f * w, "handoff-arrow", b);
      // The sum shrinks to the gap between the two cells, down to two thirds of its size.
      const std::string sum = handoffSum(b);
      const float room = 0.95f * (x2 - x1);
      const float size =
          std::min(style_.smallSize, style_.smallSize * room /
                                         std::max(1.0f, measure_(sum, style_.smallSize, false)));
      if (size >= 0.66f * style_.smallSize)
        addText(0.5f * (x1 + x2), y - 0.3f * style_.smallSize - size, sum, pal_.text, size, false,
                TextAlign::Center, "handoff-sum", b);
      const std::string when = handoffRound(b);
      if (!when.empty() && measure_(when, style_.smallSize, false) < x2 - x1)
        addText(0.5f * (x1 + x2), y + 0.3f * style_.smallSize, when, pal_.textDim, style_.smallSize,
                false, TextAlign::Center, "handoff-round", b);
    }
  }

  // What block b computes when the running sum arrives: the received sum combined with its own
  // (seed 000: "receives 7 from Block 0, sums up with its local 7 to get 14").
  std::string handoffSum(int b) const {
    const FigureRow& chain = rows_[static_cast<size_t>(feeding_)];
    const auto text = [&](const FigureRow& r, int i) {
      const size_t k = static_cast<size_t>(i);
      if (k < r.symbols.size() && r.symbols[k].kind == InputRange::Kind::Range)
        return rangeSum(r.symbols[k]);
      return formatCellValue(r.values[k], t_.meta.op, t_.meta.dtype);
    };
    const std::string received = text(chain, b - 1);
    const std::string own = text(rows_[1], lastOfBlock(b));
    const std::string result = text(chain, b);
    const std::string combined = t_.meta.op == "add" ? received + " + " + own
                                 : t_.meta.op == "mul"
                                     ? received + " \xC3\x97 " + own
                                     : t_.meta.op + "(" + received + ", " + own + ")";
    return combined + " = " + result;
  }

  // A range as the hand-off says it: a sum as Σi..j (seed 000's "sums up ... to get 14"),
  // another operator as the cells write it (x0..x7).
  std::string rangeSum(const InputRange& r) const {
    if (t_.meta.op != "add" || r.first == r.last) return symbolicText(r, t_.meta.op, t_.meta.dtype);
    return "\xE2\x88\x91" + std::to_string(r.first) + ".." + std::to_string(r.last);
  }

  // The emulator's round in which block b received its predecessor's running sum (and handed its
  // own on): the round after it scanned its tile plus the rounds it waited. Empty on a GPU trace.
  std::string handoffRound(int b) const {
    if (t_.meta.timeUnit != "round") return {};
    for (const TraceBlock& blk : t_.blocks)
      if (blk.id == b) return "round " + std::to_string(blk.startNs + 1 + blk.waitNs);
    return {};
  }

  // The cell of S scanned that block b adds: the one holding everything before the block. Read
  // from the ranges where the trace has them (an inclusive scan of S gives it at b - 1, an
  // exclusive one at b); else from whether S's scan starts with the identity.
  std::optional<int> feedingSum(int b) const {
    if (chained_) return b - 1;
    const FigureRow& s = rows_[static_cast<size_t>(feeding_)];
    const InputRange wanted = InputRange::of(0, static_cast<long long>(b) * section_ - 1);
    if (!s.symbols.empty()) {
      for (size_t j = 0; j < s.symbols.size(); ++j)
        if (s.symbols[j] == wanted) return static_cast<int>(j);
      return std::nullopt;
    }
    const bool exclusive = !s.values.empty() && s.values[0] == identityOf();
    const int j = exclusive ? b : b - 1;
    return j < static_cast<int>(s.values.size()) ? std::optional<int>(j) : std::nullopt;
  }

  double identityOf() const { return identityValue(t_.meta.op, t_.meta.dtype); }

  float addBlockBrackets(float y) {
    for (int b = 0; b < blocks_; ++b) {
      const float left = cellX(b * section_) + 0.1f * cw_;
      const float right = cellX(lastOfBlock(b) + 1) - 0.1f * cw_;
      addSceneLine(scene_, left, y, right, y, pal_.warpLine,
                   std::max(1.0f, 0.08f * style_.labelSize), "block-bracket", b);
      const std::string label = "block " + std::to_string(b);
      if (measure_(label, style_.smallSize, false) < right - left)
        addText(0.5f * (left + right), y + 0.25f * style_.smallSize, label, pal_.textDim,
                style_.smallSize, false, TextAlign::Center, "block-label", b);
      if (b > 0) {
        const float x = cellX(b * section_);
        addSceneLine(scene_, x, rows_.front().y - 0.2f * style_.labelSize, x, y, pal_.blockLine,
                     std::max(1.0f, 0.1f * style_.labelSize), "block-boundary", b)
            .dashed = true;
      }
    }
    return y + 1.5f * style_.smallSize;
  }

  // Every kind of arrow the bands draw, as they draw it.
  float addLegend(float y) {
    LegendRows rows = legendRows(y);
    const float w = arrowWidth();
    if (chained_) {
      addLegendArrow(rows, pal_.arrow, 1.4f * w, false, "a running sum handed to the next block");
      addLegendArrow(rows, pal_.arrow, w, false, "the running sum received, added into the tile");
      addLegendArrow(rows, pal_.ownArrow, 0.6f * w, false,
                     "the same element: scanned in its tile, or its sum into the chain");
      if (!t_.meta.inclusive)
        addLegendArrow(rows, pal_.ownArrow, 0.7f * w, true, "moved one place right, no operation");
    } else {
      addLegendArrow(rows, pal_.arrow, w, false,
                     "a block's sum into S; S added into every element of a later block");
      addLegendArrow(rows, pal_.ownArrow, 0.6f * w, false,
                     "the same element: scanned within its block, or S scanned");
    }
    if (anySumTakesInput()) {
      const LegendRows::Place at =
          rows.add(2 * rows.swatchSide(),
                   "a block's last input, the second operand of its sum S after an exclusive "
                   "block scan");
      SceneRect& chip = addSceneRect(scene_, at.x, at.y, 2 * rows.swatchSide(), rows.swatchSide(),
                                     pal_.beforeFill, "legend-swatch");
      chip.stroke = pal_.cellStroke;
      chip.strokeWidth = 1;
    }
    if (!symbols_.empty() || chainSymbolic_) addSymbolsLegend(rows);
    if (chainSymbolic_ && t_.meta.op == "add") rows.add(0, "\xE2\x88\x91i..j = xi + ... + xj");
    return rows.bottom();
  }

  HierarchySteps steps_;
  ChainSteps chain_;
  bool chained_ = false;             // PMPP 8.7's chain of blocks rather than Fig. 8.9's hierarchy
  bool chainSymbolic_ = false;       // the chain's rows carry ranges (addChainSymbols)
  int feeding_ = 3;                  // the row whose cells are added back into the blocks
  std::vector<bool> sumTakesInput_;  // per block: S is its last scanned value and last input
  std::vector<std::vector<InputRange>> symbols_;
  std::vector<FigureRow> rows_;
  float bandTextWidth_ = 0;
};

}  // namespace

namespace {

// The figure that fits the trace, at the style's sizes.
Scene buildFigureAtStyle(const FigureRequest& rq, const ArraySceneStyle& style,
                         const ViewPalette& palette, const MeasureText& measure) {
  if (isTreeScan(*rq.trace)) return buildTreeFigureScene(rq, style, palette, measure);
  if (isClusterScan(*rq.trace)) return buildClusterFigureScene(rq, style, palette, measure);
  if (sectionFigureKind(*rq.trace) != SectionFigureKind::None)
    return buildSectionFigureScene(rq, style, palette, measure);
  return FigureBuilder(rq, style, palette, measure).build();
}

}  // namespace

Scene buildFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                       const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || !figureProblem(*rq.trace).empty()) return {};
  Scene scene = buildFigureAtStyle(rq, style, palette, measure);
  if (rq.height <= 0) return scene;
  // The sizes scale the figure almost in proportion (cells are as wide and high as their font
  // needs), so a few rounds settle on the largest figure that fits the view both ways.
  const auto fit = [&](bool byWidth, float most) {
    float f = 1;
    for (int round = 0; round < 4 && scene.height > 0 && scene.width > 0; ++round) {
      const float room = byWidth ? std::min(rq.height / scene.height, rq.width / scene.width)
                                 : rq.height / scene.height;
      const float next = std::clamp(f * room, kMinShrink, most);
      if (std::abs(next - f) < 0.02f * f) break;
      f = next;
      scene = buildFigureAtStyle(rq, style.scaled(f), palette, measure);
    }
  };
  fit(true, kMaxGrow);
  // Too wide even at the smallest size (sixteen "x12..x15" cells in a narrow view): small text
  // on a projector helps nobody, so the figure keeps a readable size, fits the height only and
  // the view scrolls sideways, as the array view does.
  if (scene.width > 1.02f * rq.width) {
    scene = buildFigureAtStyle(rq, style, palette, measure);
    fit(false, 1.0f);
  }
  return scene;
}

}  // namespace scanviz
