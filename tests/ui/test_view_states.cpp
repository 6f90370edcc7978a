// Views as objects: what a view keeps between frames lives in ViewStates (view_states.h), so it is
// tested here without a window, an ImGui context or GL.
#include <gtest/gtest.h>

#include "app/ui/app_state.h"
#include "app/ui/commands.h"
#include "app/ui/timeline_panel.h"
#include "app/ui/view_states.h"

namespace scanviz {
namespace {

void captureGrid(AppState& state, unsigned seed) {
  state.config.algorithm = AlgorithmId::DecoupledLookback;
  state.config.source = InputSource::Random;
  state.config.n = 4096;
  state.config.seed = seed;
  state.config.backend = BackendChoice::Cpu;
  state.recapture();
  state.waitForCapture();
  ASSERT_TRUE(state.poll());
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
  state.recapture();
  state.waitForCapture();
  ASSERT_TRUE(state.poll());
  ViewStates window;
  ViewStates other;
  CommandTable commands;
  window.heat.addCommands(commands, state);
  EXPECT_FALSE(window.heat.shown(state)) << "an 8-element lesson opens as cells";
  commands.run("heat-view");
  EXPECT_TRUE(window.heat.shown(state));
  EXPECT_FALSE(other.heat.shown(state));
  commands.run("heat-view");
  EXPECT_FALSE(window.heat.shown(state));
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

}  // namespace
}  // namespace scanviz
