// What a panel is drawn with besides the application state, for tests that draw headless (after
// startHeadlessImGui): the fonts, the palette, the frame report the tests read, and the window's
// file dialog, commands and view states, written once for every such fixture.
#pragma once

#include <gtest/gtest.h>

#include "app/scene/palette.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/ui_context.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "tests/common/headless_imgui.h"

namespace scanviz {

struct HeadlessUiParts {
  FontSet fonts;
  ViewPalette palette = viewPalette(Theme::Dark, Palette::Classic);
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  ViewStates views;

  // A frame's context over `state`, not animated (every frame shows the final state).
  UiContext context(AppState& state) {
    return {state, fonts, palette, 1.0f, report, files, commands, views, false};
  }
};

// A test that draws the whole window's layout headless at 1600 x 1000, one frame at a time.
class HeadlessLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override { ui_.fonts = startHeadlessImGui(ImVec2(1600, 1000)); }
  void TearDown() override { ImGui::DestroyContext(); }

  void frame(AppState& state) {
    ImGui::NewFrame();
    UiContext ui = ui_.context(state);
    drawMainLayout(ui);
    ImGui::Render();
  }

  HeadlessUiParts ui_;
};

// Captures the state's configuration now, where the window captures on a worker between frames:
// true when a new trace arrived.
inline bool captureNow(AppState& state) {
  state.recapture();
  state.waitForCapture();
  return state.poll();
}

}  // namespace scanviz
