// The scenes of the table and plot views, without fonts or a window: the one table builder, an
// erratum, Brent's theorem, the warp clock per step and the benchmark's plots. Each fills its
// room, keeps its text at or above the smallest size allowed and says what the model says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/core/algorithms/brent_table.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/warp_clock.h"
#include "app/core/trace/value_format.h"
#include "app/scene/brent_scene.h"
#include "app/scene/erratum_scene.h"
#include "app/scene/table_scene.h"
#include "app/scene/timing_scene.h"
#include "app/scene/warp_clock_scene.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

const ViewPalette kPalette = viewPalette(Theme::Light, Palette::Classic);

std::vector<std::string> textsOf(const Scene& s, const std::string& role) {
  std::vector<std::string> v;
  for (const SceneText* t : s.textsWithRole(role)) v.push_back(t->text);
  return v;
}

float smallestText(const Scene& s) {
  float least = 1e9f;
  for (const SceneText& t : s.texts) least = std::min(least, t.size);
  return least;
}

// Every text's box (measured, per its alignment) inside the scene's width.
void expectTextsInside(const Scene& s) {
  for (const SceneText& t : s.texts) {
    const float w = approximateTextWidth(t.text, t.size, t.bold);
    const float left = t.align == TextAlign::Left    ? t.x
                       : t.align == TextAlign::Right ? t.x - w
                                                     : t.x - w / 2;
    EXPECT_GE(left, -0.5f) << t.role << " '" << t.text << "'";
    EXPECT_LE(left + w, s.width + 0.5f) << t.role << " '" << t.text << "'";
  }
}

TableSpec twoByTwo() {
  TableSpec t;
  t.header = {"algorithm", "W"};
  t.rows = {{{"kogge-stone"}, {"17", false, "W = N log2 N - (N - 1)"}}, {{"sequential"}, {"7"}}};
  t.align = {TextAlign::Left, TextAlign::Right};
  t.textSize = 20;
  t.role = "t";
  return t;
}

TEST(TableScene, ColumnsAsWideAsTheirWidestTextAndTheRowsInOrder) {
  const TableSpec spec = twoByTwo();
  const Scene s = buildTableScene(spec, kPalette, approximateTextWidth);
  EXPECT_EQ(textsOf(s, "t-header"), (std::vector<std::string>{"algorithm", "W"}));
  EXPECT_EQ(textsOf(s, "t-cell"),
            (std::vector<std::string>{"kogge-stone", "17", "sequential", "7"}));
  // The first column is as wide as "kogge-stone" plus its padding; the second, right-aligned,
  // ends at the table's right edge less its padding.
  const float first = approximateTextWidth("kogge-stone", 20, false);
  const auto cells = s.textsWithRole("t-cell");
  EXPECT_GT(cells[1]->x, first);
  EXPECT_NEAR(cells[1]->x, s.width - 0.45f * 20, 0.01f);
  EXPECT_EQ(cells[1]->align, TextAlign::Right);
  // Header row and two rows; each row has a band that a click finds.
  EXPECT_NEAR(s.height, 3 * 1.45f * 20, 0.01f);
  EXPECT_EQ(tableRowAt(s, "t", 5, 1.5f * 1.45f * 20), 0);
  EXPECT_EQ(tableRowAt(s, "t", 5, 2.5f * 1.45f * 20), 1);
  EXPECT_EQ(tableRowAt(s, "t", 5, 0.5f * 1.45f * 20), -1);  // the header
  EXPECT_EQ(cells[1]->tooltip, "W = N log2 N - (N - 1)");
  EXPECT_TRUE(s.rectsWithRole("t-highlight").empty());
  expectTextsInside(s);
}

TEST(TableScene, HighlightsOneRowAndSpreadsOrShrinksToTheWidth) {
  TableSpec spec = twoByTwo();
  spec.highlightedRow = 1;
  const float natural = buildTableScene(spec, kPalette, approximateTextWidth).width;
  spec.width = 2 * natural;
  Scene s = buildTableScene(spec, kPalette, approximateTextWidth);
  EXPECT_NEAR(s.width, 2 * natural, 0.01f);
  const auto highlight = s.rectsWithRole("t-highlight");
  ASSERT_EQ(highlight.size(), 1u);
  EXPECT_EQ(highlight[0]->index, 1);
  EXPECT_TRUE(s.textsWithRole("t-cell")[2]->bold);   // the highlighted row's text
  EXPECT_FALSE(s.textsWithRole("t-cell")[0]->bold);  // the others'
  // Too narrow: the text shrinks to fit, down to the floor and no further.
  spec.width = natural / 2;
  spec.minTextSize = 5;
  s = buildTableScene(spec, kPalette, approximateTextWidth);
  EXPECT_LE(s.width, natural / 2 + 0.5f);
  EXPECT_NEAR(smallestText(s), 10, 0.5f);
  spec.minTextSize = 15;
  s = buildTableScene(spec, kPalette, approximateTextWidth);
  EXPECT_FLOAT_EQ(smallestText(s), 15);
  EXPECT_GT(s.width, natural / 2);
}

ErratumSceneRequest erratumRequest(const Erratum& e, const std::optional<ErratumEvidence>& ev) {
  ErratumSceneRequest rq;
  rq.erratum = &e;
  rq.evidence = ev ? &*ev : nullptr;
  rq.width = 1800;
  rq.height = 850;
  rq.titleSize = 32 * 28 / 15.0f;
  rq.textSize = 24 * 28 / 15.0f;
  rq.minTextSize = 28;
  return rq;
}

TEST(ErratumScene, TheSeedsWordsTheCorrectionAndWhatTheRunCounted) {
  const Erratum* e = findErratum("seed-000-work-ratio");
  ASSERT_NE(e, nullptr);
  const std::optional<ErratumEvidence> ev = e->evidence();
  ErratumSceneRequest rq = erratumRequest(*e, ev);
  rq.height = 0;  // as tall as it needs: the sizes asked for
  const Scene s = buildErratumScene(rq, kPalette, approximateTextWidth);
  const std::vector<std::string> title = textsOf(s, "erratum-title");
  ASSERT_FALSE(title.empty());
  EXPECT_EQ(title[0].rfind("Erratum: 9217 / 1027", 0), 0u) << title[0];
  std::string seed, correction;
  for (const std::string& line : textsOf(s, "erratum-seed-text")) seed += line + " ";
  for (const std::string& line : textsOf(s, "erratum-correction")) correction += line + " ";
  EXPECT_NE(seed.find("9217 / 1027"), std::string::npos) << seed;
  EXPECT_NE(correction.find("9217 / 1023"), std::string::npos) << correction;
  EXPECT_EQ(
      textsOf(s, "erratum-numbers-header"),
      (std::vector<std::string>{"the seed's figure", "the correct figure", "scanviz counted"}));
  EXPECT_EQ(textsOf(s, "erratum-numbers-cell"),
            (std::vector<std::string>{erratumNumber(9217.0 / 1027), erratumNumber(9217.0 / 1023),
                                      erratumNumber(ev->measured)}));
  EXPECT_EQ(erratumNumber(ev->measured), "9.00978");
  EXPECT_FALSE(textsOf(s, "erratum-shows").empty());
  // Read from the back row: the title at the value size, the text at the heading size.
  EXPECT_GE(smallestText(s), 28);
  EXPECT_FLOAT_EQ(s.textsWithRole("erratum-why")[0]->size, 24 * 28 / 15.0f);
  EXPECT_FLOAT_EQ(s.textsWithRole("erratum-title")[0]->size, 32 * 28 / 15.0f);
  expectTextsInside(s);
}

TEST(ErratumScene, ShrinksToItsRoomButNotBelowTheFloorAndSaysWhyNoRunCanShowIt) {
  const Erratum* e = findErratum("kernel-name-hyphen");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->evidence, nullptr);
  ErratumSceneRequest rq = erratumRequest(*e, std::nullopt);
  rq.height = 0;  // as tall as it needs
  const Scene roomy = buildErratumScene(rq, kPalette, approximateTextWidth);
  std::string noRun;
  for (const std::string& line : textsOf(roomy, "erratum-no-run")) noRun += line + " ";
  EXPECT_EQ(noRun.rfind("No run: ", 0), 0u) << noRun;
  EXPECT_TRUE(roomy.textsWithRole("erratum-numbers-cell").empty());
  rq.height = roomy.height * 0.8f;
  const Scene fitted = buildErratumScene(rq, kPalette, approximateTextWidth);
  EXPECT_LE(fitted.height, rq.height);
  EXPECT_LT(fitted.textsWithRole("erratum-why")[0]->size,
            roomy.textsWithRole("erratum-why")[0]->size);
  rq.height = 100;  // cannot fit: the floor wins, the view scrolls
  const Scene floor = buildErratumScene(rq, kPalette, approximateTextWidth);
  EXPECT_FLOAT_EQ(smallestText(floor), 28);
  EXPECT_GT(floor.height, 100);
}

TEST(BrentScene, TheTableOfEveryAlgorithmAndTheCurveBelowItInTheRoom) {
  const BrentTable t = brentTable(1024, 4, 1024, nullptr, DType::Int32);
  BrentSceneRequest rq;
  rq.table = &t;
  rq.current = AlgorithmId::KoggeStone;
  rq.note = "No benchmark yet.";
  rq.width = 1850;
  rq.height = 900;
  rq.textSize = 18 * 28 / 15.0f;
  rq.minTextSize = 28;
  const BrentScene b = buildBrentScene(rq, kPalette, approximateTextWidth);
  const Scene& s = b.scene;
  EXPECT_EQ(s.rectsWithRole("brent-row").size(), t.rows.size());
  const auto highlight = s.rectsWithRole("brent-highlight");
  ASSERT_EQ(highlight.size(), 1u);
  const auto cells = s.textsWithRole("brent-cell");
  const size_t columns = 8;
  ASSERT_EQ(cells.size(), t.rows.size() * columns);
  const size_t row = static_cast<size_t>(highlight[0]->index);
  EXPECT_EQ(cells[row * columns]->text, "kogge-stone");
  // W/P + D of Kogge-Stone at N = 1024, P = 4: 9217 / 4 + 10.
  EXPECT_EQ(cells[row * columns + 3]->text, formatQuantity(9217.0 / 4 + 10));
  EXPECT_EQ(cells[row * columns + 1]->tooltip, "W = " + t.rows[row].formulas.work);
  // The plot under the table and the note, down to the room's bottom.
  EXPECT_GT(b.curve.y, highlight[0]->y);
  EXPECT_EQ(b.curve.spec.series[0].name, "kogge-stone");
  EXPECT_NEAR(b.curve.y + b.curve.drawn.plotArea.y1, rq.height, 0.3f * rq.height);
  EXPECT_LE(s.height, rq.height + 0.5f);
  EXPECT_FALSE(s.textsWithRole("brent-note").empty());
  EXPECT_GE(smallestText(s), 28);
  EXPECT_NEAR(s.width, rq.width, 0.5f);
}

TEST(WarpClockScene, EveryStepsCyclesInTheTableBesideTheTwoPlots) {
  const Trace trace = sampleTrace("kogge-stone-1024.json");
  const WarpClockTable table = warpClockTable(trace);
  ASSERT_EQ(table.steps.size(), 10u);
  WarpClockSceneRequest rq;
  rq.table = &table;
  rq.heading = "kogge-stone, N = 1024";
  rq.currentStep = table.steps[3].step;
  rq.width = 1850;
  rq.height = 880;
  rq.textSize = 18 * 28 / 15.0f;
  rq.minTextSize = 28;
  const WarpClockScene w = buildWarpClockScene(rq, kPalette, approximateTextWidth);
  const Scene& s = w.scene;
  const auto rows = s.rectsWithRole("warp-steps-row");
  ASSERT_EQ(rows.size(), table.steps.size());
  ASSERT_EQ(s.rectsWithRole("warp-steps-highlight").size(), 1u);
  EXPECT_EQ(s.rectsWithRole("warp-steps-highlight")[0]->index, 3);
  const auto cells = s.textsWithRole("warp-steps-cell");
  ASSERT_EQ(cells.size(), 6 * table.steps.size());
  EXPECT_EQ(cells[0]->text, std::to_string(table.steps[0].step));
  EXPECT_EQ(cells[3]->text, cyclesText(table.steps[0].median));
  // A click on a row finds its step.
  EXPECT_EQ(tableRowAt(s, "warp-steps", rows[5]->x + 2, rows[5]->y + 2), 5);
  // The plots to the right of the table, one over the other, inside the room.
  EXPECT_GT(w.lines.x, rows[0]->w);
  EXPECT_GT(w.cost.y, w.lines.y);
  EXPECT_EQ(w.lines.spec.series.size(), static_cast<size_t>(table.warps) + 2);
  EXPECT_LE(s.height, rq.height + 0.5f);
  EXPECT_GE(smallestText(s), 28);
  // Without clocks the scene says why.
  const Trace cpu = lessonTrace(AlgorithmId::KoggeStone);
  const WarpClockTable none = warpClockTable(cpu);
  rq.table = &none;
  rq.noClocks = "This trace has no warp clocks.";
  EXPECT_EQ(
      textsOf(buildWarpClockScene(rq, kPalette, approximateTextWidth).scene, "warp-no-clocks"),
      std::vector<std::string>{"This trace has no warp clocks."});
}

TEST(TimingScene, LegendItemsAreFoundByAClickAndAHiddenOneIsGreyed) {
  TimingSceneRequest rq;
  rq.title = "run 1";
  rq.deviceLine = "CPU times, not GPU times";
  rq.cpu = true;
  rq.legend = {{"kogge-stone", plot::seriesColor(0), false},
               {"cpu-memcpy", plot::seriesColor(1), true}};
  rq.time.title = "time per call vs N";
  rq.time.series.push_back({"kogge-stone", {1024, 4096}, {0.1, 0.4}});
  rq.rate.title = "GB/s vs N";
  rq.rate.series.push_back({"kogge-stone", {1024, 4096}, {4, 4.1}});
  plot::PlotSpec bars;
  bars.mode = plot::PlotMode::Bars;
  bars.categories = {"kogge-stone"};
  bars.series.push_back({"run 1", {}, {0.4}});
  rq.bars = bars;
  rq.width = 1200;
  rq.height = 880;
  rq.textSize = 33.6f;
  rq.minTextSize = 28;
  const TimingScene t = buildTimingScene(rq, kPalette, approximateTextWidth);
  ASSERT_EQ(t.plots.size(), 3u);
  EXPECT_GT(t.plots[1].x, t.plots[0].x);                                 // side by side
  EXPECT_GT(t.plots[2].y, t.plots[0].y + t.plots[0].drawn.plotArea.y1);  // the bars below
  EXPECT_LE(t.scene.height, rq.height + 0.5f);
  EXPECT_GE(smallestText(t.scene), 28);
  const auto legend = t.scene.textsWithRole("legend");
  ASSERT_GE(legend.size(), 2u);
  EXPECT_EQ(legend[0]->text, "kogge-stone");
  EXPECT_EQ(legend[1]->color, kPalette.textDim);
  EXPECT_EQ(timingLegendAt(t.scene, legend[1]->x + 2, legend[1]->y + 2), 1);
  EXPECT_EQ(timingLegendAt(t.scene, legend[0]->x + 2, legend[0]->y + 2), 0);
  EXPECT_EQ(timingLegendAt(t.scene, 2, rq.height - 2), -1);
  EXPECT_EQ(textsOf(t.scene, "timing-device"),
            std::vector<std::string>{"CPU times, not GPU times"});
  TimingSceneRequest none;
  none.empty = "No run yet: choose sizes and press Run benchmark.";
  const TimingScene empty = buildTimingScene(none, kPalette, approximateTextWidth);
  EXPECT_TRUE(empty.plots.empty());
  EXPECT_EQ(textsOf(empty.scene, "timing-empty").size(), 1u);
}

}  // namespace
}  // namespace scanviz
