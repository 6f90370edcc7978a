// The polynomial's evaluation as a table, one column per coefficient: c_i, the power x^i from the
// exclusive multiply-scan, the term c_i x^i (a map, one thread each) and the running sum from the
// add-scan, whose last cell is p(x).
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {

float buildPolynomialScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                           float y0) {
  constexpr size_t kMaxColumns = 32;  // more cells get too narrow for their numbers
  const ViewPalette& p = ctx.palette;
  const Trace& powers = run.scans[0].trace;
  const Trace& sums = run.scans[1].trace;
  const std::vector<std::string> names = {"i", "c_i", "x^i (multiply-scan)", "c_i · x^i",
                                          "sum so far (add-scan)"};
  CellTable table(s, ctx, names, run.input.values.size(), kMaxColumns, ctx.style.valueSize * 3,
                  ctx.style.labelSize * 1.8f);
  const size_t n = table.shown();
  std::vector<std::string> index;
  for (size_t i = 0; i < n; ++i) index.push_back(std::to_string(i));
  float y = y0 + ctx.style.smallSize * 0.3f;
  y = table.addRow(y, names[0], 0, index, p.background, p.textDim, "cell");
  y = table.addRow(y, names[1], 1, numberTexts(run.input.values, n), p.cellFill, p.text, "cell");
  y = table.addRow(y, names[2], 2, numberTexts(powers.output, n), p.writtenFill, p.writtenText,
                   "power");
  y = table.addRow(y, names[3], 3, numberTexts(sums.input, n), p.cellFill, p.text, "term");
  y = table.addRow(y, names[4], 4, numberTexts(sums.output, n), p.writtenFill, p.writtenText,
                   "partial-sum");
  // The last partial sum is the value.
  if (table.showsAll()) {
    SceneRect answer;
    answer.x = table.left() + static_cast<float>(n - 1) * table.cellWidth();
    answer.y = y - table.rowHeight();
    answer.w = table.cellWidth();
    answer.h = table.rowHeight();
    answer.stroke = p.pass;
    answer.strokeWidth = 3;
    answer.role = "value";
    s.rects.push_back(answer);
  }
  y = table.addCutNote(y, "coefficients") + ctx.style.smallSize * 0.6f;
  addSceneText(s, domainMargin(ctx), y,
               "p(" + formatNumber(run.input.parameters[0]) + ") = " + formatNumber(run.result[0]),
               p.text, ctx.style.titleSize, true, TextAlign::Left, "value-text");
  return y + ctx.style.titleSize * 1.3f;
}

}  // namespace scanviz
