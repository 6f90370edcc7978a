// The array view as a Scene: the working array before and after the step with an arrow from
// source to destination for every operator application (the seeds' figures), the cells written in
// the step highlighted, the threads under their elements (active, waiting, done), warp and block
// boundaries, section padding, and at the last step the inclusive and exclusive results checked
// against the sequential scan.
#pragma once

#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// A cell's drawn box is this share of its column; the rest is the gap between cells (the array
// view's cells and the structure figures').
constexpr float kCellBox = 0.92f;

// Font sizes in pixels at the current UI scale.
struct ArraySceneStyle {
  float valueSize = 32;  // cell values; shrinks (down to half) when many cells must fit
  float labelSize = 18;
  float smallSize = 15;
  float titleSize = 24;
  // Presentation mode: no size below this when a view grows or shrinks to fit (the back row's
  // 28 px at 1080 lines, view_style.cpp); 0: sizes follow the fit alone.
  float minTextSize = 0;

  // Values times `values`, labels, small text and titles times `labels`, none below minTextSize.
  ArraySceneStyle scaled(float values, float labels) const;
  ArraySceneStyle scaled(float f) const { return scaled(f, f); }
};

// Width of a text in pixels at a font size; the renderer passes the real font's metrics.
using MeasureText = std::function<float(std::string_view text, float size, bool bold)>;

// A rough measure (0.6 em a character) for tools and tests without fonts.
float approximateTextWidth(std::string_view text, float size, bool bold);

// A write past an array's end, at the column of the element it would be (StrayWrite, lessons.h):
// `name` names the element ("Y[6]"), `end` is the column where the array ends.
struct StrayCell {
  int column = 0;
  int end = 0;
  std::string name;
  std::string tooltip;
};

// A contiguous range of an array's cells that a view shows: a focus window, [first, first + count),
// or every cell (count 0). Cells, threads, arrows and brackets keep their true indices; each cut
// side gets an elision mark naming the cells left out there ("0–23" over a "…").
struct CellWindow {
  int first = 0;
  int count = 0;
  bool all() const { return count <= 0; }
  bool operator==(const CellWindow&) const = default;
};

// The `capacity` cells of an array of `cells` around `focus`: centred on it (one more after it
// than before when the split is uneven), moved inward at the array's ends; every cell (all())
// when capacity covers the array. A focus outside the array is taken at the nearest end.
CellWindow focusWindow(int cells, int focus, int capacity);

struct ArraySceneRequest {
  const Trace* trace = nullptr;
  int step = 0;
  float width = 800;  // the view's width; the scene grows wider (scrolls) when cells need it
  // The view's height: with room to spare, cells and text grow (up to kMaxGrow) to fill it, so a
  // short lesson is as large as the screen allows; a step taller than the view shrinks (down to
  // kMinShrink) to stay in sight. 0: keep the style's sizes.
  float height = 0;
  // Horizontal culling: primitives entirely outside [visibleLeft, visibleRight] are left out, so
  // thousands of cells cost only what is on screen.
  float visibleLeft = 0;
  float visibleRight = std::numeric_limits<float>::max();
  bool withExplanation = false;  // the step's sentence inside the scene (presentation mode)
  // 1: the cells share the view's width (an overview of a long array); larger: wider cells, up to
  // legible values, and the scene scrolls.
  float zoom = 1;
  // Small views side by side (Compare): no legend and no result rows; the views share a legend.
  bool compact = false;
  // No title line: a view whose frame or headline names the step (Compare's brief views).
  bool titled = true;
  // Cells of the step's array that differ from another trace of the same run (the GPU-vs-CPU
  // diff): outlined in the failure colour, role "cell-diff".
  std::vector<int> differingCells;
  // Cells of the step's array that hold garbage, read from outside an array (the emulator's
  // 0xDEADBEEF): marked "garbage" in the failure colour with the value in the tooltip, and left
  // out when the value font is sized, so that the other cells stay legible.
  std::vector<int> garbageCells;
  // Writes the run made past the end of an array (an unguarded store): a row under the cells
  // with a mark at each column written and a bar where the array ends.
  std::vector<StrayCell> strayCells;
  // Steps whose values the value font is sized for, besides this step's (-1: none): the rows of
  // a filmstrip and the frames of an animation keep one size even where later steps have longer
  // values.
  int valueSizeFirst = -1;
  int valueSizeLast = -1;
  // Cells show which inputs they combine ("x0..x3", PMPP Fig. 8.5) instead of their values,
  // where the trace allows it (symbolicProblem); the tooltip keeps the value.
  bool symbolic = false;
  // Only these cells (focusWindow), with elision marks on each cut side; all by default. A view
  // with a window keeps its sizes (it does not grow into spare height): the window was chosen
  // for cells of legible values at these sizes.
  CellWindow window;
};

constexpr float kMinCellWidth = 2;

constexpr float kMaxGrow = 1.75f;
constexpr float kMinShrink = 0.6f;

// How many columns of rq's step fit rq.width (with room for an elision mark on each side) when
// every value in them is whole at `valueSize` pixels, bold: the capacity of a focus window whose
// values stay legible. At least 1; rq.window is ignored.
int legibleColumns(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                   const MeasureText& measure, float valueSize);

Scene buildArrayScene(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& palette, const MeasureText& measure);

// Margin each side of a cell's value text, as a share of the font size (0.08 em a side).
constexpr float kCellTextMargin = 0.16f;

// The width a cell's value text may take in a column `columnWidth` pixels wide at font `size`:
// the drawn cell less the margins. The one measure of "fits": the layout sizes the value font
// with it and the cells draw their values with it (fitCellText), so a value is drawn exactly
// when it fits and is elided, with the value in the tooltip, when it does not.
float cellTextRoom(float columnWidth, float size);

// fitText into cellTextRoom(columnWidth, size): the text a cell of that column shows.
std::string fitCellText(const std::string& text, float columnWidth, float size, bool bold,
                        const MeasureText& measure);

// The text a value gets in `width` pixels: the value, or its longest prefix that fits
// followed by an ellipsis; empty when not even one character and the ellipsis fit (the tooltip
// then carries the value).
std::string fitText(const std::string& text, float width, float size, bool bold,
                    const MeasureText& measure);

}  // namespace scanviz
