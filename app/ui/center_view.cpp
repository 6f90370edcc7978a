#include "app/ui/center_view.h"

// Key codes only: this file makes no GL calls.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/ui/panels.h"

namespace scanviz {
namespace {

void showView(AppState& state, CenterView view) {
  AppSettings s = state.settings();
  s.layout.centerView = view;
  state.updateSettings(s);
}

// Pressing a view's key again goes back to the lesson.
void toggleView(AppState& state, CenterView view) {
  showView(state, state.settings().layout.centerView == view ? CenterView::Lesson : view);
}

void addViewCommands(CommandTable& commands, AppState& state) {
  commands.add({"view-lesson", "Lesson (array view)", "", {}, false, [&state] {
                  showView(state, CenterView::Lesson);
                }});
  commands.add({"view-compare", "Compare algorithms", "C", {GLFW_KEY_C}, false, [&state] {
                  toggleView(state, CenterView::Compare);
                }});
  commands.add(
      {"view-compare-algorithms", "Compare algorithms side by side", "", {}, false, [&state] {
         state.compare.setKind(CompareKind::Algorithms);
         showView(state, CenterView::Compare);
       }});
  commands.add({"view-diff", "GPU vs CPU trace diff", "D", {GLFW_KEY_D}, false, [&state] {
                  const bool on =
                      compareShown(state) && state.compare.kind() == CompareKind::BackendDiff;
                  state.compare.setKind(on ? CompareKind::Algorithms : CompareKind::BackendDiff);
                  showView(state, CenterView::Compare);
                }});
  commands.add(
      {"view-timeline", "Block timeline (grid-level scans)", "T", {GLFW_KEY_T}, false, [&state] {
         toggleView(state, CenterView::Timeline);
       }});
}

void addComparePlaybackCommands(CommandTable& commands, AppState& state) {
  Playback& pb = state.compare.playback;
  const auto active = [&state] {
    return compareShown(state) && state.compare.playback.stepCount() > 0;
  };
  const auto paused = [&pb](void (Playback::*move)()) {
    return [&pb, move] {
      pb.pause();
      (pb.*move)();
    };
  };
  commands.add({"compare-play",
                "Play / pause all views",
                "Space",
                {GLFW_KEY_SPACE},
                false,
                [&pb] { pb.togglePlay(); },
                active});
  commands.add({"compare-forward",
                "Step all views forward",
                "Right",
                {GLFW_KEY_RIGHT},
                false,
                paused(&Playback::forward),
                active});
  commands.add({"compare-back",
                "Step all views back",
                "Left",
                {GLFW_KEY_LEFT},
                false,
                paused(&Playback::back),
                active});
  commands.add({"compare-first",
                "All views to the start",
                "Home",
                {GLFW_KEY_HOME},
                false,
                paused(&Playback::first),
                active});
  commands.add({"compare-last",
                "All views to the end",
                "End",
                {GLFW_KEY_END},
                false,
                paused(&Playback::last),
                active});
}

}  // namespace

bool compareShown(const AppState& state) {
  return state.settings().layout.centerView == CenterView::Compare;
}

bool drawCenterView(UiContext& ui, bool framed) {
  ui.report.panels = nlohmann::json::object();
  ui.report.panelScenes.clear();
  const CenterView view = ui.state.settings().layout.centerView;
  if (view == CenterView::Lesson) return false;
  if (framed) ImGui::BeginChild("center-view", ImVec2(0, 0), true);
  if (view == CenterView::Compare) {
    drawComparePanel(ui);
  } else if (view == CenterView::Timing) {
    drawTimingView(ui);
  } else {
    drawTimelinePanel(ui);
  }
  if (framed) ImGui::EndChild();
  return true;
}

void addCenterViewCommands(CommandTable& commands, AppState& state) {
  addViewCommands(commands, state);
  addComparePlaybackCommands(commands, state);
}

}  // namespace scanviz
