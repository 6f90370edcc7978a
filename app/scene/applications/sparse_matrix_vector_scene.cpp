// Sparse matrix-vector multiply in two parts: the matrix as a grid (its nonzeros written, the
// zeros left blank) times the vector x equals y, the scan's answer; under it the nonzeros in CSR
// order, one column each, with their row, value, column, x at that column, the product (a map)
// and the segmented sum (the scan), a bar where each row's segment starts and each row's last
// sum, its entry of y, outlined.
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/core/applications/sparse_matrix_vector.h"
#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxMatrixSide = 16;  // a larger matrix is a grid of specks
constexpr size_t kMaxSpmvColumns = 32;

// The matrix's rows as cell texts, "" where A holds no nonzero (duplicates add up, as in A x).
std::vector<std::vector<std::string>> matrixTexts(const SparseProduct& p,
                                                  const std::vector<double>& values) {
  std::vector<std::vector<double>> a(p.rowLengths.size(), std::vector<double>(p.vector.size()));
  std::vector<std::vector<bool>> set(a.size(), std::vector<bool>(p.vector.size()));
  for (size_t k = 0; k < p.row.size(); ++k) {
    const auto c = static_cast<size_t>(p.columns[k]);
    a[p.row[k]][c] += values[k];
    set[p.row[k]][c] = true;
  }
  std::vector<std::vector<std::string>> out(a.size());
  for (size_t r = 0; r < a.size(); ++r)
    for (size_t c = 0; c < a[r].size(); ++c)
      out[r].push_back(set[r][c] ? formatNumber(a[r][c]) : "");
  return out;
}

// A, x and y side by side: returns the y under them.
float addMatrixEquation(Scene& s, const DomainSceneContext& ctx, const SparseProduct& p,
                        const std::vector<double>& values, float y0) {
  const ViewPalette& pal = ctx.palette;
  const float size = ctx.style.smallSize;
  const float margin = domainMargin(ctx);
  const size_t rows = p.rowLengths.size(), columns = p.vector.size();
  const float labelWidth = ctx.measure("row " + std::to_string(rows - 1), size, false) + size;
  const float room = (ctx.width - 2 * margin - labelWidth) / static_cast<float>(columns + 4);
  const float cell = std::min({ctx.style.valueSize * 2.2f, ctx.style.labelSize * 1.6f, room});
  const float left = margin + labelWidth;
  const float xLeft = left + static_cast<float>(columns) * cell + cell * 0.8f;
  const float yLeft = xLeft + cell * 1.8f;
  const std::vector<std::vector<std::string>> a = matrixTexts(p, values);
  addSceneText(s, left + static_cast<float>(columns) * cell / 2, y0, "A", pal.textDim, size, true,
               TextAlign::Center, "matrix-name");
  addSceneText(s, xLeft + cell / 2, y0, "x", pal.textDim, size, true, TextAlign::Center,
               "vector-name");
  addSceneText(s, yLeft + cell / 2, y0, "y = A x", pal.textDim, size, true, TextAlign::Center,
               "result-name");
  const float top = y0 + size * 1.5f;
  for (size_t r = 0; r < std::max(rows, columns); ++r) {
    const float y = top + static_cast<float>(r) * cell;
    if (r < rows) {
      addSceneText(s, left - size * 0.4f, y + (cell - size) / 2, "row " + std::to_string(r),
                   pal.textDim, size, false, TextAlign::Right, "row-name", static_cast<int>(r));
      addCellRow(s, ctx, left, y, cell, cell, a[r], pal.cellFill, pal.text,
                 "matrix-row-" + std::to_string(r));
      for (SceneRect& rect : s.rects)
        if (rect.role == "matrix-row-" + std::to_string(r) &&
            a[r][static_cast<size_t>(rect.index)].empty())
          rect.fill = pal.paddingFill;
      addCellRow(s, ctx, yLeft, y, cell, cell, {formatNumber(p.y[r])}, pal.writtenFill,
                 pal.writtenText, "y");
      s.rects.back().index = s.texts.back().index = static_cast<int>(r);
    }
    if (r < columns) {
      addCellRow(s, ctx, xLeft, y, cell, cell, {formatNumber(p.vector[r])}, pal.beforeFill,
                 pal.text, "x");
      s.rects.back().index = s.texts.back().index = static_cast<int>(r);
    }
  }
  const float middle = top + static_cast<float>(std::min(rows, columns)) * cell / 2 - size / 2;
  addSceneText(s, xLeft - cell * 0.4f, middle, "×", pal.text, size, true, TextAlign::Center,
               "times");
  addSceneText(s, yLeft - cell * 0.5f, middle, "=", pal.text, size, true, TextAlign::Center,
               "equals");
  return top + static_cast<float>(std::max(rows, columns)) * cell;
}

}  // namespace

float buildSparseMatrixVectorScene(Scene& s, const ApplicationRun& run,
                                   const DomainSceneContext& ctx, float y0) {
  const ViewPalette& p = ctx.palette;
  const SparseProduct product = sparseProduct(run);
  float y = y0 + ctx.style.smallSize * 0.3f;
  if (product.rowLengths.size() <= kMaxMatrixSide && product.vector.size() <= kMaxMatrixSide)
    y = addMatrixEquation(s, ctx, product, run.input.values, y) + ctx.style.labelSize;

  const std::vector<std::string> names = {"row (| segment)", "value",         "column",
                                          "x[column]",       "product (map)", "row sum (scan)"};
  CellTable table(s, ctx, names, product.row.size(), kMaxSpmvColumns, ctx.style.valueSize * 2.5f,
                  ctx.style.labelSize * 1.7f);
  const size_t n = table.shown();
  const float gap = ctx.style.smallSize * 0.3f;
  const float top = y;
  std::vector<std::string> rows;
  for (size_t k = 0; k < n; ++k) rows.push_back(std::to_string(product.row[k]));
  y = table.addRow(y, names[0], 0, rows, p.background, p.textDim, "nonzero-row") + gap;
  y = table.addRow(y, names[1], 1, numberTexts(run.input.values, n), p.cellFill, p.text, "value") +
      gap;
  y = table.addRow(y, names[2], 2, numberTexts(product.columns, n), p.cellFill, p.text, "column") +
      gap;
  y = table.addRow(y, names[3], 3, numberTexts(product.xAtColumn, n), p.beforeFill, p.text,
                   "x-at-column") +
      gap;
  y = table.addRow(y, names[4], 4, numberTexts(product.products, n), p.cellFill, p.text,
                   "product") +
      gap;
  const float sums = y;
  y = table.addRow(y, names[5], 5, numberTexts(product.rowSums, n), p.writtenFill, p.writtenText,
                   "row-sum");
  std::vector<uint8_t> heads(product.heads.begin(), product.heads.begin() + static_cast<long>(n));
  table.addSegmentBars(heads, top, y, "segment-boundary");
  // Each row's last running sum is its y: outlined like the polynomial's value.
  for (size_t k = 0; k < n; ++k) {
    if (k + 1 < product.row.size() && !product.heads[k + 1]) continue;
    SceneRect r;
    r.x = table.left() + static_cast<float>(k) * table.cellWidth();
    r.y = sums;
    r.w = table.cellWidth();
    r.h = table.rowHeight();
    r.stroke = p.pass;
    r.strokeWidth = 3;
    r.role = "row-total";
    r.index = static_cast<int>(product.row[k]);
    s.rects.push_back(r);
  }
  return table.addCutNote(y, "nonzeros");
}

}  // namespace scanviz
