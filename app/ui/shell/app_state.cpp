#include "app/ui/shell/app_state.h"

#include <algorithm>

#include <utility>

#include "app/core/support/file_util.h"
#include "app/core/support/recently_used.h"
#include "app/core/trace/trace_config.h"
#include "app/core/trace/trace_json.h"
#include "app/ui/shell/command_line.h"

namespace scanviz {
namespace {

double millisecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

AppState::AppState(AppSettings settings, std::string settingsFile)
    : settings_(std::move(settings)), settingsFile_(std::move(settingsFile)) {}

void AppState::recapture() {
  pendingSourceFile_.clear();  // a capture of the controls: no longer the session's lesson
  worker_.submit(config);
}

bool AppState::poll() {
  std::optional<CaptureResult> r = worker_.take();
  if (!r) return false;
  if (!r->outcome) {
    pendingStep_.reset();
    if (hasTrace()) {
      showError(r->error);
    } else {
      fallBackToLesson(r->error);
    }
    return false;
  }
  RecaptureTiming timing;
  timing.request = r->id;
  timing.capture = r->timing;
  timing.takenMs = millisecondsSince(r->timing.submitted);
  ShownLesson lesson;
  lesson.trace = std::make_shared<const Trace>(std::move(r->outcome->trace));
  lesson.backendNote = std::move(r->outcome->backendNote);
  lesson.config = r->config;
  lesson.sourceFile = std::exchange(pendingSourceFile_, {});
  const bool keepBanner = fallingBackToLesson_;
  fallingBackToLesson_ = false;
  if (!keepBanner && banner_.error) clearBanner();
  show(std::move(lesson), pendingStep_.value_or(playback.step()));
  redrawing_ = timing;
  return true;
}

void AppState::frameDrawn(bool complete) {
  if (!redrawing_ || !complete) return;
  redrawing_->totalMs = millisecondsSince(redrawing_->capture.submitted);
  lastRecapture_ = redrawing_;
  redrawing_.reset();
}

void AppState::show(ShownLesson lesson, int step) {
  shown_ = std::move(lesson);
  pendingStep_.reset();
  redrawing_.reset();  // a lesson from a file or an application: no capture to time
  playback.load(static_cast<int>(shown_.trace->steps.size()), phaseMarkers(*shown_.trace), 0);
  applyStep(step);
}

void AppState::applyStep(int step) {
  playback.setStep(step);
  if (step > playback.lastStep())
    showNotice("step " + std::to_string(step) +
               " is past the last step of this trace; showing step " +
               std::to_string(playback.lastStep()));
}

void AppState::requestStep(int step) {
  if (busy() || !hasTrace()) {
    pendingStep_ = step;
  } else {
    applyStep(step);
  }
}

void AppState::fallBackToLesson(std::string problem) {
  showError(std::move(problem));
  fallingBackToLesson_ = true;
  worker_.submit(ScanOptions{});
}

void AppState::openLaunch(const LaunchOptions& lo) {
  openLaunchSource(lo);
  // The command line's counters settings win over a session's, for this run only.
  AppSettings s = settings_;
  if (lo.processors) s.brentProcessors = *lo.processors;
  if (lo.realElements) s.countersRealElements = true;
  updateSettings(s, /*persist=*/false);
}

void AppState::openLaunchSource(const LaunchOptions& lo) {
  if (!lo.sessionFile.empty()) {
    openSession(lo.sessionFile);
  } else if (!lo.traceFile.empty()) {
    openTrace(lo.traceFile);
  } else if (lo.application && lo.captureError.empty()) {
    openApplication(*lo.application);
  } else {
    config = lo.config;
    if (lo.captureError.empty()) {
      recapture();
    } else {
      fallBackToLesson(lo.captureError);
    }
  }
}

void AppState::openFile(const std::string& path) {
  bool session = false;
  try {
    session = fileLooksLikeSession(path);
  } catch (const FileError& e) {
    showError(e.what());
    return;
  }
  if (session) {
    openSession(path);
  } else {
    openTrace(path);
  }
}

void AppState::openTrace(const std::string& path, std::optional<int> step) {
  if (loadTraceFile(path, step)) rememberRecentFile(path);
}

bool AppState::loadTraceFile(const std::string& path, std::optional<int> step) {
  try {
    ShownLesson lesson;
    lesson.trace = std::make_shared<const Trace>(loadTrace(path));
    lesson.traceFile = path;
    lesson.sourceFile = path;
    lesson.config = config;
    // The controls describe the trace on screen (and a change to one captures from there).
    config = withSettingsOfTrace(config, lesson.trace->meta);
    clearBanner();
    show(std::move(lesson), step.value_or(0));
    return true;
  } catch (const std::exception& e) {
    // Most reasons name the file already; the banner says it once.
    const std::string problem = cannotOpenMessage("trace", path, e.what());
    if (hasTrace() || busy()) {
      showError(problem);
    } else {
      fallBackToLesson(problem);
    }
    return false;
  }
}

void AppState::showKernelRun(std::shared_ptr<const Trace> trace,
                             std::shared_ptr<const KernelListing> kernel) {
  ShownLesson lesson;
  lesson.trace = std::move(trace);
  lesson.traceFile = kernel->file;
  lesson.sourceFile = kernel->file;
  lesson.kernel = std::move(kernel);
  lesson.kernelRun = true;
  lesson.config = config;
  clearBanner();
  // The step on screen stays (a student runs the kernel again and looks at the same step).
  const int step = pendingStep_.value_or(hasTrace() ? playback.step() : 0);
  const int last = static_cast<int>(lesson.trace->steps.size()) - 1;
  show(std::move(lesson), std::clamp(step, 0, std::max(0, last)));
}

void AppState::openApplication(const ApplicationRequest& request) {
  try {
    auto run = std::make_shared<const ApplicationRun>(
        runApplication(request.id, request.input, request.options));
    checkScanIndex(request, *run);
    clearBanner();
    showApplicationRun(std::move(run), request.scan);
  } catch (const std::exception& e) {
    const std::string problem = std::string(applicationInfo(request.id).key) + ": " + e.what();
    if (hasTrace() || busy()) {
      showError(problem);
    } else {
      fallBackToLesson(problem);
    }
  }
}

void AppState::showApplicationScan(int scan) {
  if (!shown_.application || scan < 0 || scan >= static_cast<int>(shown_.application->scans.size()))
    return;
  showApplicationRun(shown_.application, scan);
}

void AppState::showApplicationRun(std::shared_ptr<const ApplicationRun> run, int scan) {
  const ApplicationScan& s = run->scans[static_cast<size_t>(scan)];
  ShownLesson lesson;
  // The trace lives in the run: the lesson shares the run's ownership.
  lesson.trace = std::shared_ptr<const Trace>(run, &s.trace);
  lesson.backendNote = s.backendNote;
  lesson.application = std::move(run);
  lesson.applicationScan = scan;
  // The controls describe the scan on screen, so that changing one recaptures that scan.
  const BackendChoice backend = config.backend;
  config = configFromTrace(s.trace, backend);
  lesson.config = config;
  show(std::move(lesson), 0);
}

void AppState::openSession(const std::string& path) {
  Session s;
  try {
    s = loadSession(path);
  } catch (const std::exception& e) {
    std::string why = e.what();
    if (why.rfind("session: ", 0) == 0) why.erase(0, 9);  // said by the message itself
    const std::string problem = cannotOpenMessage("session", path, why);
    if (hasTrace() || busy()) {
      showError(problem);
    } else {
      fallBackToLesson(problem);
    }
    return;
  }
  // The counters read the lesson as the session was saved (for this run: the saved settings stay).
  AppSettings counters = settings_;
  counters.brentProcessors = s.processors.value_or(counters.brentProcessors);
  counters.countersRealElements = s.realElements.value_or(counters.countersRealElements);
  updateSettings(counters, /*persist=*/false);
  if (!s.traceFile.empty()) {
    // The controls change only with the lesson: a session naming a missing trace leaves both.
    const ScanOptions before = config;
    config = s.config;
    if (loadTraceFile(s.traceFile, s.step)) {
      shown_.sourceFile = path;  // the title names the session the lecturer opened
      rememberRecentFile(path);
    } else {
      config = before;
    }
    return;
  }
  config = s.config;
  pendingStep_ = s.step;
  recapture();
  pendingSourceFile_ = path;
  rememberRecentFile(path);
}

Session AppState::currentSession() const {
  Session s;
  s.config = hasTrace() ? shown_.config : config;
  s.step = playback.step();
  s.traceFile = shown_.kernelRun ? "" : shown_.traceFile;
  s.processors = settings_.brentProcessors;
  s.realElements = settings_.countersRealElements;
  return s;
}

bool AppState::saveSession(const std::string& path) {
  try {
    scanviz::saveSession(currentSession(), path);
    setStatusNote("saved session to " + path);
    rememberRecentFile(path);
    return true;
  } catch (const std::exception& e) {
    showError(std::string("cannot save the session: ") + e.what());
    return false;
  }
}

void AppState::showError(std::string text) {
  banner_ = {std::move(text), true};
}
void AppState::showNotice(std::string text) {
  banner_ = {std::move(text), false};
}

std::string AppState::statusNote() const {
  return std::chrono::steady_clock::now() < statusNoteUntil_ ? statusNote_ : std::string();
}

void AppState::setStatusNote(std::string text) {
  statusNote_ = std::move(text);
  statusNoteUntil_ = std::chrono::steady_clock::now() + std::chrono::seconds(5);
}

void AppState::updateSettings(const AppSettings& s, bool persist) {
  settings_ = s;
  if (!persist || settingsFile_.empty()) return;
  try {
    saveSettings(settings_, settingsFile_);
  } catch (const std::exception& e) {
    setStatusNote(std::string("settings not saved: ") + e.what());
  }
}

void AppState::rememberRecentFile(const std::string& path) {
  if (path == "-") return;  // standard input cannot be opened again
  saveRecentFiles(withRecentFile(settings_.recentFiles, path));
  if (settingsFile_.empty()) return;  // a run that keeps no settings (export, tests)
  // Shared with the desktop too: its file chooser's and its shell's "Recent".
  bool session = false;
  try {
    session = fileLooksLikeSession(path);
  } catch (const FileError&) {
  }
  const std::string problem = addToRecentlyUsed(
      path, session ? "application/x-scanviz-session" : "application/x-scanviz-trace",
      recentlyUsedPath());
  if (!problem.empty()) setStatusNote("not added to the desktop's recent files: " + problem);
}

void AppState::clearRecentFiles() {
  saveRecentFiles({});
}

void AppState::saveRecentFiles(std::vector<std::string> recent) {
  settings_.recentFiles = std::move(recent);
  if (settingsFile_.empty()) return;
  try {
    scanviz::saveRecentFiles(settings_.recentFiles, settingsFile_);
  } catch (const std::exception& e) {
    setStatusNote(std::string("recent files not saved: ") + e.what());
  }
}

}  // namespace scanviz
