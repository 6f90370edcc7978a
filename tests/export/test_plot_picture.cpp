// Plots as scenes: the plot widget's layout and colours in Scene primitives (for SVG and PNG), and
// the throughput plot of a benchmark report.
#include <gtest/gtest.h>

#include "app/core/capture.h"
#include "app/ui/export/bench_plot.h"
#include "app/ui/export/picture.h"
#include "app/ui/export/plot_picture.h"

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

}  // namespace
}  // namespace scanviz
