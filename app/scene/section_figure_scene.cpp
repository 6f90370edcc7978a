#include "app/scene/section_figure_scene.h"

#include <algorithm>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/step_explainer.h"
#include "app/core/trace/value_format.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

bool hasStepKind(const Trace& t, StepKind kind) {
  return std::any_of(t.steps.begin(), t.steps.end(),
                     [&](const TraceStep& s) { return s.kind == static_cast<int>(kind); });
}

int firstStepOf(const Trace& t, StepKind kind) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].kind == static_cast<int>(kind)) return k;
  return -1;
}

}  // namespace

SectionFigureKind sectionFigureKind(const Trace& t) {
  if (hasWholeArrayRows(t) || t.meta.n > t.meta.sectionSize || t.steps.empty())
    return SectionFigureKind::None;
  if (hasStepKind(t, StepKind::DoubleBuffered)) return SectionFigureKind::DoubleBuffer;
  if (hasStepKind(t, StepKind::ThreadScan) && t.meta.blockSize > 0)
    return SectionFigureKind::CornerTurn;
  if (hasStepKind(t, StepKind::KoggeStoneShift)) return SectionFigureKind::ShiftedInput;
  return SectionFigureKind::None;
}

std::string sectionFigureProblem(const Trace& t) {
  if (sectionFigureKind(t) == SectionFigureKind::None)
    return "this run is not a one-block scan with two buffers, a corner-turned load or a shifted "
           "input";
  if (t.meta.sectionSize > kMaxSectionFigureElements)
    return "the figure draws every element of the section in a row, up to " +
           std::to_string(kMaxSectionFigureElements) + ", and this run's section has " +
           std::to_string(t.meta.sectionSize) + ": capture fewer elements";
  if (static_cast<long long>(t.input.size()) < t.meta.n)
    return "this trace keeps only part of its input: the figure needs all of it";
  return {};
}

std::vector<std::vector<LoadAccess>> cornerTurnedLoad(const Trace& t) {
  const int threads = t.meta.blockSize, section = t.meta.sectionSize;
  std::vector<std::vector<LoadAccess>> passes;
  if (threads <= 0) return passes;
  for (int first = 0; first < section; first += threads) {
    std::vector<LoadAccess> pass;
    for (int thread = 0; thread < threads && first + thread < section; ++thread)
      pass.push_back({thread, first + thread});
    passes.push_back(std::move(pass));
  }
  return passes;
}

std::vector<char> bufferWritten(const Trace& t) {
  std::vector<char> written(t.steps.size(), 0);
  char next = 'A';
  for (size_t k = 0; k < t.steps.size(); ++k) {
    const int kind = t.steps[k].kind;
    if (kind != static_cast<int>(StepKind::Load) &&
        kind != static_cast<int>(StepKind::DoubleBuffered))
      continue;
    written[k] = next;
    next = next == 'A' ? 'B' : 'A';
  }
  return written;
}

namespace {

enum class ArrowKind { Operand, Own, Copy, Chain, Load, Shift };

// How an arrow of each kind looks, in ArrowKind's order: own, copy and shift arrows take the
// quieter colour and are thinner, and a value moved without an operation (a copy, the shift) is
// dashed, as the tree's and the array view's moves are: no two kinds the legend names look alike.
// `width` is a share of the operand arrow's. A chain's hop along the row is drawn apart
// (addBand); its row here is its legend sample's.
struct ArrowLook {
  const char* role;
  bool quiet;
  float width;
  bool dashed;
};
constexpr ArrowLook kArrowLooks[] = {
    {"operand-arrow", false, 1.0f, false}, {"own-arrow", true, 0.6f, false},
    {"copy-arrow", true, 0.6f, true},      {"chain-arrow", false, 1.0f, false},
    {"load-arrow", false, 0.8f, false},    {"shift-arrow", true, 0.7f, true}};

struct RowArrow {
  int from = 0, to = 0;
  ArrowKind kind = ArrowKind::Operand;
};

struct Bracket {
  int first = 0, last = 0;
  std::string label;
};

struct SectionRow {
  std::string label;
  std::string role;
  int step = -1;  // -1: the input, always shown
  std::vector<double> values;
  std::vector<InputRange> ranges;  // empty without symbols
  std::vector<Color> fills;
  std::vector<bool> written;       // the cells the row's step writes
  std::vector<std::string> notes;  // under each cell (the thread that loads it); may be empty
  std::vector<Bracket> brackets;   // under the row
  std::string tag;                 // the buffer the row is ("A", "B"); may be empty
  std::vector<RowArrow> arrows;    // into this row from the one above (a chain: along it)
  std::string bandText;            // what happens between the row above and this one
};

// Okabe-Ito hues (no orange: it is the highlight), one a thread, mixed into the cell colour.
Color threadTint(const ViewPalette& pal, int thread) {
  static constexpr uint32_t kHues[] = {0x56b4e9, 0x009e73, 0xcc79a7, 0x0072b2,
                                       0xd55e00, 0xf0e442, 0x999999};
  const Color hue = rgb(kHues[static_cast<size_t>(thread) % std::size(kHues)]);
  const auto mix = [](uint8_t a, uint8_t b) {
    return static_cast<uint8_t>(0.6f * static_cast<float>(a) + 0.4f * static_cast<float>(b));
  };
  return {mix(pal.cellFill.r, hue.r), mix(pal.cellFill.g, hue.g), mix(pal.cellFill.b, hue.b), 255};
}

Color bufferTint(const ViewPalette& pal, char buffer) {
  if (buffer != 'B') return pal.cellFill;
  const auto mix = [](uint8_t a, uint8_t b) {
    return static_cast<uint8_t>(0.8f * static_cast<float>(a) + 0.2f * static_cast<float>(b));
  };
  return {mix(pal.cellFill.r, pal.accent.r), mix(pal.cellFill.g, pal.accent.g),
          mix(pal.cellFill.b, pal.accent.b), 255};
}

class SectionFigureBuilder : FigureBuilderBase {
 public:
  using FigureBuilderBase::FigureBuilderBase;

  Scene build() {
    kind_ = sectionFigureKind(t_);
    cells_ = t_.meta.sectionSize;
    symbols_ = figureSymbols(t_, rq_.symbolic);
    makeRows();
    layout();
    const std::string& label = t_.steps[static_cast<size_t>(std::max(0, shownStep_))].label;
    float y = addFigureTitle(scene_, t_, title(),
                             "N = " + std::to_string(t_.meta.n) + ", " +
                                 std::to_string(t_.meta.blockSize) + " threads  \xC2\xB7  step " +
                                 std::to_string(shownStep_) + " of " +
                                 std::to_string(t_.steps.size() - 1) + ": " + label,
                             pad(), pad(), rq_.width - 2 * pad(), style_, pal_, measure_);
    y = addStepCaption(y);
    y = addIndexRow(y + 0.3f * style_.labelSize);
    float above = y;  // the bottom of the row above, where its arrows start
    for (size_t r = 0; r < rows_.size(); ++r) {
      if (r > 0) {
        addBand(rows_[r], above, above + band(r), static_cast<int>(r));
        y = above + band(r);
      } else {
        y += 0.5f * labelOverflow(0);
      }
      above = addRow(rows_[r], y);
    }
    above += 0.5f * labelOverflow(rows_.size() - 1);
    fitWidth(rightEdge());
    return finish(addLegend(above + 0.8f * style_.labelSize));
  }

 private:
  float cw() const { return figure_.columnWidth; }
  float cellX(int i) const { return x0_ + static_cast<float>(i) * cw(); }
  float centre(int i) const { return cellX(i) + 0.5f * cw(); }
  // How far a row's wrapped label reaches past its cells, above and below together.
  float labelOverflow(size_t r) const {
    const size_t lines =
        wrapWords(rows_[r].label, labelWidth_, style_.labelSize, true, measure_).size();
    return std::max(0.0f, 1.2f * style_.labelSize * static_cast<float>(lines) - figure_.cellH);
  }
  // The band above row r: room for its arrows, its sentence and the labels on both sides.
  float band(size_t r) const {
    float h = std::max(2.4f * style_.labelSize, 1.2f * figure_.cellH);
    if (bandTextWidth_ > 0 && !rows_[r].bandText.empty()) {
      const size_t lines =
          wrapWords(rows_[r].bandText, bandTextWidth_, style_.smallSize, false, measure_).size();
      h = std::max(h,
                   1.25f * style_.smallSize * static_cast<float>(lines) + 0.5f * style_.labelSize);
    }
    return h + 0.5f * (labelOverflow(r - 1) + labelOverflow(r));
  }
  float tagSide() const { return 1.6f * style_.labelSize; }
  float cellsRight() const { return cellX(cells_) + (hasTags_ ? pad() + tagSide() : 0); }
  float rightEdge() const {
    return cellsRight() + (bandTextWidth_ > 0 ? pad() + bandTextWidth_ : 0);
  }
  bool reached(int step) const { return step <= shownStep_; }

  std::string title() const {
    switch (kind_) {
      case SectionFigureKind::DoubleBuffer:
        return "Hillis-Steele's two buffers: read one, write the other, swap (seed 004)";
      case SectionFigureKind::CornerTurn:
        return "Three-phase: the corner-turned load, then each thread's subsection (PMPP 8.5)";
      case SectionFigureKind::ShiftedInput:
        return "Exclusive Kogge-Stone: the input shifted right, the identity in front "
               "(PMPP Fig. 8.3)";
      case SectionFigureKind::None:
        break;
    }
    return {};
  }

  std::vector<InputRange> rangesOf(int step) const {
    if (symbols_.empty()) return {};
    if (step < 0) {
      std::vector<InputRange> r;
      for (int i = 0; i < cells_; ++i)
        r.push_back(i < t_.meta.n ? InputRange::of(i, i) : InputRange::identity());
      return r;
    }
    std::vector<InputRange> r = symbols_[static_cast<size_t>(step)];
    r.resize(static_cast<size_t>(cells_), InputRange::unknown());
    return r;
  }

  SectionRow inputRow(std::string label, Color fill) const {
    SectionRow row;
    row.label = std::move(label);
    row.role = "x";
    row.values.assign(t_.input.begin(), t_.input.begin() + t_.meta.n);
    row.values.resize(static_cast<size_t>(cells_),
                      identityValueOf());  // padding shows the identity
    row.ranges = rangesOf(-1);
    row.fills.assign(static_cast<size_t>(cells_), fill);
    row.written.assign(static_cast<size_t>(cells_), false);
    return row;
  }

  double identityValueOf() const {
    // The load's padding: the step's own value past n (every kernel pads with the identity).
    const std::vector<double>& v = t_.steps.front().values;
    return v.size() > static_cast<size_t>(t_.meta.n) ? v.back() : 0;
  }

  // A recorded step as a row: its values, the cells it writes and its operator applications as
  // arrows from the row above (a sequential pass along the row instead).
  SectionRow stepRow(int k, Color fill) const {
    const TraceStep& s = t_.steps[static_cast<size_t>(k)];
    SectionRow row;
    row.label = s.label;
    row.role = "step";
    row.step = k;
    row.values = s.values;
    row.values.resize(static_cast<size_t>(cells_), 0);
    row.ranges = rangesOf(k);
    row.fills.assign(static_cast<size_t>(cells_), fill);
    row.written.assign(static_cast<size_t>(cells_), s.edges.empty());
    const bool chain = s.kind == static_cast<int>(StepKind::ThreadScan);
    for (const auto& [dst, src] : s.edges) {
      if (dst < 0 || dst >= cells_) continue;
      row.written[static_cast<size_t>(dst)] = true;
      if (src >= 0 && src < cells_)
        row.arrows.push_back({src, dst, chain ? ArrowKind::Chain : ArrowKind::Operand});
      row.arrows.push_back({dst, dst, ArrowKind::Own});
    }
    row.bandText = explainStep(t_, k);
    return row;
  }

  void addLaterSteps(int after, Color fill) {
    for (int k = after + 1; k < static_cast<int>(t_.steps.size()); ++k)
      rows_.push_back(stepRow(k, fill));
  }

  void makeDoubleBufferRows() {
    const std::vector<char> buffer = bufferWritten(t_);
    char read = 'A';
    for (int k = 0; k < static_cast<int>(t_.steps.size()); ++k) {
      const char wrote = buffer[static_cast<size_t>(k)];
      if (!wrote) continue;
      SectionRow row = stepRow(k, bufferTint(pal_, wrote));
      row.tag = std::string(1, wrote);
      row.role = "buffer-" + row.tag;
      if (k == 0) {
        row.label = "buffer A: load";
      } else {
        const std::string stride =
            "stride " + std::to_string(t_.steps[static_cast<size_t>(k)].param);
        row.label = "buffer " + row.tag + ": " + stride;
        // The threads below the stride copy their element: the next step reads the whole buffer.
        std::vector<bool> operated(static_cast<size_t>(cells_), false);
        for (const RowArrow& a : row.arrows) operated[static_cast<size_t>(a.to)] = true;
        for (int i = 0; i < cells_; ++i)
          if (!operated[static_cast<size_t>(i)]) row.arrows.push_back({i, i, ArrowKind::Copy});
        row.bandText = stride + ": reads buffer " + std::string(1, read) + ", writes buffer " +
                       row.tag + "; then the buffers swap: " + row.tag + " is read next";
      }
      read = wrote;
      rows_.push_back(std::move(row));
    }
  }

  void makeCornerTurnRows() {
    const int threads = t_.meta.blockSize;
    const int per = std::max(1, cells_ / threads);
    SectionRow global = inputRow("global memory X", pal_.cellFill);
    global.role = "global";
    global.notes.assign(static_cast<size_t>(cells_), "");
    const std::vector<std::vector<LoadAccess>> passes = cornerTurnedLoad(t_);
    for (size_t p = 0; p < passes.size(); ++p) {
      for (const LoadAccess& a : passes[p]) {
        global.fills[static_cast<size_t>(a.element)] = threadTint(pal_, a.thread);
        global.notes[static_cast<size_t>(a.element)] = "t" + std::to_string(a.thread);
      }
      global.brackets.push_back(
          {passes[p].front().element, passes[p].back().element, "pass " + std::to_string(p)});
    }
    rows_.push_back(std::move(global));
    const int load = firstStepOf(t_, StepKind::Load);
    SectionRow shared = stepRow(load, pal_.cellFill);
    shared.label = "shared memory XY";
    shared.role = "shared";
    shared.fills = rows_.front().fills;
    for (int i = 0; i < cells_; ++i) shared.arrows.push_back({i, i, ArrowKind::Load});
    shared.bandText = "pass k: threads 0.." + std::to_string(threads - 1) +
                      " read X[kT .. kT+T-1], consecutive addresses: one coalesced access a "
                      "pass (T = " +
                      std::to_string(threads) + ")";
    rows_.push_back(std::move(shared));
    const int scan = firstStepOf(t_, StepKind::ThreadScan);
    SectionRow phase1 = stepRow(scan, pal_.cellFill);
    phase1.role = "subsections";
    for (int i = 0; i < cells_; ++i)
      phase1.fills[static_cast<size_t>(i)] = threadTint(pal_, i / per);
    for (int th = 0; th < threads && th * per < cells_; ++th)
      phase1.brackets.push_back(
          {th * per, std::min(cells_, (th + 1) * per) - 1, "thread " + std::to_string(th)});
    phase1.bandText = "each thread scans its own " + std::to_string(per) +
                      " consecutive elements, one after the other (each from its left "
                      "neighbour's new value)";
    rows_.push_back(std::move(phase1));
    addLaterSteps(scan, pal_.cellFill);
  }

  void makeShiftedRows() {
    rows_.push_back(inputRow("input X", pal_.beforeFill));
    const int shift = firstStepOf(t_, StepKind::KoggeStoneShift);
    SectionRow shifted = stepRow(shift, pal_.cellFill);
    shifted.label = "shifted: XY";
    shifted.role = "shifted";
    for (int i = 1; i < cells_ && i - 1 < t_.meta.n; ++i)
      shifted.arrows.push_back({i - 1, i, ArrowKind::Shift});
    shifted.bandText = "XY[i] = X[i-1], and the identity " +
                       formatCellValue(shifted.values.front(), t_.meta.op, t_.meta.dtype) +
                       " in front: Kogge-Stone on this row leaves x0..x(i-1) in XY[i]";
    rows_.push_back(std::move(shifted));
    addLaterSteps(shift, pal_.cellFill);
  }

  void makeRows() {
    if (kind_ == SectionFigureKind::DoubleBuffer) makeDoubleBufferRows();
    if (kind_ == SectionFigureKind::CornerTurn) makeCornerTurnRows();
    if (kind_ == SectionFigureKind::ShiftedInput) makeShiftedRows();
    for (const SectionRow& r : rows_) hasTags_ = hasTags_ || !r.tag.empty();
  }

  std::string cellText(const SectionRow& r, size_t i) const {
    return figureCellText(t_, r.values[i], i < r.ranges.size() ? &r.ranges[i] : nullptr);
  }

  void layout() {
    std::vector<std::string> texts, labels;
    for (const SectionRow& r : rows_) {
      labels.push_back(r.label);
      for (size_t i = 0; i < r.values.size(); ++i) texts.push_back(cellText(r, i));
    }
    labelWidth_ = figureLabelColumn(labels, rq_.width, style_.labelSize, measure_);
    x0_ = pad() + labelWidth_ + 1.5f * pad();
    float said = 0;
    for (const SectionRow& r : rows_)
      said = std::max(said, measure_(r.bandText, style_.smallSize, false));
    bandTextWidth_ = std::min(said, 0.25f * rq_.width);
    const float tags = hasTags_ ? pad() + tagSide() : 0;
    figure_ = figureCells(
        texts, cells_,
        rq_.width - x0_ - pad() - tags - (bandTextWidth_ > 0 ? pad() : 0) - bandTextWidth_, style_,
        measure_);
    // Cells widened for legibility take the sentences' room first; too little left for a few
    // words and the sentences go (the window's explanation panel says them).
    bandTextWidth_ = std::min(bandTextWidth_, rq_.width - cellsRight() - 2 * pad());
    if (bandTextWidth_ < 6 * style_.smallSize) bandTextWidth_ = 0;
    // Cells too narrow to read from the back row (a narrow window) take the sentences' column
    // too: the step being shown then says its sentence under the title.
    if (bandTextWidth_ > 0 && figure_.columnWidth < 1.6f * style_.valueSize) {
      const FigureCells wider =
          figureCells(texts, cells_, rq_.width - x0_ - pad() - tags, style_, measure_);
      if (wider.columnWidth > figure_.columnWidth) {
        figure_ = wider;
        bandTextWidth_ = 0;
      }
    }
  }

  // Without the sentences beside the bands, the shown step's one under the title.
  // Its room is the longest sentence's, so that the figure keeps its size from step to step.
  float addStepCaption(float y) {
    if (bandTextWidth_ > 0) return y;
    const float width = std::max(100.0f, rq_.width - 2 * pad());
    size_t most = 0;
    for (const SectionRow& r : rows_) {
      most = std::max(most, wrapWords(r.bandText, width, style_.labelSize, false, measure_).size());
      if (r.step == shownStep_ && !r.bandText.empty())
        addWrappedText(scene_, r.bandText, pad(), y + 0.2f * style_.labelSize, width,
                       style_.labelSize, false, pal_.text, "step-caption", 1.3f, measure_);
    }
    return y + 0.2f * style_.labelSize + 1.3f * style_.labelSize * static_cast<float>(most);
  }

  float addIndexRow(float y) {
    // Presenting, not below the back row's size (the columns are sized for it, figure_parts.h).
    const float size =
        std::min(style_.smallSize, std::max({10.0f, 0.45f * cw(), style_.minTextSize}));
    for (int i = 0; i < cells_; ++i)
      addSceneText(scene_, centre(i), y, std::to_string(i), pal_.textDim, size, false,
                   TextAlign::Center, "index", i);
    return y + 1.3f * size;
  }

  // The row's cells, the notes under them and its brackets; returns the y under all of them.
  float addRow(const SectionRow& r, float y) {
    const bool shown = reached(r.step), now = r.step == shownStep_;
    addFigureRowLabel(scene_, r.label, pad(), y + 0.5f * figure_.cellH, labelWidth_,
                      style_.labelSize, now,
                      now     ? pal_.accent
                      : shown ? pal_.text
                              : pal_.textDim,
                      measure_);
    for (int i = 0; i < cells_; ++i) {
      const size_t k = static_cast<size_t>(i);
      const bool lit = now && r.written[k];
      FigureCell c;
      c.centreX = centre(i);
      c.y = y;
      c.width = cw();
      c.height = figure_.cellH;
      c.text = cellText(r, k);
      c.tooltip =
          r.label + " [" + std::to_string(i) + "] = " + formatValue(r.values[k], t_.meta.dtype);
      c.fill = lit ? pal_.writtenFill : r.fills[k];
      c.ink = lit ? pal_.writtenText : pal_.text;
      c.reached = shown;
      c.padding = i >= t_.meta.n;
      c.role = r.role + (lit ? "-written" : "");
      c.index = i;
      addFigureCell(scene_, c, figure_.valueSize, pal_, measure_);
    }
    if (!r.tag.empty()) addTag(r, y);
    float bottom = y + figure_.cellH;
    if (!r.notes.empty()) {
      for (int i = 0; i < cells_; ++i)
        addSceneText(scene_, centre(i), bottom + 0.15f * style_.smallSize,
                     r.notes[static_cast<size_t>(i)], shown ? pal_.text : pal_.textDim,
                     style_.smallSize, false, TextAlign::Center, r.role + "-thread", i);
      bottom += 1.3f * style_.smallSize;
    }
    if (!r.brackets.empty()) bottom = addBrackets(r, bottom, shown);
    return bottom;
  }

  void addTag(const SectionRow& r, float y) {
    const float x = cellX(cells_) + pad(), side = tagSide();
    SceneRect& box = addSceneRect(scene_, x, y + 0.5f * (figure_.cellH - side), side, side,
                                  bufferTint(pal_, r.tag[0]), "buffer-tag");
    box.stroke = pal_.cellStroke;
    box.strokeWidth = 1.5f;
    box.rounding = 0.2f * side;
    addSceneText(scene_, x + 0.5f * side, y + 0.5f * (figure_.cellH - style_.labelSize), r.tag,
                 pal_.text, style_.labelSize, true, TextAlign::Center, "buffer-name");
  }

  float addBrackets(const SectionRow& r, float y, bool shown) {
    const float top = y + 0.3f * style_.smallSize;
    for (size_t b = 0; b < r.brackets.size(); ++b) {
      const Bracket& br = r.brackets[b];
      const float left = cellX(br.first) + 0.1f * cw(), right = cellX(br.last + 1) - 0.1f * cw();
      addSceneLine(scene_, left, top, right, top, shown ? pal_.warpLine : pal_.textDim,
                   std::max(1.0f, 0.08f * style_.labelSize), r.role + "-bracket",
                   static_cast<int>(b));
      if (measure_(br.label, style_.smallSize, false) < right - left)
        addSceneText(scene_, 0.5f * (left + right), top + 0.2f * style_.smallSize, br.label,
                     shown ? pal_.text : pal_.textDim, style_.smallSize, false, TextAlign::Center,
                     r.role + "-bracket-label", static_cast<int>(b));
    }
    return top + 1.4f * style_.smallSize;
  }

  float arrowWidth() const { return std::clamp(0.12f * style_.labelSize, 1.0f, 0.25f * cw()); }

  void addBand(const SectionRow& to, float top, float bottom, int index) {
    if (!reached(to.step)) return;
    const float w = arrowWidth(), y1 = top + 0.1f * style_.labelSize,
                y2 = bottom - 0.1f * style_.labelSize;
    for (const RowArrow& a : to.arrows) {
      if (a.kind == ArrowKind::Chain) {
        // Along the row: a hop over the gap from the left neighbour's new value.
        const float peak = bottom - 0.45f * (bottom - top);
        const float mid = 0.5f * (centre(a.from) + centre(a.to));
        addSceneLine(scene_, centre(a.from) + 0.15f * cw(), bottom, mid, peak, pal_.arrow, w,
                     "chain-arrow", a.to);
        addSceneArrow(scene_, mid, peak, centre(a.to) - 0.15f * cw(), bottom, pal_.arrow, w,
                      "chain-arrow-head", a.to);
        continue;
      }
      const ArrowLook& look = kArrowLooks[static_cast<size_t>(a.kind)];
      addSceneArrow(scene_, centre(a.from), y1, centre(a.to), y2,
                    look.quiet ? pal_.ownArrow : pal_.arrow, look.width * w, look.role, a.to)
          .dashed = look.dashed;
    }
    if (bandTextWidth_ <= 0 || to.bandText.empty()) return;
    const std::vector<std::string> lines =
        wrapWords(to.bandText, bandTextWidth_, style_.smallSize, false, measure_);
    const float x = cellsRight() + pad();
    float ty =
        top + 0.5f * (bottom - top - 1.25f * style_.smallSize * static_cast<float>(lines.size()));
    for (const std::string& line : lines) {
      addSceneText(scene_, x, ty, line, pal_.textDim, style_.smallSize, false, TextAlign::Left,
                   "band-label", index);
      ty += 1.25f * style_.smallSize;
    }
  }

  float addLegend(float y) {
    LegendRows rows = legendRows(y);
    const auto used = [&](ArrowKind k) {
      for (const SectionRow& r : rows_)
        for (const RowArrow& a : r.arrows)
          if (a.kind == k) return true;
      return false;
    };
    // A sample of each kind of arrow the figure draws, as the bands draw it.
    const auto item = [&](ArrowKind k, const std::string& text) {
      const ArrowLook& look = kArrowLooks[static_cast<size_t>(k)];
      if (used(k))
        addLegendArrow(rows, look.quiet ? pal_.ownArrow : pal_.arrow, look.width * arrowWidth(),
                       look.dashed, text);
    };
    item(ArrowKind::Load, "loaded from global memory");
    item(ArrowKind::Shift, "moved one place right, no operation");
    item(ArrowKind::Operand, "the other operand");
    item(ArrowKind::Chain, "from the left neighbour's new value");
    item(ArrowKind::Own, "the element's own value");
    item(ArrowKind::Copy, "copied into the other buffer");
    addWrittenSwatch(rows);
    if (kind_ == SectionFigureKind::CornerTurn)
      rows.add(0, "colour: the thread that loads (top two rows) or owns (below) the element");
    if (!symbols_.empty()) addSymbolsLegend(rows);
    return rows.bottom();
  }

  SectionFigureKind kind_ = SectionFigureKind::None;
  std::vector<SectionRow> rows_;
  std::vector<std::vector<InputRange>> symbols_;
  FigureCells figure_;
  int cells_ = 0;
  bool hasTags_ = false;
  float x0_ = 0, bandTextWidth_ = 0, labelWidth_ = 0;
};

}  // namespace

Scene buildSectionFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                              const ViewPalette& palette, const MeasureText& measure) {
  return SectionFigureBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
