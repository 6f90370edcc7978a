// The heat views' data, without GL: the colour map's control points, normalisation, which
// elements a step wrote, the space-time grid and its pyramid, and the zoom / pan arithmetic.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/layouts/color_map.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/layouts/heat_viewport.h"
#include "app/core/playback/step_writes.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Trace captureCpu(AlgorithmId id, std::vector<double> input, int blockSize = 0) {
  CaptureRequest rq = emulatorRequest(id, std::move(input));
  rq.blockSize = blockSize;
  return capture(rq).trace;
}

Trace lesson() {
  return captureCpu(AlgorithmId::KoggeStone, defaultLessonInput());
}

// ---- colour map ----

TEST(ColorMap, EndsAtViridisPurpleAndYellow) {
  const Rgb lo = colorMapAt(0), hi = colorMapAt(1);
  EXPECT_NEAR(lo.r, 0x44 / 255.0, 1e-6);
  EXPECT_NEAR(lo.g, 0x01 / 255.0, 1e-6);
  EXPECT_NEAR(lo.b, 0x54 / 255.0, 1e-6);
  EXPECT_NEAR(hi.r, 0xfd / 255.0, 1e-6);
  EXPECT_NEAR(hi.g, 0xe7 / 255.0, 1e-6);
  EXPECT_NEAR(hi.b, 0x25 / 255.0, 1e-6);
}

TEST(ColorMap, LuminanceRisesAtEveryStopSoTheOrderReadsInGreyscale) {
  const auto& stops = colorMapStops();
  for (size_t i = 1; i < stops.size(); ++i)
    EXPECT_GT(relativeLuminance(stops[i]), relativeLuminance(stops[i - 1]) + 0.01) << "stop " << i;
  // Sampled finely, never darker than a moment before: no band that reads as a reversal.
  float last = -1;
  for (int i = 0; i <= 256; ++i) {
    const float l = relativeLuminance(colorMapAt(static_cast<float>(i) / 256));
    EXPECT_GE(l, last) << "t = " << i / 256.0;
    last = l;
  }
}

TEST(ColorMap, InterpolatesBetweenStopsAndClamps) {
  const auto& s = colorMapStops();
  const Rgb mid = colorMapAt(1.0f / 16);  // halfway between stops 0 and 1
  EXPECT_NEAR(mid.r, 0.5f * (s[0].r + s[1].r), 1e-6);
  EXPECT_NEAR(mid.g, 0.5f * (s[0].g + s[1].g), 1e-6);
  EXPECT_NEAR(mid.b, 0.5f * (s[0].b + s[1].b), 1e-6);
  EXPECT_NEAR(colorMapAt(0.5f).g, s[4].g, 1e-6);
  EXPECT_NEAR(colorMapAt(-3).r, s[0].r, 1e-6);
  EXPECT_NEAR(colorMapAt(7).r, s[8].r, 1e-6);
  EXPECT_NEAR(colorMapAt(std::nanf("")).r, s[0].r, 1e-6);
}

// ---- normalisation ----

TEST(HeatNormalize, LinearMapsTheRangeToZeroOne) {
  const ValueRange r{0, 25};
  EXPECT_DOUBLE_EQ(normalizeValue(0, r, HeatScale::Linear), 0);
  EXPECT_DOUBLE_EQ(normalizeValue(25, r, HeatScale::Linear), 1);
  EXPECT_DOUBLE_EQ(normalizeValue(12.5, r, HeatScale::Linear), 0.5);
  EXPECT_DOUBLE_EQ(normalizeValue(-4, r, HeatScale::Linear), 0);  // clamped
  EXPECT_TRUE(std::isnan(normalizeValue(std::nan(""), r, HeatScale::Linear)));
  EXPECT_TRUE(std::isnan(normalizeValue(INFINITY, r, HeatScale::Linear)));
}

TEST(HeatNormalize, LogSpreadsSmallValuesAndIsSymmetric) {
  const ValueRange r{0, 1e6};
  // Linear squeezes the inputs (0..9) of a scan whose sums reach a million into the bottom 0.001%.
  EXPECT_LT(normalizeValue(9, r, HeatScale::Linear), 1e-5);
  EXPECT_NEAR(normalizeValue(9, r, HeatScale::Log), std::log1p(9.0) / std::log1p(1e6), 1e-12);
  EXPECT_GT(normalizeValue(9, r, HeatScale::Log), 0.15);
  const ValueRange sym{-100, 100};
  EXPECT_DOUBLE_EQ(normalizeValue(0, sym, HeatScale::Log), 0.5);
  EXPECT_NEAR(normalizeValue(-10, sym, HeatScale::Log) + normalizeValue(10, sym, HeatScale::Log),
              1.0, 1e-12);
}

TEST(HeatNormalize, ValueAtFractionInvertsTheScale) {
  const ValueRange r{-50, 40000};
  for (HeatScale s : {HeatScale::Linear, HeatScale::Log})
    for (double v : {-50.0, -3.0, 0.0, 7.0, 1234.0, 40000.0})
      EXPECT_NEAR(valueAtFraction(normalizeValue(v, r, s), r, s), v, 1e-6 * (1 + std::fabs(v)));
}

TEST(HeatNormalize, RangeComesFromEveryStepOfTheTrace) {
  const Trace t = lesson();
  const ValueRange r = traceValueRange(t);
  EXPECT_EQ(r.min, 0);   // the 0 of the input
  EXPECT_EQ(r.max, 25);  // the total
  Trace flat = t;
  for (auto& s : flat.steps)
    for (double& v : s.values) v = 4;
  EXPECT_EQ(traceValueRange(flat).min, 3);
  EXPECT_EQ(traceValueRange(flat).max, 5);
  EXPECT_EQ(defaultHeatScale(t), HeatScale::Log);
  flat.meta.op = "max";
  EXPECT_EQ(defaultHeatScale(flat), HeatScale::Linear);
}

// ---- which elements a step wrote ----

TEST(StepWrites, FollowTheEdgesTheLoadAndChangedValues) {
  const Trace t = lesson();
  EXPECT_EQ(writtenElements(t, 0), (std::vector<uint8_t>{1, 1, 1, 1, 1, 1, 1, 1}));  // the load
  EXPECT_EQ(writtenElements(t, 1), (std::vector<uint8_t>{0, 1, 1, 1, 1, 1, 1, 1}));  // stride 1
  EXPECT_EQ(writtenElements(t, 3), (std::vector<uint8_t>{0, 0, 0, 0, 1, 1, 1, 1}));  // stride 4
  EXPECT_TRUE(writtenElements(t, 4).empty());
  EXPECT_EQ(previousStepOnSameArray(t, 2), 1);
  EXPECT_EQ(previousStepOnSameArray(t, 0), -1);
}

TEST(StepWrites, PaddingPastTheInputIsNotValid) {
  const Trace t = captureCpu(AlgorithmId::KoggeStone, {1, 2, 3, 4, 5}, 8);
  ASSERT_EQ(t.steps[0].values.size(), 8u);
  EXPECT_EQ(validElements(t, 0), 5);
  EXPECT_EQ(writtenElements(t, 0), (std::vector<uint8_t>{1, 1, 1, 1, 1, 0, 0, 0}));
}

// ---- the space-time grid ----

TEST(HeatGrid, OneRowPerStepWithWritesAndAPyramid) {
  const Trace t = lesson();
  const HeatGrid g = buildHeatGrid(t, HeatScale::Linear, 16);
  EXPECT_EQ(g.rows, 4);
  EXPECT_EQ(g.columns, 8);
  ASSERT_EQ(g.levels.size(), 4u);  // 8, 4, 2, 1 columns
  EXPECT_EQ(g.levels[1].columns, 4);
  EXPECT_EQ(g.levels[3].columns, 1);
  EXPECT_EQ(g.levels[1].offset, 32u);  // after 4 rows of 8
  // Step 3, element 7 holds the total 25, the top of the range.
  EXPECT_EQ(g.at(0, 3, 7).value, kHeatValueMax);
  EXPECT_TRUE(g.at(0, 3, 7).written());
  EXPECT_FALSE(g.at(0, 3, 3).written());
  // Step 0 element 3 holds the input's 0, the bottom of the range.
  EXPECT_EQ(g.at(0, 0, 3).value, 0);
  // Level 1 of step 1: elements 0 and 1 averaged (3 and 4 of 25), written because 1 was.
  const double expect = (3.0 / 25 + 4.0 / 25) / 2 * kHeatValueMax;
  EXPECT_NEAR(g.at(1, 1, 0).value, expect, 1.0);
  EXPECT_TRUE(g.at(1, 1, 0).written());
  // Level 1 of step 3: elements 2 and 3 were not written by stride 4.
  EXPECT_FALSE(g.at(1, 3, 1).written());
  EXPECT_TRUE(g.at(1, 3, 2).written());
  // Every level is laid out row after row in a texture 16 texels wide.
  EXPECT_EQ(g.textureWidth, 16);
  EXPECT_EQ(g.textureHeight, (32 + 16 + 8 + 4 + 15) / 16);
  EXPECT_EQ(g.texels.size(), 2u * 16 * g.textureHeight);
}

TEST(HeatGrid, StepsNarrowerThanTheWidestHaveNoValueBeyondTheirEnd) {
  // Hierarchical at 40 elements: sections of 8 (block 4), a global window of 40, block sums.
  const Trace t = captureCpu(AlgorithmId::Hierarchical, std::vector<double>(40, 1.0), 4);
  const HeatGrid g = buildHeatGrid(t, HeatScale::Log, 64);
  ASSERT_EQ(g.columns, 40);
  int narrow = -1;
  for (int r = 0; r < g.rows; ++r)
    if (t.steps[static_cast<size_t>(r)].values.size() < 40u) narrow = r;
  ASSERT_GE(narrow, 0);
  const int width = static_cast<int>(t.steps[static_cast<size_t>(narrow)].values.size());
  EXPECT_TRUE(g.at(0, narrow, 0).hasValue());
  EXPECT_FALSE(g.at(0, narrow, width).hasValue());
  EXPECT_FALSE(g.at(0, narrow, 39).hasValue());
}

TEST(HeatGrid, ASingleWriteSurvivesEveryLevel) {
  Trace t;
  t.meta.n = 1000;
  TraceStep s0, s1;
  s0.values.assign(1000, 1.0);
  s0.kind = 0;
  s1.values = s0.values;
  s1.kind = 1;
  s1.values[777] = 5;
  s1.edges.push_back({777, 776});
  t.steps = {s0, s1};
  const HeatGrid g = buildHeatGrid(t, HeatScale::Linear, 256);
  for (size_t l = 0; l < g.levels.size(); ++l) {
    const int col = 777 >> l;
    EXPECT_TRUE(g.at(static_cast<int>(l), 1, col).written()) << "level " << l;
    if (col > 0) {
      EXPECT_FALSE(g.at(static_cast<int>(l), 1, col - 1).written()) << "level " << l;
    }
  }
}

TEST(HeatGrid, TheShareWrittenAveragesDownThePyramid) {
  // Every eighth element written, as a stride-8 step over subsection totals does.
  Trace t;
  t.meta.n = 1024;
  TraceStep s0, s1;
  s0.values.assign(1024, 1.0);
  s1.values = s0.values;
  s1.kind = 1;
  for (int i = 7; i < 1024; i += 8) s1.edges.push_back({i, i - 1});
  t.steps = {s0, s1};
  const HeatGrid g = buildHeatGrid(t, HeatScale::Linear, 256);
  EXPECT_DOUBLE_EQ(g.at(0, 1, 7).writtenShare(), 1);
  EXPECT_DOUBLE_EQ(g.at(0, 1, 6).writtenShare(), 0);
  EXPECT_NEAR(g.at(2, 1, 1).writtenShare(), 0.25, 1e-4);  // elements 4..7
  EXPECT_NEAR(g.at(3, 1, 5).writtenShare(), 0.125, 1e-4);
  EXPECT_NEAR(g.at(10, 1, 0).writtenShare(), 0.125, 1e-4);  // the whole row
  EXPECT_DOUBLE_EQ(g.at(3, 0, 5).writtenShare(), 1);        // the load wrote everything
}

TEST(HeatGrid, LevelFollowsElementsPerPixel) {
  EXPECT_EQ(heatLevelFor(0.25, 10), 0);
  EXPECT_EQ(heatLevelFor(1, 10), 0);
  EXPECT_EQ(heatLevelFor(2, 10), 1);
  EXPECT_EQ(heatLevelFor(3.9, 10), 1);
  EXPECT_EQ(heatLevelFor(64, 10), 6);
  EXPECT_EQ(heatLevelFor(1e9, 10), 9);
  EXPECT_EQ(heatLevelFor(8, 1), 0);
}

// ---- zoom and pan ----

TEST(HeatViewport, ZoomKeepsTheElementUnderThePointer) {
  const int columns = 8192;
  const HeatViewport full = fullViewport(columns);
  EXPECT_EQ(full.first, 0);
  EXPECT_EQ(full.span, 8192);
  const double width = 1000;
  const double x = 250;  // a quarter of the way across
  const double before = elementAtX(full, x, width);
  const HeatViewport z = zoomViewport(full, 4, x / width, columns, 10);
  EXPECT_DOUBLE_EQ(z.span, 2048);
  EXPECT_NEAR(elementAtX(z, x, width), before, 1e-9);
  EXPECT_NEAR(xOfElement(z, before, width), x, 1e-9);
  // Zooming out past the whole array stops at the whole array.
  EXPECT_EQ(zoomViewport(z, 0.001, 0.5, columns, 10), full);
  // Zooming in stops at the smallest span.
  EXPECT_DOUBLE_EQ(zoomViewport(z, 1e6, 0.5, columns, 10).span, 10);
}

TEST(HeatViewport, PanMovesByPixelsAndStaysInside) {
  const HeatViewport v{1000, 100};
  // Dragging 50 of 500 pixels to the right shows 10 elements further left.
  EXPECT_DOUBLE_EQ(panViewport(v, 50, 500, 8192, 10).first, 990);
  EXPECT_DOUBLE_EQ(panViewport(v, -50, 500, 8192, 10).first, 1010);
  EXPECT_DOUBLE_EQ(panViewport(v, 1e9, 500, 8192, 10).first, 0);
  EXPECT_DOUBLE_EQ(panViewport(v, -1e9, 500, 8192, 10).first, 8092);
  const HeatViewport bad = clampViewport({NAN, INFINITY}, 64, 4);
  EXPECT_EQ(bad, fullViewport(64));
}

TEST(HeatViewport, CellsTakeOverAtTheLegibleWidth) {
  const double width = 960, legible = 24;
  const double span = spanForCellWidth(width, legible);
  EXPECT_DOUBLE_EQ(span, 40);
  EXPECT_TRUE(showsCells({0, span}, width, legible));
  EXPECT_FALSE(showsCells({0, span * 1.01}, width, legible));
  EXPECT_DOUBLE_EQ(cellWidthPx({0, 480}, width), 2);
  EXPECT_DOUBLE_EQ(elementsPerPixel({0, 8192}, 1024), 8);
}

TEST(HeatViewport, VisibleColumnsAndRows) {
  const ColumnRange c = visibleColumns({10.5, 20}, 8192);
  EXPECT_EQ(c.first, 10);
  EXPECT_EQ(c.last, 31);
  EXPECT_EQ(visibleColumns({8000, 500}, 8192).last, 8192);
  EXPECT_EQ(rowAtY(0, 140, 14), 0);
  EXPECT_EQ(rowAtY(139.9, 140, 14), 13);
  EXPECT_EQ(rowAtY(25, 140, 14), 2);
  EXPECT_EQ(rowAtY(-1, 140, 14), -1);
  EXPECT_EQ(rowAtY(140, 140, 14), -1);
  EXPECT_DOUBLE_EQ(yOfRow(3, 140, 14), 30);
}

}  // namespace
}  // namespace scanviz
