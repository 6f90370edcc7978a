// The window's views, declared once: each one's name (its command), menu entry and shortcut, what
// showing it does and how to tell it is on screen, what draws it, and what the Export dialog
// makes of it. The View menu, the keyboard shortcuts, the centre of the window and the export of
// the view on screen derive from this list: a new view is one entry and its draw function. What
// a view keeps between frames is its own (ViewStates, AppState's timing and compare models).
#pragma once

#include <string_view>
#include <vector>

#include "app/export/export_options.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

struct ViewStates;

struct ViewEntry {
  std::string_view id;                   // its command: "view-compare"
  std::string_view label;                // its entry in the View menu
  std::string_view shortcut;             // as the menu shows it; empty: none
  int key = 0;                           // the GLFW key; 0: none
  CenterView center;                     // what takes the middle of the window while it is shown
  ExportPanel exportPanel;               // the picture Export offers first while it is shown
  void (*show)(AppState&, ViewStates&);  // the command (a second press may go back)
  bool (*shown)(const AppState&, ViewStates&);   // ticked in the menu
  bool (*available)(const AppState&) = nullptr;  // null: always
  void (*draw)(UiContext&) = nullptr;            // draws the centre view; null: the lesson's
};

// Every view, in the View menu's order.
const std::vector<ViewEntry>& viewRegistry();
const ViewEntry* findView(std::string_view id);

// The view on screen: the first entry that says it is shown.
const ViewEntry& currentView(const AppState& state, ViewStates& views);

// One command per view (label, shortcut, action), for the menus and the keyboard.
void addViewRegistryCommands(CommandTable& commands, AppState& state, ViewStates& views);

// The View menu's entries for the views, ticked where shown.
void viewMenuItems(UiContext& ui);

// Draws the centre view the layout asks for (in a bordered child when `framed`) and returns true;
// false when the lesson's array view belongs there. Clears the frame report's panel entries.
bool drawCenterView(UiContext& ui, bool framed);

}  // namespace scanviz
