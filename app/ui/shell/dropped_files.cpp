#include "app/ui/shell/dropped_files.h"

#include <filesystem>

namespace scanviz {

void openDroppedFiles(AppState& state, const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  const std::string& path = paths.front();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    state.showError("'" + path + "' is a folder: drop a trace or a session file (.json)");
    return;
  }
  state.openFile(path);
  if (paths.size() > 1)
    state.setStatusNote("opened the first of " + std::to_string(paths.size()) +
                        " dropped files; the window shows one lesson at a time");
}

}  // namespace scanviz
