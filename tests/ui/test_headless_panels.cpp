// The panels drawn headless: an ImGui context with the embedded fonts and no window or GL.
// Every algorithm's every step is laid out (nothing may assert or throw), the frame report is
// filled, and the keyboard shortcuts run their commands except while a text field has focus.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/algorithm_listing.h"
#include "app/scene/palette.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/combo_preview.h"
#include "tests/common/headless_ui.h"

// GLFW key codes, as the GLFW backend feeds them into io.KeysDown.
constexpr int kKeyRight = 262;
constexpr int kKeyS = 83;

namespace scanviz {
namespace {

class HeadlessUi : public HeadlessLayoutTest {
 protected:
  static void captureInto(AppState& state, AlgorithmId id) {
    state.config.algorithm = id;
    state.config.backend = BackendChoice::Cpu;
    captureNow(state);
  }
};

TEST_F(HeadlessUi, EveryAlgorithmEveryStepLaysOut) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    AppState state(AppSettings{}, "");
    captureInto(state, a.id);
    ASSERT_TRUE(state.hasTrace()) << a.key << ": " << state.banner().text;
    for (int k = 0; k < state.playback.stepCount(); ++k) {
      state.playback.setStep(k);
      frame(state);
      EXPECT_FALSE(ui_.report.arrayScene.rects.empty()) << a.key << " step " << k;
      EXPECT_FALSE(ui_.report.counters.empty()) << a.key << " step " << k;
      EXPECT_FALSE(ui_.report.explanation.empty()) << a.key << " step " << k;
    }
    EXPECT_NE(ui_.report.status.find(a.key), std::string::npos) << ui_.report.status;
    EXPECT_NE(ui_.report.status.find("produced by cpu"), std::string::npos) << ui_.report.status;
  }
}

// On the window the scripted runs get (1440 x 900): the step's sentence never hides behind a
// scrollbar, the kernel's lines wrap instead of running off the right edge, and every phase band
// of the scrubber carries at least its number (the key that jumps there).
TEST_F(HeadlessUi, NothingClippedInTheExplanationCodeOrPhaseBands) {
  ImGui::GetIO().DisplaySize = ImVec2(1440, 900);
  for (AlgorithmId id : {AlgorithmId::ThreePhase, AlgorithmId::WarpShuffle,
                         AlgorithmId::DecoupledLookback, AlgorithmId::BrentKung}) {
    AppState state(AppSettings{}, "");
    captureInto(state, id);
    ASSERT_TRUE(state.hasTrace()) << state.banner().text;
    const std::string key(algorithmInfo(id).key);
    for (int k = 0; k < state.playback.stepCount(); ++k) {
      state.playback.setStep(k);
      for (int settle = 0; settle < 3; ++settle) frame(state);  // child sizes follow a frame late
      const nlohmann::json& p = ui_.report.panels;
      ASSERT_TRUE(p.contains("explanation") && p.contains("code") && p.contains("playback"))
          << key << " step " << k << ": " << p.dump();
      EXPECT_FALSE(p["explanation"]["clipped"].get<bool>())
          << key << " step " << k << ": " << p["explanation"].dump();
      EXPECT_EQ(p["code"]["scroll_max_x"].get<float>(), 0.0f) << key << " step " << k;
      const auto labels = p["playback"]["phase_labels"].get<std::vector<std::string>>();
      EXPECT_EQ(labels.size(), state.playback.markers().size()) << key;
      for (size_t i = 0; i < labels.size() && i < 9; ++i)
        EXPECT_EQ(labels[i].substr(0, std::to_string(i + 1).size()), std::to_string(i + 1))
            << key << " phase " << i + 1 << ": '" << labels[i] << "'";
    }
  }
}

// The code panel opens on the textbook listing and lights the lines its step markers give for
// the step on screen; the other tab shows the kernel as scanviz runs it, and the choice is kept
// in the layout.
TEST_F(HeadlessUi, CodePanelLightsTheStepsLinesInTheTextbookListing) {
  ImGui::GetIO().DisplaySize = ImVec2(1440, 900);
  AppState state(AppSettings{}, "");
  ASSERT_EQ(state.settings().layout.codeView, CodeView::Textbook);
  captureInto(state, AlgorithmId::BrentKung);
  ASSERT_TRUE(state.hasTrace()) << state.banner().text;
  std::set<std::string> litFirstLines;
  for (int k = 0; k < state.playback.stepCount(); ++k) {
    state.playback.setStep(k);
    for (int settle = 0; settle < 2; ++settle) frame(state);
    const nlohmann::json& code = ui_.report.panels["code"];
    const ListingStep want = listingForStep(state.trace(), k);
    ASSERT_NE(want.listing, nullptr);
    ASSERT_GE(want.firstLine, 0) << "step " << k;
    EXPECT_EQ(code["view"], "textbook");
    EXPECT_EQ(code["file"], "kernels/listings/brent_kung.cuh");
    EXPECT_EQ(code["first_line"].get<int>(), want.firstLine + 1) << "step " << k;
    EXPECT_EQ(code["last_line"].get<int>(), want.lastLine + 1) << "step " << k;
    EXPECT_GE(code["lit_rows"].get<int>(), want.lastLine - want.firstLine + 1) << "step " << k;
    litFirstLines.insert(code["first_lit"].get<std::string>());
  }
  // The load, the up-sweep's loop and the down-sweep's loop: three places in the listing.
  EXPECT_TRUE(litFirstLines.count("    XY[threadIdx.x] = i < InputSize ? X[i] : 0;"));
  EXPECT_TRUE(litFirstLines.count(
      "    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {"));
  EXPECT_TRUE(
      litFirstLines.count("    for (unsigned int stride = n / 4; stride > 0; stride /= 2) {"));
  EXPECT_EQ(litFirstLines.size(), 3u);

  AppSettings executor = state.settings();
  executor.layout.codeView = CodeView::Executor;
  state.updateSettings(executor);
  state.playback.setStep(1);
  frame(state);
  const nlohmann::json& code = ui_.report.panels["code"];
  EXPECT_EQ(code["view"], "executor");
  EXPECT_EQ(code["file"], "kernels/block/brent_kung.h");
  EXPECT_NE(code["first_lit"].get<std::string>().find("ex.parallel"), std::string::npos)
      << code.dump();
}

// Brent-Kung on 256 elements: the load is one step of sixteen, too narrow a band for "1  load";
// it keeps its number.
TEST_F(HeadlessUi, ANarrowPhaseBandKeepsItsNumber) {
  ImGui::GetIO().DisplaySize = ImVec2(1000, 800);
  AppState state(AppSettings{}, "");
  state.config.source = InputSource::Random;
  state.config.n = 256;
  captureInto(state, AlgorithmId::BrentKung);
  ASSERT_TRUE(state.hasTrace()) << state.banner().text;
  state.playback.setStep(5);
  frame(state);
  const auto labels = ui_.report.panels["playback"]["phase_labels"].get<std::vector<std::string>>();
  ASSERT_EQ(labels.size(), 3u);
  EXPECT_EQ(labels[0], "1");
  EXPECT_EQ(labels[1], "2  up-sweep");
  EXPECT_EQ(labels[2], "3  down-sweep");
}

// A name too long for its combo loses its qualifier, not its last letters; one that fits stays.
TEST_F(HeadlessUi, ComboPreviewsDropTheQualifierWhenNarrow) {
  ImGui::NewFrame();
  const std::string hillis = "Hillis-Steele (double-buffered)";
  const float whole = ImGui::CalcTextSize(hillis.c_str()).x;
  EXPECT_EQ(comboPreview(hillis, whole + 1), hillis);
  EXPECT_EQ(comboPreview(hillis, whole - 1), "Hillis-Steele");
  EXPECT_EQ(comboPreview("Blelloch, bank-conflict-free", 50), "Blelloch");
  EXPECT_EQ(comboPreview("Decoupled look-back", 20), "Decoupled look-back") << "nothing to drop";
  for (const auto& a : allAlgorithms()) {
    const std::string shown = comboPreview(a.name, 170);
    EXPECT_EQ(std::string(a.name).rfind(shown, 0), 0u) << "a prefix of the name: " << a.name;
  }
  ImGui::Render();
}

TEST_F(HeadlessUi, PresentationModeAndLightThemeLayOut) {
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::KoggeStone);
  state.presentation = true;
  ui_.palette = viewPalette(Theme::Light, Palette::OkabeIto);
  state.playback.setStep(2);
  frame(state);
  EXPECT_FALSE(ui_.report.arrayScene.textsWithRole("explanation").empty());
  EXPECT_GT(ui_.report.arrayScene.width, 1400);
}

TEST_F(HeadlessUi, BadInputKeepsTheLessonAndShowsTheProblem) {
  AppState state(AppSettings{}, "");
  captureInto(state, AlgorithmId::KoggeStone);
  const Trace* before = &state.trace();
  state.config.source = InputSource::Typed;
  state.config.typedValues = "1, 2, 99999999999";
  EXPECT_FALSE(captureNow(state));
  EXPECT_EQ(&state.trace(), before);
  EXPECT_TRUE(state.banner().error);
  EXPECT_NE(state.banner().text.find("int32"), std::string::npos) << state.banner().text;
  frame(state);
  EXPECT_EQ(ui_.report.arrayScene.textsWithRole("cell-value").size(), 8u);
}

TEST_F(HeadlessUi, ShortcutsRunCommandsButNotWhileTyping) {
  int steps = 0, saves = 0;
  ui_.commands.add({"forward", "Step forward", "Right", {kKeyRight}, false, [&] { ++steps; }, {}});
  ui_.commands.add({"save", "Save", "Ctrl+S", {kKeyS}, true, [&] { ++saves; }, {}});
  ImGuiIO& io = ImGui::GetIO();
  const auto press = [&](int key, bool ctrl) {
    io.KeysDown[key] = true;
    io.KeyCtrl = ctrl;
    ImGui::NewFrame();
    ui_.commands.handleKeys();
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
