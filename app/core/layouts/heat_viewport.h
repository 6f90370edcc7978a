// Where the heat views look: a window of `span` elements starting at element `first`, shared by
// the heat strip and the space-time image, zoomed with the wheel about the element under the
// pointer and panned by dragging. Zoomed in far enough that the elements are as wide as legible
// cells, the cell view takes over the same window. Pure arithmetic, no UI.
#pragma once

namespace scanviz {

struct HeatViewport {
  double first = 0;  // element at the left edge (fractional while panning)
  double span = 1;   // elements across the width

  bool operator==(const HeatViewport&) const = default;
};

// The whole array: the start and the overview after a double click.
HeatViewport fullViewport(int columns);

// Keeps the window inside 0..columns and its span within minSpan..columns.
HeatViewport clampViewport(HeatViewport v, int columns, double minSpan);

// factor > 1 zooms in (fewer elements across). The element at `anchorFraction` of the width
// (0 left, 1 right) stays under the pointer.
HeatViewport zoomViewport(HeatViewport v, double factor, double anchorFraction, int columns,
                          double minSpan);

// Moves the window by `pixels` of a view `width` pixels wide; dragging right (positive) shows
// elements further left.
HeatViewport panViewport(HeatViewport v, double pixels, double width, int columns, double minSpan);

// The element under x (0..width) and the x of an element's left edge.
double elementAtX(const HeatViewport& v, double x, double width);
double xOfElement(const HeatViewport& v, double element, double width);

double elementsPerPixel(const HeatViewport& v, double width);

// Pixels an element takes: when it reaches the legible cell width the cell view takes over.
double cellWidthPx(const HeatViewport& v, double width);
bool showsCells(const HeatViewport& v, double width, double legibleCellPx);
// The span at which elements are `cellPx` wide.
double spanForCellWidth(double width, double cellPx);

// Integer elements at least partly in the window: [first, last).
struct ColumnRange {
  int first = 0;
  int last = 0;
};
ColumnRange visibleColumns(const HeatViewport& v, int columns);

// Rows (steps) stacked top to bottom in `height` pixels: the row under y, and a row's top edge.
int rowAtY(double y, double height, int rows);
double yOfRow(int row, double height, int rows);

}  // namespace scanviz
