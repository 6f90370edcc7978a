// Brent's table and curve laid out once as a scene, for the window's tab and the deck's slide.
#include "app/scene/brent_scene.h"

#include <algorithm>
#include <cmath>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/bench/bench_format.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/table_scene.h"

namespace scanviz {
namespace {

constexpr float kLineHeight = 1.25f;

std::string quantityOrDash(double v) {
  return std::isfinite(v) ? formatQuantity(v) : std::string("-");
}

std::vector<TableCell> rowCells(const BrentRow& r) {
  std::vector<TableCell> cells = {
      {r.key},
      {quantityOrDash(r.formulas.workValue), false, "W = " + r.formulas.work},
      {quantityOrDash(r.formulas.depthValue), false, "D = " + r.formulas.depth},
      {quantityOrDash(r.brentUnits)},
      {quantityOrDash(r.seedUnits)}};
  if (r.baseline)
    cells.push_back({"baseline", true,
                     "The sequential scan is the yardstick the speedups divide: 1x by definition. "
                     "One thread walks the array, so P units do not shorten it."});
  else
    cells.push_back({quantityOrDash(r.predictedSpeedup) + "x"});
  if (std::isfinite(r.measuredSpeedup))
    cells.push_back({quantityOrDash(r.measuredSpeedup) + "x"});
  else
    cells.push_back({"-", true});
  cells.push_back({formatBenchDuration(r.measuredMs), !std::isfinite(r.measuredMs)});
  return cells;
}

TableSpec tableSpec(const BrentSceneRequest& rq, float size) {
  TableSpec t;
  t.header = {"algorithm", "W", "D", "W/P + D", "lanes / P", "predicted", "measured", "time"};
  t.align = {TextAlign::Left};
  t.align.resize(t.header.size(), TextAlign::Right);
  for (const BrentRow& r : rq.table->rows) {
    if (r.id == rq.current) t.highlightedRow = static_cast<int>(t.rows.size());
    t.rows.push_back(rowCells(r));
  }
  t.textSize = size;
  t.minTextSize = rq.minTextSize;
  t.width = rq.width;
  t.role = "brent";
  return t;
}

// The table over the whole width with the note and the plot under it, or (where that leaves the
// plot too little height: a tall table on a projector) the table at its own width with the note
// under it and the plot on its right, the room's full height.
BrentScene layout(const BrentSceneRequest& rq, float size, const ViewPalette& palette,
                  const MeasureText& measure) {
  BrentScene out;
  Scene& s = out.scene;
  s.width = rq.width;
  TableSpec spec = tableSpec(rq, size);
  spec.width = 0;
  const float gap = 1.5f * size;
  const float natural = buildTableScene(spec, palette, measure).width;
  const float besideWidth = rq.width - natural - gap;
  const auto below = [&](float width, float tableHeight) {
    const float lines = static_cast<float>(wrapWords(rq.note, width, size, false, measure).size());
    return tableHeight + 0.4f * size + lines * kLineHeight * size + 0.5f * size;
  };
  const float tableHeight = buildTableScene(spec, palette, measure).height;
  const float stackedHeight = rq.height - below(rq.width, tableHeight);
  const bool beside =
      plotRoomScore(besideWidth, rq.height, size) > plotRoomScore(rq.width, stackedHeight, size);
  spec.width = beside ? 0 : rq.width;
  const Scene table = buildTableScene(spec, palette, measure);
  appendScene(s, table, 0, 0);
  const float noteWidth = beside ? table.width : rq.width;
  const float y = addWrappedText(s, rq.note, 0, table.height + 0.4f * size, noteWidth, size, false,
                                 palette.textDim, "brent-note", kLineHeight, measure) +
                  0.5f * size;
  PlotSceneStyle style = rq.plot;
  style.textSize = size;
  style.width = beside ? besideWidth : rq.width;
  style.height = beside ? std::max(rq.height, y) : std::max(rq.height - y, 10 * size);
  plot::PlotSpec curve = brentCurvePlot(*rq.table, rq.current, rq.maxProcessors);
  // Beside the table the plot is narrow: a title that fits it.
  if (measure(curve.title, size, true) > style.width - 2 * style.padding)
    curve.title = "Brent's W/P + D vs P";
  out.curve = placePlot(s, std::move(curve), style, beside ? table.width + gap : 0, beside ? 0 : y,
                        measure);
  s.height = beside ? style.height : y + style.height;
  return out;
}

}  // namespace

plot::PlotSpec brentCurvePlot(const BrentTable& t, AlgorithmId current, int maxProcessors) {
  plot::PlotSpec spec;
  spec.title = "Predicted time units vs P (Brent's W/P + D)";
  spec.xLabel = "P";
  spec.yLabel = "time units";
  spec.xScale = plot::AxisScale::Log2;
  spec.yScale = plot::AxisScale::Log10;
  std::vector<AlgorithmId> shown = {current};
  for (AlgorithmId id : algorithmsWithRole(kRoleBrentPlot)) shown.push_back(id);
  std::vector<AlgorithmId> done;
  for (AlgorithmId id : shown) {
    if (std::find(done.begin(), done.end(), id) != done.end()) continue;
    const BrentCurve c = brentCurve(id, t.n, t.threads, maxProcessors);
    if (c.processors.empty()) continue;
    done.push_back(id);
    spec.series.push_back({std::string(algorithmInfo(id).key), c.processors, c.brentUnits,
                           plot::seriesColor(static_cast<int>(done.size()) - 1), true});
  }
  spec.references.push_back({"sequential: N - 1", static_cast<double>(std::max(1ll, t.n - 1)), 0});
  return spec;
}

BrentScene buildBrentScene(const BrentSceneRequest& rq, const ViewPalette& palette,
                           const MeasureText& measure) {
  if (!rq.table) return {};
  // The plot takes the height the table and the note leave, at least ten lines: where that does
  // not fit, smaller text until it does (or the smallest size allowed).
  return layoutToFit(rq, [&](float size) { return layout(rq, size, palette, measure); });
}

}  // namespace scanviz
