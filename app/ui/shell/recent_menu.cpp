#include "app/ui/shell/recent_menu.h"

#include <imgui.h>

#include <filesystem>

#include "app/ui/shell/view_states.h"

namespace scanviz {
namespace {

constexpr const char* kRecentMenu = "Open recent";

}  // namespace

std::vector<RecentEntry> recentEntries(const AppSettings& s) {
  std::vector<RecentEntry> out;
  for (const std::string& path : s.recentFiles) {
    const std::filesystem::path p(path);
    std::error_code ec;
    out.push_back({path, p.filename().string(), p.parent_path().string(),
                   !std::filesystem::is_regular_file(p, ec)});
  }
  return out;
}

void openMenuForScript(UiContext& ui, const char* label) {
  if (ui.views.showRecentMenu && !ImGui::IsPopupOpen(label)) ImGui::OpenPopup(label);
}

void recentFilesMenu(UiContext& ui) {
  openMenuForScript(ui, kRecentMenu);
  if (!ImGui::BeginMenu(kRecentMenu, !ui.state.settings().recentFiles.empty())) return;
  std::string chosen;
  int id = 0;
  for (const RecentEntry& e : recentEntries(ui.state.settings())) {
    ImGui::PushID(id++);
    const std::string label = e.missing ? e.name + "  (missing)" : e.name;
    if (ImGui::MenuItem(label.c_str(), e.folder.c_str(), false, !e.missing)) chosen = e.path;
    if (e.missing && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s is no longer there", e.path.c_str());
    ImGui::PopID();
  }
  ImGui::Separator();
  const bool clear = ImGui::MenuItem("Clear recent files");
  ImGui::EndMenu();
  if (!chosen.empty()) ui.state.openFile(chosen);
  if (clear) ui.state.clearRecentFiles();
}

void reportRecentFiles(UiContext& ui) {
  nlohmann::json list = nlohmann::json::array();
  for (const RecentEntry& e : recentEntries(ui.state.settings()))
    list.push_back({{"path", e.path}, {"missing", e.missing}});
  ui.report.panels["recent_files"] = std::move(list);
}

}  // namespace scanviz
