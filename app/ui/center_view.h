// The views that can take the middle of the window instead of the lesson's array view: Compare
// and the block timeline (PanelLayout::centerView), and their commands: each declared once with
// its menu entry and shortcut, like every other command.
#pragma once

#include "app/ui/app_state.h"
#include "app/ui/commands.h"
#include "app/ui/ui_context.h"

namespace scanviz {

// Draws Compare or the timeline when the layout asks for one (in a bordered child when `framed`),
// and returns true; false when the lesson's own view belongs there. Clears the frame report's
// panel entries either way.
bool drawCenterView(UiContext& ui, bool framed);

// True while Compare owns the playback keys and bar.
bool compareShown(const AppState& state);

// view-compare (C), view-timeline (T), view-diff (D), view-lesson, view-compare-algorithms, and
// compare-play / -forward / -back / -first / -last on the playback keys while Compare is shown.
void addCenterViewCommands(CommandTable& commands, AppState& state);

}  // namespace scanviz
