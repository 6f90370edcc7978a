// The array view's builder (array_view_scene.h), shared by the files that draw its parts: one
// object per scene, laid out top to bottom by build() (array_view_scene.cpp). Internal to
// app/scene; the window and the exporters call buildArrayScene.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/core/lesson/result_check.h"
#include "app/core/lesson/symbolic_values.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/outside_sources.h"
#include "app/scene/step_scene.h"

namespace scanviz::array_scene {

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

  Scene build();
  // The columns a focus window holds per row of cells, at the style's sizes (legibleColumns).
  int legibleColumns(float valueSize);

 private:
  // The columns, the step and its cells, read by every part.
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
  CellWrite writeOf(int i) const {
    return i >= 0 && i < static_cast<int>(writes_.size()) ? writes_[static_cast<size_t>(i)]
                                                          : CellWrite::None;
  }
  const std::vector<InputRange>* stepSymbols(int k) const {
    return k >= 0 && k < static_cast<int>(symbols_.size()) ? &symbols_[static_cast<size_t>(k)]
                                                           : nullptr;
  }
  const std::vector<InputRange>* beforeSymbols() const {
    return symbols_.empty() ? nullptr : &beforeSymbols_;
  }
  // The width the view shows: texts that span the view wrap to it.
  float viewTextWidth() const { return std::max(100.0f, rq_.width - 2 * pad()); }
  bool isPadding(int i) const { return i >= validCount_; }
  bool isGarbage(int i) const { return garbage_.count(i) > 0; }
  static std::string arrayOf(const StrayCell& c) { return c.name.substr(0, c.name.find('[')); }

  // Where the columns go (the step's rows and symbols prepared, the value font sized, the
  // columns laid out): array_scene_layout.cpp.
  void prepareStep();
  std::optional<std::vector<double>> beforeValues() const;
  void prepareSymbols();
  std::vector<std::string> rowLabels() const;
  std::vector<std::string> widestValueCandidates() const;
  float beforeValueSize() const;
  float valueFontSize(float minFont, const std::vector<std::string>& widest) const;
  void layoutColumns();
  static std::pair<std::string, std::string> rangeLines(const std::string& text);
  float rowLabelWidth() const;

  // The focus window and its elision marks: array_scene_window.cpp.
  void layoutWindow();
  std::string elisionLabel(int first, int last) const;
  float slotWidth(const std::string& label) const;
  void addElisionMarks();
  bool clipToWindow(float& x1, float& y1, float& x2, float& y2) const;

  // The title, the step's sentence and the row labels: array_view_scene.cpp.
  void addText(float x, float y, std::string text, Color c, float size, bool bold, TextAlign align,
               std::string role, int index = -1);
  float addTitle(float y);
  float addExplanation(float y);
  float addWrapped(const std::string& text, float y, Color c, float size, bool bold,
                   const std::string& role, float maxWidth = 0);
  void addRowLabel(const std::string& text, float rowY, float rowH, Color c,
                   const std::string& role);

  // The rows of cells (before, after, flags, stray writes), their values and tooltips:
  // array_scene_cells.cpp.
  float addIndexRow(float y);
  std::string cellText(double v) const;
  std::string cellText(double v, const std::vector<InputRange>* symbols, size_t i) const;
  void addCell(const CellRowSpec& row, int i);
  void addGarbageValue(const CellRowSpec& row, int i, double v, float x, float w);
  std::string strayLabel() const;
  float addStrayRow(float y);
  void addCellValue(const CellRowSpec& row, int i, double v, float x, float w, bool written,
                    bool padding);
  std::string cellTooltip(const CellRowSpec& row, int i, const std::string& full,
                          bool written) const;
  std::string applied(const std::string& a, const std::string& b) const;
  void addCellRow(const CellRowSpec& row);
  float addArrayRows(float y);
  float addFlagsRow(float y);
  void markDifference(int i, float y);
  void addFailureOutline(int i, float x, float y, float w, float h, float widthShare,
                         const char* role);

  // Operand, own-value, move and chain arrows, and the chips of values from outside the array:
  // array_scene_arrows.cpp.
  void addArrow(float x1, float y1, float x2, float y2, Color c, float width,
                const std::string& role, int index, bool dashed = false);
  size_t arrowStride(size_t arrows) const;
  float arrowWidth() const;
  void addArrows(float top, float bottom, bool load);
  void layoutChips(float top, float bottom);
  float chipTextSize(float h) const;
  bool underChip(int i) const;
  void addChips();
  void addChainArrows(float rowTop);

  // The threads' row, warp and block brackets and boundaries, segment bars:
  // array_scene_rows.cpp.
  int labelStride(const std::string& sample, float size, float slot) const;
  void addSegmentBoundaries(float top, float bottom);
  int elementsPerThread() const;
  float addThreadRow(float y);
  void addThreadMarker(float cx, float y, float w, float h, ThreadState state, int t);
  void addBoundary(float x, float top, float bottom, bool block);
  void addBracket(float left, float right, float y, const std::string& label,
                  const std::string& role, int index);
  float addWarpOrBlockRow(float y);
  void addWarps(float y);
  void addBlocks(float y);

  // The result rows checked against the sequential scan, and the legend:
  // array_scene_results_legend.cpp.
  struct LegendItem {
    std::string label;
    SceneRect swatch;
    std::optional<SceneLine> arrow;  // an arrow sample instead of the swatch
  };
  std::string symbolLegend() const;
  float addResults(float y);
  float addResultRow(const ResultRow& row, float y);
  void markMismatch(int i, float y, float h);
  float addResultVerdict(const ResultCheck& check, float y);
  std::vector<LegendItem> legendItems(float d) const;
  float addLegend(float y);

  // What is being built, and the step's state that prepareStep and layoutColumns set.
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

}  // namespace scanviz::array_scene
