// The window's command line: what to show first (a session, a trace file, or capture options as
// `scanviz capture` takes them), its state (step, theme, scale), and the scripted modes that
// render, write a file and exit (--screenshot, --dump-scene, --frame-times).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/applications/application_request.h"
#include "app/core/capture/capture_config.h"
#include "app/core/support/app_settings.h"
#include "app/ui/views/class_mode.h"
#include "app/ui/views/timing_tab.h"

namespace scanviz {

struct LaunchOptions {
  std::string sessionFile;
  std::string traceFile;
  ScanOptions config;  // the capture options (the default lesson when none are given)
  std::optional<ApplicationRequest> application;  // --application ID: its values and scans
  std::string captureError;  // bad values in the capture options: shown as the banner
  std::optional<int> step;
  std::optional<Theme> theme;
  std::optional<Palette> palette;
  std::optional<float> scale;
  bool presentation = false;
  bool symbolic = false;            // cells show the inputs they combine (x0..x3)
  bool exportDialog = false;        // --export-dialog: the Export dialog open, as Ctrl+E opens it
  std::string drop;                 // --drop FILE: dropped on the window once it is open
  std::string saveSession;          // --save-session FILE: as chosen in the Save dialog
  bool showRecent = false;          // --show-recent: File > Open recent opened
  std::optional<CenterView> panel;  // --panel lesson|compare|timeline|timing
  std::vector<std::string> compareAlgorithms;  // --compare a,b[,c,d]: Compare with these
  std::optional<std::string> compareSync;      // --sync step|time
  bool diff = false;                           // --diff: Compare's GPU-vs-CPU trace diff
  std::string spotTheBug;                      // --spot-the-bug ID: that lesson beside its fix
  ClassModeOptions classMode;                  // --class-*: the quiz of class mode (--class)
  std::optional<std::string> timelineLanes;    // --lanes sm|block: the block timeline's lanes
  std::optional<CodeView> codeView;            // --code-view textbook|executor: the code tab
  std::optional<int> processors;               // --processors P: the counters' P of W/P + D
  bool realElements = false;                   // --real-elements: the counters leave padding out
  std::string screenshot;                      // PNG to write
  std::string dumpScene;                       // JSON to write
  int frameTimes = 0;                          // frames to time
  int measureRecapture = 0;                    // re-captures to time (--measure-recapture)
  int width = 1440;
  int height = 900;

  // Timing and the heat view.
  std::string benchSizes;              // --bench-sizes: a benchmark of these sizes starts in Timing
  std::optional<TimingTab> timingTab;  // --timing-tab (kTimingTabKeys); set: Timing opens
  std::optional<std::pair<double, double>> heatWindow;  // --heat-window FIRST,COUNT
  bool heatWrites = false;  // --heat-color writes: the space-time image colours the writes

  // Decks (deck_views.h): --deck FILE opens a deck, or starts one to be saved there. Alone it is
  // given in presentation mode from --view K (1-based); with options that say what to show it
  // is being prepared, and those are shown.
  std::string deckFile;
  std::optional<int> deckView;
  bool deckPresents = false;
  // --kernel FILE.cu: the kernel editor opens on it and runs it (kernel_editor.h).
  std::string kernelFile;
  // --keys A,PageDown,Ctrl+D: pressed one a frame once the lesson is there, as typed.
  std::vector<std::string> keys;

  bool scripted() const {
    return !screenshot.empty() || !dumpScene.empty() || frameTimes > 0 || measureRecapture > 0;
  }
};

// Throws UsageError (unknown option, a value that is not a number, out of range, conflicting
// sources): the caller prints it on one line and exits 2. Bad capture values (e.g. --input "3,x")
// are not usage errors: they go to captureError, as the controls would report them.
LaunchOptions parseLaunchOptions(const std::vector<std::string>& args);

// For a --screenshot run: why what it should show cannot be shown (a bad trace or session, bad
// capture values), or empty. Such a run exits 2 with this message instead of picturing the
// default lesson under an error banner.
std::string scriptedSourceProblem(const LaunchOptions& o);

std::string launchUsage();

}  // namespace scanviz
