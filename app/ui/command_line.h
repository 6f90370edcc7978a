// The window's command line: what to show first (a session, a trace file, or capture options as
// `scanviz capture` takes them), its state (step, theme, scale), and the scripted modes that
// render, write a file and exit (--screenshot, --dump-scene, --frame-times).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/app_settings.h"
#include "app/core/capture_config.h"

namespace scanviz {

struct LaunchOptions {
  std::string sessionFile;
  std::string traceFile;
  CaptureConfig config;      // the capture options (the default lesson when none are given)
  std::string captureError;  // bad values in the capture options: shown as the banner
  std::optional<int> step;
  std::optional<Theme> theme;
  std::optional<Palette> palette;
  std::optional<float> scale;
  bool presentation = false;
  std::string screenshot;  // PNG to write
  std::string dumpScene;   // JSON to write
  int frameTimes = 0;      // frames to time
  int width = 1440;
  int height = 900;

  bool scripted() const { return !screenshot.empty() || !dumpScene.empty() || frameTimes > 0; }
};

// Throws UsageError (unknown option, a value that is not a number, out of range, conflicting
// sources): the caller prints it on one line and exits 2. Bad capture values (e.g. --input "3,x")
// are not usage errors: they go to captureError, as the controls would report them.
LaunchOptions parseLaunchOptions(const std::vector<std::string>& args);

std::string launchUsage();

}  // namespace scanviz
