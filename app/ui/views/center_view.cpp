#include "app/ui/views/center_view.h"

// Key codes only: this file makes no GL calls.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace scanviz {
namespace {

void showView(AppState& state, CenterView view) {
  AppSettings s = state.settings();
  s.layout.centerView = view;
  state.updateSettings(s);
}

// Compare with the algorithms side by side (the Compare panel's own switch back from the diff).
void addCompareKindCommand(CommandTable& commands, AppState& state) {
  commands.add(
      {"view-compare-algorithms", "Compare algorithms side by side", "", {}, false, [&state] {
         state.compare.setKind(CompareKind::Algorithms);
         showView(state, CenterView::Compare);
       }});
}

void addComparePlaybackCommands(CommandTable& commands, AppState& state) {
  Playback& pb = state.compare.playback;
  const auto active = [&state] {
    return compareShown(state) && !spotTheBugShown(state) && state.compare.playback.stepCount() > 0;
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

bool spotTheBugShown(const AppState& state) {
  return compareShown(state) && state.spotTheBug.active();
}

void addCenterViewCommands(CommandTable& commands, AppState& state) {
  addCompareKindCommand(commands, state);
  addComparePlaybackCommands(commands, state);
}

}  // namespace scanviz
