// The model the panels read: the lesson on screen (a trace and where it came from), what the
// controls say, playback, settings, the benchmark runs and the messages for the user. Panels call
// its actions; it never touches ImGui, so the whole flow can be tested without a window.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/core/applications/application_request.h"
#include "app/core/capture/capture_config.h"
#include "app/core/capture/capture_worker.h"
#include "app/core/capture/session.h"
#include "app/core/playback/compare_model.h"
#include "app/core/playback/playback.h"
#include "app/core/support/app_settings.h"
#include "app/core/trace/trace.h"
#include "app/ui/views/spot_the_bug.h"
#include "app/ui/views/timing_state.h"

namespace scanviz {

struct LaunchOptions;

struct Banner {
  std::string text;   // empty: no banner
  bool error = true;  // false: a notice (e.g. a step that was clamped)
};

// A student's kernel run's source and the lines each step wrote (1-based first and last; 0: none).
struct KernelListing {
  std::string file;
  std::vector<std::string> lines;
  std::vector<std::pair<int, int>> stepLines;
  // What the run is, in the explanation panel's place of an algorithm's summary: the kernel, its
  // verdict and how its steps compare with the built-in algorithm's.
  std::string about;
};

struct ShownLesson {
  std::shared_ptr<const Trace> trace;
  std::string traceFile;    // non-empty: opened from this file rather than captured
  std::string sourceFile;   // the trace or session file it came from (the window's title)
  std::string backendNote;  // why `auto` fell back to the emulator, if it did
  ScanOptions config;       // the configuration that captured it
  // An application's lesson: its run, whose scan `applicationScan` is the trace on screen.
  std::shared_ptr<const ApplicationRun> application;
  int applicationScan = 0;
  // A student's kernel run: traceFile names the kernel's source, which a session cannot reopen as
  // a trace (a session saves the controls' configuration instead).
  bool kernelRun = false;
  std::shared_ptr<const KernelListing> kernel;  // the code panel shows it in the textbook's place
};

// A capture's request until the window had drawn its result whole: the worker's part and the
// window's (taking the result, building the views, drawing the first complete frame).
struct RecaptureTiming {
  uint64_t request = 0;  // the worker's id of the request
  CaptureWorkTimes capture;
  double takenMs = 0;  // submitted until the window took the result
  double totalMs = 0;  // submitted until the first frame that shows it whole was drawn
};

class AppState {
 public:
  AppState(AppSettings settings, std::string settingsFile);

  // What the controls show and edit; differs from shown().config while a capture runs or after
  // one failed.
  ScanOptions config;
  Playback playback;
  bool presentation = false;
  bool symbolic = false;  // the array view's cells show the inputs they combine (x0..x3)
  // Compare's lanes and their playback (View > Compare); captured only while Compare is shown.
  CompareModel compare;
  // The session's benchmark runs, the runner measuring one in the background, and the Timing
  // view's form and choices (View > Timing, the Export dialog's timing plots).
  TimingState timing;
  // The "Spot the bug" lesson shown in Compare's place, if one is open (menu Spot the bug).
  SpotTheBugState spotTheBug;

  // Captures `config` in the background; the lesson on screen stays until the result arrives.
  void recapture();
  // Takes a finished capture (call once a frame). True when the lesson on screen changed.
  bool poll();
  // The window calls this after each frame with whether that frame showed the lesson whole
  // (nothing still being built for it); the first such frame after a capture ends its timing.
  void frameDrawn(bool complete);
  // The last capture's timing once its frame was drawn; empty before.
  const std::optional<RecaptureTiming>& lastRecapture() const { return lastRecapture_; }
  bool busy() const { return worker_.busy(); }
  double busySeconds() const { return worker_.busySeconds(); }
  std::string busyDescription() const { return worker_.busyDescription(); }
  void waitForCapture() { worker_.waitIdle(); }

  bool hasTrace() const { return shown_.trace != nullptr; }
  const Trace& trace() const { return *shown_.trace; }
  const ShownLesson& shown() const { return shown_; }

  // A trace or a session, told apart by content. Failures become the banner; the lesson on screen
  // and the controls stay. A file opened or saved goes first in File > Open recent.
  void openFile(const std::string& path);
  void openTrace(const std::string& path, std::optional<int> step = std::nullopt);
  void openSession(const std::string& path);
  // Runs an application's scans (small inputs: at once, on this thread) and shows the scan the
  // request names under its picture. A failure becomes the banner; the lesson on screen stays.
  void openApplication(const ApplicationRequest& request);
  // Shows another scan of the application on screen, from its first step.
  void showApplicationScan(int scan);
  bool saveSession(const std::string& path);
  // A student's kernel run (kernel_editor.h) as the lesson: `kernelFile` names it in the title,
  // and Compare's diff sets it beside a fresh capture of the algorithm the trace names.
  void showKernelRun(std::shared_ptr<const Trace> trace,
                     std::shared_ptr<const KernelListing> kernel);
  // Puts `path` first in the recent files and writes that list to the settings file (only that
  // list: command-line overrides of this run are not saved).
  void rememberRecentFile(const std::string& path);
  void clearRecentFiles();
  Session currentSession() const;
  // Shows this step once the next lesson arrives (or now, when none is on its way).
  void requestStep(int step);
  // Names a problem found before anything was on screen (a bad command line) and captures the
  // default lesson under the banner, so the window never opens empty.
  void fallBackToLesson(std::string problem);
  // What the command line asked to show first (the window's and an export's): its session, trace
  // or application, else a capture of its configuration, or the problem found in the capture
  // options (captureError) over the default lesson.
  // Then the counters' --processors and --real-elements, over a session's.
  void openLaunch(const LaunchOptions& lo);

  const Banner& banner() const { return banner_; }
  void showError(std::string text);
  void showNotice(std::string text);
  void clearBanner() { banner_ = {}; }
  // A short-lived line for the status bar ("saved session to ..."); empty once it expired.
  std::string statusNote() const;
  void setStatusNote(std::string text);

  const AppSettings& settings() const { return settings_; }
  // persist: write the settings file (UI changes); false for command-line overrides.
  void updateSettings(const AppSettings& s, bool persist = true);
  const std::string& settingsFile() const { return settingsFile_; }

 private:
  // The session, trace, application or capture the command line names.
  void openLaunchSource(const LaunchOptions& lo);
  void show(ShownLesson lesson, int step);
  void showApplicationRun(std::shared_ptr<const ApplicationRun> run, int scan);
  // False (and the banner says why) when the file cannot be read as a trace.
  bool loadTraceFile(const std::string& path, std::optional<int> step);
  void saveRecentFiles(std::vector<std::string> recent);
  void applyStep(int step);

  AppSettings settings_;
  std::string settingsFile_;
  std::string pendingSourceFile_;  // the session whose capture is on its way
  ShownLesson shown_;
  Banner banner_;
  std::string statusNote_;
  std::chrono::steady_clock::time_point statusNoteUntil_;
  std::optional<int> pendingStep_;
  bool fallingBackToLesson_ = false;  // keep the banner that explains why the lesson is shown
  std::optional<RecaptureTiming> redrawing_;  // taken, its first complete frame not yet drawn
  std::optional<RecaptureTiming> lastRecapture_;
  CaptureWorker worker_;  // last: its thread stops before the rest goes away
};

}  // namespace scanviz
