// Radix sort by split, pass by pass: a row of keys before each pass with the pass's bit of each
// key (keys whose bit is 1 shaded), arrows from every key to its place in the next row, and the
// sorted keys last.
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/core/applications/radix_sort.h"
#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"

namespace scanviz {
namespace {

constexpr size_t kMaxRadixColumns = 32;
constexpr size_t kMaxPassesShown = 8;

int bitOf(double key, int bit) {
  return static_cast<int>((static_cast<long long>(key) >> bit) & 1);
}

// "6 (1)": the key and, in brackets, its bit of this pass.
std::vector<std::string> keysWithBit(const std::vector<double>& keys, int bit, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i)
    out.push_back(formatNumber(keys[i]) + " (" + std::to_string(bitOf(keys[i], bit)) + ")");
  return out;
}

}  // namespace

float buildRadixSortScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                          float y0) {
  const ViewPalette& p = ctx.palette;
  const std::vector<RadixPass> passes = radixPasses(run);
  const size_t shown = std::min(passes.size(), kMaxPassesShown);
  const std::string last = shown == passes.size() ? "sorted" : "sorted (passes left out)";
  CellTable table(s, ctx, {"before bit 15 (bit)", last}, run.input.values.size(), kMaxRadixColumns,
                  ctx.style.valueSize * 2.8f, ctx.style.labelSize * 1.7f);
  const size_t n = table.shown();
  const float gap = table.showsAll() ? table.rowHeight() * 1.1f : ctx.style.smallSize * 0.5f;
  float y = y0 + ctx.style.smallSize * 0.3f;
  for (size_t k = 0; k < shown; ++k) {
    const RadixPass& pass = passes[k];
    const std::string role = "keys-pass-" + std::to_string(k);
    y = table.addRow(y, "before bit " + std::to_string(pass.bit) + " (bit)", static_cast<int>(k),
                     keysWithBit(pass.keys, pass.bit, n), p.cellFill, p.text, role);
    restyleCells(
        s, role, [&](size_t i) { return bitOf(pass.keys[i], pass.bit) == 1; }, p.beforeFill, p.text,
        role);
    if (table.showsAll())
      for (size_t i = 0; i < n; ++i)
        table.addArrow(static_cast<double>(i), y, pass.destination[i], y + gap,
                       "move-pass-" + std::to_string(k), static_cast<int>(i), 1.2f);
    y += gap;
  }
  y = table.addRow(y, last, static_cast<int>(shown), numberTexts(run.result, n), p.writtenFill,
                   p.writtenText, "sorted");
  return table.addCutNote(y, "keys");
}

}  // namespace scanviz
