// The polynomial's evaluation as a table, one column per coefficient: c_i, the power x^i from the
// exclusive multiply-scan, the term c_i x^i (a map, one thread each) and the running sum from the
// add-scan, whose last cell is p(x).
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxColumns = 32;

std::vector<std::string> texts(const std::vector<double>& values, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) out.push_back(formatNumber(values[i]));
  return out;
}

}  // namespace

float buildPolynomialScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                           float y0) {
  const ViewPalette& p = ctx.palette;
  const float margin = domainMargin(ctx);
  const float size = ctx.style.smallSize;
  const size_t n = std::min(run.input.values.size(), kMaxColumns);
  const Trace& powers = run.scans[0].trace;
  const Trace& sums = run.scans[1].trace;
  const std::string x = formatNumber(run.input.parameters[0]);

  std::vector<std::string> index;
  for (size_t i = 0; i < n; ++i) index.push_back(std::to_string(i));
  const std::vector<std::string> names = {"i", "c_i", "x^i (multiply-scan)", "c_i · x^i",
                                          "sum so far (add-scan)"};
  const std::vector<std::vector<std::string>> rows = {index, texts(run.input.values, n),
                                                      texts(powers.output, n), texts(sums.input, n),
                                                      texts(sums.output, n)};
  float nameWidth = 0;
  for (const std::string& name : names)
    nameWidth = std::max(nameWidth, ctx.measure(name, size, false));
  const float cellsLeft = margin + nameWidth + size * 0.6f;
  const float cellWidth =
      std::min(ctx.style.valueSize * 3, (ctx.width - margin - cellsLeft) / static_cast<float>(n));
  const float rowHeight = ctx.style.labelSize * 1.8f;
  float y = y0 + size * 0.3f;
  for (size_t r = 0; r < rows.size(); ++r) {
    addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2, names[r], p.textDim, size,
                 false, TextAlign::Right, "row-name", static_cast<int>(r));
    const bool scanned = r == 2 || r == 4;
    addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, rows[r],
               r == 0    ? p.background
               : scanned ? p.writtenFill
                         : p.cellFill,
               scanned  ? p.writtenText
               : r == 0 ? p.textDim
                        : p.text,
               r == 2   ? "power"
               : r == 3 ? "term"
               : r == 4 ? "partial-sum"
                        : "cell");
    y += rowHeight;
  }
  // The last partial sum is the value.
  if (n == run.input.values.size()) {
    SceneRect answer;
    answer.x = cellsLeft + static_cast<float>(n - 1) * cellWidth;
    answer.y = y - rowHeight;
    answer.w = cellWidth;
    answer.h = rowHeight;
    answer.stroke = p.pass;
    answer.strokeWidth = 3;
    answer.role = "value";
    s.rects.push_back(answer);
  } else {
    addSceneText(s, cellsLeft, y + size * 0.3f,
                 "(the first " + std::to_string(n) + " of " +
                     std::to_string(run.input.values.size()) + " coefficients)",
                 p.textDim, size, false, TextAlign::Left, "table-cut");
    y += size * 1.4f;
  }
  y += size * 0.6f;
  addSceneText(s, margin, y, "p(" + x + ") = " + formatNumber(run.result[0]), p.text,
               ctx.style.titleSize, true, TextAlign::Left, "value-text");
  return y + ctx.style.titleSize * 1.3f;
}

}  // namespace scanviz
