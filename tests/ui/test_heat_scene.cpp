// The heat view's frame without GL or fonts: where the strip, the write marks and the space-time
// image go, the current step's row, the step labels, the element ticks of the zoomed window, the
// colour legend (the colour map's ends) and the layout under the cells once they take over.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/core/capture/capture.h"
#include "app/core/layouts/color_map.h"
#include "app/scene/heat_view_scene.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Trace koggeStone1024() {
  CaptureRequest rq = emulatorRequest(AlgorithmId::KoggeStone, {});
  for (int i = 0; i < 1024; ++i) rq.input.push_back(i % 10);
  rq.blockSize = 1024;
  return capture(rq).trace;
}

HeatScene sceneOf(const Trace& t, int step, HeatViewport v, float cellsHeight = 0) {
  HeatSceneRequest rq;
  rq.trace = &t;
  rq.step = step;
  rq.viewport = v;
  rq.width = 1000;
  rq.height = 700;
  rq.range = traceValueRange(t);
  rq.scale = HeatScale::Log;
  rq.cellsHeight = cellsHeight;
  rq.cellsLabelWidth = cellsHeight > 0 ? 120 : 0;
  return buildHeatScene(rq, ArraySceneStyle{}, viewPalette(Theme::Dark, Palette::Classic),
                        approximateTextWidth);
}

bool inside(const HeatRect& inner, float width, float height) {
  return inner.x >= 0 && inner.y >= 0 && inner.x + inner.w <= width + 0.5f &&
         inner.y + inner.h <= height + 0.5f;
}

TEST(HeatScene, StripMarksAndSpaceTimeStackInsideThePanel) {
  const Trace t = koggeStone1024();
  const HeatScene s = sceneOf(t, 3, fullViewport(1024));
  ASSERT_FALSE(s.strip.empty());
  ASSERT_FALSE(s.writes.empty());
  ASSERT_FALSE(s.spaceTime.empty());
  EXPECT_TRUE(inside(s.strip, 1000, 700));
  EXPECT_TRUE(inside(s.spaceTime, 1000, 700));
  EXPECT_LT(s.strip.y + s.strip.h, s.writes.y + 0.5f);
  EXPECT_LT(s.writes.y + s.writes.h, s.spaceTime.y);
  // One image width for all three, so that columns line up.
  EXPECT_EQ(s.strip.x, s.spaceTime.x);
  EXPECT_EQ(s.strip.w, s.spaceTime.w);
  EXPECT_EQ(s.strip.w, heatImageWidth(1000, ArraySceneStyle{}, approximateTextWidth));
  EXPECT_EQ(s.scene.rectsWithRole("heat-strip").size(), 1u);
  EXPECT_EQ(s.scene.rectsWithRole("space-time").size(), 1u);
  EXPECT_EQ(s.scene.textsWithRole("title")[0]->text.rfind("Step 3 of 10", 0), 0u);
}

TEST(HeatScene, TheCurrentStepsRowIsMarkedWhereTheImageDrawsIt) {
  const Trace t = koggeStone1024();
  const HeatScene s = sceneOf(t, 4, fullViewport(1024));
  const auto rows = s.scene.rectsWithRole("heat-current-row");
  ASSERT_EQ(rows.size(), 1u);
  const float rowH = s.spaceTime.h / 11;  // 11 steps
  EXPECT_NEAR(rows[0]->y + 1, s.spaceTime.y + 4 * rowH, 0.5);
  EXPECT_NEAR(rows[0]->h - 2, rowH, 0.5);
  EXPECT_EQ(rows[0]->index, 4);
  // Eleven rows this tall all get a label; the current one is bold.
  const auto labels = s.scene.textsWithRole("step-label");
  ASSERT_EQ(labels.size(), 11u);
  EXPECT_EQ(labels[0]->text, "0 load");
  EXPECT_TRUE(labels[4]->bold);
  EXPECT_FALSE(labels[3]->bold);
}

TEST(HeatScene, TicksNameTheElementsOfTheZoomedWindow) {
  const Trace t = koggeStone1024();
  const HeatScene s = sceneOf(t, 2, HeatViewport{500, 40});
  const auto ticks = s.scene.textsWithRole("heat-tick");
  ASSERT_GE(ticks.size(), 3u);
  for (const SceneText* tick : ticks) {
    const int e = std::stoi(tick->text);
    EXPECT_GE(e, 500);
    EXPECT_LT(e, 540);
    // Centred on its element's column.
    const double x = s.strip.x + xOfElement({500, 40}, e + 0.5, s.strip.w);
    EXPECT_NEAR(tick->x, x, 0.01);
  }
  const auto subtitle = s.scene.textsWithRole("heat-subtitle");
  ASSERT_EQ(subtitle.size(), 1u);
  EXPECT_NE(subtitle[0]->text.find("showing 500 .. 539"), std::string::npos);
  EXPECT_NE(subtitle[0]->text.find("1,024 elements"), std::string::npos);
}

TEST(HeatScene, LegendRunsTheColourMapWithTheTracesRange) {
  const Trace t = koggeStone1024();
  const HeatScene s = sceneOf(t, 0, fullViewport(1024));
  const auto slices = s.scene.rectsWithRole("legend-gradient");
  ASSERT_EQ(slices.size(), 64u);
  const Rgb lo = colorMapAt(0.5f / 64), hi = colorMapAt(63.5f / 64);
  EXPECT_NEAR(slices.front()->fill.r, lo.r * 255, 1);
  EXPECT_NEAR(slices.back()->fill.g, hi.g * 255, 1);
  for (size_t i = 1; i < slices.size(); ++i) EXPECT_GT(slices[i]->x, slices[i - 1]->x);
  const auto values = s.scene.textsWithRole("legend-value");
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0]->text, "0");
  EXPECT_EQ(values[2]->text, std::to_string(static_cast<long long>(traceValueRange(t).max)));
}

TEST(HeatScene, UnderTheCellsOnlyTheSpaceTimeImageAlignedWithThem) {
  const Trace t = koggeStone1024();
  const HeatScene s = sceneOf(t, 2, HeatViewport{500, 20}, 380);
  EXPECT_TRUE(s.strip.empty());
  EXPECT_TRUE(s.writes.empty());
  EXPECT_GT(s.spaceTime.y, 380);
  EXPECT_EQ(s.spaceTime.x, 120);  // the cells' label column
  EXPECT_TRUE(s.scene.textsWithRole("title").empty());
}

TEST(HeatScene, RowNamesFollowTheArray) {
  TraceStep s;
  EXPECT_EQ(heatRowName(s), "XY after");
  s.array = "global";
  EXPECT_EQ(heatRowName(s), "Y after");
  s.array = "block-sums";
  EXPECT_EQ(heatRowName(s), "sums after");
}

}  // namespace
}  // namespace scanviz
