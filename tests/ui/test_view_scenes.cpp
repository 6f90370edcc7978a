// The scenes of Compare and of the block timeline, without fonts or a window: the compact array
// view and its differing-cell marks, the compare grid (one framed view per lane with its own
// step, counters and values), the timeline's lanes, bars, axis and tooltips, and the panels
// drawn headless through the layout with their frame report.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/trace/trace_json.h"
#include "app/scene/compare_counters.h"
#include "app/scene/compare_scene.h"
#include "app/scene/timeline_scene.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "tests/common/captures.h"
#include "tests/common/headless_ui.h"

namespace scanviz {
namespace {

const ViewPalette kPalette = viewPalette(Theme::Dark, Palette::Classic);

// Texts of a role inside a rectangle, ordered by index.
std::vector<std::string> textsIn(const Scene& s, const std::string& role, const SceneRect& box) {
  std::vector<const SceneText*> found;
  for (const SceneText* t : s.textsWithRole(role))
    if (t->x >= box.x && t->x <= box.x + box.w && t->y >= box.y && t->y <= box.y + box.h)
      found.push_back(t);
  std::sort(found.begin(), found.end(), [](auto* a, auto* b) { return a->index < b->index; });
  std::vector<std::string> v;
  for (const SceneText* t : found) v.push_back(t->text);
  return v;
}

TEST(CompactArrayScene, LeavesOutLegendAndResultsAndMarksDifferences) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  ArraySceneRequest rq{.trace = &t, .step = 3, .width = 900};
  const Scene full = buildArrayScene(rq, {}, kPalette, approximateTextWidth);
  EXPECT_FALSE(full.textsWithRole("legend").empty());
  EXPECT_FALSE(full.textsWithRole("result-inclusive-value").empty());
  EXPECT_TRUE(full.rectsWithRole("cell-diff").empty());
  rq.compact = true;
  rq.differingCells = {2, 6, 99};  // 99 is outside the array: ignored
  const Scene compact = buildArrayScene(rq, {}, kPalette, approximateTextWidth);
  EXPECT_TRUE(compact.textsWithRole("legend").empty());
  EXPECT_TRUE(compact.textsWithRole("result-inclusive-value").empty());
  EXPECT_LT(compact.height, full.height);
  const auto marks = compact.rectsWithRole("cell-diff");
  ASSERT_EQ(marks.size(), 2u);
  EXPECT_EQ(marks[0]->index, 2);
  EXPECT_EQ(marks[1]->index, 6);
  EXPECT_EQ(marks[0]->stroke, kPalette.fail);
  // The mark surrounds its cell.
  for (const SceneRect* cell : compact.rectsWithRole("cell-written"))
    if (cell->index == 6) {
      EXPECT_LE(marks[1]->x, cell->x);
      EXPECT_GE(marks[1]->x + marks[1]->w, cell->x + cell->w);
    }
}

// Compare's Kogge-Stone and Brent-Kung lanes at their steps, 1100 x 800.
CompareSceneRequest koggeStoneBesideBrentKung(const Trace& ks, int ksStep, const Trace& bk,
                                              int bkStep) {
  CompareSceneRequest rq;
  rq.width = 1100;
  rq.height = 800;
  rq.views = {{"Kogge-Stone", "cpu", &ks, ksStep, compareCounters(ks, ksStep), {}},
              {"Brent-Kung", "cpu", &bk, bkStep, compareCounters(bk, bkStep), {}}};
  return rq;
}

TEST(CompareScene, OneFramedViewPerLaneAtItsOwnStep) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  const Trace bk = lessonTrace(AlgorithmId::BrentKung);
  CompareSceneRequest rq = koggeStoneBesideBrentKung(ks, 3, bk, 2);
  rq.headline = {"by step"};
  const Scene s = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_LT(frames[0]->y + frames[0]->h, frames[1]->y + 1) << "two views stack";
  EXPECT_EQ(textsIn(s, "cell-value", *frames[0]),
            (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
  std::vector<std::string> bkValues;
  for (double v : bk.steps[2].values) bkValues.push_back(std::to_string(static_cast<int>(v)));
  EXPECT_EQ(textsIn(s, "cell-value", *frames[1]), bkValues);
  EXPECT_EQ(textsIn(s, "compare-title", *frames[0]), (std::vector<std::string>{"Kogge-Stone"}));
  const auto counters = textsIn(s, "compare-counters", *frames[1]);
  ASSERT_FALSE(counters.empty());
  EXPECT_NE(counters[0].find("step 2 of 5"), std::string::npos) << counters[0];
  EXPECT_TRUE(s.textsWithRole("legend").size() >= 3);
  EXPECT_FALSE(s.textsWithRole("compare-headline").empty());
}

// The views draw three thread states under their cells; the shared legend names all three with
// the same round marks (Brent-Kung's step 2 has active, waiting and done threads).
TEST(CompareScene, LegendNamesEveryThreadState) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  const Trace bk = lessonTrace(AlgorithmId::BrentKung);
  CompareSceneRequest rq = koggeStoneBesideBrentKung(ks, 2, bk, 2);
  const Scene s = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  std::vector<std::string> legend;
  for (const SceneText* t : s.textsWithRole("legend")) legend.push_back(t->text);
  for (const char* want : {"active thread", "waiting for later steps", "done, lane still occupied"})
    EXPECT_NE(std::find(legend.begin(), legend.end(), want), legend.end()) << want;
  const auto swatches = s.rectsWithRole("legend-swatch");
  ASSERT_EQ(swatches.size(), legend.size());
  for (size_t i = 0; i < legend.size(); ++i) {
    const bool thread = legend[i].find("thread") != std::string::npos ||
                        legend[i].find("waiting") == 0 || legend[i].find("done") == 0;
    EXPECT_EQ(swatches[i]->rounding >= 0.49f * swatches[i]->w, thread) << legend[i];
  }
  // A narrow window wraps the legend onto a second row, and the scene makes room for it.
  rq.width = 520;
  const Scene narrow = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  float bottom = 0;
  for (const SceneText* t : narrow.textsWithRole("legend"))
    bottom = std::max(bottom, t->y + t->size);
  EXPECT_LE(bottom, rq.height);
}

TEST(CompareScene, BlellochDownSweepMarksTheMovedCellToo) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  const Trace bl = lessonTrace(AlgorithmId::Blelloch);
  int down = -1;  // the first down-sweep step: stride 4
  for (int k = 0; k < static_cast<int>(bl.steps.size()) && down < 0; ++k)
    if (bl.steps[static_cast<size_t>(k)].phase == "down-sweep") down = k;
  ASSERT_GE(down, 0);
  CompareSceneRequest rq;
  rq.width = 1100;
  rq.height = 800;
  rq.views = {{"Kogge-Stone", "cpu", &ks, 1, compareCounters(ks, 1), {}},
              {"Blelloch", "cpu", &bl, down, compareCounters(bl, down), {}}};
  const Scene s = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 2u);
  std::vector<int> written;
  for (const SceneRect* r : s.rectsWithRole("cell-written"))
    if (r->y >= frames[1]->y && r->y <= frames[1]->y + frames[1]->h) written.push_back(r->index);
  std::sort(written.begin(), written.end());
  EXPECT_EQ(written, (std::vector<int>{3, 7}));
  size_t moves = 0;
  for (const SceneLine& l : s.lines) moves += l.role == "move-arrow";
  EXPECT_EQ(moves, 1u);
  bool legend = false;
  for (const SceneText* t : s.textsWithRole("legend")) legend |= t->text.find("moved") == 0;
  EXPECT_TRUE(legend);
  // Without a down-sweep on screen the legend does not mention moves.
  rq.views[1].step = 1;
  const Scene up = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  for (const SceneText* t : up.textsWithRole("legend"))
    EXPECT_EQ(t->text.find("moved"), std::string::npos);
}

TEST(CompareScene, ALongSubtitleTakesOneLineWithTheRestInTheTooltip) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  const std::string where =
      "produced by cpu: CPU emulator (4 resident blocks, ascending launch order) (no CUDA device: "
      "this build has no CUDA support (built with SCANVIZ_CUDA=OFF or without a CUDA toolkit); "
      "ran on the CPU emulator)";
  CompareSceneRequest rq;
  rq.width = 900;
  rq.height = 800;
  rq.views = {{"Kogge-Stone", where, &ks, 1, compareCounters(ks, 1), {}},
              {"Kogge-Stone again", "cpu", &ks, 2, compareCounters(ks, 2), {}}};
  const Scene s = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  const auto subtitles = s.textsWithRole("compare-subtitle");
  ASSERT_EQ(subtitles.size(), 2u);
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 2u);
  const SceneText* first = subtitles[0]->index == 0 ? subtitles[0] : subtitles[1];
  const SceneText* second = first == subtitles[0] ? subtitles[1] : subtitles[0];
  EXPECT_LE(first->x + approximateTextWidth(first->text, first->size, false),
            frames[0]->x + frames[0]->w);
  EXPECT_EQ(first->text.rfind("produced by cpu: CPU emulator", 0), 0u) << first->text;
  EXPECT_EQ(first->tooltip, where);
  EXPECT_EQ(second->text, "cpu");  // short ones stay as they are, with no tooltip
  EXPECT_TRUE(second->tooltip.empty());
}

TEST(CompareScene, FourViewsInTwoColumnsAndFailedLanesSayWhy) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  CompareSceneRequest rq;
  rq.width = 1200;
  rq.height = 900;
  rq.views = {{"A", "", &ks, 0, compareCounters(ks, 0), {}},
              {"B", "", &ks, 1, compareCounters(ks, 1), {}},
              {"C", "", &ks, 2, compareCounters(ks, 2), {}},
              {"D", "block size 3 is not a power of two", nullptr, 0, {}, {}}};
  const Scene s = buildCompareScene(rq, {}, kPalette, approximateTextWidth);
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 4u);
  std::set<float> columns;
  for (const SceneRect* f : frames) columns.insert(f->x);
  EXPECT_EQ(columns.size(), 2u);
  EXPECT_EQ(s.textsWithRole("compare-error").size(), 1u);
}

TEST(CompareCounters, StepWorkDepthAndTheResultAtTheEnd) {
  const Trace ks = lessonTrace(AlgorithmId::KoggeStone);
  const auto mid = compareCounters(ks, 1);
  ASSERT_EQ(mid.size(), 4u);
  EXPECT_EQ(mid[0].value, "1 of 3");
  EXPECT_EQ(mid[1].value, "inclusive scan, its natural form");
  EXPECT_EQ(mid[2].value, "7 of 17 = N log2 N - (N - 1)  (sequential 7)");
  EXPECT_EQ(mid[3].value, "3 = log2 N");
  const auto end = compareCounters(ks, 3);
  ASSERT_EQ(end.size(), 5u);
  EXPECT_NE(end[4].value.find("matches the sequential scan"), std::string::npos);
  EXPECT_NE(countersLine(end).find("step 3 of 3"), std::string::npos);
  EXPECT_TRUE(compareCounters(ks, 9).empty());
}

// The whole run's timeline, 1400 pixels wide.
TimelineScene wholeRunScene(const Trace& t, const BlockTimeline& tl, float height,
                            float scroll = 0) {
  TimelineSceneRequest rq{.trace = &t,
                          .timeline = &tl,
                          .view = fullView(tl),
                          .width = 1400,
                          .height = height,
                          .scroll = scroll};
  return buildTimelineScene(rq, {}, kPalette, approximateTextWidth);
}

TEST(TimelineScene, LanesBarsAndAxisOfTheH200LookBack) {
  const Trace t = sampleTrace("decoupled-lookback-1048576.json");
  const BlockTimeline tl = buildBlockTimeline(t);
  const TimelineScene ts = wholeRunScene(t, tl, 1000);
  const Scene& s = ts.scene;
  EXPECT_EQ(s.rectsWithRole("lane").size(), 132u) << "every SM fits";
  EXPECT_EQ(s.rectsWithRole("block-bar").size(), 512u);
  EXPECT_EQ(s.rectsWithRole("block-wait").size(),
            ts.layout.bars.size() -
                static_cast<size_t>(std::count_if(ts.layout.bars.begin(), ts.layout.bars.end(),
                                                  [](const BarBox& b) { return !b.hasWait(); })));
  EXPECT_FALSE(s.textsWithRole("axis-tick").empty());
  EXPECT_EQ(s.textsWithRole("axis-unit")[0]->text, "\xC2\xB5s");
  EXPECT_TRUE(s.textsWithRole("timeline-scroll-note").empty());
  EXPECT_FALSE(s.textsWithRole("lane-label").empty());
  bool lookbackNote = false;
  for (const SceneText* n : s.textsWithRole("legend-note"))
    lookbackNote |= n->text.find("look-back inspected") != std::string::npos;
  EXPECT_TRUE(lookbackNote);
  for (const SceneRect* r : s.rectsWithRole("block-bar")) {
    EXPECT_GE(r->x, ts.geometry.plotLeft - 0.01f);
    EXPECT_LE(r->x + r->w, ts.geometry.plotRight + 0.01f);
  }
  // The tooltip says what the capture recorded of the block (dynamic id, launch index, SM, wait,
  // look-back), read here from the H200 sample itself.
  const TraceBlock& b = t.blocks[1];
  const std::string tip = blockTooltip(t, tl, 1);
  const std::string where = "block " + std::to_string(b.id) + " (blockIdx.x " +
                            std::to_string(b.launchIndex) + ") on SM " + std::to_string(b.sm);
  EXPECT_NE(tip.find(where), std::string::npos) << tip;
  EXPECT_NE(tip.find("waited " + std::to_string(b.waitNs) + " ns"), std::string::npos) << tip;
  EXPECT_NE(tip.find("inspected " + std::to_string(b.lookback) +
                     (b.lookback == 1 ? " predecessor" : " predecessors")),
            std::string::npos)
      << tip;
}

TEST(TimelineScene, TooManyRowsScrollWholeLanes) {
  const Trace t = sampleTrace("single-pass-chained-1048576.json");
  const BlockTimeline tl = buildBlockTimeline(t);
  const float height = 700;
  const TimelineScene ts = wholeRunScene(t, tl, height, 100);
  EXPECT_LT(ts.layout.lanes.size(), 132u);
  EXPECT_FALSE(ts.scene.textsWithRole("timeline-scroll-note").empty());
  EXPECT_GT(ts.layout.lanes.front().lane, 0u) << "scrolled past the first lanes";
  for (const LaneBox& l : ts.layout.lanes) {
    EXPECT_GE(l.y, ts.geometry.lanesTop - 0.5f);
    EXPECT_LE(l.y + l.height, height);
  }
}

TEST(TimelineScene, TracesWithoutBlocksSayWhatToOpen) {
  Trace t = lessonTrace(AlgorithmId::KoggeStone);
  t.blocks.clear();
  const BlockTimeline tl = buildBlockTimeline(t);
  TimelineSceneRequest rq{.trace = &t, .timeline = &tl};
  const TimelineScene ts = buildTimelineScene(rq, {}, kPalette, approximateTextWidth);
  ASSERT_EQ(ts.scene.textsWithRole("timeline-empty").size(), 1u);
  EXPECT_NE(timelineUnavailableReason(t).find("single-pass-chained"), std::string::npos);
}

// The panels through the real layout, headless.
class HeadlessViews : public HeadlessLayoutTest {
 protected:
  static AppSettings withView(CenterView v) {
    AppSettings s;
    s.layout.centerView = v;
    return s;
  }
};

TEST_F(HeadlessViews, CompareReportsEveryView) {
  AppState state(withView(CenterView::Compare), "");
  state.config.backend = BackendChoice::Cpu;
  captureNow(state);
  frame(state);  // submits the lanes
  state.compare.waitIdle();
  frame(state);
  const auto& c = ui_.report.panels.at("compare");
  ASSERT_EQ(c.at("views").size(), 2u);
  EXPECT_EQ(c.at("views")[1].at("algorithm"), "brent-kung");
  EXPECT_EQ(c.at("views")[0].at("values"), nlohmann::json({3, 1, 7, 0, 4, 1, 6, 3}));
  EXPECT_EQ(ui_.report.panels.count("timeline"), 0u);
}

TEST_F(HeadlessViews, TimelineOfATraceFile) {
  AppState state(withView(CenterView::Timeline), "");
  state.openTrace(
      (std::filesystem::path(sampleTraceDirectory()) / "single-pass-chained-1048576.json")
          .string());
  ASSERT_TRUE(state.hasTrace()) << state.banner().text;
  frame(state);
  const auto& tl = ui_.report.panels.at("timeline");
  EXPECT_EQ(tl.at("blocks"), 2048);
  EXPECT_EQ(tl.at("lanes"), 132);
  EXPECT_EQ(tl.at("time_unit"), "ns");
  EXPECT_GT(tl.at("bars_shown").get<int>(), 0);
}

}  // namespace
}  // namespace scanviz
