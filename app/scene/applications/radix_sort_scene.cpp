// Radix sort by split, pass by pass: a row of keys before each pass with the pass's bit of each
// key (keys whose bit is 1 shaded), arrows from every key to its place in the next row, and the
// sorted keys last.
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/core/applications/radix_sort.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxColumns = 32;
constexpr size_t kMaxPassesShown = 8;

// "6 (1)": the key and, in brackets, its bit of this pass.
std::vector<std::string> keysWithBit(const std::vector<double>& keys, int bit, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i)
    out.push_back(formatNumber(keys[i]) + " (" +
                  std::to_string((static_cast<long long>(keys[i]) >> bit) & 1) + ")");
  return out;
}

}  // namespace

float buildRadixSortScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                          float y0) {
  const ViewPalette& p = ctx.palette;
  const float margin = domainMargin(ctx);
  const float size = ctx.style.smallSize;
  const std::vector<RadixPass> passes = radixPasses(run);
  const size_t total = run.input.values.size();
  const size_t n = std::min(total, kMaxColumns);
  const size_t shown = std::min(passes.size(), kMaxPassesShown);
  const float nameWidth = ctx.measure("before bit 15 (bit)", size, false);
  const float cellsLeft = margin + nameWidth + size * 0.6f;
  const float cellWidth = std::min(ctx.style.valueSize * 2.8f,
                                   (ctx.width - margin - cellsLeft) / static_cast<float>(n));
  const float rowHeight = ctx.style.labelSize * 1.7f;
  const float gap = total == n ? rowHeight * 1.1f : size * 0.5f;
  float y = y0 + size * 0.3f;
  for (size_t k = 0; k < shown; ++k) {
    const RadixPass& pass = passes[k];
    addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2,
                 "before bit " + std::to_string(pass.bit) + " (bit)", p.textDim, size, false,
                 TextAlign::Right, "row-name", static_cast<int>(k));
    addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, keysWithBit(pass.keys, pass.bit, n),
               p.cellFill, p.text, "keys-pass-" + std::to_string(k));
    for (SceneRect& r : s.rects)
      if (r.role == "keys-pass-" + std::to_string(k) &&
          ((static_cast<long long>(pass.keys[static_cast<size_t>(r.index)]) >> pass.bit) & 1))
        r.fill = p.beforeFill;
    y += rowHeight;
    if (total == n)
      for (size_t i = 0; i < n; ++i) {
        SceneLine l;
        l.x1 = cellsLeft + (static_cast<float>(i) + 0.5f) * cellWidth;
        l.y1 = y;
        l.x2 = cellsLeft + (static_cast<float>(pass.destination[i]) + 0.5f) * cellWidth;
        l.y2 = y + gap;
        l.color = p.arrow;
        l.width = 1.2f;
        l.arrow = true;
        l.role = "move-pass-" + std::to_string(k);
        l.index = static_cast<int>(i);
        s.lines.push_back(l);
      }
    y += gap;
  }
  std::vector<std::string> sorted;
  for (size_t i = 0; i < n; ++i) sorted.push_back(formatNumber(run.result[i]));
  addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2,
               shown == passes.size() ? "sorted" : "sorted (passes left out)", p.textDim, size,
               false, TextAlign::Right, "row-name", static_cast<int>(shown));
  addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, sorted, p.writtenFill, p.writtenText,
             "sorted");
  y += rowHeight;
  if (n < total) {
    addSceneText(s, cellsLeft, y + size * 0.3f,
                 "(the first " + std::to_string(n) + " of " + std::to_string(total) + " keys)",
                 p.textDim, size, false, TextAlign::Left, "table-cut");
    y += size * 1.4f;
  }
  return y;
}

}  // namespace scanviz
