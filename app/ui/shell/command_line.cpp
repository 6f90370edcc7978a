#include "app/ui/shell/command_line.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "app/core/bench/bench_format.h"
#include "app/core/capture/session.h"
#include "app/core/deck/deck.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "app/core/lesson/quiz_session.h"
#include "app/core/playback/compare_sync.h"
#include "app/core/support/file_util.h"
#include "app/core/support/whole_number.h"
#include "app/core/trace/trace_json.h"
#include "app/options/application_options.h"
#include "app/options/capture_options.h"
#include "app/ui/shell/deck_views.h"
#include "app/ui/shell/key_names.h"
#include "app/ui/shell/window_options.h"

namespace scanviz {
namespace {

// --ui-scale, or --scale as it was called before (the same option; both at once are refused).
std::optional<float> parseUiScale(const Args& a) {
  const std::string key = a.spelling("ui-scale", "scale");
  const auto text = a.get(key);
  if (!text) return std::nullopt;
  const auto number = parseWholeNumber(*text);
  if (!number) throw UsageError("--" + key + " '" + *text + "' is not a number");
  const float v = static_cast<float>(*number);
  if (!(v >= kMinUiScale && v <= kMaxUiScale))
    throw UsageError("--" + key + " " + *text + " is out of range (1..3)");
  return v;
}

void parseSize(const std::string& text, LaunchOptions& o) {
  const auto x = text.find('x');
  const auto number = [&](const std::string& part) {
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    if (part.empty() || *end != '\0' || v < 320 || v > 16384)
      throw UsageError("--size '" + text + "' is not WIDTHxHEIGHT with sides of 320..16384 pixels");
    return static_cast<int>(v);
  };
  if (x == std::string::npos)
    throw UsageError("--size '" + text + "' is not WIDTHxHEIGHT, e.g. 1600x1000");
  o.width = number(text.substr(0, x));
  o.height = number(text.substr(x + 1));
}

// The capture options the command line gives, those with a value first.
std::vector<std::string> givenCaptureOptions(const Args& a) {
  std::vector<std::string> given;
  for (const auto& k : captureValueOptions())
    if (a.has(k)) given.push_back(k);
  for (const auto& k : captureFlags())
    if (a.flag(k)) given.push_back(k);
  return given;
}

// --application ID: the values and scan options are the application's (scanviz apply's words).
void parseApplication(const Args& a, LaunchOptions& o) {
  if (a.has("session") || a.has("trace"))
    throw UsageError("give only one of --session, --trace and --application");
  const std::set<std::string> shared = {"input",   "input-file", "algorithm", "dtype",
                                        "backend", "flags",      "segments"};
  for (const auto& k : givenCaptureOptions(a))
    if (!shared.count(k))
      throw UsageError("--" + k + " is a capture option; an application chooses its own scans");
  try {
    o.application = applicationRequestFromArgs(a.getOr("application", ""), a);
  } catch (const InputError& e) {
    o.captureError = e.what();
  }
}

void parseSources(const Args& a, LaunchOptions& o) {
  if (a.has("application")) return parseApplication(a, o);
  for (const OptionSpec& s : applicationWindowSection().options)
    if (a.has(s.name)) throw UsageError("--" + s.name + " needs --application ID");
  o.sessionFile = a.getOr("session", "");
  o.traceFile = a.getOr("trace", "");
  const int sources =
      !o.sessionFile.empty() + !o.traceFile.empty() + !givenCaptureOptions(a).empty();
  if (sources > 1) throw UsageError("give only one of --session, --trace and capture options");
  if (a.has("session") && o.sessionFile.empty()) throw UsageError("--session needs a file name");
  if (a.has("trace") && o.traceFile.empty()) throw UsageError("--trace needs a file name");
  try {
    // Read once, by the parser `scanviz capture` uses: the same checks and the same messages.
    o.config = scanOptionsFromArgs(a);
    const CaptureRequest rq = captureRequestOf(o.config, a);
    validateCaptureRequest(rq);
    if (a.has("flags") || a.has("segments")) o.config.headFlags = rq.rows.flags;
  } catch (const InputError& e) {
    o.captureError = e.what();
  }
}

// --compare a,b[,c,d], --sync, --diff and --panel: which centre view opens, and with what.
void parseCenterViewOptions(const Args& a, LaunchOptions& o) {
  if (a.has("panel")) o.panel = a.getChoice("panel", CenterView::Lesson, kCenterViewKeys);
  if (a.has("compare")) {
    const std::string list = *a.get("compare");
    for (size_t start = 0; start <= list.size();) {
      const size_t comma = std::min(list.find(',', start), list.size());
      const std::string key = list.substr(start, comma - start);
      if (!findAlgorithm(key))
        throw UsageError("--compare: '" + key + "' is not one of " + algorithmKeyList());
      if (std::find(o.compareAlgorithms.begin(), o.compareAlgorithms.end(), key) ==
          o.compareAlgorithms.end())
        o.compareAlgorithms.push_back(key);
      start = comma + 1;
    }
    if (o.compareAlgorithms.size() < 2 || o.compareAlgorithms.size() > 4)
      throw UsageError("--compare takes two to four different algorithms, e.g. " +
                       algorithmKeysWithRole(kRoleCompared, ","));
  }
  if (a.has("sync")) {
    o.compareSync = std::string(
        keyOf(kCompareSyncKeys, a.getChoice("sync", CompareSync::ByStep, kCompareSyncKeys)));
  }
  o.diff = a.flag("diff");
  if (a.has("spot-the-bug")) {
    o.spotTheBug = a.getOr("spot-the-bug", "");
    if (!findLesson(o.spotTheBug) && !findErratum(o.spotTheBug))
      throw UsageError("--spot-the-bug '" + o.spotTheBug +
                       "' is not a lesson or an erratum; scanviz list names them under Spot the "
                       "bug and Errata");
  }
  if (a.has("lanes")) {
    o.timelineLanes = std::string(
        keyOf(kLaneGroupingKeys, a.getChoice("lanes", LaneGrouping::BySm, kLaneGroupingKeys)));
  }
  const bool compare =
      !o.compareAlgorithms.empty() || o.diff || o.compareSync || !o.spotTheBug.empty();
  if (compare && o.panel && *o.panel != CenterView::Compare)
    throw UsageError("--compare, --sync and --diff open Compare; they do not go with --panel " +
                     std::string(keyOf(kCenterViewKeys, *o.panel)));
  if (compare) o.panel = CenterView::Compare;
}

// --heat-window FIRST,COUNT: the heat view zoomed to those elements.
std::pair<double, double> parseHeatWindow(const std::string& text) {
  const auto comma = text.find(',');
  const auto number = [&](const std::string& part, double least) {
    const auto v = parseWholeNumber(part);
    if (!v || !(*v >= least) || *v > 1e12)
      throw UsageError("--heat-window '" + text + "' is not FIRST,COUNT (elements, COUNT >= 1)");
    return *v;
  };
  if (comma == std::string::npos)
    throw UsageError("--heat-window '" + text + "' is not FIRST,COUNT, e.g. 4000,40");
  return {number(text.substr(0, comma), 0), number(text.substr(comma + 1), 1)};
}

// --bench-sizes and --timing-tab open Timing (and start a benchmark of those sizes);
// --heat-window zooms the heat view, --heat-color picks what its space-time image shows.
void parseTimingOptions(const Args& a, LaunchOptions& o) {
  if (a.has("heat-window")) o.heatWindow = parseHeatWindow(a.getOr("heat-window", ""));
  o.heatWrites =
      a.getChoice("heat-color", HeatColorBy::Values, kHeatColorKeys) == HeatColorBy::Writes;
  if (!a.has("bench-sizes") && !a.has("timing-tab")) return;
  o.benchSizes = a.getOr("bench-sizes", "");
  o.timingTab = a.getChoice("timing-tab", TimingTab::Benchmark, kTimingTabKeys);
  try {
    if (a.has("bench-sizes")) parseBenchSizes(o.benchSizes);
  } catch (const InputError& e) {
    throw UsageError(std::string("--bench-sizes: ") + e.what());
  }
  if (o.panel && *o.panel != CenterView::Timing)
    throw UsageError("--bench-sizes and --timing-tab open Timing; they do not go with --panel " +
                     std::string(keyOf(kCenterViewKeys, *o.panel)));
  o.panel = CenterView::Timing;
}

// --class opens class mode; --class-* say which quiz and, for pictures, where it stands.
void parseClassModeOptions(const Args& a, LaunchOptions& o) {
  const bool open = a.flag("class") || (o.panel && *o.panel == CenterView::Class);
  for (const char* k :
       {"class-count", "class-seed", "countdown", "class-question", "class-answer", "class-at"})
    if (a.has(k) && !open) throw UsageError(std::string("--") + k + " needs --class");
  if (!open) return;
  if (o.panel && *o.panel != CenterView::Class)
    throw UsageError("--class opens class mode; it does not go with --panel " +
                     std::string(keyOf(kCenterViewKeys, *o.panel)) +
                     ", --compare, --diff or --spot-the-bug");
  o.panel = CenterView::Class;
  ClassModeOptions& c = o.classMode;
  c.count = static_cast<int>(a.getInt("class-count", c.count, 1, 1000));
  c.seed = static_cast<unsigned>(a.getInt("class-seed", c.seed, 0, 0xffffffffll));
  c.countdown = static_cast<double>(a.getInt("countdown", 20, 1, 3600));
  c.question = static_cast<int>(a.getInt("class-question", 1, 1, 1000));
  c.answer = a.getOr("class-answer", "");
  std::string problem;
  parseTypedAnswer(c.answer, &problem);
  if (!problem.empty()) throw UsageError("--class-answer: " + problem);
  c.at = a.getChoice("class-at", QuizPhase::Asking, kQuizPhaseKeys);
}

// --deck FILE [--view K] and --keys: a deck given or prepared, keys pressed by a script.
void parseDeckOptions(const Args& a, LaunchOptions& o) {
  o.deckFile = a.getOr("deck", "");
  if (a.has("deck") && o.deckFile.empty()) throw UsageError("--deck needs a file name");
  o.kernelFile = a.getOr("kernel", "");
  if (a.has("kernel") && o.kernelFile.empty()) throw UsageError("--kernel needs a file name");
  if (a.has("view") && o.deckFile.empty()) throw UsageError("--view K needs --deck FILE");
  const bool showsSomething = !o.sessionFile.empty() || !o.traceFile.empty() || o.application ||
                              !givenCaptureOptions(a).empty() || o.panel || !o.spotTheBug.empty() ||
                              o.symbolic;
  o.deckPresents = !o.deckFile.empty() && !showsSomething;
  if (a.has("view")) {
    if (!o.deckPresents)
      throw UsageError(
          "--view K gives a deck from view K; it does not go with options that say what to show");
    o.deckView = static_cast<int>(a.getInt("view", 1, 1, kMaxDeckViews));
  }
  if (o.deckPresents) o.presentation = true;
  if (const auto keys = a.get("keys")) {
    std::string list = *keys;
    for (size_t start = 0; start <= list.size();) {
      const size_t comma = std::min(list.find(',', start), list.size());
      const std::string key = list.substr(start, comma - start);
      if (!parseKeyName(key))
        throw UsageError("--keys: '" + key + "' is not a key name (" + keyNameHelp() + ")");
      o.keys.push_back(key);
      start = comma + 1;
    }
  }
}

}  // namespace

LaunchOptions parseLaunchOptions(const std::vector<std::string>& args) {
  // The option names come from the window's table (window_options.cpp), which --help prints.
  const Args a(args, windowHelp());
  LaunchOptions o;
  parseSources(a, o);
  if (a.has("step")) o.step = static_cast<int>(a.getInt("step", 0, 0, 1 << 30));
  if (a.has("theme")) o.theme = a.getChoice("theme", Theme::Dark, kThemeKeys);
  if (a.has("palette")) o.palette = a.getChoice("palette", Palette::Classic, kPaletteKeys);
  if (a.has("code-view")) o.codeView = a.getChoice("code-view", CodeView::Textbook, kCodeViewKeys);
  o.scale = parseUiScale(a);
  if (a.has("size")) parseSize(*a.get("size"), o);
  o.presentation = a.flag("presentation");
  o.symbolic = a.flag("symbolic");
  o.exportDialog = a.flag("export-dialog");
  o.drop = a.getOr("drop", "");
  o.saveSession = a.getOr("save-session", "");
  o.showRecent = a.flag("show-recent");
  if (a.has("drop") && o.drop.empty()) throw UsageError("--drop needs a file name");
  if (a.has("save-session") && o.saveSession.empty())
    throw UsageError("--save-session needs a file name");
  parseCenterViewOptions(a, o);
  parseTimingOptions(a, o);
  if (a.has("processors"))
    o.processors = static_cast<int>(a.getInt("processors", 4, 1, kMaxProcessors));
  o.realElements = a.flag("real-elements");
  parseClassModeOptions(a, o);
  parseDeckOptions(a, o);
  o.screenshot = a.getOr("screenshot", "");
  o.dumpScene = a.getOr("dump-scene", "");
  o.frameTimes = static_cast<int>(a.getInt("frame-times", 0, 1, 100000));
  o.measureRecapture = static_cast<int>(a.getInt("measure-recapture", 0, 1, 1000));
  if (a.has("screenshot") && o.screenshot.empty())
    throw UsageError("--screenshot needs a file name");
  if (a.has("dump-scene") && o.dumpScene.empty())
    throw UsageError("--dump-scene needs a file name");
  return o;
}

// What a file dropped on the window (--drop) would fail on, as AppState::openFile reads it.
static void checkDroppedFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw FileError("--drop '" + path + "' is a folder: drop a trace or a session file (.json)");
  if (fileLooksLikeSession(path)) {
    const Session s = loadSession(path);
    if (!s.traceFile.empty()) loadTrace(s.traceFile);
  } else {
    loadTrace(path);
  }
}

std::string scriptedSourceProblem(const LaunchOptions& o) {
  try {
    if (!o.drop.empty()) checkDroppedFile(o.drop);
    // Standard input is read once, by the window itself.
    if (o.sessionFile == "-" || o.traceFile == "-") return o.captureError;
    if (o.deckPresents) {
      const Deck d = loadDeck(o.deckFile);
      if (o.deckView && *o.deckView > static_cast<int>(d.views.size()))
        return "--view " + std::to_string(*o.deckView) + ": '" + o.deckFile + "' has " +
               std::to_string(d.views.size()) + " views";
      return deckProblem(d, o.deckFile);
    }
    if (!o.sessionFile.empty()) {
      const Session s = loadSession(o.sessionFile);
      if (!s.traceFile.empty()) {
        loadTrace(s.traceFile);
      } else {
        validateCaptureRequest(toCaptureRequest(s.config));
      }
    } else if (!o.traceFile.empty()) {
      loadTrace(o.traceFile);
    } else if (o.application && o.captureError.empty()) {
      const ApplicationRequest& rq = *o.application;
      checkScanIndex(rq, runApplication(rq.id, rq.input, rq.options));
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  return o.captureError;
}

std::string launchUsage() {
  return formatHelp(windowHelp());
}

}  // namespace scanviz
