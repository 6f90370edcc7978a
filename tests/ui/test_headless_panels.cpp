// The panels drawn headless: an ImGui context with the embedded fonts and no window or GL.
// Every algorithm's every step is laid out (nothing may assert or throw), the frame report is
// filled, and the keyboard shortcuts run their commands except while a text field has focus.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdio>

#include "app/core/algorithm_catalog.h"
#include "app/ui/commands.h"
#include "app/ui/file_dialog.h"
#include "app/ui/fonts.h"
#include "app/ui/palette.h"
#include "app/ui/panels.h"

// GLFW key codes, as the GLFW backend feeds them into io.KeysDown.
constexpr int kKeyRight = 262;
constexpr int kKeyS = 83;

namespace scanviz {
namespace {

class HeadlessUi : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1600, 1000);
    io.DeltaTime = 1.0f / 60.0f;
    fonts_ = buildFonts(*io.Fonts, 1.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    palette_ = viewPalette(Theme::Dark, Palette::Classic);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  void frame(AppState& state) {
    ImGui::NewFrame();
    UiContext ui{state, fonts_, palette_, 1.0f, report_, files_, commands_, false};
    drawMainLayout(ui);
    ImGui::Render();
  }

  static void captureInto(AppState& state, AlgorithmId id) {
    state.config.algorithm = id;
    state.config.backend = BackendChoice::Cpu;
    state.recapture();
    state.waitForCapture();
    state.poll();
  }

  FontSet fonts_;
  ViewPalette palette_;
  FrameReport report_;
  FileDialog files_;
  CommandTable commands_;
};

TEST_F(HeadlessUi, EveryAlgorithmEveryStepLaysOut) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    AppState state(AppSettings{}, "");
    captureInto(state, a.id);
    ASSERT_TRUE(state.hasTrace()) << a.key << ": " << state.banner().text;
    for (int k = 0; k < state.playback.stepCount(); ++k) {
      state.playback.setStep(k);
      frame(state);
      EXPECT_FALSE(report_.arrayScene.rects.empty()) << a.key << " step " << k;
      EXPECT_FALSE(report_.counters.empty()) << a.key << " step " << k;
      EXPECT_FALSE(report_.explanation.empty()) << a.key << " step " << k;
    }
    EXPECT_NE(report_.status.find(a.key), std::string::npos) << report_.status;
    EXPECT_NE(report_.status.find("produced by cpu"), std::string::npos) << report_.status;
  }
}

TEST_F(HeadlessUi, PresentationModeAndLightThemeLayOut) {
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::KoggeStone);
  state.presentation = true;
  palette_ = viewPalette(Theme::Light, Palette::OkabeIto);
  state.playback.setStep(2);
  frame(state);
  EXPECT_FALSE(report_.arrayScene.textsWithRole("explanation").empty());
  EXPECT_GT(report_.arrayScene.width, 1400);
}

TEST_F(HeadlessUi, BadInputKeepsTheLessonAndShowsTheProblem) {
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::KoggeStone);
  const Trace* before = &state.trace();
  state.config.source = InputSource::Typed;
  state.config.typedValues = "1, 2, 99999999999";
  state.recapture();
  state.waitForCapture();
  EXPECT_FALSE(state.poll());
  EXPECT_EQ(&state.trace(), before);
  EXPECT_TRUE(state.banner().error);
  EXPECT_NE(state.banner().text.find("int32"), std::string::npos) << state.banner().text;
  frame(state);
  EXPECT_EQ(report_.arrayScene.textsWithRole("cell-value").size(), 8u);
}

TEST_F(HeadlessUi, ShortcutsRunCommandsButNotWhileTyping) {
  int steps = 0, saves = 0;
  commands_.add({"forward", "Step forward", "Right", {kKeyRight}, false, [&] { ++steps; }, {}});
  commands_.add({"save", "Save", "Ctrl+S", {kKeyS}, true, [&] { ++saves; }, {}});
  ImGuiIO& io = ImGui::GetIO();
  const auto press = [&](int key, bool ctrl) {
    io.KeysDown[key] = true;
    io.KeyCtrl = ctrl;
    ImGui::NewFrame();
    commands_.handleKeys();
    ImGui::Render();
    io.KeysDown[key] = false;
    io.KeyCtrl = false;
    ImGui::NewFrame();
    ImGui::Render();
  };
  press(kKeyRight, false);
  EXPECT_EQ(steps, 1);
  press(kKeyS, false);  // S alone is not Ctrl+S
  EXPECT_EQ(saves, 0);
  press(kKeyS, true);
  EXPECT_EQ(saves, 1);
  press(kKeyRight, true);  // Ctrl+Right is not Right
  EXPECT_EQ(steps, 1);
}

TEST_F(HeadlessUi, SessionRoundTripThroughTheState) {
  const std::string path = ::testing::TempDir() + "/scanviz-headless-session.json";
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::BrentKung);
  state.playback.setStep(4);
  ASSERT_TRUE(state.saveSession(path));
  AppState reopened(AppSettings{}, "");
  reopened.openFile(path);
  reopened.waitForCapture();
  reopened.poll();
  ASSERT_TRUE(reopened.hasTrace()) << reopened.banner().text;
  EXPECT_EQ(reopened.trace().meta.algorithm, "brent-kung");
  EXPECT_EQ(reopened.playback.step(), 4);
  std::remove(path.c_str());
}

TEST_F(HeadlessUi, CorruptTraceFileKeepsWhatIsOnScreen) {
  const std::string path = ::testing::TempDir() + "/scanviz-headless-corrupt.json";
  std::FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("{\"version\": 1, \"meta\": {", f);
  std::fclose(f);
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::KoggeStone);
  state.playback.setStep(2);
  state.openFile(path);
  EXPECT_TRUE(state.banner().error);
  EXPECT_NE(state.banner().text.find("cannot open trace"), std::string::npos)
      << state.banner().text;
  EXPECT_EQ(state.trace().meta.algorithm, "kogge-stone");
  EXPECT_EQ(state.playback.step(), 2);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace scanviz
