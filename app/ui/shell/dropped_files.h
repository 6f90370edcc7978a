// Files dropped on the window open as `scanviz FILE` and File > Open do: a trace or a session,
// told apart by content. A bad file names its problem in the banner and the lesson on screen
// stays; the window shows one lesson, so of several dropped files the first is opened.
#pragma once

#include <string>
#include <vector>

#include "app/ui/shell/app_state.h"

namespace scanviz {

void openDroppedFiles(AppState& state, const std::vector<std::string>& paths);

}  // namespace scanviz
