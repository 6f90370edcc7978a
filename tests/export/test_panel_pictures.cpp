// The counters and the block timeline as pictures, and the options, names and dialog logic of
// the panels other than the array view: the counters picture shows exactly the panel's rows in
// two aligned columns; the timeline picture is the timeline scene of the whole run with every
// lane drawn; a trace without block timings is refused with the algorithms that have them.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/export/counters_picture.h"
#include "app/export/export_job.h"
#include "app/export/export_naming.h"
#include "app/export/timeline_picture.h"
#include "app/scene/counter_rows.h"
#include "app/scene/plot_scene.h"
#include "app/scene/scene_geometry.h"
#include "app/ui/export/export_dialog_model.h"
#include "app/ui/export/timing_plots.h"
#include "tests/common/captures.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

// A grid-level scan of many blocks on the emulator: it records every block's start, wait and end.
Trace gridRun() {
  CaptureRequest rq =
      emulatorRequest(AlgorithmId::DecoupledLookback, std::vector<double>(64 * 512, 1.0));
  rq.blockSize = 64;
  return capture(rq).trace;
}

TEST(CountersPicture, ShowsThePanelsRowsInTwoAlignedColumns) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const int last = static_cast<int>(t.steps.size()) - 1;
  const Scene s = countersPicture(t, last, 4, PictureStyle{});
  const std::vector<CounterRow> rows = counterRows(t, last, 4);
  ASSERT_GE(rows.size(), 8u);
  std::vector<std::string> labels, values;
  for (const CounterRow& r : rows) {
    labels.push_back(r.label);
    values.push_back(r.value);
  }
  EXPECT_EQ(textsOf(s, "counter-label"), labels);
  EXPECT_EQ(textsOf(s, "counter-value"), values);
  EXPECT_EQ(textsOf(s, "counters-title"), std::vector<std::string>{"Counters"});
  // Kogge-Stone on 8 elements: strides 1, 2 and 4 apply 7 + 6 + 4 = 17 operators.
  EXPECT_EQ(t.counters.work, 17);
  EXPECT_EQ(textsOf(s, "counter-value")[2 + 1], "17 of 17");  // Step, Depth, Ops, Work so far
  // Values start at one x, right of every label; rows go down without overlapping.
  std::set<float> valueX;
  float labelRight = 0, previousY = -1;
  for (const SceneText* v : s.textsWithRole("counter-value")) {
    valueX.insert(v->x);
    EXPECT_GT(v->y, previousY + v->size);
    previousY = v->y;
  }
  for (const SceneText* l : s.textsWithRole("counter-label"))
    labelRight = std::max(labelRight, l->x + pictureMeasure()(l->text, l->size, l->bold));
  ASSERT_EQ(valueX.size(), 1u);
  EXPECT_GT(*valueX.begin(), labelRight);
  // Nothing is cut off: the content lies inside the picture.
  const SceneBox box = sceneContentBox(s, pictureMeasure());
  EXPECT_GE(box.left, 0);
  EXPECT_LE(box.right, s.width);
  EXPECT_LE(box.bottom, s.height);
}

TEST(CountersPicture, FollowsTheStepAndTheTheme) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  PictureStyle dark, light;
  light.theme = Theme::Light;
  const Scene first = countersPicture(t, 0, 4, dark);
  const Scene lit = countersPicture(t, 1, 4, light);
  EXPECT_EQ(textsOf(first, "counter-value").front(), "0 of " + std::to_string(t.steps.size() - 1));
  EXPECT_EQ(textsOf(lit, "counter-value").front(), "1 of " + std::to_string(t.steps.size() - 1));
  EXPECT_NE(first.texts.front().color, lit.texts.front().color);
}

TEST(TimelinePicture, DrawsEveryBlockOfTheWholeRun) {
  const Trace t = gridRun();
  ASSERT_EQ(timelinePictureProblem(t), "");
  ASSERT_GE(t.blocks.size(), 16u);
  for (LaneGrouping lanes : {LaneGrouping::BySm, LaneGrouping::ByBlock}) {
    PictureStyle style;
    const Scene s = timelinePicture(t, lanes, style);
    EXPECT_EQ(s.width, style.width);
    EXPECT_GE(s.height, style.width * 9 / 16);
    EXPECT_EQ(s.rectsWithRole("block-bar").size(), t.blocks.size());
    EXPECT_TRUE(s.textsWithRole("timeline-scroll-note").empty());
    EXPECT_FALSE(s.textsWithRole("axis-tick").empty());
  }
}

TEST(TimelinePicture, GrowsUntilEveryLaneFits) {
  // One lane per block for 512 blocks: more than 9/16 of the width holds at a readable height.
  const Trace t = [] {
    CaptureRequest rq{{.algorithm = AlgorithmId::SinglePassChained,
                       .blockSize = 32,
                       .backend = BackendChoice::Cpu}};
    rq.input.assign(512 * 64, 1.0);
    return capture(rq).trace;
  }();
  ASSERT_GE(t.blocks.size(), 512u);
  PictureStyle narrow;
  narrow.width = 400;
  const Scene s = timelinePicture(t, LaneGrouping::ByBlock, narrow);
  EXPECT_EQ(s.rectsWithRole("block-bar").size(), t.blocks.size());
  EXPECT_TRUE(s.textsWithRole("timeline-scroll-note").empty());
}

TEST(TimelinePicture, ABlockLevelTraceSaysWhichAlgorithmsHaveOne) {
  const std::string why = timelinePictureProblem(lessonTrace(AlgorithmId::KoggeStone));
  EXPECT_NE(why.find("kogge-stone"), std::string::npos) << why;
  EXPECT_NE(why.find("per-block timings"), std::string::npos) << why;
  for (const char* grid : {"hierarchical", "single-pass-chained", "decoupled-lookback"})
    EXPECT_NE(why.find(grid), std::string::npos) << why;
}

TEST(PanelOptions, KeysNamesAndChecks) {
  for (ExportPanel p : {ExportPanel::ArrayView, ExportPanel::Counters, ExportPanel::Timeline,
                        ExportPanel::TimingPlot, ExportPanel::Window})
    EXPECT_EQ(valueOf(kExportPanelKeys, keyOf(kExportPanelKeys, p)), p);
  EXPECT_EQ(valueOf(kExportPanelKeys, "counters"), ExportPanel::Counters);
  EXPECT_EQ(valueOf(kExportPanelKeys, "plots"), std::nullopt);

  TraceMeta meta;
  meta.algorithm = "decoupled-lookback";
  meta.n = 1048576;
  ExportOptions o;
  o.panel = ExportPanel::Timeline;
  o.scale = 2;
  o.steps = {5, 5};
  EXPECT_EQ(defaultExportName(meta, o), "decoupled-lookback_n1048576_step5_timeline@2x.png");
  o.panel = ExportPanel::Counters;
  o.format = ExportFormat::Svg;
  EXPECT_EQ(defaultExportName(meta, o), "decoupled-lookback_n1048576_step5_counters.svg");
  o.panel = ExportPanel::TimingPlot;
  o.format = ExportFormat::Png;
  EXPECT_EQ(defaultExportName(meta, o), "timing_gbps-vs-n@2x.png");
  o.timingPlot = TimingPlotKind::TimeVsN;
  EXPECT_EQ(defaultExportName(meta, o), "timing_time-vs-n@2x.png");

  for (ExportPanel p : {ExportPanel::Counters, ExportPanel::Timeline, ExportPanel::TimingPlot}) {
    ExportOptions q;
    q.panel = p;
    q.steps = {1, 1};
    EXPECT_EQ(exportProblem(q, 4), "");
    q.format = ExportFormat::Svg;
    EXPECT_EQ(exportProblem(q, 4), "");
    q.format = ExportFormat::Gif;
    EXPECT_NE(exportProblem(q, 4).find("PNG, SVG or PDF"), std::string::npos);
    q.format = ExportFormat::Png;
    q.steps = {0, 2};
    EXPECT_NE(exportProblem(q, 4).find("one step"), std::string::npos);
  }
}

TEST(PanelDialogModel, OffersTheTimelineOnlyWithBlockTimings) {
  AppSettings settings;
  settings.brentProcessors = 16;
  settings.layout.timelineLanes = "block";
  ExportDialogModel block =
      ExportDialogModel::forLesson(lessonTrace(AlgorithmId::KoggeStone), 1, settings);
  EXPECT_EQ(block.options.brentProcessors, 16);
  EXPECT_EQ(block.options.timelineLanes, LaneGrouping::ByBlock);
  EXPECT_EQ(block.unavailable(ExportPanel::Counters), "");
  EXPECT_NE(block.unavailable(ExportPanel::Timeline), "");
  EXPECT_NE(block.unavailable(ExportPanel::TimingPlot), "");
  block.options.panel = ExportPanel::Timeline;
  block.update();
  EXPECT_EQ(block.problem(), block.timelineUnavailable);

  ExportDialogModel grid = ExportDialogModel::forLesson(gridRun(), 1, settings);
  EXPECT_EQ(grid.unavailable(ExportPanel::Timeline), "");
  // Other panels show the step on screen, as PNG or SVG.
  grid.options.panel = ExportPanel::Timeline;
  grid.options.format = ExportFormat::Gif;
  grid.steps = StepChoice::All;
  grid.update();
  EXPECT_EQ(grid.options.format, ExportFormat::Png);
  EXPECT_EQ(grid.options.steps.count(), 1);
  EXPECT_NE(grid.fileName.find("_timeline"), std::string::npos) << grid.fileName;
}

// A finished run on the CPU emulator, its points still to be added.
TimingRun& beginCpuRun(TimingState& s) {
  BenchReport header;
  header.device = BenchDevice::Cpu;
  header.deviceName = "CPU emulator";
  TimingRun& run = s.history.begin(header);
  run.status = TimingRunStatus::Finished;
  return run;
}

// A finished CPU run of the timing panel: the copy, Kogge-Stone and Brent-Kung at three sizes.
void addRun(TimingState& s) {
  TimingRun& run = beginCpuRun(s);
  const BenchSubject copy = BenchSubject::reference(BenchSubjectKind::HostCopy);
  for (long long n : {1024LL, 4096LL, 16384LL})
    for (const auto& [subject, perElement] :
         {std::pair{copy, 1e-7}, std::pair{BenchSubject::of(AlgorithmId::KoggeStone), 1e-5},
          std::pair{BenchSubject::of(AlgorithmId::BrentKung), 4e-6}}) {
      BenchPoint p{.subject = subject,
                   .device = BenchDevice::Cpu,
                   .n = n,
                   .samples = 1,
                   .medianMs = perElement * static_cast<double>(n)};
      run.report.points.push_back(p);
    }
  for (BenchPoint& p : run.report.points) applyBenchRatios(p, 1e-7 * p.n, BenchPoint::kNone);
}

std::vector<std::string> seriesNames(const plot::PlotSpec& spec) {
  std::vector<std::string> out;
  for (const plot::Series& s : spec.series) out.push_back(s.name);
  return out;
}

TEST(TimingPlotPicture, IsThePanelsPlotWithALegendAndTheRunInTheTitle) {
  TimingState s;
  EXPECT_NE(timing_plots::unavailableReason(s), "");
  addRun(s);
  EXPECT_EQ(timing_plots::unavailableReason(s), "");
  const plot::PlotSpec panel = timing_plots::linePlot(s, TimingPlotKind::ThroughputVsN, {400, 300});
  const plot::PlotSpec picture = timing_plots::picturePlot(s, TimingPlotKind::ThroughputVsN);
  EXPECT_FALSE(panel.legend);
  EXPECT_TRUE(picture.legend);
  // The panel's small plot has its unit in the title instead of axis-label rows; a picture has
  // both axis labels.
  EXPECT_EQ(panel.title, "GB/s vs N (reads + writes)");
  EXPECT_TRUE(panel.xLabel.empty() && panel.yLabel.empty());
  EXPECT_EQ(picture.xLabel, "N (elements)");
  EXPECT_EQ(picture.yLabel, "GB/s (reads + writes)");
  EXPECT_EQ(seriesNames(picture), seriesNames(panel));
  ASSERT_EQ(picture.series.size(), 3u);
  EXPECT_EQ(picture.series[1].y.size(), 3u);
  EXPECT_NE(picture.title.find("Throughput vs N"), std::string::npos) << picture.title;
  EXPECT_NE(picture.title.find("int32"), std::string::npos) << picture.title;
  EXPECT_NE(picture.title.find("CPU emulator"), std::string::npos) << picture.title;
  // A subject hidden in the panel stays out of the picture.
  s.hidden.insert(picture.series[1].name);
  const plot::PlotSpec fewer = timing_plots::picturePlot(s, TimingPlotKind::TimeVsN);
  EXPECT_EQ(fewer.series.size(), 2u);
  EXPECT_NE(fewer.title.find("Time per call vs N"), std::string::npos) << fewer.title;
  const Scene scene = plotPicture(fewer, PlotPictureStyle{},
                                  viewPalette(Theme::Light, Palette::Classic), pictureMeasure());
  EXPECT_EQ(textsOf(scene, "legend"), seriesNames(fewer));
  EXPECT_EQ(scene.rectsWithRole("marker").size(), 2u * 3u + 2u);  // points and legend swatches
}

std::vector<bool> dashedOf(const plot::PlotSpec& spec) {
  std::vector<bool> dashed;
  for (const plot::Series& series : spec.series) dashed.push_back(series.dashed);
  return dashed;
}

// A GPU run with the compaction and the radix split pass: the picture draws each as a series
// beside CUB's select and partition, whose rates are reference lines like the copy's.
TEST(TimingPlotPicture, CompactionAndSplitAreDrawnBesideCubsSelectAndPartition) {
  TimingState s;
  BenchReport header;
  header.device = BenchDevice::Cuda;
  header.deviceName = "NVIDIA H100 80GB HBM3";
  TimingRun& run = s.history.begin(header);
  run.status = TimingRunStatus::Finished;
  const std::pair<BenchSubjectKind, double> perElementMs[] = {
      {BenchSubjectKind::DeviceCopy, 2.7e-9},
      {BenchSubjectKind::CubSelectFlagged, 3.3e-9},
      {BenchSubjectKind::CubPartitionFlagged, 4.0e-9},
      {BenchSubjectKind::Compaction, 3.2e-9},
      {BenchSubjectKind::RadixSplit, 4.3e-9}};
  for (long long n : {1LL << 20, 1LL << 24})
    for (const auto& [kind, ms] : perElementMs) {
      BenchPoint p{.subject = BenchSubject::reference(kind),
                   .device = BenchDevice::Cuda,
                   .n = n,
                   .samples = 9,
                   .medianMs = ms * static_cast<double>(n)};
      applyBenchRatios(p, 2.7e-9 * static_cast<double>(n), BenchPoint::kNone);
      run.report.points.push_back(p);
    }
  const plot::PlotSpec spec = timing_plots::picturePlot(s, TimingPlotKind::ThroughputVsN);
  EXPECT_EQ(seriesNames(spec), (std::vector<std::string>{"copy", "cub-select", "cub-partition",
                                                         "compaction", "radix-split"}));
  std::vector<std::string> lines;
  for (const plot::ReferenceLine& r : spec.references) lines.push_back(r.label);
  // At 2^24: the copy moves 8 bytes an element, CUB's select 7 (half the values written), its
  // partition 9.
  EXPECT_EQ(lines,
            (std::vector<std::string>{"copy: 2963 GB/s at 2^24", "cub-select: 2121 GB/s at 2^24",
                                      "cub-partition: 2250 GB/s at 2^24"}));
  // Each of CUB's lines has its series' colour, so the eye pairs them.
  EXPECT_EQ(spec.references[1].color, spec.series[1].color);
  EXPECT_EQ(spec.references[2].color, spec.series[2].color);
  // And each of our kernels has its CUB counterpart's hue, ours solid, CUB's dashed; the pairs
  // (and the copy) differ in hue.
  EXPECT_EQ(spec.series[3].color, spec.series[1].color);  // compaction, cub-select
  EXPECT_EQ(spec.series[4].color, spec.series[2].color);  // radix-split, cub-partition
  EXPECT_NE(spec.series[3].color, spec.series[4].color);
  EXPECT_NE(spec.series[0].color, spec.series[3].color);
  EXPECT_NE(spec.series[0].color, spec.series[4].color);
  EXPECT_EQ(dashedOf(spec), (std::vector<bool>{false, true, true, false, false}));
  // The panel's plot is the same plot: the same pairs in the time plot too.
  const plot::PlotSpec time = timing_plots::linePlot(s, TimingPlotKind::TimeVsN, {400, 300});
  EXPECT_EQ(dashedOf(time), dashedOf(spec));
  EXPECT_EQ(time.series[3].color, time.series[1].color);
  const Scene scene = plotPicture(spec, PlotPictureStyle{},
                                  viewPalette(Theme::Dark, Palette::Classic), pictureMeasure());
  const std::vector<std::string> legend = textsOf(scene, "legend");
  for (const char* name : {"compaction", "radix-split", "cub-select", "cub-partition"})
    EXPECT_NE(std::find(legend.begin(), legend.end(), name), legend.end()) << name;
  EXPECT_EQ(std::count_if(scene.lines.begin(), scene.lines.end(),
                          [](const SceneLine& l) { return l.role == "reference"; }),
            3);
  EXPECT_EQ(textsOf(scene, "reference-label"), lines);
  // The panel labels the same lines with their names and rates only.
  std::vector<std::string> panelLines;
  for (const plot::ReferenceLine& r :
       timing_plots::linePlot(s, TimingPlotKind::ThroughputVsN, {400, 300}).references)
    panelLines.push_back(r.label);
  EXPECT_EQ(panelLines,
            (std::vector<std::string>{"copy 2963", "cub-select 2121", "cub-partition 2250"}));
}

// The timing panel's form: every algorithm with the compaction and split is the default plan;
// either can be left out without losing the other.
TEST(TimingForm, TheCompactionAndSplitAreChosenBesideTheAlgorithms) {
  BenchForm form;
  form.sizes = "2^10";
  BenchConfig c = benchConfigFromForm(form);
  EXPECT_TRUE(c.algorithms.empty());
  EXPECT_TRUE(c.kernels.empty());
  EXPECT_EQ(resolveBenchConfig(c, BenchDevice::Cuda).kernels, benchKernelKinds());
  form.algorithms = {AlgorithmId::DecoupledLookback};
  c = benchConfigFromForm(form);
  EXPECT_EQ(c.kernels, benchKernelKinds());
  form.kernels = false;
  c = benchConfigFromForm(form);
  EXPECT_EQ(c.algorithms, form.algorithms);
  EXPECT_TRUE(c.kernels.empty());
  form.algorithms.clear();
  const BenchConfig noKernels = resolveBenchConfig(benchConfigFromForm(form), BenchDevice::Cuda);
  const BenchConfig plan = resolveBenchConfig({}, BenchDevice::Cuda);
  EXPECT_TRUE(noKernels.kernels.empty());
  EXPECT_EQ(noKernels.algorithms, plan.algorithms);
  EXPECT_EQ(noKernels.blockLevelMaxN, plan.blockLevelMaxN);
}

// A run of the host copy and every algorithm: more subjects than the palette has colours.
int addEveryAlgorithm(TimingState& s) {
  TimingRun& run = beginCpuRun(s);
  std::vector<BenchSubject> subjects{BenchSubject::reference(BenchSubjectKind::HostCopy)};
  for (int a = 0; a <= static_cast<int>(AlgorithmId::DecoupledLookback); ++a)
    subjects.push_back(BenchSubject::of(static_cast<AlgorithmId>(a)));
  for (long long n : {1024LL, 4096LL})
    for (size_t i = 0; i < subjects.size(); ++i) {
      BenchPoint p{.subject = subjects[i],
                   .device = BenchDevice::Cpu,
                   .n = n,
                   .samples = 1,
                   .medianMs = 1e-6 * static_cast<double>((i + 1) * n)};
      run.report.points.push_back(p);
    }
  for (BenchPoint& p : run.report.points) applyBenchRatios(p, 1e-7 * p.n, BenchPoint::kNone);
  return run.id;
}

// Past the palette's 8 colours a subject's tint is told apart by its marker, the same one in the
// panel, the picture and the faint lines of a compared run.
TEST(TimingPlotPicture, SubjectsPastThePaletteHaveTheirOwnMarker) {
  TimingState s;
  s.compareRun = addEveryAlgorithm(s);
  addEveryAlgorithm(s);
  const plot::PlotSpec spec = timing_plots::linePlot(s, TimingPlotKind::ThroughputVsN, {400, 300});
  ASSERT_EQ(spec.series.size(), 2u * 13u);  // the compared run's faint lines first
  for (int i = 0; i < 13; ++i) {
    const plot::Series& faint = spec.series[static_cast<size_t>(i)];
    const plot::Series& now = spec.series[static_cast<size_t>(13 + i)];
    EXPECT_EQ(now.marker, plot::seriesMarker(i)) << now.name;
    EXPECT_EQ(faint.marker, now.marker) << faint.name;
    EXPECT_EQ(plot::markerOf(now, 13 + i), plot::seriesMarker(i)) << now.name;
  }
  EXPECT_EQ(spec.series[13 + 8].marker, plot::MarkerShape::Square);
  const Scene scene =
      plotPicture(timing_plots::picturePlot(s, TimingPlotKind::ThroughputVsN), PlotPictureStyle{},
                  viewPalette(Theme::Light, Palette::Classic), pictureMeasure());
  int squares = 0;
  for (const SceneRect* m : scene.rectsWithRole("marker")) {
    EXPECT_GE(m->index, 13) << "the compared run's faint lines have no markers";
    squares += m->rounding == 0;
  }
  EXPECT_EQ(squares, 5 * (2 + 1));  // subjects 8 to 12: their points and legend swatches
}

class PanelJobs : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("scanviz-panels-" + std::to_string(::getpid()));
    fs::create_directories(folder_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path folder_;
};

TEST_F(PanelJobs, CountersAndTimelineAsSvg) {
  ExportOptions o;
  o.format = ExportFormat::Svg;
  o.panel = ExportPanel::Counters;
  o.steps = {3, 3};
  const auto ks = std::make_shared<const Trace>(lessonTrace(AlgorithmId::KoggeStone));
  ExportJob counters(ks, o, (folder_ / "c.svg").string());
  counters.runToEnd();
  ASSERT_TRUE(counters.succeeded()) << counters.error();
  const std::string svg = read(folder_ / "c.svg");
  EXPECT_NE(svg.find("class=\"counter-value\""), std::string::npos);
  EXPECT_NE(svg.find(">17 of 17<"), std::string::npos);

  o.panel = ExportPanel::Timeline;
  ExportJob refused(ks, o, (folder_ / "t.svg").string());
  EXPECT_TRUE(refused.finished());
  EXPECT_FALSE(refused.succeeded());
  EXPECT_NE(refused.error().find("per-block timings"), std::string::npos) << refused.error();
  EXPECT_FALSE(fs::exists(folder_ / "t.svg"));

  o.steps = {0, 0};
  ExportJob timeline(std::make_shared<const Trace>(gridRun()), o, (folder_ / "t.svg").string());
  timeline.runToEnd();
  ASSERT_TRUE(timeline.succeeded()) << timeline.error();
  EXPECT_NE(read(folder_ / "t.svg").find("class=\"block-bar\""), std::string::npos);

  o.panel = ExportPanel::TimingPlot;
  ExportJob noPlot(ks, o, (folder_ / "p.svg").string());
  EXPECT_NE(noPlot.error().find("no timing plot"), std::string::npos) << noPlot.error();
  TimingState timing;
  addRun(timing);
  ExportJob plotJob(ks, o, (folder_ / "p.svg").string(), {},
                    timing_plots::picturePlot(timing, TimingPlotKind::ThroughputVsN));
  plotJob.runToEnd();
  ASSERT_TRUE(plotJob.succeeded()) << plotJob.error();
  const std::string plotSvg = read(folder_ / "p.svg");
  EXPECT_NE(plotSvg.find(">Throughput vs N, int32"), std::string::npos);
  EXPECT_NE(plotSvg.find("class=\"legend\""), std::string::npos);
}

}  // namespace
}  // namespace scanviz
