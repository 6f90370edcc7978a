#include "app/ui/views/timing_view.h"

#include <imgui.h>

#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

void tab(UiContext& ui, TimingState& s, TimingTab which, const char* label) {
  const bool select = s.selectTab && s.tab == which;
  if (!ImGui::BeginTabItem(label, nullptr, select ? ImGuiTabItemFlags_SetSelected : 0)) return;
  if (!s.selectTab) s.tab = which;
  switch (which) {
    case TimingTab::Benchmark:
      drawTimingPanel(ui, s);
      break;
    case TimingTab::WarpClock:
      drawWarpClockPanel(ui);
      break;
    case TimingTab::Brent:
      drawBrentPanel(ui, s);
      break;
    case TimingTab::Ladder:
      drawLadderPanel(ui, s);
      break;
  }
  ImGui::EndTabItem();
}

}  // namespace

void drawTimingView(UiContext& ui) {
  TimingState& s = ui.state.timing;
  // Points are taken every frame the view is drawn, so the plots grow as they arrive.
  s.runner.poll(s.history);
  if (ImGui::BeginTabBar("timing-tabs")) {
    tab(ui, s, TimingTab::Benchmark, "Benchmark (B)");
    tab(ui, s, TimingTab::WarpClock, "Warp clock per step (W)");
    tab(ui, s, TimingTab::Brent, "Brent's theorem (R)");
    tab(ui, s, TimingTab::Ladder, "Latency ladder (M)");
    ImGui::EndTabBar();
  }
  s.selectTab = false;
}

void applyTimingOptions(AppState& state, const LaunchOptions& options) {
  TimingState& s = state.timing;
  s.tab = options.timingTab.value_or(TimingTab::Benchmark);
  s.selectTab = true;
  if (options.benchSizes.empty()) return;
  s.form.sizes = options.benchSizes;
  if (!startTimingRun(s)) state.showError("--bench-sizes: " + s.form.error);
}

bool timingBusy(const AppState& state) {
  return state.timing.runner.measuring();
}

void stopTimingRun(AppState& state) {
  TimingState& s = state.timing;
  s.runner.cancel();
  s.runner.stop();
}

}  // namespace scanviz
