#include "app/scene/tree_figure_scene.h"

#include <algorithm>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/trace/value_format.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

int stepOf(const Trace& t, StepKind kind, int param) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
    if (s.kind == static_cast<int>(kind) && s.param == param && s.level == 0) return k;
  }
  return -1;
}

// log2 of a power of two, else -1.
int exactLog2(int n) {
  if (n < 1 || (n & (n - 1)) != 0) return -1;
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
}

bool blellochTree(const Trace& t) {
  return stepOf(t, StepKind::ClearLast, 0) >= 0;
}

}  // namespace

std::vector<TreeRow> treeRows(const Trace& t) {
  const int levels = exactLog2(t.meta.sectionSize);
  if (levels < 1 || hasWholeArrayRows(t) || t.meta.n > t.meta.sectionSize) return {};
  std::vector<TreeRow> rows;
  bool missing = false;
  const auto add = [&](TreeRow::Half half, int level, int step, bool written,
                       std::string label = {}) {
    missing = missing || step < 0;
    if (step < 0) return;
    rows.push_back({half, level, step, written,
                    label.empty() ? t.steps[static_cast<size_t>(step)].label : label});
  };
  add(TreeRow::Half::Up, 0, stepOf(t, StepKind::Load, 0), true);
  for (int l = 1; l <= levels; ++l)
    add(TreeRow::Half::Up, l, stepOf(t, StepKind::UpSweep, 1 << (l - 1)), true);
  if (blellochTree(t)) {
    add(TreeRow::Half::Down, levels, stepOf(t, StepKind::ClearLast, 0), true);
    for (int l = levels - 1; l >= 0; --l)
      add(TreeRow::Half::Down, l, stepOf(t, StepKind::BlellochDown, 1 << l), true);
    const int inclusive = stepOf(t, StepKind::ToInclusive, 0);
    if (inclusive >= 0) add(TreeRow::Half::Down, 0, inclusive, true);
  } else {
    // Brent-Kung's distribution tree starts from what the reduction tree left: every node on
    // the right spine and every first child already holds its prefix.
    add(TreeRow::Half::Down, levels - 1, stepOf(t, StepKind::UpSweep, 1 << (levels - 1)), false,
        "after the up-sweep");
    for (int l = levels - 2; l >= 0; --l)
      add(TreeRow::Half::Down, l, stepOf(t, StepKind::DownSweep, 1 << l), true);
  }
  if (missing) return {};
  return rows;
}

bool isTreeScan(const Trace& t) {
  return !treeRows(t).empty();
}

std::string treeFigureProblem(const Trace& t) {
  if (!isTreeScan(t)) return "this run is not a one-block Blelloch or Brent-Kung scan";
  if (t.meta.sectionSize > kMaxTreeLeaves)
    return "the tree is drawn for sections of up to " + std::to_string(kMaxTreeLeaves) +
           " elements, and this run's section has " + std::to_string(t.meta.sectionSize) +
           ": capture fewer elements (or a smaller --block-size)";
  if (static_cast<long long>(t.input.size()) < t.meta.n)
    return "this trace keeps only part of its input: the figure needs all of it";
  return {};
}

namespace {

class TreeBuilder : FigureBuilderBase {
 public:
  using FigureBuilderBase::FigureBuilderBase;

  Scene build() {
    rows_ = treeRows(t_);
    leaves_ = t_.meta.sectionSize;
    blelloch_ = blellochTree(t_);
    symbols_ = figureSymbols(t_, rq_.symbolic);
    layout();
    float y = addFigureTitle(scene_, t_, title(), subtitle(), pad(), pad(), rq_.width - 2 * pad(),
                             style_, pal_, measure_);
    rowY_.assign(rows_.size(), 0);
    for (size_t r = 0; r < rows_.size(); ++r) {
      const bool firstOfHalf = r == 0 || rows_[r].half != rows_[r - 1].half;
      if (firstOfHalf)
        y = addHalfHeading(rows_[r].half, y + 0.4f * style_.labelSize);
      else
        y += band();
      rowY_[r] = y;
      y += cells_.cellH;
    }
    // Tree edges and arrows first, the nodes over them.
    for (size_t r = 1; r < rows_.size(); ++r) addArrows(r);
    for (size_t r = 0; r < rows_.size(); ++r) addRow(r);
    fitWidth(x0_ + static_cast<float>(leaves_) * cw());
    return finish(addLegend(y + 0.8f * style_.labelSize));
  }

 private:
  float cw() const { return cells_.columnWidth; }
  float band() const { return std::max(1.5f * style_.labelSize, 0.8f * cells_.cellH); }
  int nodes(const TreeRow& row) const { return leaves_ >> row.level; }
  float nodeX(const TreeRow& row, int m) const {
    const int span = 1 << row.level;
    return x0_ + (static_cast<float>(m * span) + 0.5f * static_cast<float>(span)) * cw();
  }
  bool reached(const TreeRow& row) const { return row.step <= shownStep_; }
  bool current(const TreeRow& row) const { return row.step == shownStep_; }

  // The node of `row` whose range ends at `element`; -1 when no node of that level does.
  int nodeAt(const TreeRow& row, int element) const {
    if (element < 0 || (element + 1) % (1 << row.level) != 0) return -1;
    const int m = (element + 1) / (1 << row.level) - 1;
    return m < nodes(row) ? m : -1;
  }

  double valueOf(const TreeRow& row, int m) const {
    const std::vector<double>& v = t_.steps[static_cast<size_t>(row.step)].values;
    const size_t e = static_cast<size_t>(treeNodeElement(row.level, m));
    return e < v.size() ? v[e] : 0;
  }
  const InputRange* rangeOf(const TreeRow& row, int m) const {
    if (symbols_.empty()) return nullptr;
    const std::vector<InputRange>& r = symbols_[static_cast<size_t>(row.step)];
    const size_t e = static_cast<size_t>(treeNodeElement(row.level, m));
    return e < r.size() ? &r[e] : nullptr;
  }
  std::string textOf(const TreeRow& row, int m) const {
    return figureCellText(t_, valueOf(row, m), rangeOf(row, m));
  }

  std::string title() const {
    return blelloch_ ? "Blelloch's tree: up-sweep and down-sweep (seed 003)"
                     : "Brent-Kung's trees: reduction and distribution (PMPP Figs. 8.4-8.6)";
  }
  std::string subtitle() const {
    const std::string& label = t_.steps[static_cast<size_t>(std::max(0, shownStep_))].label;
    return "N = " + std::to_string(t_.meta.n) + ", leaves: the " + std::to_string(leaves_) +
           " elements of the section; a node holds the elements under it combined, in the "
           "working array at the last of them  \xC2\xB7  step " +
           std::to_string(shownStep_) + " of " + std::to_string(t_.steps.size() - 1) + ": " + label;
  }

  void layout() {
    std::vector<std::string> texts, labels;
    for (const TreeRow& row : rows_) {
      labels.push_back(row.label);
      for (int m = 0; m < nodes(row); ++m) texts.push_back(textOf(row, m));
    }
    labelWidth_ = figureLabelColumn(labels, rq_.width, style_.labelSize, measure_);
    x0_ = pad() + labelWidth_ + 1.5f * pad();
    cells_ = figureCells(texts, leaves_, rq_.width - x0_ - pad(), style_, measure_);
  }

  float addHalfHeading(TreeRow::Half half, float y) {
    const std::string text =
        half == TreeRow::Half::Up ? "Up-sweep (reduction tree): each node combines its two children"
        : blelloch_
            ? "Down-sweep: the root gets the identity; each node passes its value to its left "
              "child (moved, dashed) and gives its right child its value combined with the left "
              "child's up-sweep sum (beside the arrow)"
            : "Down-sweep (distribution tree): each left child but the first gets the prefix "
              "through its left neighbour's range combined with its own sum";
    // Left of the root, where the arrow from the up-sweep's root to the down-sweep's passes.
    const float right = half == TreeRow::Half::Up
                            ? rq_.width - pad()
                            : x0_ + 0.5f * static_cast<float>(leaves_ - 1) * cw() - pad();
    y = addWrappedText(scene_, text, pad(), y, std::max(100.0f, right - pad()), style_.smallSize,
                       false, pal_.textDim, "half-label", 1.3f, measure_);
    return y + 0.5f * style_.labelSize;
  }

  // The nodes the row's step writes: its operator applications' destinations and moves, every
  // node of a step without any (the load, the cleared root).
  std::vector<bool> writtenNodes(const TreeRow& row) const {
    const TraceStep& s = t_.steps[static_cast<size_t>(row.step)];
    std::vector<bool> w(static_cast<size_t>(nodes(row)), row.written && s.edges.empty());
    if (s.kind == static_cast<int>(StepKind::ClearLast)) {
      std::fill(w.begin(), w.end(), false);
      w.back() = true;
    }
    if (!row.written) return w;
    const StepKindInfo* info = findStepKind(s.kind);
    for (const auto& [dst, src] : s.edges) {
      if (const int m = nodeAt(row, dst); m >= 0) w[static_cast<size_t>(m)] = true;
      if (const int m = nodeAt(row, src); info && info->movesOldValue && m >= 0)
        w[static_cast<size_t>(m)] = true;
    }
    return w;
  }

  void addRow(size_t r) {
    const TreeRow& row = rows_[r];
    const bool shown = reached(row), now = current(row) && row.written;
    addFigureRowLabel(scene_, row.label, pad(), rowY_[r] + 0.5f * cells_.cellH, labelWidth_,
                      style_.labelSize, now,
                      now     ? pal_.accent
                      : shown ? pal_.text
                              : pal_.textDim,
                      measure_, static_cast<int>(r));
    const std::vector<bool> written = writtenNodes(row);
    const std::string role = row.half == TreeRow::Half::Up ? "up" : "down";
    for (int m = 0; m < nodes(row); ++m) {
      const bool lit = now && written[static_cast<size_t>(m)];
      const bool leafInput = r == 0;
      FigureCell c;
      c.centreX = nodeX(row, m);
      c.y = rowY_[r];
      c.width = cw();
      c.height = cells_.cellH;
      c.text = textOf(row, m);
      const int first = m << row.level, last = treeNodeElement(row.level, m);
      c.tooltip = row.label + ": the node over elements " + std::to_string(first) +
                  (last > first ? " to " + std::to_string(last) : "") + " = " +
                  formatValue(valueOf(row, m), t_.meta.dtype);
      c.fill = lit ? pal_.writtenFill : leafInput ? pal_.beforeFill : pal_.cellFill;
      c.ink = lit ? pal_.writtenText : leafInput ? pal_.beforeText : pal_.text;
      c.reached = shown;
      c.padding = first >= t_.meta.n;
      c.role = role + (lit ? "-node-written" : "-node");
      // The index names the node: its level's offset in the row and its number.
      c.index = m;
      addFigureCell(scene_, c, cells_.valueSize, pal_, measure_);
    }
  }

  void arrow(const TreeRow& from, int fm, size_t fr, const TreeRow& to, int tm, size_t tr, Color c,
             float width, const std::string& role, bool dashed = false) {
    SceneLine& l = addSceneArrow(scene_, nodeX(from, fm), rowY_[fr] + cells_.cellH, nodeX(to, tm),
                                 rowY_[tr], c, width, role, tm);
    l.dashed = dashed;
  }

  // Into row r from the row above: the step's operator applications mapped onto the nodes they
  // join (the other operand, the node's own old value, Blelloch's move), thin tree edges where
  // a level hangs under the one above, and the element carried down where a step changes a node
  // without an operator (the cleared root).
  void addArrows(size_t r) {
    const TreeRow &to = rows_[r], &from = rows_[r - 1];
    if (!reached(to)) return;
    const float w = std::clamp(0.12f * style_.labelSize, 1.0f, 0.25f * cw());
    // Blelloch's arrows reach both children; Brent-Kung's cross the tree and need its edges.
    if (from.level == to.level + 1 && !blelloch_)
      for (int m = 0; m < nodes(to); ++m)
        addSceneLine(scene_, nodeX(from, m / 2), rowY_[r - 1] + cells_.cellH, nodeX(to, m),
                     rowY_[r], pal_.textDim, std::max(1.0f, 0.4f * w), "tree-edge", m);
    const TraceStep& s = t_.steps[static_cast<size_t>(to.step)];
    const StepKindInfo* info = findStepKind(s.kind);
    if (!to.written || s.edges.empty()) {
      for (int m = 0; m < nodes(to); ++m)
        if (const int fm = nodeAt(from, treeNodeElement(to.level, m)); fm >= 0)
          arrow(from, fm, r - 1, to, m, r, pal_.ownArrow, 0.7f * w, "carry-arrow", true);
      return;
    }
    for (const auto& [dst, src] : s.edges) {
      const int tm = nodeAt(to, dst);
      if (tm < 0) continue;
      if (const int fm = nodeAt(from, src); fm >= 0)
        arrow(from, fm, r - 1, to, tm, r, pal_.arrow, w, "operand-arrow");
      if (const int fm = nodeAt(from, dst); fm >= 0)
        arrow(from, fm, r - 1, to, tm, r, pal_.ownArrow, 0.7f * w, "own-arrow");
      if (info && info->movesOldValue)
        if (const int mm = nodeAt(to, src), fm = nodeAt(from, dst); mm >= 0 && fm >= 0) {
          arrow(from, fm, r - 1, to, mm, r, pal_.ownArrow, 0.7f * w, "move-arrow", true);
          addLeftSum(r, from, fm, to, tm, mm);
        }
    }
  }

  // Blelloch's right child is its parent's value combined with the left child's up-sweep sum,
  // which the up-sweep tree holds: said beside the arrow into the right child, in the other
  // operand's colour ("+ 11", "+ x0..x3").
  void addLeftSum(size_t r, const TreeRow& from, int parent, const TreeRow& to, int right,
                  int left) {
    const TreeRow* up = nullptr;
    for (const TreeRow& row : rows_)
      if (row.half == TreeRow::Half::Up && row.level == to.level) up = &row;
    if (!up) return;
    const std::string text = (t_.meta.op == "add"   ? "+ "
                              : t_.meta.op == "mul" ? "\xC3\x97 "
                                                    : t_.meta.op + " ") +
                             textOf(*up, left);
    const float x = 0.5f * (nodeX(from, parent) + nodeX(to, right));
    const float y = 0.5f * (rowY_[r - 1] + cells_.cellH + rowY_[r]) - 1.1f * style_.smallSize;
    addSceneText(scene_, x + 0.3f * style_.smallSize, y, text, pal_.arrow, style_.smallSize, true,
                 TextAlign::Left, "left-sum", right);
  }

  float addLegend(float y) {
    LegendRows rows = legendRows(y);
    const float w = std::clamp(0.12f * style_.labelSize, 1.0f, 0.25f * cw());
    addLegendArrow(rows, pal_.arrow, w, false, "the other operand");
    addLegendArrow(rows, pal_.ownArrow, 0.7f * w, false, "the node's own value");
    addLegendArrow(
        rows, pal_.ownArrow, 0.7f * w, true,
        blelloch_ ? "moved: the parent's value (the swap)" : "the same element, carried down");
    if (!blelloch_) {
      // Brent-Kung's tree edges, thin lines without a head, as the rows draw them.
      const float sample = 2 * rows.swatchSide();
      const LegendRows::Place at = rows.add(sample, "a tree edge: the node hangs under its parent");
      const float mid = at.y + 0.5f * rows.swatchSide();
      addSceneLine(scene_, at.x, mid, at.x + sample, mid, pal_.textDim, std::max(1.0f, 0.4f * w),
                   "legend-edge");
    }
    addWrittenSwatch(rows);
    if (!symbols_.empty()) addSymbolsLegend(rows);
    return rows.bottom();
  }

  std::vector<TreeRow> rows_;
  std::vector<float> rowY_;
  std::vector<std::vector<InputRange>> symbols_;
  FigureCells cells_;
  int leaves_ = 0;
  bool blelloch_ = false;
  float x0_ = 0, labelWidth_ = 0;
};

}  // namespace

Scene buildTreeFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                           const ViewPalette& palette, const MeasureText& measure) {
  return TreeBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
