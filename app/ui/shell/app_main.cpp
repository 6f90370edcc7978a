#include "app/ui/shell/app_main.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <utility>

#include "app/core/support/app_settings.h"
#include "app/core/support/output_file.h"
#include "app/options/args.h"
#include "app/ui/shell/app.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/frame_output.h"

namespace scanviz {
namespace {

// imgui.ini lives next to settings.json in the per-user config folder, not in the working
// directory the app happened to start in.
std::string imguiIniPath() {
  const std::string dir = configDirectory();
  if (dir.empty()) return {};
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return ec ? std::string() : dir + "/imgui.ini";
}

AppSettings withOverrides(AppSettings s, const LaunchOptions& o) {
  if (o.theme) s.theme = *o.theme;
  if (o.palette) s.palette = *o.palette;
  if (o.scale) s.uiScale = *o.scale;
  if (o.panel) s.layout.centerView = *o.panel;
  if (!o.compareAlgorithms.empty()) s.layout.compareAlgorithms = o.compareAlgorithms;
  if (o.compareSync) s.layout.compareSync = *o.compareSync;
  if (o.timelineLanes) s.layout.timelineLanes = *o.timelineLanes;
  if (o.codeView) s.layout.codeView = *o.codeView;
  return s;
}

}  // namespace

int runApp(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << launchUsage();
    return 0;
  }
  LaunchOptions options;
  try {
    options = parseLaunchOptions(args);
  } catch (const UsageError& e) {
    std::cerr << "scanviz: " << e.what() << " (scanviz --help lists the options)\n";
    return 2;
  }
  // A file the run is to write that cannot be written is found before the window opens.
  for (const auto& [option, path] :
       {std::pair<const char*, const std::string&>{"--screenshot", options.screenshot},
        {"--dump-scene", options.dumpScene},
        {"--save-session", options.saveSession}})
    if (!path.empty())
      if (const std::string problem = outputProblem(path); !problem.empty()) {
        std::cerr << "scanviz: " << option << ": " << problem << "\n";
        return 2;
      }
  // A picture of the default lesson under an error banner would pass for a result: a script
  // asking for one gets the message and exit 2 instead (--dump-scene still records the banner).
  if (!options.screenshot.empty()) {
    if (const std::string problem = scriptedSourceProblem(options); !problem.empty()) {
      std::cerr << "scanviz: " << problem << "\n";
      return 2;
    }
  }
  const LoadedSettings loaded = loadSettings(settingsPath());
  // The window, the state and the app on the heap: in the page, runFrameLoop leaves this function
  // for the browser's loop and the stack below it is reused (frame_loop.h).
  auto owned = std::make_unique<AppState>(loaded.settings, settingsPath());
  AppState& state = *owned;
  // Command-line choices hold for this run only; the saved settings stay as they were.
  state.updateSettings(withOverrides(loaded.settings, options), /*persist=*/false);
  state.presentation = options.presentation;
  if (const Lesson* lesson = findLesson(options.spotTheBug))
    state.spotTheBug.open(*lesson, options.step.value_or(-1), options.config.backend);
  else if (const Erratum* erratum = findErratum(options.spotTheBug))
    state.spotTheBug.openErratum(*erratum);
  state.symbolic = options.symbolic;
  if (!loaded.warning.empty()) state.setStatusNote(loaded.warning);
  try {
    auto window = std::make_unique<PlatformWindow>(options.width, options.height, kWindowTitle,
                                                   imguiIniPath());
    auto app = std::make_unique<App>(*window, state, options);
    return app->run();
  } catch (const WindowError& e) {
    std::cerr << "scanviz: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace scanviz
