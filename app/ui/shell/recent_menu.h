// File > Open recent: the traces and sessions opened or saved lately (AppSettings::recentFiles,
// most recent first). A file that is gone is listed as missing and cannot be chosen; "Clear
// recent files" empties the list.
#pragma once

#include <string>
#include <vector>

#include "app/core/support/app_settings.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

struct RecentEntry {
  std::string path;
  std::string name;    // the file name, the menu item's label
  std::string folder;  // shown beside it, dimmed
  bool missing = false;
};

std::vector<RecentEntry> recentEntries(const AppSettings& s);

// The submenu, inside the File menu. With ui.views.showRecentMenu (--show-recent) it opens by
// itself, for screenshots of it.
void recentFilesMenu(UiContext& ui);
// Before BeginMenu(label) in the menu bar: opens that menu when --show-recent asks for it.
void openMenuForScript(UiContext& ui, const char* label);
// The list as the menu shows it, into the frame report (panels.recent_files).
void reportRecentFiles(UiContext& ui);

}  // namespace scanviz
