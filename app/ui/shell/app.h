// The window's frame loop: fonts and style for the current scale, the commands, the panels, the
// dialogs, and the scripted modes (--screenshot, --dump-scene, --frame-times,
// --measure-recapture).
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "app/scene/palette.h"
#include "app/ui/export/export_dialog.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/deck_controller.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/platform_window.h"
#include "app/ui/shell/presenter_window.h"
#include "app/ui/shell/save_session_flow.h"
#include "app/ui/shell/ui_context.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/kernel_editor.h"

namespace scanviz {

class App {
 public:
  App(PlatformWindow& window, AppState& state, LaunchOptions options);
  // Returns the exit code.
  int run();

 private:
  void start();
  void buildCommands();
  void addPlaybackCommands();
  void addFileCommands();
  void addViewCommands();
  void updateStyle();
  // One frame; captureOutput keeps its pixels for --screenshot.
  void frame(bool captureOutput);
  void handleDialog(UiContext& ui);
  // Files dropped on the window (or --drop), and --save-session once the lesson is there.
  void handleDropsAndScriptedSave();
  // Whether what is on screen is whole: no capture, Compare lane, timing run, heat grid or deck
  // view still on its way.
  bool settled() const;
  // Presses the next --keys key once what is on screen is whole.
  void pressScriptedKey();
  // Opens, draws or closes the presenter window as the deck asks (V).
  void drawPresenter(bool captureOutput);
  bool dialogOpen() const;
  int runScripted();
  int finishScripted();  // after the last scripted frame: the outputs and the exit code
  int writeOutputs();
  // A failure that decides the exit code: --save-session could not write (1); --drop did not
  // open, or --step is past the lesson's end (2).
  struct ScriptFailure {
    int code = 0;
    std::string message;
  };
  ScriptFailure scriptedInputProblem() const;
  void timeFrames();
  // --measure-recapture: false when a capture failed.
  bool measureRecaptures();
  // Renders one frame, waits for the GPU, and tells the state whether the lesson was drawn whole.
  void finishedFrame();

  PlatformWindow& window_;
  AppState& state_;
  LaunchOptions options_;
  FontSet fonts_;
  ViewPalette palette_;
  Theme styledTheme_ = Theme::Dark;
  Palette styledPalette_ = Palette::Classic;
  float styledScale_ = 0;
  // Before the commands, which refer to the views (the heat view's H).
  ViewStates views_;
  CommandTable commands_;
  FileDialog files_;
  // A kernel run asked for and not made yet (the editor runs once the lesson's capture is in).
  bool kernelRunPending() const;
  DeckController deck_;
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
  KernelEditorState kernelEditor_;  // File > Write a kernel (kernel_editor.h)
#endif
  // --keys still to press, one a frame once the lesson is there.
  std::vector<std::string> pendingKeys_;
  std::unique_ptr<PresenterWindow> presenter_;
  ExportDialog exports_;
  SaveSessionFlow saveFlow_;
  FrameReport report_;
  PixelImage captured_;
  bool showShortcuts_ = false;
  // The page asked the browser's file picker (Ctrl+O) and its files have not come yet: a
  // scripted run waits for them as for a capture.
  bool awaitingBrowserFiles_ = false;
  ScriptFailure scriptFailure_;
  std::string title_;  // the title bar's text, as last set
  std::chrono::steady_clock::time_point lastFrame_;
};

}  // namespace scanviz
