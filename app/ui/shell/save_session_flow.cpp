#include "app/ui/shell/save_session_flow.h"

#include <imgui.h>

#include <filesystem>
#include <utility>

#include "app/ui/widgets/modal_popup.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

nlohmann::json lastItemJson(const char* label) {
  const ImVec2 min = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
  return {{"label", label}, {"x", min.x}, {"y", min.y}, {"w", size.x}, {"h", size.y}};
}

}  // namespace

bool SaveSessionFlow::choose(AppState& state, const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return state.saveSession(path);
  pending_ = path;
  openPopup_ = true;
  return true;
}

void SaveSessionFlow::overwrite(AppState& state) {
  const std::string path = std::exchange(pending_, {});
  if (!path.empty()) state.saveSession(path);
}

void SaveSessionFlow::draw(UiContext& ui) {
  if (pending_.empty()) return;
  openCentredPopup(kTitle, openPopup_);
  if (!ImGui::BeginPopupModal(kTitle, nullptr,
                              ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings))
    return;
  const fs::path file(pending_);
  const std::string name = file.filename().string();
  const std::string folder = fs::absolute(file).parent_path().string();
  ImGui::Text("'%s' already exists in", name.c_str());
  ImGui::TextUnformatted(folder.c_str());
  ImGui::TextUnformatted("Overwrite it with this session?");
  ImGui::Spacing();
  const float width = ImGui::CalcTextSize("Overwrite").x + 4 * ImGui::GetStyle().FramePadding.x;
  const bool replace = ImGui::Button("Overwrite", ImVec2(width, 0));
  nlohmann::json buttons = nlohmann::json::array({lastItemJson("Overwrite")});
  ImGui::SameLine();
  bool keep = ImGui::Button("Cancel", ImVec2(width, 0));
  // Cancel is where keyboard navigation starts: Enter does not replace a file by accident.
  ImGui::SetItemDefaultFocus();
  buttons.push_back(lastItemJson("Cancel"));
  keep |= ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  ui.report.panels["confirm_overwrite"] = {
      {"title", kTitle}, {"path", pending_}, {"buttons", buttons}};
  if (replace || keep) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  if (replace) overwrite(ui.state);
  if (keep) cancel();
}

}  // namespace scanviz
