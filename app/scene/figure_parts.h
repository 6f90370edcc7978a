// What every structure figure (figure_scene.h's kinds) draws the same way, written once: the
// title naming the figure, the algorithm and what is scanned; the column width and the one value
// font that make every cell's text legible; a cell with its value (or the inputs it combines) and
// its tooltip; the text of a cell from a trace value and its symbolic range. GUI-free.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "app/core/lesson/symbolic_values.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/figure_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {

// The figure's title ("what  ·  algorithm  ·  inclusive sum scan (+), int32"), wrapped to the
// width, and the subtitle under it in the dim colour; returns the y under them.
float addFigureTitle(Scene& scene, const Trace& t, const std::string& what,
                     const std::string& subtitle, float x, float y, float width,
                     const ArraySceneStyle& style, const ViewPalette& pal,
                     const MeasureText& measure);

// The text a cell shows: the inputs it combines where the range is known, else its value (the
// identity as its symbol).
std::string figureCellText(const Trace& t, double value, const InputRange* range);

// The symbolic ranges of every step when asked for and the trace has them; else empty.
std::vector<std::vector<InputRange>> figureSymbols(const Trace& t, bool symbolic);

// The column width and the value font of a figure of `columns` columns in `avail` pixels: the
// columns share the width (up to three value heights), then widen until the widest text fits at
// a size read from the back of a lecture hall, and the font is the largest at which every text
// fits its cell. cellH is the cells' height.
struct FigureCells {
  float columnWidth = 0;
  float valueSize = 0;
  float cellH = 0;
};
FigureCells figureCells(const std::vector<std::string>& texts, int columns, float avail,
                        const ArraySceneStyle& style, const MeasureText& measure);

// The width of the row labels' column: the widest label, but at most a fifth of the figure's
// width (longer labels wrap; a word never breaks).
float figureLabelColumn(const std::vector<std::string>& labels, float width, float size,
                        const MeasureText& measure);
// A row label wrapped to the column, its lines centred on `centreY` (role "row-label").
void addFigureRowLabel(Scene& scene, const std::string& label, float x, float centreY,
                       float columnWidth, float size, bool bold, Color color,
                       const MeasureText& measure, int index = -1);

// One cell: its box (role `role` + "-cell", or "-cell-pending" while its step is not reached,
// drawn empty) and, when reached, its text (role `role` + "-value") with a tooltip naming the
// value. `width` is the column's (the box takes kCellBox of it).
struct FigureCell {
  float centreX = 0, y = 0, width = 0, height = 0;
  std::string text;     // what the cell shows
  std::string tooltip;  // "label [i] = value ..."
  Color fill, ink;
  bool reached = true;
  bool padding = false;  // hatched, dim: not data
  std::string role;
  int index = -1;
};
void addFigureCell(Scene& scene, const FigureCell& c, float valueSize, const ViewPalette& pal,
                   const MeasureText& measure);

// One row of a figure of blocks (the hierarchy, the chain, the clusters): its cells sit in
// columns (of the level-0 array, or one a tile).
struct FigureRow {
  std::string label;
  std::string role;  // what the row is ("x", "scanned", "sums", ...): its cells' roles
  int step = -1;     // the step whose values it shows; -1: the input, always there
  std::vector<double> values;
  std::vector<InputRange> symbols;  // empty without symbolic values
  std::vector<int> columns;         // the column of each cell
  Color fill;
  float y = 0;
};

// What the builders of the figures (the hierarchy or chain of blocks, the tree, the section's
// rows) share: the request and its trace, the scene they fill, the step shown, the margin, the
// scene's size, and the legend's rows with the entries they have in common.
class FigureBuilderBase : protected TraceSceneInputs<FigureRequest> {
 public
     :  // a builder takes this as its own constructor (using FigureBuilderBase::FigureBuilderBase)
  FigureBuilderBase(const FigureRequest& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                    const MeasureText& measure);

 protected:
  float pad() const { return 0.6f * style_.labelSize; }
  // The first `n` elements of step k's whole-array row (every block's section at its place).
  std::vector<double> wholeValues(int k, int n) const;
  // The scene's width: the view's, or more where the figure reaches `right` (and the margin).
  void fitWidth(float right);
  // The finished scene, the margin under `bottom`.
  Scene finish(float bottom);

  // The legend's rows from `y`, across the scene's width (fitWidth comes first).
  LegendRows legendRows(float y);
  // An arrow sample, two swatches long, and its label.
  void addLegendArrow(LegendRows& rows, Color color, float width, bool dashed,
                      const std::string& label);
  // The swatch of the cells the shown step writes.
  void addWrittenSwatch(LegendRows& rows);
  // What the cells' xi..xj mean, for cells that show the inputs they combine.
  void addSymbolsLegend(LegendRows& rows);

  Scene scene_;
  int shownStep_;  // rq.step, or the last step for -1
};

// What the figures of blocks (the hierarchy and the chain, figure_scene.cpp; the clusters,
// cluster_figure_scene.cpp) share: the run's blocks and the columns their cells stand in.
class BlockFigureBuilder : protected FigureBuilderBase {
 public:
  using FigureBuilderBase::FigureBuilderBase;

 protected:
  float cellX(int column) const { return x0_ + static_cast<float>(column) * cw_; }
  float centre(int column) const { return cellX(column) + 0.5f * cw_; }
  bool reached(int step) const { return step < 0 || step <= shownStep_; }
  int lastOfBlock(int b) const { return std::min(n_, (b + 1) * section_) - 1; }

  int section_ = 1, n_ = 0, blocks_ = 0;
  float x0_ = 0, cw_ = 0, valueSize_ = 0, cellH_ = 0;  // the columns and the cells
};

}  // namespace scanviz
