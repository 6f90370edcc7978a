// What the scripted modes write: the window as a PNG, and the frame report as JSON (the array
// view's scene with where it was drawn, the counters, the status line and the banner).
#pragma once

#include <string>

#include "app/export/png_writer.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/platform_window.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

// The window's title: "blelloch.json - scanviz" for a lesson from a trace or session file (as
// docks and window lists name windows), kWindowTitle otherwise. The frame report records it.
constexpr const char* kWindowTitle = "scanviz: parallel prefix sum, step by step";
std::string windowTitle(const AppState& state);

std::string frameReportJson(const FrameReport& report, const AppState& state, int windowWidth,
                            int windowHeight);

}  // namespace scanviz
