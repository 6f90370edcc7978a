// Plots as scenes: the plot widget's layout and colours in Scene primitives (for SVG and PNG), and
// the throughput plot of a benchmark report.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "app/core/capture/capture.h"
#include "app/export/bench_plot.h"
#include "app/export/picture.h"
#include "app/scene/plot_scene.h"

namespace scanviz {
namespace {

plot::PlotSpec twoSeries() {
  plot::PlotSpec spec;
  spec.title = "GB/s vs N";
  spec.xLabel = "N";
  spec.yLabel = "GB/s";
  spec.xScale = plot::AxisScale::Log2;
  spec.series.push_back({"kogge-stone", {1024, 4096, 16384}, {10, 20, 30}});
  spec.series.push_back({"brent-kung", {1024, 4096, 16384}, {12, 25, 40}});
  spec.references.push_back({"copy", 50});
  return spec;
}

std::vector<std::string> texts(const Scene& s, const std::string& role) {
  std::vector<std::string> out;
  for (const SceneText* t : s.textsWithRole(role)) out.push_back(t->text);
  return out;
}

TEST(PlotPicture, TitleAxesLegendAndData) {
  const Scene s = plotPicture(twoSeries(), PlotPictureStyle{},
                              viewPalette(Theme::Light, Palette::Classic), pictureMeasure());
  EXPECT_EQ(s.width, 960);
  EXPECT_EQ(s.height, 600);
  EXPECT_EQ(texts(s, "plot-title"), std::vector<std::string>{"GB/s vs N"});
  EXPECT_EQ(texts(s, "legend"), (std::vector<std::string>{"kogge-stone", "brent-kung", "copy"}));
  EXPECT_EQ(texts(s, "reference-label"), std::vector<std::string>{"copy"});
  // Two segments and three markers per series; powers of two on the x axis.
  size_t segments = 0;
  for (const SceneLine& l : s.lines) segments += l.role == "series";
  EXPECT_EQ(segments, 4u);
  EXPECT_EQ(s.rectsWithRole("marker").size(), 6u + 2u);  // and one in each series' legend swatch
  const std::vector<std::string> xTicks = texts(s, "x-tick");
  EXPECT_NE(std::find(xTicks.begin(), xTicks.end(), "2^12"), xTicks.end());
  // Series keep the widget's colours (Okabe-Ito: orange first).
  const SceneRect* first = s.rectsWithRole("marker").front();
  EXPECT_EQ(first->fill, rgb(0xe69f00));
}

// The series colour as drawn on a frame of this colour (pale ones darkened on a light frame).
Color paletteColor(int index, Color frame) {
  const uint32_t c = plot::readableOn(plot::seriesColor(index),
                                      plot::luminance(plot::packColor(frame.r, frame.g, frame.b)));
  // packed like IM_COL32: 0xAABBGGRR
  return Color{static_cast<uint8_t>(c), static_cast<uint8_t>(c >> 8), static_cast<uint8_t>(c >> 16),
               static_cast<uint8_t>(c >> 24)};
}

// A report of `count` subjects at three sizes, as `scanviz bench --json` writes it.
nlohmann::json manySubjects(int count) {
  nlohmann::json results = nlohmann::json::array();
  for (int i = 0; i < count; ++i)
    for (double n : {1024.0, 4096.0, 16384.0})
      results.push_back({{"subject", "s" + std::to_string(i)},
                         {"dtype", "int32"},
                         {"n", n},
                         {"gb_per_s", (i + 1) * n / 1000}});
  return {{"device", "NVIDIA H100"}, {"results", results}};
}

// Past the 8 palette colours the tints come round again: every round has its own shape, in the
// plot and in the legend alike.
TEST(PlotPicture, PaletteRoundsHaveTheirOwnMarkerShapes) {
  const plot::PlotSpec spec = benchThroughputPlot(manySubjects(20), BenchPlotRequest{});
  ASSERT_EQ(spec.series.size(), 20u);
  const Scene s = plotPicture(spec, PlotPictureStyle{}, viewPalette(Theme::Light, Palette::Classic),
                              pictureMeasure());
  const Color background = s.rectsWithRole("plot-frame").front()->fill;
  std::map<int, std::vector<const SceneRect*>> bySeries;
  for (const SceneRect* r : s.rectsWithRole("marker")) bySeries[r->index].push_back(r);
  ASSERT_EQ(bySeries.size(), 20u);
  const float circle = bySeries[0].front()->w;
  for (const auto& [index, rects] : bySeries) {
    ASSERT_EQ(rects.size(), 3u + 1u) << index;  // the points and the legend swatch
    const SceneRect& m = *rects.front();
    for (const SceneRect* r : rects) {
      EXPECT_EQ(r->w, m.w) << index;
      EXPECT_EQ(r->rounding, m.rounding) << index;
      EXPECT_EQ(r->fill, m.fill) << index;
      EXPECT_EQ(r->stroke, m.stroke) << index;
    }
    const bool round = m.rounding == m.w / 2;
    const bool open = m.strokeWidth > 0;
    // A hollow marker's stroke lies inside the outline: its outer size is a filled one's.
    const float outer = m.w + m.strokeWidth;
    if (index < 8) {
      EXPECT_TRUE(round && !open) << index << ": a dot";
      EXPECT_EQ(m.fill, paletteColor(index, background));
    } else if (index < 16) {
      EXPECT_TRUE(m.rounding == 0 && !open) << index << ": a square";
      EXPECT_EQ(m.fill, paletteColor(index, background));
      EXPECT_LT(outer, circle) << "as much ink as a dot, not more";
    } else {
      EXPECT_TRUE(round && open) << index << ": a ring";
      EXPECT_EQ(m.fill, background);
      EXPECT_EQ(m.stroke, paletteColor(index, background));
      EXPECT_NEAR(outer, circle, 1e-3f);
    }
  }
  // The line stops at a ring's stroke: the scene draws lines over rects, and a ring crossed by
  // its own line would read as a dot.
  int ringSegments = 0;
  for (const SceneLine& l : s.lines) {
    if (l.role != "series" || l.index < 16) continue;
    ++ringSegments;
    for (const SceneRect* m : bySeries[l.index])
      for (const auto& [x, y] : {std::pair{l.x1, l.y1}, std::pair{l.x2, l.y2}})
        EXPECT_GE(std::hypot(x - (m->x + m->w / 2), y - (m->y + m->h / 2)), m->w / 2 - 1e-2f)
            << "series " << l.index;
  }
  EXPECT_EQ(ringSegments, 4 * 2);
  // The light orange of series 8 is told from series 0's orange by its shape.
  EXPECT_NE(bySeries[8].front()->rounding, bySeries[0].front()->rounding);
}

// Plots that pick their own colours (the warp clock, Brent's bound) keep dots.
TEST(PlotPicture, ExplicitColoursKeepTheirMarker) {
  plot::PlotSpec spec;
  for (int i = 0; i < 10; ++i)
    spec.series.push_back(
        {"s" + std::to_string(i), {1, 2}, {1.0 + i, 2.0 + i}, plot::seriesColor(i)});
  spec.series[9].marker = plot::MarkerShape::HollowSquare;
  const Scene s = plotPicture(spec, PlotPictureStyle{}, viewPalette(Theme::Dark, Palette::Classic),
                              pictureMeasure());
  for (const SceneRect* m : s.rectsWithRole("marker")) {
    if (m->index == 9) {
      EXPECT_EQ(m->rounding, 0);
      EXPECT_GT(m->strokeWidth, 0);
    } else {
      EXPECT_EQ(m->rounding, m->w / 2) << m->index;
      EXPECT_EQ(m->strokeWidth, 0) << m->index;
    }
  }
  EXPECT_EQ(plot::markerOf(spec.series[8], 8), plot::MarkerShape::Circle);
  EXPECT_EQ(plot::markerOf(plot::Series{}, 8), plot::MarkerShape::Square);
}

TEST(PlotPicture, BarsAndCategories) {
  plot::PlotSpec spec;
  spec.mode = plot::PlotMode::Bars;
  spec.categories = {"load", "up-sweep", "down-sweep"};
  spec.series.push_back({"ops", {}, {8, 7, 4}});
  const Scene s = plotPicture(spec, PlotPictureStyle{}, viewPalette(Theme::Dark, Palette::Classic),
                              pictureMeasure());
  EXPECT_EQ(s.rectsWithRole("bar").size(), 3u);
  EXPECT_EQ(texts(s, "category"), spec.categories);
}

nlohmann::json report() {
  using nlohmann::json;
  json results = json::array();
  for (const char* subject : {"kogge-stone", "cub"})
    for (double n : {4096.0, 1024.0})
      results.push_back({{"subject", subject},
                         {"label", std::string(subject) + " label"},
                         {"dtype", "int32"},
                         {"n", n},
                         {"gb_per_s", n / 100}});
  results.push_back(
      {{"subject", "kogge-stone"}, {"dtype", "float32"}, {"n", 1024}, {"gb_per_s", 1}});
  results.push_back(
      {{"subject", "brent-kung"}, {"dtype", "int32"}, {"n", 1024}, {"gb_per_s", nullptr}});
  return {{"device", "NVIDIA H200"},
          {"date", "2026-11-22T00:51:04Z"},
          {"operation", "inclusive add"},
          {"results", results}};
}

// The one plot drawing the window and the exports share, in the window's sizes.
PlotSceneStyle windowLikeStyle() {
  PlotSceneStyle style;
  style.width = 800;
  style.height = 400;
  style.padding = 6;
  style.frame = rgb(0x29446b);
  style.text = rgb(0xffffff);
  style.textDim = rgb(0x808080);
  return style;
}

TEST(PlotScene, EveryYTickLabelStaysInsideTheFrame) {
  // A linear axis to 3000: a first guess at the ticks labels them 1k, 2k, 3k; the plot's height
  // fits ticks every 500, labelled 1500, 2000... and the room left of the axis must hold those.
  plot::PlotSpec spec;
  spec.mode = plot::PlotMode::Bars;
  spec.categories = {"copy", "cub", "kogge-stone", "decoupled-lookback"};
  spec.series.push_back({"int32", {}, {3000, 2400, 400, 2000}});
  const PlotScene drawn = buildPlotScene(spec, windowLikeStyle(), pictureMeasure());
  const std::vector<const SceneText*> ticks = drawn.scene.textsWithRole("y-tick");
  ASSERT_GE(ticks.size(), 4u);
  bool fourDigits = false;
  for (const SceneText* t : ticks) {
    ASSERT_EQ(t->align, TextAlign::Right);
    fourDigits = fourDigits || t->text.size() == 4;
    EXPECT_GE(t->x - pictureMeasure()(t->text, t->size, false), 0) << t->text;
    EXPECT_LE(t->x, drawn.plotArea.x0) << t->text;
  }
  EXPECT_TRUE(fourDigits) << "expected ticks such as 1500 on this axis";
}

TEST(PlotScene, ManyLongCategoryLabelsAreStaggeredWholeInsideTheFrame) {
  // The timing panel's "every subject at N": sixteen subjects, names up to 22 characters.
  plot::PlotSpec spec;
  spec.mode = plot::PlotMode::Bars;
  spec.categories = {"cpu-memcpy",
                     "cpu-sequential",
                     "sequential",
                     "kogge-stone",
                     "kogge-stone-exclusive",
                     "hillis-steele",
                     "brent-kung",
                     "blelloch",
                     "blelloch-conflict-free",
                     "three-phase",
                     "warp-shuffle",
                     "hierarchical",
                     "single-pass-chained",
                     "decoupled-lookback",
                     "segmented-lookback",
                     "cub"};
  plot::Series bars{"run 1", {}, {}};
  for (size_t i = 0; i < spec.categories.size(); ++i) bars.y.push_back(1.0 + i);
  spec.series.push_back(bars);
  PlotSceneStyle style = windowLikeStyle();
  style.width = 1000;
  const PlotScene drawn = buildPlotScene(spec, style, pictureMeasure());
  const std::vector<const SceneText*> labels = drawn.scene.textsWithRole("category");
  ASSERT_EQ(labels.size(), spec.categories.size());
  std::vector<float> rows;
  for (size_t i = 0; i < labels.size(); ++i) {
    const SceneText& t = *labels[i];
    EXPECT_EQ(t.text, spec.categories[i]) << "elided";
    const double half = pictureMeasure()(t.text, t.size, false) / 2;
    EXPECT_GE(t.x - half, -0.01) << t.text;
    EXPECT_LE(t.x + half, style.width + 0.01) << t.text;
    if (std::find(rows.begin(), rows.end(), t.y) == rows.end()) rows.push_back(t.y);
    for (size_t j = 0; j < i; ++j) {  // labels of one row do not overlap
      const SceneText& u = *labels[j];
      if (u.y != t.y) continue;
      const double uHalf = pictureMeasure()(u.text, u.size, false) / 2;
      EXPECT_TRUE(u.x + uHalf <= t.x - half || t.x + half <= u.x - uHalf)
          << u.text << " overlaps " << t.text;
    }
  }
  EXPECT_GT(rows.size(), 2u);  // two rows would not hold them whole
  EXPECT_LE(rows.size(), 4u);
}

TEST(PlotScene, ReferenceLabelsOfCloseLinesArePushedApartInsideThePlotArea) {
  // A GPU run's throughput plot: the copy and four CUB subjects within 30% of each other on a
  // log axis, whose labels sat on top of one another.
  plot::PlotSpec spec;
  spec.yScale = plot::AxisScale::Log10;
  spec.xScale = plot::AxisScale::Log2;
  spec.legend = false;
  spec.series.push_back({"decoupled-lookback",
                         {65536, 1048576, 4194304, 16777216, 67108864},
                         {40, 600, 2300, 2700, 2800}});
  const std::vector<std::pair<std::string, double>> refs = {{"copy: 2984 GB/s", 2984},
                                                            {"cub: 2383 GB/s", 2383},
                                                            {"cub-by-key: 2316 GB/s", 2316},
                                                            {"cub-select: 2091 GB/s", 2091},
                                                            {"cub-partition: 2225 GB/s", 2225}};
  for (const auto& [label, y] : refs) spec.references.push_back({label, y});
  PlotSceneStyle style = windowLikeStyle();
  style.width = 400;
  style.height = 260;
  const PlotScene drawn = buildPlotScene(spec, style, pictureMeasure());
  const std::vector<const SceneText*> labels = drawn.scene.textsWithRole("reference-label");
  ASSERT_EQ(labels.size(), refs.size());
  for (size_t i = 0; i < labels.size(); ++i) {
    EXPECT_GE(labels[i]->y, drawn.plotArea.y0 - 0.01) << labels[i]->text;
    EXPECT_LE(labels[i]->y + labels[i]->size, drawn.plotArea.y1 + 0.01) << labels[i]->text;
    for (size_t j = 0; j < i; ++j)
      EXPECT_GE(std::fabs(labels[i]->y - labels[j]->y), labels[i]->size - 0.01)
          << labels[j]->text << " overlaps " << labels[i]->text;
  }
  // In the lines' order from the top: the highest line's label stays first.
  std::vector<const SceneText*> byY = labels;
  std::sort(byY.begin(), byY.end(), [](auto* a, auto* b) { return a->y < b->y; });
  EXPECT_EQ(byY.front()->text, "copy: 2984 GB/s");
  EXPECT_EQ(byY.back()->text, "cub-select: 2091 GB/s");
  // The data reach the references' heights only on the right (2^22 on): the labels go left.
  for (const SceneText* t : labels) {
    EXPECT_EQ(t->align, TextAlign::Left) << t->text;
    EXPECT_LT(t->x, (drawn.plotArea.x0 + drawn.plotArea.x1) / 2) << t->text;
  }
  // Data high on the left: the labels stay on the right.
  spec.series[0].y = {2800, 2700, 2300, 600, 40};
  for (const SceneText* t :
       buildPlotScene(spec, style, pictureMeasure()).scene.textsWithRole("reference-label"))
    EXPECT_EQ(t->align, TextAlign::Right) << t->text;
}

TEST(PlotScene, BarValuesAreWrittenOverTheirBarsOrInsideOneThatReachesTheTop) {
  plot::PlotSpec spec;
  spec.mode = plot::PlotMode::Bars;
  spec.yScale = plot::AxisScale::Log10;
  spec.categories = {"copy", "cub", "decoupled-lookback", "single-pass-chained"};
  spec.series.push_back({"run 1", {}, {10000, 2383.2, 2811, 4.87}});
  spec.barValues = true;
  PlotSceneStyle style = windowLikeStyle();
  const PlotScene drawn = buildPlotScene(spec, style, pictureMeasure());
  const std::vector<const SceneText*> values = drawn.scene.textsWithRole("bar-value");
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[0]->text, "10.0k");
  EXPECT_EQ(values[1]->text, "2.38k");
  EXPECT_EQ(values[2]->text, "2.81k");
  EXPECT_EQ(values[3]->text, "4.87");
  const std::vector<const SceneRect*> bars = drawn.scene.rectsWithRole("bar");
  ASSERT_EQ(bars.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(values[i]->x, bars[i]->x + bars[i]->w / 2, 0.01) << "centred over its bar";
    EXPECT_GE(values[i]->y, drawn.plotArea.y0 - 0.01) << values[i]->text;
  }
  // The copy's bar is as tall as the plot area: its value is inside it, in the frame's colour
  // (dark blue) rather than the text's (white), on the palette's orange.
  EXPECT_GE(values[0]->y, bars[0]->y);
  EXPECT_EQ(values[0]->color, style.frame);
  style.frame = rgb(0xf0f0f0);  // a light theme: dark text on orange
  style.text = rgb(0x202020);
  EXPECT_EQ(
      buildPlotScene(spec, style, pictureMeasure()).scene.textsWithRole("bar-value")[0]->color,
      style.text);
  style = windowLikeStyle();
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_LE(values[i]->y + values[i]->size, bars[i]->y + 1.01) << "over its bar";
    EXPECT_EQ(values[i]->color, drawn.seriesColors[0]);
  }
  // Bars too narrow for their values carry none.
  style.width = 120;
  EXPECT_TRUE(
      buildPlotScene(spec, style, pictureMeasure()).scene.textsWithRole("bar-value").empty());
  spec.barValues = false;
  EXPECT_TRUE(buildPlotScene(spec, windowLikeStyle(), pictureMeasure())
                  .scene.textsWithRole("bar-value")
                  .empty());
}

// A CPU run in the window: sixteen subjects whose values (0.523 GB/s) are wider than their bars.
// They are staggered rather than left out: each over its bar, clear of every bar and of each
// other, neighbours at two heights; too narrow even for that, none.
TEST(PlotScene, BarValuesWiderThanTheirBarsAreStaggered) {
  plot::PlotSpec spec;
  spec.mode = plot::PlotMode::Bars;
  spec.yScale = plot::AxisScale::Log10;
  spec.barValues = true;
  std::vector<double> values;
  for (int c = 0; c < 16; ++c) {
    spec.categories.push_back("subject " + std::to_string(c));
    values.push_back(c == 0 ? 118 : c == 1 ? 3.72 : 0.523 + 0.01 * c);
  }
  spec.series.push_back({"run 1", {}, values});
  PlotSceneStyle style = windowLikeStyle();
  style.width = 560;
  const PlotScene drawn = buildPlotScene(spec, style, pictureMeasure());
  const std::vector<const SceneText*> texts = drawn.scene.textsWithRole("bar-value");
  const std::vector<const SceneRect*> bars = drawn.scene.rectsWithRole("bar");
  ASSERT_EQ(bars.size(), 16u);
  ASSERT_EQ(texts.size(), 16u);
  const auto box = [](const SceneText* t) {
    const double w = pictureMeasure()(t->text, t->size, t->bold);
    return plot::Rect{t->x - w / 2, t->y, t->x + w / 2, t->y + t->size};
  };
  const auto meet = [](const plot::Rect& a, const plot::Rect& b) {
    return a.x0 < b.x1 - 0.01 && b.x0 < a.x1 - 0.01 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01;
  };
  bool widerThanABar = false, twoHeights = false;
  for (size_t i = 0; i < 16; ++i) {
    const plot::Rect r = box(texts[i]);
    widerThanABar = widerThanABar || r.width() > bars[i]->w;
    EXPECT_NEAR(texts[i]->x, bars[i]->x + bars[i]->w / 2, 0.01) << "centred over its bar";
    EXPECT_GE(r.y0, drawn.plotArea.y0 - 0.01) << texts[i]->text;
    for (const SceneRect* bar : bars)
      EXPECT_FALSE(meet(r, {bar->x, bar->y, bar->x + bar->w, bar->y + bar->h}))
          << texts[i]->text << " over a bar";
    for (size_t j = 0; j < i; ++j)
      EXPECT_FALSE(meet(r, box(texts[j]))) << texts[i]->text << " meets " << texts[j]->text;
    if (i > 2) twoHeights = twoHeights || std::fabs(texts[i]->y - texts[i - 1]->y) > 1;
  }
  EXPECT_TRUE(widerThanABar) << "the case this test is about";
  EXPECT_TRUE(twoHeights);
  // A first bar at the top of the axis, whose value is wider than the bar: the axis leaves a line
  // of headroom over it for the value.
  spec.series[0].y[0] = 100;
  const PlotScene full = buildPlotScene(spec, style, pictureMeasure());
  const std::vector<const SceneText*> withTop = full.scene.textsWithRole("bar-value");
  ASSERT_EQ(withTop.size(), 16u);
  EXPECT_EQ(withTop[0]->text, "100");
  const SceneRect* first = full.scene.rectsWithRole("bar")[0];
  EXPECT_GE(withTop[0]->y, full.plotArea.y0 - 0.01);
  EXPECT_LE(withTop[0]->y + withTop[0]->size, first->y + 1.01) << "over its bar";
  style.width = 240;
  EXPECT_TRUE(
      buildPlotScene(spec, style, pictureMeasure()).scene.textsWithRole("bar-value").empty());
}

TEST(PlotScene, APlotWithoutDataSaysSoAndReportsNoPoints) {
  plot::PlotSpec spec;
  spec.emptyText = "no points yet: run the benchmark";
  spec.series.push_back({"empty", {}, {}});
  const PlotScene drawn = buildPlotScene(spec, windowLikeStyle(), pictureMeasure());
  EXPECT_EQ(texts(drawn.scene, "plot-empty"), std::vector<std::string>{spec.emptyText});
  ASSERT_EQ(drawn.points.size(), 1u);
  EXPECT_TRUE(drawn.points[0].empty());
  spec.series[0] = {"data", {1, 2}, {3, 4}};
  const PlotScene withData = buildPlotScene(spec, windowLikeStyle(), pictureMeasure());
  EXPECT_TRUE(withData.scene.textsWithRole("plot-empty").empty());
  // The points the pointer is compared with are where the markers are drawn.
  ASSERT_EQ(withData.points[0].size(), 2u);
  const SceneRect* marker = withData.scene.rectsWithRole("marker").front();
  EXPECT_NEAR(marker->x + marker->w / 2, withData.points[0][0].x, 1e-3);
  EXPECT_NEAR(marker->y + marker->h / 2, withData.points[0][0].y, 1e-3);
}

TEST(BenchPlot, OneLinePerSubjectSortedByN) {
  const plot::PlotSpec spec = benchThroughputPlot(report(), BenchPlotRequest{});
  ASSERT_EQ(spec.series.size(), 2u);  // brent-kung has no measured point
  EXPECT_EQ(spec.series[0].name, "kogge-stone label");
  EXPECT_EQ(spec.series[0].x, (std::vector<double>{1024, 4096}));
  EXPECT_EQ(spec.series[0].y, (std::vector<double>{10.24, 40.96}));
  EXPECT_NE(spec.title.find("NVIDIA H200, 2026-11-22"), std::string::npos);
  EXPECT_EQ(spec.xScale, plot::AxisScale::Log2);
}

TEST(BenchPlot, SubjectsDtypeAndProblems) {
  BenchPlotRequest rq;
  rq.subjects = {"cub"};
  EXPECT_EQ(benchThroughputPlot(report(), rq).series.size(), 1u);
  rq.dtype = "float32";
  EXPECT_THROW(benchThroughputPlot(report(), rq), InputError);  // no float32 cub points
  rq.subjects.clear();
  EXPECT_EQ(benchThroughputPlot(report(), rq).series.size(), 1u);
  EXPECT_THROW(benchThroughputPlot(nlohmann::json::object(), BenchPlotRequest{}), InputError);
}

// A report with the compaction and the split: their lines come from the JSON like any subject's,
// and the axis no longer claims that every element is read and written once.
TEST(BenchPlot, CompactionRowsAreLinesAndTheAxisSaysEachMovesItsOwnBytes) {
  nlohmann::json r = report();
  EXPECT_EQ(benchThroughputPlot(r, BenchPlotRequest{}).yLabel,
            "GB/s (each element read and written once)");
  for (const auto& [subject, gbs, bytes] :
       {std::tuple{"compaction", 2164.0, 7.0}, std::tuple{"cub-select", 2154.0, 7.0}})
    r["results"].push_back({{"subject", subject},
                            {"label", subject},
                            {"dtype", "int32"},
                            {"n", 4096},
                            {"gb_per_s", gbs},
                            {"median_ms", 0.001},
                            {"bytes_per_element", bytes}});
  BenchPlotRequest rq;
  rq.subjects = {"compaction", "cub-select"};
  const plot::PlotSpec spec = benchThroughputPlot(r, rq);
  ASSERT_EQ(spec.series.size(), 2u);
  EXPECT_EQ(spec.series[0].name, "compaction");
  EXPECT_EQ(spec.series[1].y, (std::vector<double>{2154.0}));
  EXPECT_EQ(spec.yLabel,
            "GB/s, bytes per element read + written: compaction 5 + 2 (value 4 B, flag 1 B)");
}

// The compaction, the split and CUB's select and partition as `scanviz bench` reports them.
nlohmann::json selectReport() {
  nlohmann::json results = nlohmann::json::array();
  for (const auto& [subject, bytes] :
       {std::pair{"copy", 8.0}, std::pair{"cub", 8.0}, std::pair{"cub-select", 7.0},
        std::pair{"cub-partition", 9.0}, std::pair{"decoupled-lookback", 8.0},
        std::pair{"compaction", 7.0}, std::pair{"radix-split", 9.0}})
    for (double n : {1024.0, 4096.0})
      results.push_back({{"subject", subject},
                         {"label", subject},
                         {"dtype", "int32"},
                         {"n", n},
                         {"gb_per_s", n / 10},
                         {"bytes_per_element", bytes}});
  return {{"device", "NVIDIA H100 80GB HBM3"},
          {"date", "2026-11-25T01:12:02Z"},
          {"operation", "inclusive add"},
          {"config", {{"select_flag_density", 0.5}}},
          {"results", results}};
}

const plot::Series& named(const plot::PlotSpec& spec, const std::string& name) {
  for (const plot::Series& s : spec.series)
    if (s.name == name) return s;
  throw std::runtime_error("no series " + name);
}

// The title says what is drawn and the axis what each drawn kernel moves; our compaction and
// split share a hue with CUB's select and partition, ours solid and CUB's dashed with hollow
// markers, and the two pairs are told apart by hue.
TEST(BenchPlot, CompactionAndSplitBesideTheirCubCounterpartsInOneHueEach) {
  BenchPlotRequest rq;
  rq.subjects = {"copy", "cub-select", "cub-partition", "compaction", "radix-split"};
  const plot::PlotSpec spec = benchThroughputPlot(selectReport(), rq);
  EXPECT_EQ(spec.title,
            "Throughput, int32 compaction and radix split (50% flagged)  \xC2\xB7  NVIDIA H100 "
            "80GB HBM3, 2026-11-25");
  EXPECT_EQ(spec.yLabel,
            "GB/s, bytes per element read + written: compaction 5 + 2, radix split 5 + 4 (value 4 "
            "B, flag 1 B)");
  const plot::Series &ours = named(spec, "compaction"), &cub = named(spec, "cub-select");
  const plot::Series &split = named(spec, "radix-split"), &partition = named(spec, "cub-partition");
  EXPECT_EQ(ours.color, cub.color);
  EXPECT_EQ(split.color, partition.color);
  EXPECT_NE(ours.color, split.color);
  EXPECT_NE(ours.color, named(spec, "copy").color);
  EXPECT_NE(split.color, named(spec, "copy").color);
  EXPECT_FALSE(ours.dashed);
  EXPECT_TRUE(cub.dashed);
  EXPECT_FALSE(split.dashed);
  EXPECT_TRUE(partition.dashed);
  EXPECT_FALSE(named(spec, "copy").dashed);
  EXPECT_FALSE(plot::hollow(ours.marker));
  EXPECT_TRUE(plot::hollow(cub.marker));

  // Drawn so: CUB's segments and legend swatch dashed, ours solid, in one colour.
  const Scene scene = plotPicture(spec, PlotPictureStyle{},
                                  viewPalette(Theme::Dark, Palette::Classic), pictureMeasure());
  std::map<int, std::pair<int, int>> solidAndDashed;  // series index -> counts
  for (const SceneLine& l : scene.lines)
    if (l.role == "series")
      (l.dashed ? solidAndDashed[l.index].second : solidAndDashed[l.index].first)++;
  for (size_t i = 0; i < spec.series.size(); ++i) {
    const auto [solid, dashed] = solidAndDashed[static_cast<int>(i)];
    EXPECT_EQ(dashed > 0, spec.series[i].dashed) << spec.series[i].name;
    EXPECT_EQ(solid > 0, !spec.series[i].dashed) << spec.series[i].name;
  }
  int dashedSwatches = 0;
  for (const SceneLine& l : scene.lines) dashedSwatches += l.role == "legend-swatch" && l.dashed;
  EXPECT_EQ(dashedSwatches, 2 * 2);  // two halves around the marker, for each of CUB's lines
}

// Scans and selects drawn together: a title true for both, the axis naming each's bytes; CUB's
// plain scan is no counterpart of one kernel and keeps its own hue, solid.
TEST(BenchPlot, ScansAndSelectsTogetherGetATitleTrueForBoth) {
  const plot::PlotSpec spec = benchThroughputPlot(selectReport(), BenchPlotRequest{});
  EXPECT_EQ(spec.title.substr(0, spec.title.find("  \xC2\xB7")),
            "Throughput, int32 scans, compaction and split (50% flagged)");
  EXPECT_EQ(spec.yLabel,
            "GB/s, bytes per element read + written: scan 4 + 4, compaction 5 + 2, radix split 5 "
            "+ 4");
  EXPECT_FALSE(named(spec, "cub").dashed);
  EXPECT_NE(named(spec, "cub").color, named(spec, "decoupled-lookback").color);
  EXPECT_EQ(named(spec, "compaction").color, named(spec, "cub-select").color);
}

// A scan-only plot is drawn as before: the operation in the title, one read and one write per
// element on the axis, one palette slot per line in order, nothing dashed.
TEST(BenchPlot, ScanOnlyPlotsKeepTheirTitleAxisAndColours) {
  const plot::PlotSpec spec = benchThroughputPlot(report(), BenchPlotRequest{});
  EXPECT_EQ(spec.title, "Throughput, int32 inclusive add  \xC2\xB7  NVIDIA H200, 2026-11-22");
  EXPECT_EQ(spec.yLabel, "GB/s (each element read and written once)");
  for (size_t i = 0; i < spec.series.size(); ++i) {
    EXPECT_EQ(spec.series[i].color, plot::seriesColor(static_cast<int>(i)));
    EXPECT_FALSE(spec.series[i].dashed);
  }
}

TEST(PlotScene, ThePointsSpreadIsDrawnAsWhiskersAndAQuartileBand) {
  plot::PlotSpec spec = twoSeries();
  spec.yScale = plot::AxisScale::Linear;
  plot::Series& s = spec.series[0];  // y 10, 20, 30
  s.low = {8, 18, plot::kNaN};       // the last point has no spread
  s.high = {13, 21, plot::kNaN};
  s.boxLow = {9, 19.5, plot::kNaN};
  s.boxHigh = {11, 20.5, plot::kNaN};
  PlotSceneStyle style;
  const PlotScene p = buildPlotScene(spec, style, pictureMeasure());
  std::vector<const SceneLine*> whiskers, caps;
  for (const SceneLine& l : p.scene.lines) {
    if (l.role == "spread") whiskers.push_back(&l);
    if (l.role == "spread-cap") caps.push_back(&l);
  }
  // Two points with a spread: a whisker above and below each marker, a cap at each end; none for
  // the other series, which has none.
  ASSERT_EQ(whiskers.size(), 4u);
  ASSERT_EQ(caps.size(), 4u);
  for (const SceneLine* l : whiskers) EXPECT_EQ(l->index, 0);
  // The first point's whisker runs from y = 13 (top) to y = 8 (bottom) at the point's x, around
  // its marker.
  const double x0 = p.x.toPixel(1024);
  EXPECT_NEAR(whiskers[0]->x1, x0, 1e-3);
  EXPECT_NEAR(whiskers[0]->y1, p.y.toPixel(13), 1e-3);
  EXPECT_NEAR(whiskers[1]->y2, p.y.toPixel(8), 1e-3);
  EXPECT_LT(whiskers[0]->y2, p.points[0][0].y);  // stops above the marker's centre
  EXPECT_GT(whiskers[1]->y1, p.points[0][0].y);
  EXPECT_NEAR(caps[0]->y1, p.y.toPixel(13), 1e-3);
  // The quartiles: a band from 9 to 11 under the first point, 19.5 to 20.5 under the second.
  const std::vector<const SceneRect*> bands = p.scene.rectsWithRole("spread-quartiles");
  ASSERT_EQ(bands.size(), 2u);
  EXPECT_NEAR(bands[0]->y, p.y.toPixel(11), 1e-3);
  EXPECT_NEAR(bands[0]->y + bands[0]->h, p.y.toPixel(9), 1e-3);
  EXPECT_NEAR(bands[1]->x + bands[1]->w / 2, p.x.toPixel(4096), 1e-3);
}

TEST(BenchPlot, EachPointCarriesItsSpreadInGigabytesPerSecond) {
  nlohmann::json r = report();
  for (nlohmann::json& e : r["results"])
    if (e["subject"] == "kogge-stone" && e["n"] == 1024) {
      e["median_ms"] = 2.0;  // 10.24 GB/s at 2 ms: 20.48 at 1 ms, 5.12 at 4 ms
      e["min_ms"] = 1.0;
      e["max_ms"] = 4.0;
      e["q1_ms"] = 1.6;
      e["q3_ms"] = 2.5;
    }
  const plot::PlotSpec spec = benchThroughputPlot(r, BenchPlotRequest{});
  const plot::Series& s = spec.series[0];
  ASSERT_EQ(s.low.size(), 2u);
  EXPECT_DOUBLE_EQ(s.low[0], 5.12);    // the slowest sample
  EXPECT_DOUBLE_EQ(s.high[0], 20.48);  // the fastest
  EXPECT_DOUBLE_EQ(s.boxLow[0], 10.24 * 2.0 / 2.5);
  EXPECT_DOUBLE_EQ(s.boxHigh[0], 10.24 * 2.0 / 1.6);
  EXPECT_TRUE(std::isnan(s.low[1]));  // a point without min/max in the report
}

}  // namespace
}  // namespace scanviz
