// The warp clock laid out once as a scene, for the window's tab and the deck's slide.
#include "app/scene/warp_clock_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/table_scene.h"

namespace scanviz {
namespace {

constexpr float kWarpLineHeight = 1.3f;

double luminanceOf(Color c) {
  return plot::luminance(plot::packColor(c.r, c.g, c.b));
}

plot::PlotSpec linePlot(const WarpClockTable& table, const PlotSceneStyle& style) {
  plot::PlotSpec spec;
  spec.title = "Cycles each warp spent in each step";
  spec.xLabel = "step";
  spec.yLabel = "cycles";
  spec.includeZeroY = true;
  // The legend is the coloured line above: 32 warps would fill the plot's own.
  spec.legend = false;
  // One thin neutral line per warp, so that the spread reads as a band.
  const uint32_t grey = plot::packColor(style.textDim.r, style.textDim.g, style.textDim.b,
                                        style.textDim.a * 45 / 100);
  for (const WarpClockSeries& w : warpClockSeries(table)) {
    plot::Series s{"warp " + std::to_string(w.warp), w.step, w.cycles, grey, false};
    spec.series.push_back(std::move(s));
  }
  plot::Series median{"median warp", {}, {}, plot::seriesColor(1), true};
  plot::Series slowest{"slowest warp", {}, {}, plot::seriesColor(5), true};
  for (const WarpClockStep& st : table.steps) {
    median.x.push_back(st.step);
    median.y.push_back(st.median);
    slowest.x.push_back(st.step);
    slowest.y.push_back(st.slowest);
  }
  spec.series.push_back(std::move(slowest));
  spec.series.push_back(std::move(median));
  spec.formatX = [](double k) { return "step " + cyclesText(k); };
  spec.formatY = [](double c) { return cyclesText(c) + " cycles"; };
  return spec;
}

double costPerOp(const WarpClockTable& table, const WarpClockStep& st) {
  return st.ops > 0 ? st.median * table.warps / static_cast<double>(st.ops) : plot::kNaN;
}

// The cost of one useful operation: Kogge-Stone's last strides pay as much per step for half the
// operator applications.
plot::PlotSpec costPlot(const WarpClockTable& table) {
  plot::PlotSpec spec;
  spec.title = "Warp-cycles per operator application";
  spec.yLabel = "cycles x warps / ops";
  spec.mode = plot::PlotMode::Bars;
  spec.legend = false;
  plot::Series s{"cost per op", {}, {}, plot::seriesColor(1), false};
  for (const WarpClockStep& st : table.steps) {
    spec.categories.push_back(std::to_string(st.step));
    s.y.push_back(costPerOp(table, st));
  }
  spec.series.push_back(std::move(s));
  spec.formatY = [](double c) { return cyclesText(c) + " warp-cycles per op"; };
  return spec;
}

TableSpec stepTable(const WarpClockSceneRequest& rq, float size) {
  const WarpClockTable& table = *rq.table;
  TableSpec t;
  t.header = {"step", "what", "ops", "median", "slowest", "cycles / op"};
  t.align = {TextAlign::Right, TextAlign::Left,  TextAlign::Right,
             TextAlign::Right, TextAlign::Right, TextAlign::Right};
  for (const WarpClockStep& st : table.steps) {
    if (st.step == rq.currentStep) t.highlightedRow = static_cast<int>(t.rows.size());
    t.rows.push_back({{std::to_string(st.step)},
                      {st.label},
                      {std::to_string(st.ops)},
                      {cyclesText(st.median)},
                      {cyclesText(st.slowest)},
                      {cyclesText(costPerOp(table, st))}});
  }
  t.textSize = size;
  t.minTextSize = rq.minTextSize;
  t.role = "warp-steps";
  return t;
}

// "time by phase: phase 1 61% · phase 2 12% · ...": where the block's time goes.
std::string phaseShares(const WarpClockTable& table) {
  std::string text = "time by phase:";
  for (const WarpClockPhase& p : table.phases) {
    char share[48];
    std::snprintf(share, sizeof share, " %s %.0f%%", p.phase.c_str(), 100 * p.share);
    text += (&p == &table.phases.front() ? "" : "  \xC2\xB7 ") + std::string(share);
  }
  return text;
}

// The heading, the lines' legend in their colours and the phases' shares; returns the y under.
float header(Scene& s, const WarpClockSceneRequest& rq, float size, const ViewPalette& palette,
             const MeasureText& measure) {
  float y = addWrappedText(s, rq.heading, 0, 0, rq.width, size, true, palette.text, "warp-heading",
                           kWarpLineHeight, measure);
  const double background = luminanceOf(palette.background);
  const struct {
    std::string text;
    Color color;
  } legend[] = {
      {rq.table->warps == 1
           ? std::string("thin grey: the one warp")
           : "thin grey: each of the " + std::to_string(rq.table->warps) + " warps",
       palette.textDim},
      {"median warp", colorOfPacked(plot::readableOn(plot::seriesColor(1), background))},
      {"slowest warp", colorOfPacked(plot::readableOn(plot::seriesColor(5), background))}};
  float x = 0;
  for (const auto& item : legend) {
    addSceneText(s, x, y, item.text, item.color, size, false, TextAlign::Left, "legend");
    x += measure(item.text, size, false) + 1.2f * size;
  }
  // The phases' shares on the legend's row where they fit, on their own otherwise.
  const std::string phases = phaseShares(*rq.table);
  if (x + measure(phases, size, false) > rq.width) {
    x = 0;
    y += kWarpLineHeight * size;
  }
  addSceneText(s, x, y, phases, palette.text, size, false, TextAlign::Left, "warp-phases");
  return y + kWarpLineHeight * size + 0.4f * size;
}

// Where the table and the two plots go: the plots side by side over the table (a short table),
// stacked on the table's right, or side by side on its right (a long one), whichever gives the
// plots the better room.
enum class Arrangement { PlotsOverTable, PlotsStackedBeside, PlotsSideBySideBeside };

struct Placement {
  Arrangement arrangement = Arrangement::PlotsOverTable;
  float plotWidth = 0, plotHeight = 0;
};

Placement placement(const Scene& table, float width, float room, float size) {
  const float gap = 1.5f * size, right = width - table.width - gap;
  const Placement candidates[] = {
      {Arrangement::PlotsOverTable, (width - gap) / 2, room - table.height - gap},
      {Arrangement::PlotsStackedBeside, right, (room - gap) / 2},
      {Arrangement::PlotsSideBySideBeside, (right - gap) / 2, room}};
  Placement best = candidates[0];
  float bestScore = plotRoomScore(best.plotWidth, best.plotHeight, size);
  for (const Placement& c : candidates)
    if (const float score = plotRoomScore(c.plotWidth, c.plotHeight, size); score > bestScore) {
      best = c;
      bestScore = score;
    }
  best.plotHeight = std::max(best.plotHeight, 8 * size);
  return best;
}

WarpClockScene layout(const WarpClockSceneRequest& rq, float size, const ViewPalette& palette,
                      const MeasureText& measure) {
  WarpClockScene out;
  Scene& s = out.scene;
  s.width = rq.width;
  const float top = header(s, rq, size, palette, measure);
  const Scene table = buildTableScene(stepTable(rq, size), palette, measure);
  const float gap = 1.5f * size;
  const Placement p = placement(table, rq.width, std::max(rq.height - top, 0.0f), size);
  PlotSceneStyle style = rq.plot;
  style.textSize = size;
  style.width = p.plotWidth;
  style.height = p.plotHeight;
  const plot::PlotSpec lines = linePlot(*rq.table, rq.plot), cost = costPlot(*rq.table);
  const float beside = table.width + gap;
  switch (p.arrangement) {
    case Arrangement::PlotsOverTable:
      out.lines = placePlot(s, lines, style, 0, top, measure);
      out.cost = placePlot(s, cost, style, style.width + gap, top, measure);
      appendScene(s, table, 0, top + style.height + gap);
      s.height = top + style.height + gap + table.height;
      break;
    case Arrangement::PlotsStackedBeside:
      appendScene(s, table, 0, top);
      out.lines = placePlot(s, lines, style, beside, top, measure);
      out.cost = placePlot(s, cost, style, beside, top + style.height + gap, measure);
      s.height = top + std::max(table.height, 2 * style.height + gap);
      break;
    case Arrangement::PlotsSideBySideBeside:
      appendScene(s, table, 0, top);
      out.lines = placePlot(s, lines, style, beside, top, measure);
      out.cost = placePlot(s, cost, style, beside + style.width + gap, top, measure);
      s.height = top + std::max(table.height, style.height);
      break;
  }
  return out;
}

}  // namespace

std::string cyclesText(double c) {
  if (std::isnan(c)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", c);
  return buf;
}

WarpClockScene buildWarpClockScene(const WarpClockSceneRequest& rq, const ViewPalette& palette,
                                   const MeasureText& measure) {
  if (!rq.table) return {};
  if (rq.table->empty()) {
    WarpClockScene out;
    out.scene = messageScene(rq.noClocks, rq.width, rq.textSize, palette.text, "warp-no-clocks",
                             kWarpLineHeight, measure);
    return out;
  }
  // Smaller text until the plots fit beside (or over) the table, down to the smallest allowed.
  return layoutToFit(rq, [&](float size) { return layout(rq, size, palette, measure); });
}

}  // namespace scanviz
