// Compare's commands besides its view entry (view_registry.h): the switch back to the algorithms
// side by side, and the playback keys while Compare is shown.
#pragma once

#include "app/ui/shell/app_state.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

// True while Compare owns the playback keys and bar.
bool compareShown(const AppState& state);

// True while "Spot the bug" stands in Compare's place: a lesson has its own step buttons and an
// erratum has no steps at all, so neither shows a playback bar, and the playback keys and the
// Playback menu, which would move views that are not on screen, do nothing.
bool spotTheBugShown(const AppState& state);

// view-compare-algorithms, and compare-play / -forward / -back / -first / -last on the playback
// keys while Compare is shown.
void addCenterViewCommands(CommandTable& commands, AppState& state);

}  // namespace scanviz
