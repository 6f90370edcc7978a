// Opening and saving files in the window: the recent-files list (kept in the settings file, most
// recent first, capped, only the list written), files dropped on the window (the first opens,
// a bad one leaves the lesson and the controls as they were), and Save session's question before
// it replaces a file, answered by clicking the modal's buttons in a headless ImGui frame.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/core/capture/capture.h"
#include "app/core/support/app_settings.h"
#include "app/core/trace/trace_json.h"
#include "app/scene/palette.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/dropped_files.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/save_session_flow.h"
#include "app/ui/shell/view_states.h"
#include "tests/common/captures.h"
#include "tests/common/headless_ui.h"
#include "tests/common/test_folder.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

constexpr int kKeyEscape = 256;  // GLFW_KEY_ESCAPE, as the GLFW backend maps ImGuiKey_Escape

class FileActions : public ::testing::Test {
 protected:
  std::string file(const std::string& name) const { return folder_.file(name); }

  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }

  // A trace file of `algorithm` on the CPU emulator, as `scanviz capture --out` writes it.
  std::string traceFile(const std::string& name, AlgorithmId algorithm) const {
    CaptureRequest rq = emulatorRequest(algorithm, {3, 1, 7, 0, 4, 1, 6, 3});
    const std::string path = file(name);
    saveTrace(capture(rq).trace, path);
    return path;
  }

  const TestFolder folder_{"scanviz-file-actions"};
};

TEST_F(FileActions, RecentListIsMostRecentFirstAbsoluteAndCapped) {
  std::vector<std::string> recent;
  for (int k = 0; k < 10; ++k) recent = withRecentFile(recent, file("t" + std::to_string(k)));
  ASSERT_EQ(recent.size(), kMaxRecentFiles);
  EXPECT_EQ(recent.front(), file("t9"));
  EXPECT_EQ(recent.back(), file("t2"));
  recent = withRecentFile(recent, file("t5"));
  EXPECT_EQ(recent.front(), file("t5"));
  EXPECT_EQ(std::count(recent.begin(), recent.end(), file("t5")), 1);
  EXPECT_EQ(recent.size(), kMaxRecentFiles);
  // A relative name is kept as the absolute path it meant when it was opened.
  const std::vector<std::string> relative = withRecentFile({}, "lesson.json");
  EXPECT_EQ(relative.front(), (fs::current_path() / "lesson.json").string());
}

TEST_F(FileActions, SettingsFileKeepsTheRecentListAndOnlyTheList) {
  const std::string settings = file("config/settings.json");
  AppSettings onDisk;
  onDisk.theme = Theme::Light;
  saveSettings(onDisk, settings);
  // This run overrides the theme on its command line; opening a file must not save that.
  AppSettings thisRun = onDisk;
  thisRun.theme = Theme::Dark;
  AppState state(thisRun, settings);
  const std::string trace = traceFile("bk.json", AlgorithmId::BrentKung);
  state.openFile(trace);
  ASSERT_TRUE(state.hasTrace()) << state.banner().text;
  const LoadedSettings back = loadSettings(settings);
  EXPECT_TRUE(back.warning.empty()) << back.warning;
  EXPECT_EQ(back.settings.theme, Theme::Light);
  EXPECT_EQ(back.settings.recentFiles, std::vector<std::string>{trace});
  EXPECT_EQ(state.settings().recentFiles, std::vector<std::string>{trace});
  // A hand-edited list with repeats and blanks reads back clean.
  const AppSettings edited = settingsFromJson(
      R"({"recent_files": ["/a.json", "", "/b.json", "/a.json"]})", "settings.json");
  EXPECT_EQ(edited.recentFiles, (std::vector<std::string>{"/a.json", "/b.json"}));
  EXPECT_THROW(settingsFromJson(R"({"recent_files": "/a.json"})", "settings.json"),
               ConfigFormatError);
  state.clearRecentFiles();
  EXPECT_TRUE(loadSettings(settings).settings.recentFiles.empty());
}

TEST_F(FileActions, DroppedFilesOpenTheFirstAndBadOnesLeaveTheLesson) {
  const std::string bk = traceFile("bk.json", AlgorithmId::BrentKung);
  const std::string ks = traceFile("ks.json", AlgorithmId::KoggeStone);
  AppState state(AppSettings{}, "");
  openDroppedFiles(state, {bk, ks});
  ASSERT_TRUE(state.hasTrace()) << state.banner().text;
  EXPECT_EQ(state.trace().meta.algorithm, "brent-kung");
  EXPECT_NE(state.statusNote().find("first of 2 dropped files"), std::string::npos)
      << state.statusNote();
  EXPECT_EQ(state.settings().recentFiles, std::vector<std::string>{bk});
  state.playback.setStep(3);
  const ScanOptions controls = state.config;

  const std::string notes = file("notes.json");
  write(notes, "my lecture notes");
  const std::string session = file("gone.session.json");
  write(session, R"({"kind": "scanviz-session", "version": 1, "trace_file": ")" +
                     file("gone.json") + R"(", "config": {"algorithm": "blelloch"}})");
  for (const std::string& bad : {notes, file("missing.json"), folder_.path().string(), session}) {
    openDroppedFiles(state, {bad});
    EXPECT_TRUE(state.banner().error) << bad;
    EXPECT_FALSE(state.banner().text.empty()) << bad;
    EXPECT_EQ(state.trace().meta.algorithm, "brent-kung") << bad;
    EXPECT_EQ(state.playback.step(), 3) << bad;
    EXPECT_EQ(state.config.algorithm, controls.algorithm) << bad << ": the controls changed";
    EXPECT_EQ(state.settings().recentFiles, std::vector<std::string>{bk}) << bad;
  }
  openDroppedFiles(state, {folder_.path().string()});
  EXPECT_NE(state.banner().text.find("is a folder"), std::string::npos) << state.banner().text;
}

// Save session's question, drawn in a headless ImGui frame and answered with the mouse.
class OverwriteModal : public FileActions {
 protected:
  void SetUp() override {
    FileActions::SetUp();
    ui_.fonts = startHeadlessImGui(ImVec2(1280, 800));
    ImGui::GetIO().KeyMap[ImGuiKey_Escape] = kKeyEscape;
  }
  void TearDown() override {
    ImGui::DestroyContext();
    FileActions::TearDown();
  }

  void frame(AppState& state, SaveSessionFlow& flow) {
    ImGui::NewFrame();
    ui_.report.panels = nlohmann::json::object();
    UiContext ui = ui_.context(state);
    flow.draw(ui);
    ImGui::Render();
  }

  // Presses and releases the left button over the modal's button `label`.
  void click(AppState& state, SaveSessionFlow& flow, const std::string& label) {
    const nlohmann::json& buttons = ui_.report.panels.at("confirm_overwrite").at("buttons");
    for (const auto& b : buttons) {
      if (b.at("label") != label) continue;
      ImGuiIO& io = ImGui::GetIO();
      io.MousePos = ImVec2(b.at("x").get<float>() + b.at("w").get<float>() / 2,
                           b.at("y").get<float>() + b.at("h").get<float>() / 2);
      frame(state, flow);
      io.MouseDown[0] = true;
      frame(state, flow);
      io.MouseDown[0] = false;
      frame(state, flow);
      return;
    }
    FAIL() << "no button " << label << " in " << buttons.dump();
  }

  void settle(AppState& state, SaveSessionFlow& flow) {
    for (int i = 0; i < 3; ++i) frame(state, flow);
  }

  HeadlessUiParts ui_;
};

TEST_F(OverwriteModal, ANewFileIsSavedWithoutAQuestion) {
  AppState state(AppSettings{}, "");
  state.openFile(traceFile("bk.json", AlgorithmId::BrentKung));
  SaveSessionFlow flow;
  const std::string path = file("new.session.json");
  flow.choose(state, path);
  EXPECT_FALSE(flow.asking());
  settle(state, flow);
  EXPECT_FALSE(ui_.report.panels.contains("confirm_overwrite"));
  EXPECT_TRUE(fileLooksLikeSession(path));
}

TEST_F(OverwriteModal, CancelAndEscapeKeepTheFileOverwriteReplacesIt) {
  AppState state(AppSettings{}, "");
  state.openFile(traceFile("bk.json", AlgorithmId::BrentKung));
  state.playback.setStep(4);
  const std::string path = file("lesson.session.json");
  const std::string mine = "the lecturer's own session\n";
  write(path, mine);
  SaveSessionFlow flow;

  flow.choose(state, path);
  ASSERT_TRUE(flow.asking());
  settle(state, flow);
  ASSERT_TRUE(ui_.report.panels.contains("confirm_overwrite"));
  EXPECT_EQ(ui_.report.panels["confirm_overwrite"]["path"], path);
  EXPECT_EQ(read(path), mine) << "replaced before the user answered";
  click(state, flow, "Cancel");
  EXPECT_FALSE(flow.asking());
  EXPECT_EQ(read(path), mine);
  frame(state, flow);
  EXPECT_FALSE(ui_.report.panels.contains("confirm_overwrite")) << "the modal stayed open";

  flow.choose(state, path);
  settle(state, flow);
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[kKeyEscape] = true;
  frame(state, flow);
  io.KeysDown[kKeyEscape] = false;
  frame(state, flow);
  EXPECT_FALSE(flow.asking());
  EXPECT_EQ(read(path), mine);

  flow.choose(state, path);
  settle(state, flow);
  click(state, flow, "Overwrite");
  EXPECT_FALSE(flow.asking());
  const Session saved = loadSession(path);
  EXPECT_EQ(saved.step, 4);
  EXPECT_EQ(state.settings().recentFiles.front(), path);
}

}  // namespace
}  // namespace scanviz
