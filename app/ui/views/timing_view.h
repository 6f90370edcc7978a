// The timing view in the middle of the window (View > Timing, B): three tabs over one state
// (timing_state.h): the live benchmark with its plots and history (timing_panel.cpp), the clock
// of every warp per step of a GPU capture (warp_clock_panel.cpp), and Brent's theorem next to the
// measured speedups (brent_panel.cpp).
#pragma once

#include <string>

#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/ui_context.h"
#include "app/ui/views/timing_state.h"

namespace scanviz {

// drawTimingView (panels.h) shows one of these on its tabs.
void drawTimingPanel(UiContext& ui, TimingState& s);
void drawWarpClockPanel(UiContext& ui);
void drawBrentPanel(UiContext& ui, TimingState& s);
void drawLadderPanel(UiContext& ui, TimingState& s);

// --timing-tab picks the tab; --bench-sizes starts a run of those sizes with the window (the
// form's other fields as they are). A run that cannot start says why in the banner.
void applyTimingOptions(AppState& state, const LaunchOptions& options);

// A run is measuring: scripted runs wait for it before they take their picture.
bool timingBusy(const AppState& state);

// Cancels a run still measuring and waits for its thread: called when the window closes, while
// everything the benchmark uses is still alive.
void stopTimingRun(AppState& state);

}  // namespace scanviz
