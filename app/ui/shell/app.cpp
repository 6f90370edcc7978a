#include "app/ui/shell/app.h"

// Key codes only: this file makes no GL calls.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/core/capture/sample_traces.h"
#include "app/core/deck/deck.h"
#include "app/core/support/file_util.h"
#include "app/ui/shell/browser_files.h"
#include "app/ui/shell/dropped_files.h"
#include "app/ui/shell/frame_loop.h"
#include "app/ui/shell/frame_output.h"
#include "app/ui/shell/key_names.h"
#include "app/ui/shell/recapture_measure.h"
#include "app/ui/shell/recent_menu.h"
#include "app/ui/shell/theme.h"
#include "app/ui/shell/view_registry.h"
#include "app/ui/views/center_view.h"
#include "app/ui/views/deck_panel.h"
#include "app/ui/views/heat_view.h"
#include "app/ui/views/panels.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

// Frames rendered after the lesson arrived before a scripted output is taken: ImGui sizes
// auto-fitting windows and tables over the first frames.
constexpr int kSettleFrames = 4;

// A deck file by content (a file that cannot be read is left to the trace's messages).
bool isDeckFile(const std::string& path) {
  try {
    return fileLooksLikeDeck(path);
  } catch (const std::exception&) {
    return false;
  }
}

std::string presenterScreenshotPath(const std::string& screenshot) {
  const auto dot = screenshot.rfind('.');
  const auto slash = screenshot.rfind('/');
  const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
  return (hasExtension ? screenshot.substr(0, dot) : screenshot) + ".presenter.png";
}

float toFloat(uint8_t v) {
  return static_cast<float>(v) / 255.0f;
}

}  // namespace

App::App(PlatformWindow& window, AppState& state, LaunchOptions options)
    : window_(window),
      state_(state),
      options_(std::move(options)),
      deck_(state_, views_, files_),
      pendingKeys_(options_.keys) {
  buildCommands();
}

void App::start() {
  // A deck given alone shows its view; the window's other start-up options are not given then.
  if (options_.deckPresents) {
    deck_.openFromLaunch(options_);
    return;
  }
  if (!options_.deckFile.empty()) deck_.openFromLaunch(options_);
  state_.openLaunch(options_);
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
  if (!options_.kernelFile.empty()) {
    if (const std::string problem = openKernelFile(kernelEditor_, options_.kernelFile);
        problem.empty())
      kernelEditor_.runRequested = true;
    else
      state_.fallBackToLesson(problem);
  }
#endif
  // With Compare shown, --step K is the position of its synchronised views.
  if (options_.step && compareShown(state_)) {
    state_.compare.requestPosition(*options_.step);
  } else if (options_.step) {
    state_.requestStep(*options_.step);
  }
  if (options_.diff) state_.compare.setKind(CompareKind::BackendDiff);
  if (!options_.drop.empty()) window_.queueDroppedPaths({options_.drop});
  views_.showRecentMenu = options_.showRecent;
  views_.heat.applyOptions(options_);
  views_.classMode.applyOptions(options_);
  if (options_.timingTab) applyTimingOptions(state_, options_);
}

void App::addPlaybackCommands() {
  Playback& pb = state_.playback;
  // While Compare is shown the same keys move its views instead (center_view.cpp).
  const auto hasTrace = [this] { return state_.hasTrace() && !compareShown(state_); };
  commands_.add({"play",
                 "Play / pause",
                 "Space",
                 {GLFW_KEY_SPACE},
                 false,
                 [&pb] { pb.togglePlay(); },
                 hasTrace});
  commands_.add({"forward",
                 "Step forward",
                 "Right",
                 {GLFW_KEY_RIGHT},
                 false,
                 [&pb] {
                   pb.pause();
                   pb.forward();
                 },
                 hasTrace});
  commands_.add({"back",
                 "Step back",
                 "Left",
                 {GLFW_KEY_LEFT},
                 false,
                 [&pb] {
                   pb.pause();
                   pb.back();
                 },
                 hasTrace});
  commands_.add({"first",
                 "First step",
                 "Home",
                 {GLFW_KEY_HOME},
                 false,
                 [&pb] {
                   pb.pause();
                   pb.first();
                 },
                 hasTrace});
  commands_.add({"last",
                 "Last step",
                 "End",
                 {GLFW_KEY_END},
                 false,
                 [&pb] {
                   pb.pause();
                   pb.last();
                 },
                 hasTrace});
  commands_.add({"faster",
                 "Faster",
                 "+",
                 {GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD},
                 false,
                 [&pb] { pb.faster(); },
                 {}});
  commands_.add({"slower",
                 "Slower",
                 "-",
                 {GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT},
                 false,
                 [&pb] { pb.slower(); },
                 {}});
  for (int k = 1; k <= 9; ++k)
    commands_.add({"phase-" + std::to_string(k),
                   "",
                   "",
                   {GLFW_KEY_0 + k, GLFW_KEY_KP_0 + k},
                   false,
                   [&pb, k] {
                     pb.pause();
                     pb.jumpToPhase(k);
                   },
                   hasTrace});
}

void App::addFileCommands() {
  commands_.add({"open", "Open trace or session...", "Ctrl+O", {GLFW_KEY_O}, true, [this] {
                   if (filesGoThroughBrowser()) {
                     awaitingBrowserFiles_ = true;
                     return pickFilesInBrowser();
                   }
                   const std::string samples = sampleTraceDirectory();
                   files_.open(FileDialog::Mode::Open, FileDialog::Purpose::OpenTraceOrSession,
                               "Open a trace or session", samples.empty() ? "." : samples);
                 }});
  commands_.add({"save-session",
                 "Save session...",
                 "Ctrl+S",
                 {GLFW_KEY_S},
                 true,
                 [this] {
                   if (filesGoThroughBrowser()) {
                     const std::string path = browserDownloadPath("lesson.session.json");
                     if (state_.saveSession(path)) downloadFromBrowser(path);
                     return;
                   }
                   files_.open(FileDialog::Mode::Save, FileDialog::Purpose::SaveSession,
                               "Save the session", ".", "lesson.session.json");
                 },
                 [this] { return state_.hasTrace(); }});
  commands_.add({"export",
                 "Export picture...",
                 "Ctrl+E",
                 {GLFW_KEY_E},
                 true,
                 [this] { exports_.open(state_, currentView(state_, views_).exportPanel); },
                 [this] { return state_.hasTrace(); }});
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
  commands_.add({"kernel-editor", "Write a kernel...", "Ctrl+K", {GLFW_KEY_K}, true, [this] {
                   kernelEditor_.open = !kernelEditor_.open;
                 }});
  // While the editor's text has the keyboard, the editor sees Ctrl+Enter itself (commands wait
  // while text is typed); this is the same run from anywhere else, and for --keys.
  commands_.add({"kernel-run",
                 "Run the kernel",
                 "Ctrl+Enter",
                 {GLFW_KEY_ENTER},
                 true,
                 [this] { kernelEditor_.runRequested = true; },
                 [this] { return kernelEditor_.open; }});
#endif
  commands_.add({"quit", "Quit", "Ctrl+Q", {GLFW_KEY_Q}, true, [this] { window_.requestClose(); }});
}

void App::addViewCommands() {
  commands_.add({"fullscreen", "Fullscreen", "F", {GLFW_KEY_F}, false, [this] {
                   window_.toggleFullscreen();
                 }});
  commands_.add({"presentation", "Presentation mode", "P", {GLFW_KEY_P}, false, [this] {
                   state_.presentation = !state_.presentation;
                 }});
  commands_.add({"symbolic-values", "Symbolic values (x0..x3)", "X", {GLFW_KEY_X}, false, [this] {
                   state_.symbolic = !state_.symbolic;
                 }});
  commands_.add(
      {"leave", "Leave presentation / fullscreen", "Esc", {GLFW_KEY_ESCAPE}, false, [this] {
         if (state_.presentation)
           state_.presentation = false;
         else if (window_.fullscreen())
           window_.toggleFullscreen();
       }});
  commands_.add({"shortcuts", "Keyboard shortcuts", "F1", {GLFW_KEY_F1}, false, [this] {
                   showShortcuts_ = true;
                 }});
}

void App::buildCommands() {
  deck_.addCommands(commands_);  // first: while a deck is given its keys win
  addPlaybackCommands();
  addFileCommands();
  addViewCommands();
  addViewRegistryCommands(commands_, state_, views_);
  addClassModeCommands(commands_, state_, views_);
  addCenterViewCommands(commands_, state_);
}

// Fonts are rasterised for DPI x UI scale; both can change while running (the slider, or the
// window moving to another monitor), and the atlas must be rebuilt outside a frame.
void App::updateStyle() {
  const AppSettings& s = state_.settings();
  int width = 0, height = 0;
  window_.windowSize(width, height);
  const float ui =
      state_.presentation ? presentationUiScale(s.uiScale, static_cast<float>(height)) : s.uiScale;
  const float scale = window_.contentScale() * ui;
  const bool rescale = scale != styledScale_;
  if (rescale) {
    fonts_ = buildFonts(*ImGui::GetIO().Fonts, scale);
    // The first frame's backend setup uploads the atlas itself; later changes need a new upload.
    if (styledScale_ != 0) window_.rebuildFontTexture();
  }
  if (rescale || s.theme != styledTheme_ || s.palette != styledPalette_) {
    palette_ = viewPalette(s.theme, s.palette);
    applyTheme(s.theme, palette_, scale);
    styledScale_ = scale;
    styledTheme_ = s.theme;
    styledPalette_ = s.palette;
  }
}

void App::handleDialog(UiContext& ui) {
  const std::optional<std::string> path = files_.draw(fonts_.pixelScale);
  ui.report.panels["files"] = {{"own_dialog", files_.isOpen() && !files_.waiting()},
                               {"desktop_chooser", files_.waiting()}};
  if (!path) return;
  switch (files_.purpose()) {
    case FileDialog::Purpose::OpenTraceOrSession:
      if (isDeckFile(*path)) {
        deck_.open(*path);
      } else {
        state_.openFile(*path);
      }
      break;
    case FileDialog::Purpose::SaveDeck:
      deck_.saveAs(*path);
      break;
    case FileDialog::Purpose::SaveSession:
      saveFlow_.choose(state_, *path);
      break;
    case FileDialog::Purpose::InputValues:
      state_.config.source = InputSource::File;
      state_.config.inputFile = *path;
      state_.recapture();
      break;
  }
}

bool App::dialogOpen() const {
  return files_.isOpen() || exports_.isOpen() || saveFlow_.asking();
}

void App::handleDropsAndScriptedSave() {
  const std::vector<std::string> dropped = window_.takeDroppedPaths();
  if (!dropped.empty()) awaitingBrowserFiles_ = false;
  if (!dropped.empty() && dialogOpen()) {
    state_.setStatusNote("close the dialog first, then drop the file again");
  } else {
    std::vector<std::string> others;
    for (const std::string& path : dropped) {
      if (isDeckFile(path)) {
        deck_.open(path);
      } else {
        others.push_back(path);
      }
    }
    openDroppedFiles(state_, others);
  }
  // --save-session: as if the Save dialog had returned the path, once there is a lesson to save.
  if (!options_.saveSession.empty() && state_.hasTrace() && !state_.busy()) {
    if (!saveFlow_.choose(state_, options_.saveSession))
      scriptFailure_ = {1, "--save-session: " + state_.banner().text};
    options_.saveSession.clear();
  }
}

void App::frame(bool captureOutput) {
  updateStyle();
  window_.newFrame(options_.scripted());
  const auto now = std::chrono::steady_clock::now();
  const double dt = std::chrono::duration<double>(now - lastFrame_).count();
  lastFrame_ = now;
  state_.poll();
  if (const std::string title = windowTitle(state_); title != title_) {
    window_.setTitle(title);
    title_ = title;
  }
  handleDropsAndScriptedSave();
  // --export-dialog: opened once the lesson is there, since the dialog opens on what is shown.
  if (options_.exportDialog && state_.hasTrace() && !state_.busy()) {
    options_.exportDialog = false;
    exports_.open(state_, currentView(state_, views_).exportPanel);
  }
  if (!options_.scripted()) state_.playback.tick(std::min(dt, 0.25));
  deck_.tick();
  // A dialog owns the keyboard while it is open (Escape closes it, Space is not play).
  if (!dialogOpen()) commands_.handleKeys();
  pressScriptedKey();  // to the dialog's widgets while one is open
  report_.contentScale = window_.contentScale();
  report_.pixelScale = fonts_.pixelScale;
  UiContext ui{state_, fonts_,    palette_, fonts_.pixelScale,   report_,
               files_, commands_, views_,   !options_.scripted()};
  // B: the screen goes dark (the students look at the lecturer); the next key brings it back.
  if (!deck_.blank()) drawMainLayout(ui);
  if (deck_.panelOpen) drawDeckPanel(ui, deck_);
  if (deck_.editor.open()) report_.panels["deck"] = deck_.report();
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
  if (kernelEditor_.open) {
    drawKernelEditor(ui, kernelEditor_);
    report_.panels["kernel"] = kernelEditorReport(kernelEditor_);
  }
#endif
  handleDialog(ui);
  saveFlow_.draw(ui);
  if (options_.scripted()) reportRecentFiles(ui);
  drawShortcutsWindow(ui, &showShortcuts_);
  exports_.draw(ui);
  const Color bg = deck_.blank() ? Color{0, 0, 0, 255} : palette_.background;
  window_.render(toFloat(bg.r), toFloat(bg.g), toFloat(bg.b));
  if (captureOutput) captured_ = window_.readPixels();
  window_.present();
  drawPresenter(captureOutput);
  // Between frames: the export draws offscreen in its own ImGui context.
  exports_.advance(state_);
}

int App::writeOutputs() {
  try {
    if (!options_.screenshot.empty()) writePng(captured_, options_.screenshot);
    // The presenter window's picture beside the window's: NAME.png and NAME.presenter.png.
    if (!options_.screenshot.empty() && presenter_)
      writePng(presenter_->lastPixels(), presenterScreenshotPath(options_.screenshot));
    if (!options_.dumpScene.empty()) {
      int w = 0, h = 0;
      window_.windowSize(w, h);
      writeFileAtomically(options_.dumpScene, frameReportJson(report_, state_, w, h));
    }
  } catch (const std::exception& e) {
    std::cerr << "scanviz: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

void App::timeFrames() {
  window_.setVsync(false);
  std::vector<double> ms;
  ms.reserve(static_cast<size_t>(options_.frameTimes));
  for (int i = 0; i < options_.frameTimes && !window_.shouldClose(); ++i) {
    const auto start = std::chrono::steady_clock::now();
    window_.pollEvents(0);
    frame(false);
    window_.finish();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  const auto at = [&ms](double q) {
    return ms[std::min(ms.size() - 1, static_cast<size_t>(q * static_cast<double>(ms.size())))];
  };
  int w = 0, h = 0;
  window_.windowSize(w, h);
  std::printf(
      "frame times over %zu frames (%dx%d, %s, N = %lld): median %.2f ms, 95th percentile %.2f "
      "ms\n",
      ms.size(), w, h, window_.rendererName().c_str(),
      state_.hasTrace() ? state_.trace().meta.n : 0ll, ms.empty() ? 0.0 : at(0.5),
      ms.empty() ? 0.0 : at(0.95));
}

void App::finishedFrame() {
  // Paced like a display at 60 Hz: the window waits between frames instead of drawing as fast as
  // it can, which would take the CPU from the capture and the heat view's grid (llvmpipe draws on
  // the CPU).
  constexpr double kFrameSeconds = 1.0 / 60;
  const auto start = std::chrono::steady_clock::now();
  frame(false);
  window_.finish();
  state_.frameDrawn(!views_.heat.busy());
  const double spent =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  window_.pollEvents(std::max(0.0, kFrameSeconds - spent));
}

bool App::measureRecaptures() {
  window_.setVsync(false);
  const std::optional<RecaptureTiming> first = state_.lastRecapture();
  const Trace& shown = state_.trace();
  const std::string lesson =
      shown.meta.algorithm + " N = " + std::to_string(shown.meta.n) + ", " + shown.meta.dtype;
  const std::string device = shown.meta.backend + ": " + shown.meta.device;
  std::vector<RecaptureSample> samples;
  for (const PlannedRecapture& p :
       recapturePlan(state_.shown().config, shown.meta.blockSize, options_.measureRecapture)) {
    const uint64_t before = state_.lastRecapture() ? state_.lastRecapture()->request : 0;
    state_.config = p.config;
    state_.recapture();
    while (!window_.shouldClose()) {
      finishedFrame();
      if (state_.lastRecapture() && state_.lastRecapture()->request != before) break;
      if (!state_.busy() && state_.banner().error && !state_.banner().text.empty()) {
        std::fprintf(stderr, "scanviz: re-capture failed: %s\n", state_.banner().text.c_str());
        return false;
      }
    }
    const Trace& t = state_.trace();
    samples.push_back({p.change, t.meta.n, t.meta.blockSize, t.meta.op, *state_.lastRecapture()});
  }
  std::fputs(recaptureReport(samples, first, lesson, device).c_str(), stdout);
  return true;
}

void App::drawPresenter(bool captureOutput) {
  if (deck_.presenterOpen && !presenter_) {
    try {
      presenter_ = std::make_unique<PresenterWindow>(window_);
    } catch (const WindowError& e) {
      state_.showError(e.what());
      deck_.presenterOpen = false;
    }
  }
  if (presenter_ && (!deck_.presenterOpen || presenter_->closeRequested())) {
    presenter_.reset();
    deck_.presenterOpen = false;
  }
  if (!presenter_) return;
  const PresenterContent content = deck_.presenterContent();
  report_.panels["presenter"] = presenterContentJson(content);
  presenter_->draw(content, palette_, captureOutput);
}

bool App::settled() const {
  return !state_.busy() && state_.hasTrace() && !state_.compare.busy() && !timingBusy(state_) &&
         !views_.heat.busy() && !deck_.arriving() && !files_.waiting() && !awaitingBrowserFiles_ &&
         !exports_.busy() && !kernelRunPending();
}

bool App::kernelRunPending() const {
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
  return kernelEditor_.open && kernelEditor_.runRequested;
#else
  return false;
#endif
}

void App::pressScriptedKey() {
  if (pendingKeys_.empty() || !settled()) return;
  const std::string name = pendingKeys_.front();
  pendingKeys_.erase(pendingKeys_.begin());
  const std::optional<KeyPress> k = parseKeyName(name);
  if (!k) return;
  // With a dialog open, its widgets get the key (Enter exports from the Export dialog).
  if (dialogOpen() && !k->ctrl) return window_.pressKeyForWidgets(k->key);
  if (commands_.press(k->key, k->ctrl)) return;
  std::fprintf(stderr, "scanviz: --keys: %s does nothing here\n", name.c_str());
}

int App::runScripted() {
  int settled = 0;
  return runFrameLoop(
      [this, settled]() mutable {
        if (window_.shouldClose()) return false;
        window_.pollEvents(0);
        const bool ready = this->settled() && pendingKeys_.empty();
        settled = ready ? settled + 1 : 0;
        const bool take = settled > kSettleFrames;
        frame(take && (!options_.screenshot.empty()));
        state_.frameDrawn(!views_.heat.busy());
        return !take;
      },
      [this] { return finishScripted(); });
}

int App::finishScripted() {
  // No picture of something else: a bad --drop or --step writes no screenshot. --dump-scene
  // still records the banner, and the exit code says the input was bad.
  const ScriptFailure refused = scriptedInputProblem();
  if (refused.code != 0 && !options_.screenshot.empty()) {
    std::cerr << "scanviz: " << refused.message << "\n";
    return refused.code;
  }
  if (options_.frameTimes > 0) timeFrames();
  if (options_.measureRecapture > 0 && !measureRecaptures()) return 1;
  const int written = writeOutputs();
  const ScriptFailure& failure = refused.code != 0 ? refused : scriptFailure_;
  if (written == 0 && failure.code != 0) {
    std::cerr << "scanviz: " << failure.message << "\n";
    return failure.code;
  }
  return written;
}

App::ScriptFailure App::scriptedInputProblem() const {
  // A dropped file that did not open, or a step the lesson does not have: a picture of something
  // else would pass for the result.
  if (!options_.drop.empty() && state_.banner().error && !state_.banner().text.empty())
    return {2, "--drop: " + state_.banner().text};
  if (options_.step && state_.hasTrace() && !compareShown(state_) && !spotTheBugShown(state_) &&
      *options_.step > state_.playback.lastStep())
    return {2, "--step " + std::to_string(*options_.step) +
                   " is past the last step of this lesson: its steps are 0 to " +
                   std::to_string(state_.playback.lastStep())};
  return {};
}

int App::run() {
  lastFrame_ = std::chrono::steady_clock::now();
  start();
  if (options_.scripted()) return runScripted();
  return runFrameLoop(
      [this] {
        if (window_.shouldClose()) return false;
        // Sleep until input arrives unless something moves on screen.
        const bool moving = state_.busy() || state_.playback.playing() || exports_.busy() ||
                            state_.compare.busy() || state_.compare.playback.playing() ||
                            timingBusy(state_) || views_.heat.busy() || deck_.arriving();
        window_.pollEvents(moving ? 0 : 0.1);
        frame(false);
        state_.frameDrawn(!views_.heat.busy());
        return true;
      },
      [this] {
        stopTimingRun(state_);
        if (scriptFailure_.code != 0) std::cerr << "scanviz: " << scriptFailure_.message << "\n";
        return scriptFailure_.code;
      });
}

}  // namespace scanviz
