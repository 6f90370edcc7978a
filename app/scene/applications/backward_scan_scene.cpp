// The backward scan as four rows: the values, the reversed view (lines cross from each value to
// its place in the view), the same inclusive scan run forward on the view, and the suffix sums
// (the scan read backwards, lines crossing again).
#include <algorithm>
#include <string>

#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"

namespace scanviz {
namespace {

constexpr size_t kMaxBackwardColumns = 48;
constexpr size_t kMaxCrossings = 24;  // more crossing lines are a blur

// Lines from cell i of the row above to cell n-1-i of the row below.
void addCrossing(CellTable& table, float yTop, float yBottom, size_t n, const std::string& role) {
  for (size_t i = 0; i < n; ++i)
    table.addArrow(static_cast<double>(i), yTop, static_cast<double>(n - 1 - i), yBottom, role,
                   static_cast<int>(i));
}

}  // namespace

float buildBackwardScanScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                             float y0) {
  const ViewPalette& p = ctx.palette;
  const Trace& scan = run.scans[0].trace;
  const std::vector<std::string> names = {"values x_i", "reversed view", "inclusive scan of view",
                                          "suffix sums s_i"};
  CellTable table(s, ctx, names, run.input.values.size(), kMaxBackwardColumns,
                  ctx.style.valueSize * 2.5f, ctx.style.labelSize * 1.8f);
  const size_t n = table.shown();
  // With more than kMaxBackwardColumns values the rows show the first ones (the view's first are
  // the values' last: no crossing lines then).
  const bool crossings = table.showsAll() && run.input.values.size() <= kMaxCrossings;
  const float gap = run.input.values.size() <= kMaxCrossings ? table.rowHeight() * 1.4f
                                                             : table.rowHeight() * 0.3f;
  const float small = ctx.style.smallSize * 0.5f;
  float y = y0 + ctx.style.smallSize * 0.3f;
  y = table.addRow(y, names[0], 0, numberTexts(run.input.values, n), p.cellFill, p.text, "value");
  if (crossings) addCrossing(table, y, y + gap, n, "reverse");
  y = table.addRow(y + gap, names[1], 1, numberTexts(scan.input, n), p.cellFill, p.text, "view");
  y = table.addRow(y + small, names[2], 2, numberTexts(scan.output, n), p.beforeFill, p.beforeText,
                   "view-scan");
  if (crossings) addCrossing(table, y, y + gap, n, "read-back");
  y = table.addRow(y + gap, names[3], 3, numberTexts(run.result, n), p.writtenFill, p.writtenText,
                   "suffix-sum");
  return table.addCutNote(y + small, "elements");
}

}  // namespace scanviz
