// The Export dialog drawn headless (ImGui with the embedded fonts, no window, no GL): it opens on
// the lesson, draws every option without asserting, and an SVG export started by its Export button
// runs to the end between frames, remembers the folder and shows the toast.
#include <gtest/gtest.h>
#include <imgui.h>
#include <unistd.h>

#include <filesystem>

#include "app/scene/palette.h"
#include "app/ui/export/export_dialog.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/view_states.h"
#include "tests/common/headless_ui.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

class HeadlessDialog : public ::testing::Test {
 protected:
  void SetUp() override {
    ui_.fonts = startHeadlessImGui(ImVec2(1440, 900));
    folder_ = fs::temp_directory_path() / ("scanviz-dialog-" + std::to_string(::getpid()));
    fs::create_directories(folder_);
    state_.config.backend = BackendChoice::Cpu;
    captureNow(state_);
    state_.playback.setStep(2);
  }
  void TearDown() override {
    ImGui::DestroyContext();
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }

  template <class F>
  void frame(F&& inside) {
    ImGui::NewFrame();
    UiContext ui = ui_.context(state_);
    dialog_.draw(ui);
    inside(ui);
    ImGui::Render();
  }

  AppState state_{AppSettings{}, ""};
  ExportDialog dialog_;
  HeadlessUiParts ui_;
  fs::path folder_;
};

TEST_F(HeadlessDialog, DrawsEveryFormatAndPanel) {
  dialog_.open(state_);
  ASSERT_TRUE(dialog_.isOpen());
  EXPECT_EQ(dialog_.model().fileName, "kogge-stone_n8_step2.png");
  for (ExportFormat f :
       {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Gif, ExportFormat::PngSequence})
    for (ExportPanel p : {ExportPanel::ArrayView, ExportPanel::Counters, ExportPanel::Timeline,
                          ExportPanel::TimingPlot, ExportPanel::Window}) {
      dialog_.model().options.format = f;
      dialog_.model().options.panel = p;
      frame([](UiContext&) {});
      frame([](UiContext&) {});
    }
  // The whole window is PNG only: the dialog says so by choosing it.
  EXPECT_EQ(dialog_.model().options.format, ExportFormat::Png);
}

TEST_F(HeadlessDialog, SvgExportRunsBetweenFramesAndRemembersTheFolder) {
  dialog_.open(state_);
  ExportDialogModel& m = dialog_.model();
  m.options.format = ExportFormat::Svg;
  m.steps = StepChoice::All;
  m.folder = folder_.string();
  m.update();
  const std::string expected = (folder_ / m.fileName).string();
  frame([&](UiContext& ui) { dialog_.startExport(ui); });
  for (int i = 0; i < 20 && dialog_.busy(); ++i) {
    dialog_.advance(state_);
    frame([](UiContext&) {});
  }
  EXPECT_FALSE(dialog_.busy());
  EXPECT_TRUE(fs::exists(expected)) << expected;
  EXPECT_EQ(dialog_.toastPath(), expected);
  EXPECT_EQ(state_.settings().exportFolder, folder_.string());
  EXPECT_NE(state_.statusNote().find(expected), std::string::npos);
  // The next opening starts in the remembered folder with the same choices.
  dialog_.open(state_);
  EXPECT_EQ(dialog_.model().folder, folder_.string());
  EXPECT_EQ(dialog_.model().options.format, ExportFormat::Svg);
}

TEST_F(HeadlessDialog, CountersExportAndATimelineWithoutBlockTimings) {
  dialog_.open(state_);
  ExportDialogModel& m = dialog_.model();
  // Kogge-Stone is a block-level scan: the timeline choice is disabled and says why.
  EXPECT_NE(m.unavailable(ExportPanel::Timeline).find("grid-level"), std::string::npos);
  m.options.panel = ExportPanel::Counters;
  m.options.format = ExportFormat::Svg;
  m.folder = folder_.string();
  m.update();
  EXPECT_EQ(m.fileName, "kogge-stone_n8_step2_counters.svg");
  const std::string expected = (folder_ / m.fileName).string();
  frame([&](UiContext& ui) { dialog_.startExport(ui); });
  for (int i = 0; i < 20 && dialog_.busy(); ++i) dialog_.advance(state_);
  EXPECT_TRUE(fs::exists(expected)) << expected;
  // A timeline forced past the disabled choice fails with the reason in the banner.
  dialog_.open(state_);
  EXPECT_EQ(dialog_.model().options.panel, ExportPanel::Counters);
  dialog_.model().options.panel = ExportPanel::Timeline;
  dialog_.model().update();
  frame([&](UiContext& ui) { dialog_.startExport(ui); });
  for (int i = 0; i < 20 && dialog_.busy(); ++i) dialog_.advance(state_);
  EXPECT_TRUE(state_.banner().error);
  EXPECT_NE(state_.banner().text.find("per-block timings"), std::string::npos)
      << state_.banner().text;
}

TEST_F(HeadlessDialog, AFailedExportIsABanner) {
  dialog_.open(state_);
  ExportDialogModel& m = dialog_.model();
  m.options.format = ExportFormat::Svg;
  m.folder = folder_.string();
  m.update();
  fs::remove_all(folder_);  // the folder went away after the dialog checked it
  frame([&](UiContext& ui) { dialog_.startExport(ui); });
  for (int i = 0; i < 20 && dialog_.busy(); ++i) dialog_.advance(state_);
  EXPECT_TRUE(state_.banner().error);
  EXPECT_NE(state_.banner().text.find("export failed"), std::string::npos);
  EXPECT_EQ(dialog_.toastPath(), "");
}

}  // namespace
}  // namespace scanviz
