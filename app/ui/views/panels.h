// The panels of the window, one file each. Each reads the model through UiContext and calls its
// actions; what a view keeps between frames is in UiContext::views (view_states.h), never in a
// function-static variable.
#pragma once

#include <string>

#include "app/ui/shell/ui_context.h"

namespace scanviz {

void drawMainLayout(UiContext& ui);
void drawMainMenu(UiContext& ui);
void drawControlsPanel(UiContext& ui);
void drawArrayView(UiContext& ui);
// Height the array view's step needs at this width at its natural sizes (before it grows to fill
// the view); 0 where the view is not a scene of cells (nothing shown yet, the heat view).
float arrayViewNaturalHeight(UiContext& ui, float width);
void drawExplanationPanel(UiContext& ui);
// Height the explanation needs at this width: its sentence and the algorithm's summary, or the
// sentence alone (the panel moves the summary into a tooltip when it has no room for it).
float explanationPanelHeight(UiContext& ui, float width, bool withSummary = true);
void drawCodePanel(UiContext& ui);
void drawCountersPanel(UiContext& ui);
// Compare (two to four algorithms, or the GPU-vs-CPU diff) and its playback bar; the grid-level
// block timeline. center_view.h picks which one takes the middle of the window.
void drawComparePanel(UiContext& ui);
void drawSpotTheBugPanel(UiContext& ui);
// The side panel while "Spot the bug" is on screen: its lesson's runs, input and schedule.
void drawSpotTheBugSetup(UiContext& ui);
void drawSpotTheBugMenu(UiContext& ui);
void drawComparePlaybackBar(UiContext& ui);
void drawTimelinePanel(UiContext& ui);
// Timing: the live benchmark, the warp clock per step and Brent's theorem, on tabs (timing_view.h).
void drawTimingView(UiContext& ui);
// The structure figure of the lesson (figure_scene.h), or why it has none.
void drawFigurePanel(UiContext& ui);
// Class mode: predict, then reveal, on the projector (class_mode.h).
void drawClassModeView(UiContext& ui);
void drawPlaybackBar(UiContext& ui);
void drawBanner(UiContext& ui);
void drawStatusLine(UiContext& ui);
// Height drawStatusLine will take at this width.
float statusLineHeight(UiContext& ui, float width);
// The status line's text: what is on screen, which backend and device produced it.
std::string statusText(const AppState& state);
void drawShortcutsWindow(UiContext& ui, bool* open);

}  // namespace scanviz
