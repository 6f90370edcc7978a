// Views as objects: what a view keeps between frames lives in ViewStates (view_states.h), so it is
// tested here without a window, an ImGui context or GL.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "app/ui/shell/app_state.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/recapture_measure.h"
#include "app/ui/shell/view_registry.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/timeline_panel.h"
#include "tests/common/headless_ui.h"

namespace scanviz {
namespace {

void captureGrid(AppState& state, unsigned seed) {
  state.config.algorithm = AlgorithmId::DecoupledLookback;
  state.config.source = InputSource::Random;
  state.config.n = 4096;
  state.config.seed = seed;
  state.config.backend = BackendChoice::Cpu;
  ASSERT_TRUE(captureNow(state));
  ASSERT_TRUE(state.hasTrace());
}

TEST(TimelinePanelState, ANewLessonStartsAtTheWholeRun) {
  AppState state(AppSettings{}, "");
  captureGrid(state, 1);
  TimelinePanelState s;
  s.follow(state);
  EXPECT_EQ(s.trace, state.shown().trace);
  ASSERT_FALSE(s.timeline.spans.empty());
  const TimelineView full = fullView(s.timeline);
  EXPECT_DOUBLE_EQ(s.view.start, full.start);
  EXPECT_DOUBLE_EQ(s.view.end, full.end);

  // The user zooms and scrolls; the same lesson on the next frame keeps it.
  s.view = zoomView(s.view, s.view.start, 4, s.timeline);
  s.rowZoom = 3;
  s.scroll = 40;
  const TimelineView zoomed = s.view;
  s.follow(state);
  EXPECT_DOUBLE_EQ(s.view.end, zoomed.end);
  EXPECT_EQ(s.rowZoom, 3);
  EXPECT_EQ(s.scroll, 40);

  captureGrid(state, 2);
  s.follow(state);
  EXPECT_EQ(s.trace, state.shown().trace);
  EXPECT_DOUBLE_EQ(s.view.end, fullView(s.timeline).end);
  EXPECT_EQ(s.rowZoom, 1);
  EXPECT_EQ(s.scroll, 0);
}

TEST(TimelinePanelState, OtherLanesForTheSameRunKeepTheZoom) {
  AppState state(AppSettings{}, "");
  captureGrid(state, 1);
  TimelinePanelState s;
  s.follow(state);
  EXPECT_EQ(s.grouping, LaneGrouping::BySm);
  s.view = zoomView(s.view, s.view.start, 4, s.timeline);
  s.rowZoom = 2;
  s.scroll = 10;
  const TimelineView zoomed = s.view;

  AppSettings settings = state.settings();
  settings.layout.timelineLanes = "block";
  state.updateSettings(settings, /*persist=*/false);
  s.follow(state);
  EXPECT_EQ(s.grouping, LaneGrouping::ByBlock);
  EXPECT_EQ(s.timeline.grouping, LaneGrouping::ByBlock);
  EXPECT_DOUBLE_EQ(s.view.end, zoomed.end);
  EXPECT_EQ(s.rowZoom, 2);
  EXPECT_EQ(s.scroll, 0) << "new lanes start at the top";
}

// H switches the lesson on screen between the cells and the heat view; the choice belongs to the
// view that was asked, not to every heat view of the process.
TEST(HeatView, TheHeatViewCommandSwitchesOnlyItsOwnView) {
  AppState state(AppSettings{}, "");
  ASSERT_TRUE(captureNow(state));
  ViewStates window;
  ViewStates other;
  CommandTable commands;
  addViewRegistryCommands(commands, state, window);
  EXPECT_FALSE(window.heat.shown(state)) << "an 8-element lesson opens as cells";
  commands.run("heat-view");
  EXPECT_TRUE(window.heat.shown(state));
  EXPECT_FALSE(other.heat.shown(state));
  commands.run("heat-view");
  EXPECT_FALSE(window.heat.shown(state));
}

// The views are one list: each has its own command with the registry's label and shortcut, and
// no two share a name or a key.
TEST(ViewRegistry, EveryViewIsOneCommandWithItsOwnKey) {
  AppState state(AppSettings{}, "");
  ViewStates views;
  CommandTable commands;
  addViewRegistryCommands(commands, state, views);
  std::set<std::string_view> ids;
  std::set<int> keys;
  for (const ViewEntry& v : viewRegistry()) {
    EXPECT_TRUE(ids.insert(v.id).second) << v.id << " is declared twice";
    if (v.key) {
      EXPECT_TRUE(keys.insert(v.key).second) << v.id << " shares its key";
    }
    const Command* c = commands.find(std::string(v.id));
    ASSERT_NE(c, nullptr) << v.id;
    EXPECT_EQ(c->label, v.label);
    EXPECT_EQ(c->shortcut, v.shortcut);
    EXPECT_EQ(c->keys.empty(), v.key == 0) << v.id;
    EXPECT_EQ(findView(v.id), &v);
  }
  EXPECT_EQ(commands.all().size(), viewRegistry().size());
}

// Each view's command puts it on screen, where the registry then finds it (and Export offers its
// picture); a view with a key of its own is left when its key is pressed again.
// No window: the views' state is AppState's and ViewStates'.
TEST(ViewRegistry, ShowingAViewMakesItTheCurrentOneAndItsKeyAgainLeavesIt) {
  AppState state(AppSettings{}, "");
  ASSERT_TRUE(captureNow(state));
  ViewStates views;
  CommandTable commands;
  addViewRegistryCommands(commands, state, views);
  EXPECT_EQ(currentView(state, views).id, "view-lesson");
  for (const ViewEntry& v : viewRegistry()) {
    commands.run(std::string(v.id));
    EXPECT_TRUE(v.shown(state, views)) << v.id;
    EXPECT_EQ(currentView(state, views).id, v.id);
    if (v.key == 0) continue;
    commands.run(std::string(v.id));
    EXPECT_FALSE(v.shown(state, views)) << v.id << ": its key again leaves it";
    // D again shows the algorithms side by side, still in Compare; the other keys go back.
    EXPECT_EQ(currentView(state, views).id, v.id == "view-diff" ? "view-compare" : "view-lesson")
        << "after " << v.id;
    commands.run("view-lesson");
  }
  commands.run("view-timeline");
  EXPECT_EQ(currentView(state, views).exportPanel, ExportPanel::Timeline);
  commands.run("view-timing");
  EXPECT_EQ(state.timing.tab, TimingTab::Benchmark);
  EXPECT_EQ(currentView(state, views).exportPanel, ExportPanel::TimingPlot);
  commands.run("view-brent");
  EXPECT_EQ(state.timing.tab, TimingTab::Brent);
  EXPECT_EQ(currentView(state, views).id, "view-brent") << "one tab to another stays in Timing";
}

// Two windows (or a test beside the window) never share a view's state.
TEST(ViewStates, EachOwnerHasItsOwn) {
  AppState state(AppSettings{}, "");
  captureGrid(state, 1);
  ViewStates a;
  ViewStates b;
  a.timeline.follow(state);
  a.pendingUiScale = 1.5f;
  EXPECT_EQ(b.timeline.trace, nullptr);
  EXPECT_EQ(b.pendingUiScale, 0);
  EXPECT_FALSE(b.heat.busy());
}

TEST(RecapturePlan, ChangesOneControlAtATimeAndComesBack) {
  ScanOptions shown;
  shown.algorithm = AlgorithmId::DecoupledLookback;
  shown.source = InputSource::Random;
  shown.n = 1 << 20;
  const std::vector<PlannedRecapture> plan = recapturePlan(shown, 1024, 7);
  ASSERT_EQ(plan.size(), 7u);
  const RecaptureChange order[] = {RecaptureChange::Operator, RecaptureChange::BlockSize,
                                   RecaptureChange::Length};
  ScanOptions before = shown;
  before.blockSize = 1024;
  for (size_t i = 0; i < plan.size(); ++i) {
    const ScanOptions& c = plan[i].config;
    EXPECT_EQ(plan[i].change, order[i % 3]) << i;
    // Exactly the named control differs from the capture before.
    EXPECT_EQ(c.op != before.op, plan[i].change == RecaptureChange::Operator) << i;
    EXPECT_EQ(c.blockSize != before.blockSize, plan[i].change == RecaptureChange::BlockSize) << i;
    EXPECT_EQ(c.n != before.n, plan[i].change == RecaptureChange::Length) << i;
    before = c;
  }
  EXPECT_EQ(plan[0].config.op, Operator::Max);
  EXPECT_EQ(plan[1].config.blockSize, 512);
  EXPECT_EQ(plan[2].config.n, (1 << 20) - (1 << 16));
  EXPECT_EQ(plan[3].config.op, Operator::Add);
  EXPECT_EQ(plan[4].config.blockSize, 1024);
  EXPECT_EQ(plan[5].config.n, 1 << 20);
}

TEST(RecapturePlan, TheLessonsValuesKeepTheirLength) {
  const std::vector<PlannedRecapture> plan = recapturePlan(ScanOptions{}, 8, 4);
  for (const PlannedRecapture& p : plan) EXPECT_NE(p.change, RecaptureChange::Length);
  EXPECT_EQ(plan[1].config.blockSize, 4);
}

TEST(RecaptureTiming, TheFirstCompleteFrameAfterTheResultEndsIt) {
  AppState state(AppSettings{}, "");
  state.config.backend = BackendChoice::Cpu;
  state.recapture();
  state.waitForCapture();
  ASSERT_TRUE(state.poll());
  EXPECT_FALSE(state.lastRecapture());  // taken, not drawn yet
  state.frameDrawn(false);              // a frame still building the lesson's views
  EXPECT_FALSE(state.lastRecapture());
  state.frameDrawn(true);
  ASSERT_TRUE(state.lastRecapture());
  const RecaptureTiming& t = *state.lastRecapture();
  const CaptureWorkTimes& c = t.capture;
  EXPECT_GT(c.captureMs, 0);
  EXPECT_GE(t.takenMs, c.waitedMs + c.prepareMs + c.captureMs);
  EXPECT_GE(t.totalMs, t.takenMs);
  const uint64_t first = t.request;
  state.frameDrawn(true);  // later frames do not time it again
  EXPECT_EQ(state.lastRecapture()->totalMs, t.totalMs);
  state.config.op = Operator::Max;
  state.recapture();
  state.waitForCapture();
  ASSERT_TRUE(state.poll());
  state.frameDrawn(true);
  EXPECT_GT(state.lastRecapture()->request, first);
}

}  // namespace
}  // namespace scanviz
