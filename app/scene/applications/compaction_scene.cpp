// Stream compaction as four rows: the values, their keep-flags, the write addresses (the exclusive
// sum of the flags; dimmed where the element is dropped) and the packed output, with an arrow
// from every kept element's address to the output cell it writes.
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxColumns = 48;

std::vector<std::string> texts(const std::vector<double>& values, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count && i < values.size(); ++i) out.push_back(formatNumber(values[i]));
  return out;
}

}  // namespace

float buildCompactionScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                           float y0) {
  const ViewPalette& p = ctx.palette;
  const float margin = domainMargin(ctx);
  const float size = ctx.style.smallSize;
  const Trace& scan = run.scans[0].trace;  // input: the flags; output: the addresses
  const size_t total = run.input.values.size();
  const size_t n = std::min(total, kMaxColumns);
  const std::vector<std::string> names = {"values", "keep flag", "write address (excl. sum)",
                                          "output"};
  float nameWidth = 0;
  for (const std::string& name : names)
    nameWidth = std::max(nameWidth, ctx.measure(name, size, false));
  const float cellsLeft = margin + nameWidth + size * 0.6f;
  const float cellWidth = std::min(ctx.style.valueSize * 2.5f,
                                   (ctx.width - margin - cellsLeft) / static_cast<float>(n));
  const float rowHeight = ctx.style.labelSize * 1.8f;
  const float arrowGap = rowHeight * 1.6f;
  float y = y0 + size * 0.3f;
  const auto rowName = [&](size_t r) {
    addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2, names[r], p.textDim, size,
                 false, TextAlign::Right, "row-name", static_cast<int>(r));
  };
  rowName(0);
  addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, texts(run.input.values, n), p.cellFill,
             p.text, "value");
  y += rowHeight + size * 0.4f;
  rowName(1);
  addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, texts(scan.input, n), p.cellFill, p.text,
             "flag");
  y += rowHeight + size * 0.4f;
  rowName(2);
  addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, texts(scan.output, n), p.writtenFill,
             p.writtenText, "address");
  // Dropped elements write nothing: their address cells fade.
  for (SceneRect& r : s.rects)
    if (r.role == "address" && scan.input[static_cast<size_t>(r.index)] == 0) {
      r.fill = p.paddingFill;
      r.role = "address-unused";
    }
  for (SceneText& t : s.texts)
    if (t.role == "address-value" && scan.input[static_cast<size_t>(t.index)] == 0) {
      t.color = p.textDim;
      t.role = "address-unused-value";
    }
  const float addressBottom = y + rowHeight;
  y += rowHeight + arrowGap;
  rowName(3);
  const size_t kept = std::min(run.result.size(), kMaxColumns);
  addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, texts(run.result, kept), p.writtenFill,
             p.writtenText, "output");
  for (size_t i = 0; i < n; ++i) {
    if (scan.input[i] == 0) continue;
    const auto address = static_cast<size_t>(scan.output[i]);
    if (address >= kept) continue;
    SceneLine arrow;
    arrow.x1 = cellsLeft + (static_cast<float>(i) + 0.5f) * cellWidth;
    arrow.y1 = addressBottom;
    arrow.x2 = cellsLeft + (static_cast<float>(address) + 0.5f) * cellWidth;
    arrow.y2 = y;
    arrow.color = p.arrow;
    arrow.width = 1.5f;
    arrow.arrow = true;
    arrow.role = "scatter";
    arrow.index = static_cast<int>(i);
    s.lines.push_back(arrow);
  }
  y += rowHeight;
  if (n < total) {
    addSceneText(s, cellsLeft, y + size * 0.3f,
                 "(the first " + std::to_string(n) + " of " + std::to_string(total) + " elements)",
                 p.textDim, size, false, TextAlign::Left, "table-cut");
    y += size * 1.4f;
  }
  return y;
}

}  // namespace scanviz
