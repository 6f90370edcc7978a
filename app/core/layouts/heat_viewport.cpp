#include "app/core/layouts/heat_viewport.h"

#include <algorithm>
#include <cmath>

namespace scanviz {

HeatViewport fullViewport(int columns) {
  return {0, static_cast<double>(std::max(1, columns))};
}

HeatViewport clampViewport(HeatViewport v, int columns, double minSpan) {
  const double total = std::max(1, columns);
  const double lower = std::clamp(minSpan, 1e-3, total);
  v.span = std::clamp(std::isfinite(v.span) ? v.span : total, lower, total);
  v.first = std::clamp(std::isfinite(v.first) ? v.first : 0.0, 0.0, total - v.span);
  return v;
}

HeatViewport zoomViewport(HeatViewport v, double factor, double anchorFraction, int columns,
                          double minSpan) {
  if (!(factor > 0)) return clampViewport(v, columns, minSpan);
  const double f = std::clamp(anchorFraction, 0.0, 1.0);
  const double anchor = v.first + f * v.span;
  const double total = std::max(1, columns);
  HeatViewport z;
  z.span = std::clamp(v.span / factor, std::min(minSpan, total), total);
  z.first = anchor - f * z.span;
  return clampViewport(z, columns, minSpan);
}

HeatViewport panViewport(HeatViewport v, double pixels, double width, int columns, double minSpan) {
  if (width > 0) v.first -= pixels * v.span / width;
  return clampViewport(v, columns, minSpan);
}

double elementAtX(const HeatViewport& v, double x, double width) {
  return width > 0 ? v.first + x / width * v.span : v.first;
}

double xOfElement(const HeatViewport& v, double element, double width) {
  return v.span > 0 ? (element - v.first) / v.span * width : 0;
}

double elementsPerPixel(const HeatViewport& v, double width) {
  return width > 0 ? v.span / width : v.span;
}

double cellWidthPx(const HeatViewport& v, double width) {
  return v.span > 0 ? width / v.span : width;
}

bool showsCells(const HeatViewport& v, double width, double legibleCellPx) {
  // A little slack: the window reached by zooming to exactly the legible width counts.
  return cellWidthPx(v, width) >= legibleCellPx * (1 - 1e-6);
}

double spanForCellWidth(double width, double cellPx) {
  return cellPx > 0 ? width / cellPx : width;
}

ColumnRange visibleColumns(const HeatViewport& v, int columns) {
  ColumnRange r;
  r.first = std::clamp(static_cast<int>(std::floor(v.first)), 0, std::max(0, columns));
  r.last = std::clamp(static_cast<int>(std::ceil(v.first + v.span)), r.first, std::max(0, columns));
  return r;
}

int rowAtY(double y, double height, int rows) {
  if (rows <= 0 || !(height > 0)) return -1;
  if (y < 0 || y >= height) return -1;
  return std::min(rows - 1, static_cast<int>(y / height * rows));
}

double yOfRow(int row, double height, int rows) {
  return rows > 0 ? height * row / rows : 0;
}

}  // namespace scanviz
