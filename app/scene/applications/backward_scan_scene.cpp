// The backward scan as four rows: the values, the reversed view (lines cross from each value to
// its place in the view), the same inclusive scan run forward on the view, and the suffix sums
// (the scan read backwards, lines crossing again).
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxColumns = 48;
constexpr size_t kMaxCrossings = 24;  // more crossing lines are a blur

std::vector<std::string> texts(const std::vector<double>& values, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) out.push_back(formatNumber(values[i]));
  return out;
}

// Lines from cell i of the row above to cell n-1-i of the row below.
void addCrossing(Scene& s, const DomainSceneContext& ctx, float x, float cellWidth, float yTop,
                 float yBottom, size_t n, const std::string& role) {
  if (n > kMaxCrossings) return;
  for (size_t i = 0; i < n; ++i) {
    SceneLine l;
    l.x1 = x + (static_cast<float>(i) + 0.5f) * cellWidth;
    l.y1 = yTop;
    l.x2 = x + (static_cast<float>(n - 1 - i) + 0.5f) * cellWidth;
    l.y2 = yBottom;
    l.color = ctx.palette.arrow;
    l.width = 1.5f;
    l.arrow = true;
    l.role = role;
    l.index = static_cast<int>(i);
    s.lines.push_back(l);
  }
}

}  // namespace

float buildBackwardScanScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                             float y0) {
  const ViewPalette& p = ctx.palette;
  const float margin = domainMargin(ctx);
  const float size = ctx.style.smallSize;
  const size_t total = run.input.values.size();
  const size_t n = std::min(total, kMaxColumns);
  const Trace& scan = run.scans[0].trace;
  const std::vector<std::string> names = {"values x_i", "reversed view", "inclusive scan of view",
                                          "suffix sums s_i"};
  // With more than kMaxColumns values the rows show the first ones (the view's first are the
  // values' last: no crossing lines then).
  const std::vector<std::vector<std::string>> rows = {texts(run.input.values, n),
                                                      texts(scan.input, n), texts(scan.output, n),
                                                      texts(run.result, n)};
  float nameWidth = 0;
  for (const std::string& name : names)
    nameWidth = std::max(nameWidth, ctx.measure(name, size, false));
  const float cellsLeft = margin + nameWidth + size * 0.6f;
  const float cellWidth = std::min(ctx.style.valueSize * 2.5f,
                                   (ctx.width - margin - cellsLeft) / static_cast<float>(n));
  const float rowHeight = ctx.style.labelSize * 1.8f;
  const float gap = total <= kMaxCrossings ? rowHeight * 1.4f : rowHeight * 0.3f;
  float y = y0 + size * 0.3f;
  for (size_t r = 0; r < rows.size(); ++r) {
    addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2, names[r], p.textDim, size,
                 false, TextAlign::Right, "row-name", static_cast<int>(r));
    const bool result = r == 3, scanned = r == 2;
    addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, rows[r],
               result    ? p.writtenFill
               : scanned ? p.beforeFill
                         : p.cellFill,
               result    ? p.writtenText
               : scanned ? p.beforeText
                         : p.text,
               r == 0   ? "value"
               : r == 1 ? "view"
               : r == 2 ? "view-scan"
                        : "suffix-sum");
    y += rowHeight;
    if (r == 0 && total == n) addCrossing(s, ctx, cellsLeft, cellWidth, y, y + gap, n, "reverse");
    if (r == 2 && total == n) addCrossing(s, ctx, cellsLeft, cellWidth, y, y + gap, n, "read-back");
    y += r == 0 || r == 2 ? gap : size * 0.5f;
  }
  if (n < total) {
    addSceneText(s, cellsLeft, y,
                 "(the first " + std::to_string(n) + " of " + std::to_string(total) + " elements)",
                 p.textDim, size, false, TextAlign::Left, "table-cut");
    y += size * 1.4f;
  }
  return y;
}

}  // namespace scanviz
