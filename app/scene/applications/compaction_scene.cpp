// Stream compaction as four rows: the values, their keep-flags, the write addresses (the exclusive
// sum of the flags, as the select kernel's look-back counted them; dimmed where the element is
// dropped) and the packed output, with an arrow from every kept element's address to the output
// cell it writes.
#include <algorithm>
#include <string>

#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"

namespace scanviz {

float buildCompactionScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                           float y0) {
  constexpr size_t kMaxColumns = 48;  // more cells get too narrow for their numbers
  const ViewPalette& p = ctx.palette;
  // The select pass: input the values, rows.flags the keep-flags, rows.second the addresses.
  const Trace& scan = run.scans[0].trace;
  const std::vector<double> flags(scan.rows.flags.begin(), scan.rows.flags.end());
  const std::vector<double> address(scan.rows.second.begin(), scan.rows.second.end());
  const std::vector<std::string> names = {"values", "keep flag", "write address (excl. sum)",
                                          "output"};
  CellTable table(s, ctx, names, run.input.values.size(), kMaxColumns, ctx.style.valueSize * 2.5f,
                  ctx.style.labelSize * 1.8f);
  const size_t n = table.shown();
  const float gap = ctx.style.smallSize * 0.4f;
  float y = y0 + ctx.style.smallSize * 0.3f;
  y = table.addRow(y, names[0], 0, numberTexts(run.input.values, n), p.cellFill, p.text, "value") +
      gap;
  y = table.addRow(y, names[1], 1, numberTexts(flags, n), p.cellFill, p.text, "flag") + gap;
  const float addressBottom = table.addRow(y, names[2], 2, numberTexts(address, n), p.writtenFill,
                                           p.writtenText, "address");
  // Dropped elements write nothing: their address cells fade.
  restyleCells(
      s, "address", [&](size_t i) { return flags[i] == 0; }, p.paddingFill, p.textDim,
      "address-unused");
  y = addressBottom + table.rowHeight() * 1.6f;
  const size_t kept = std::min(run.result.size(), kMaxColumns);
  for (size_t i = 0; i < n; ++i) {
    const auto to = static_cast<size_t>(address[i]);
    if (flags[i] != 0 && to < kept)
      table.addArrow(static_cast<double>(i), addressBottom, static_cast<double>(to), y, "scatter",
                     static_cast<int>(i));
  }
  y = table.addRow(y, names[3], 3, numberTexts(run.result, kept), p.writtenFill, p.writtenText,
                   "output");
  return table.addCutNote(y, "elements");
}

}  // namespace scanviz
