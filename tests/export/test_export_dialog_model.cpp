// The Export dialog's logic without a window: defaults for the lesson on screen, the name that
// follows the options until the user types one, the remembered folder and the path it writes.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/export/export_naming.h"
#include "app/ui/export/export_dialog_model.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

Trace lesson(AlgorithmId id = AlgorithmId::BrentKung) {
  CaptureRequest rq = emulatorRequest(id, defaultLessonInput());
  return capture(rq).trace;
}

class TempFolder {
 public:
  TempFolder() {
    path_ = fs::temp_directory_path() / ("scanviz-export-model-" + std::to_string(::getpid()));
    fs::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string str() const { return path_.string(); }

 private:
  fs::path path_;
};

TEST(ExportDialogModel, OpensOnTheStepOnScreenWithTheScreensLook) {
  const Trace t = lesson();
  AppSettings s;
  s.theme = Theme::Light;
  s.palette = Palette::OkabeIto;
  const ExportDialogModel m = ExportDialogModel::forLesson(t, 3, s);
  EXPECT_EQ(m.options.steps.first, 3);
  EXPECT_EQ(m.options.steps.last, 3);
  EXPECT_EQ(m.options.style.theme, Theme::Light);
  EXPECT_EQ(m.options.style.palette, Palette::OkabeIto);
  EXPECT_EQ(m.options.format, ExportFormat::Png);
  EXPECT_EQ(m.fileName, "brent-kung_n8_step3.png");
}

TEST(ExportDialogModel, NameFollowsTheOptionsUntilTheUserTypesOne) {
  ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 3, AppSettings{});
  m.options.scale = 2;
  m.update();
  EXPECT_EQ(m.fileName, "brent-kung_n8_step3@2x.png");
  m.steps = StepChoice::All;
  m.options.format = ExportFormat::Gif;
  m.update();
  EXPECT_EQ(m.fileName, "brent-kung_n8_steps0-" + std::to_string(m.stepCount - 1) + "@2x.gif");
  m.setFileName("lecture-7-figure");
  m.options.scale = 4;
  m.update();
  EXPECT_EQ(m.fileName, "lecture-7-figure");
  // Clearing the name brings the default back.
  m.setFileName("");
  EXPECT_EQ(m.fileName, "brent-kung_n8_steps0-" + std::to_string(m.stepCount - 1) + "@4x.gif");
}

TEST(ExportDialogModel, WindowPicturesShowTheStepOnScreen) {
  ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 2, AppSettings{});
  m.steps = StepChoice::All;
  m.options.panel = ExportPanel::Window;
  m.update();
  EXPECT_EQ(m.options.steps.first, 2);
  EXPECT_EQ(m.options.steps.last, 2);
  EXPECT_EQ(m.fileName, "brent-kung_n8_step2_window.png");
}

TEST(ExportDialogModel, RangeIsClampedToTheTrace) {
  ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 0, AppSettings{});
  m.steps = StepChoice::Range;
  m.rangeFirst = 2;
  m.rangeLast = 99;
  m.update();
  EXPECT_EQ(m.options.steps.first, 2);
  EXPECT_EQ(m.options.steps.last, m.stepCount - 1);
}

TEST(ExportDialogModel, RemembersTheFolderAndWritesThere) {
  TempFolder dir;
  AppSettings s;
  s.exportFolder = dir.str();
  ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 1, s);
  EXPECT_EQ(m.folder, dir.str());
  EXPECT_EQ(m.outputPath(), (fs::path(dir.str()) / "brent-kung_n8_step1.png").string());
  EXPECT_EQ(m.problem(), "");
  m.setFileName("figure");
  EXPECT_EQ(m.outputPath(), (fs::path(dir.str()) / "figure.png").string());
  m.folder = dir.str() + "/elsewhere";
  const AppSettings next = m.remembered(AppSettings{});
  EXPECT_EQ(next.exportFolder, dir.str() + "/elsewhere");
}

TEST(ExportDialogModel, AForgottenFolderFallsBackToOneThatExists) {
  AppSettings s;
  s.exportFolder = "/no/such/folder/anywhere";
  const ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 1, s);
  EXPECT_NE(m.folder, s.exportFolder);
  EXPECT_TRUE(fs::is_directory(m.folder));
}

TEST(ExportDialogModel, ProblemsAreNamed) {
  TempFolder dir;
  AppSettings s;
  s.exportFolder = dir.str();
  ExportDialogModel m = ExportDialogModel::forLesson(lesson(), 1, s);
  m.folder = dir.str() + "/missing";
  EXPECT_NE(m.problem().find("does not exist"), std::string::npos);
  m.folder = dir.str();
  m.setFileName("a/b.png");
  EXPECT_NE(m.problem().find("choose the folder"), std::string::npos);
  m.setFileName("ok");
  m.options.panel = ExportPanel::Window;
  m.options.format = ExportFormat::Svg;
  EXPECT_NE(m.problem().find("PNG only"), std::string::npos);
}

TEST(ExportSettings, TheFolderSurvivesTheSettingsFile) {
  AppSettings s;
  s.exportFolder = "/home/lecturer/slides/figures";
  const AppSettings back = settingsFromJson(settingsToJson(s), "settings.json");
  EXPECT_EQ(back.exportFolder, s.exportFolder);
  EXPECT_EQ(settingsFromJson("{}", "settings.json").exportFolder, "");
}

}  // namespace
}  // namespace scanviz
