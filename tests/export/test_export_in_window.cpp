// The export inside a real window (under Xvfb): a PNG drawn offscreen between the window's frames
// comes out at the asked scale, and the window's next frame is the same picture as before (the
// export's ImGui context, fonts and OpenGL state never leak into the window's).
#include <gtest/gtest.h>
#include <imgui.h>
#include <stb/stb_image.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/export/export_job.h"
#include "app/export/picture.h"
#include "app/scene/palette.h"
#include "app/ui/export/export_dialog.h"
#include "app/ui/export/window_picture.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/platform_window.h"
#include "app/ui/shell/theme.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "tests/common/headless_ui.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

float unit(uint8_t v) {
  return static_cast<float>(v) / 255.0f;
}

TEST(ExportInWindow, PngBetweenFramesLeavesTheWindowAsItWas) {
  PlatformWindow window(1280, 800, "scanviz export test", "");
  AppState state(AppSettings{}, "");
  state.config.backend = BackendChoice::Cpu;
  captureNow(state);
  state.playback.setStep(1);
  const FontSet fonts = buildFonts(*ImGui::GetIO().Fonts, 1.0f);
  const ViewPalette palette = viewPalette(Theme::Dark, Palette::Classic);
  applyTheme(Theme::Dark, palette, 1.0f);
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  ViewStates views;
  ExportDialog dialog;
  const fs::path folder =
      fs::temp_directory_path() / ("scanviz-window-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  bool start = false;
  const auto frame = [&] {
    window.newFrame(true);
    UiContext ui{state, fonts, palette, 1.0f, report, files, commands, views, false};
    drawMainLayout(ui);
    if (start) {
      dialog.startExport(ui);
      start = false;
    }
    window.render(unit(palette.background.r), unit(palette.background.g),
                  unit(palette.background.b));
    PixelImage shown = window.readPixels();
    window.present();
    dialog.advance(state);  // where the App runs it: between frames
    return shown;
  };
  for (int i = 0; i < 5; ++i) frame();
  const PixelImage before = frame();

  dialog.open(state);
  ExportDialogModel& m = dialog.model();
  m.options.scale = 2;
  m.options.style.theme = Theme::Light;  // for the picture only
  m.folder = folder.string();
  m.update();
  const std::string path = m.outputPath();
  start = true;
  frame();
  for (int i = 0; i < 200 && dialog.busy(); ++i) frame();
  ASSERT_FALSE(dialog.busy());
  ASSERT_TRUE(fs::exists(path)) << state.banner().text;

  // The window draws exactly what it drew before the export (once the status line's "exported
  // to ..." note is gone).
  EXPECT_NE(state.statusNote().find(path), std::string::npos);
  state.setStatusNote("");
  const PixelImage after = frame();
  ASSERT_EQ(after.width, before.width);
  ASSERT_EQ(after.height, before.height);
  size_t differing = 0;
  int top = after.height, bottom = -1;
  for (size_t i = 0; i < before.rgba.size(); ++i) {
    if (before.rgba[i] == after.rgba[i]) continue;
    ++differing;
    const int y = static_cast<int>(i / 4 / static_cast<size_t>(after.width));
    top = std::min(top, y);
    bottom = std::max(bottom, y);
  }
  EXPECT_EQ(differing, 0u) << "rows " << top << " to " << bottom << " differ";
  EXPECT_EQ(state.settings().theme, Theme::Dark);

  // The picture: the light theme at twice the size of the 1x layout.
  int w = 0, h = 0, channels = 0;
  unsigned char* png = stbi_load(path.c_str(), &w, &h, &channels, 4);
  ASSERT_NE(png, nullptr);
  PictureStyle style;
  style.theme = Theme::Light;
  const Scene scene = stepPicture(state.trace(), 1, style);
  EXPECT_NEAR(w, 2 * scene.width, 1.0);
  EXPECT_NEAR(h, 2 * scene.height, 1.0);
  EXPECT_EQ(png[0], 255);  // the light theme's white background in the corner
  EXPECT_EQ(png[1], 255);
  EXPECT_EQ(png[2], 255);
  stbi_image_free(png);
  std::error_code ec;
  fs::remove_all(folder, ec);
}

// A long export runs a unit of work per slice with its progress rising; Cancel stops it between
// units and removes what it had written: the frames so far and the folder it made for them, or
// the half-written GIF. The user's own files in that folder stay.
TEST(ExportInWindow, ProgressRisesAndCancelRemovesThePartialFiles) {
  PlatformWindow window(640, 480, "scanviz export cancel test", "");
  AppState state(AppSettings{}, "");
  state.config.backend = BackendChoice::Cpu;
  state.config.algorithm = AlgorithmId::BrentKung;
  captureNow(state);
  auto trace = std::make_shared<const Trace>(state.trace());
  const int last = static_cast<int>(trace->steps.size()) - 1;
  ASSERT_GE(last, 4);
  const fs::path folder =
      fs::temp_directory_path() / ("scanviz-cancel-" + std::to_string(::getpid()));
  fs::create_directories(folder);

  ExportOptions o;
  o.format = ExportFormat::PngSequence;
  o.scale = 2;
  o.steps = {0, last};
  const std::string frames = (folder / "frames").string();
  {
    ExportJob job(trace, o, frames, std::make_shared<WindowCanvas>());
    ASSERT_EQ(job.error(), "");
    float before = job.progress();
    EXPECT_EQ(before, 0.0f);
    for (int i = 0; i < 3; ++i) {  // the layout, then two frames
      job.step();
      EXPECT_GT(job.progress(), before) << "after unit " << i;
      before = job.progress();
    }
    EXPECT_LT(job.progress(), 1.0f);
    EXPECT_NE(job.stage().find("frame 3 of"), std::string::npos) << job.stage();
    // Frames replace their files together at the end: so far two temporary files, no frame.
    EXPECT_TRUE(job.written().empty());
    int temporary = 0;
    for (const auto& e : fs::directory_iterator(frames)) {
      EXPECT_EQ(e.path().filename().string().rfind('.', 0), 0u) << e.path();
      ++temporary;
    }
    EXPECT_EQ(temporary, 2);
    job.cancel();
    EXPECT_TRUE(job.cancelled());
    EXPECT_FALSE(job.succeeded());
    EXPECT_TRUE(job.finished());
    EXPECT_FALSE(fs::exists(frames)) << "the folder the export made is removed";
  }

  // A GIF cancelled after its first frames leaves no file.
  o.format = ExportFormat::Gif;
  o.scale = 1;
  const std::string gif = (folder / "run.gif").string();
  {
    ExportJob job(trace, o, gif, std::make_shared<WindowCanvas>());
    job.step();  // the palette and the file
    job.step();  // the first frame
    EXPECT_FALSE(fs::exists(gif)) << "the GIF appears only when whole";
    EXPECT_FALSE(fs::is_empty(folder)) << "its temporary file";
    job.cancel();
    EXPECT_FALSE(fs::exists(gif));
    EXPECT_TRUE(fs::is_empty(folder)) << "the temporary file is removed";
  }

  // Into a folder that was there before: the frames go, the folder and its other files stay.
  const fs::path mine = folder / "notes.txt";
  { std::ofstream(mine) << "keep me"; }
  o.format = ExportFormat::PngSequence;
  {
    ExportJob job(trace, o, folder.string(), std::make_shared<WindowCanvas>());
    job.step();
    job.step();
    EXPECT_TRUE(job.written().empty());
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator{}), 2);
    job.cancel();
    EXPECT_TRUE(fs::exists(mine));
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator{}), 1);
  }

  // From the dialog: Cancel export between slices, then a status note and no toast.
  const FontSet fonts = buildFonts(*ImGui::GetIO().Fonts, 1.0f);
  const ViewPalette palette = viewPalette(Theme::Dark, Palette::Classic);
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  ViewStates views;
  ExportDialog dialog;
  dialog.open(state);
  ExportDialogModel& m = dialog.model();
  m.options.format = ExportFormat::Gif;
  m.options.scale = 4;
  m.steps = StepChoice::All;
  m.folder = folder.string();
  m.update();
  const std::string path = m.outputPath();
  window.newFrame(true);
  {
    UiContext ui{state, fonts, palette, 1.0f, report, files, commands, views, false};
    dialog.startExport(ui);
  }
  window.render(0, 0, 0);
  window.present();
  dialog.advance(state);
  ASSERT_TRUE(dialog.busy()) << "a 4x GIF of every step takes more than one slice";
  EXPECT_GT(dialog.progress(), 0.0f);
  EXPECT_LT(dialog.progress(), 1.0f);
  dialog.cancelExport();
  dialog.advance(state);
  EXPECT_FALSE(dialog.busy());
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(dialog.toastPath(), "");
  EXPECT_NE(state.statusNote().find("cancelled"), std::string::npos) << state.statusNote();
  EXPECT_EQ(state.banner().text, "") << "a cancelled export is no failure";

  std::error_code ec;
  fs::remove_all(folder, ec);
}

}  // namespace
}  // namespace scanviz
