#include "app/ui/shell/file_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "app/ui/widgets/modal_popup.h"

namespace scanviz {
namespace fs = std::filesystem;

void FileDialog::open(Mode mode, Purpose purpose, const std::string& title,
                      const std::string& folder, const std::string& fileName) {
  mode_ = mode;
  purpose_ = purpose;
  title_ = title;
  std::error_code ec;
  folder_ = fs::absolute(folder.empty() ? fs::path(".") : fs::path(folder), ec)
                .lexically_normal()
                .string();
  fileName_ = fileName;
  visible_ = false;
  const ChooserRequest request{mode == Mode::Save, title, folder_, fileName,
                               purpose != Purpose::InputValues};
  if (!desktop_.start(desktopChooserCommand(request))) showOwnDialog();
}

void FileDialog::showOwnDialog() {
  visible_ = true;
  justOpened_ = true;
  listFolder();
}

// While the desktop's chooser is up the window keeps drawing, under a modal note that holds its
// keys back; the chooser's answer is the dialog's, and if it fails the window's own takes over.
std::optional<std::string> FileDialog::drawWaiting() {
  if (const auto result = desktop_.poll()) {
    if (result->outcome == ChooserProcess::Outcome::Chosen) return result->path;
    if (result->outcome == ChooserProcess::Outcome::Failed) showOwnDialog();
    return std::nullopt;
  }
  const char* id = "Choosing a file";
  if (!ImGui::IsPopupOpen(id)) ImGui::OpenPopup(id);
  if (ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted("Choose the file in the desktop's file chooser.");
    if (ImGui::Button("Use scanviz's own chooser")) {
      desktop_.cancel();
      ImGui::CloseCurrentPopup();
      showOwnDialog();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      desktop_.cancel();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return std::nullopt;
}

void FileDialog::listFolder() {
  folders_.clear();
  files_.clear();
  error_.clear();
  std::error_code ec;
  for (const auto& e :
       fs::directory_iterator(folder_, fs::directory_options::skip_permission_denied, ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    if (e.is_directory(ec)) {
      folders_.push_back(name);
    } else if (e.path().extension() == ".json" || purpose_ == Purpose::InputValues) {
      files_.push_back(name);
    }
  }
  if (ec) error_ = "cannot list '" + folder_ + "': " + ec.message();
  std::sort(folders_.begin(), folders_.end());
  std::sort(files_.begin(), files_.end());
}

// True when the user double-clicked a file (confirming it).
bool FileDialog::drawEntries() {
  bool confirmed = false;
  std::string enter;
  if (ImGui::Selectable("..  (parent folder)")) enter = fs::path(folder_).parent_path().string();
  for (const auto& f : folders_)
    if (ImGui::Selectable((f + "/").c_str())) enter = (fs::path(folder_) / f).string();
  for (const auto& f : files_) {
    if (ImGui::Selectable(f.c_str(), f == fileName_, ImGuiSelectableFlags_AllowDoubleClick)) {
      fileName_ = f;
      confirmed = ImGui::IsMouseDoubleClicked(0);
    }
  }
  if (!enter.empty()) {
    folder_ = enter;
    listFolder();
  }
  return confirmed;
}

std::optional<std::string> FileDialog::drawButtons() {
  const bool ready = !fileName_.empty();
  if (!ready) ImGui::BeginDisabled();
  const bool ok = ImGui::Button(mode_ == Mode::Open ? "Open" : "Save");
  if (!ready) ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    visible_ = false;
    ImGui::CloseCurrentPopup();
  }
  if (ok) {
    visible_ = false;
    ImGui::CloseCurrentPopup();
    const fs::path name(fileName_);
    return name.is_absolute() ? name.string() : (fs::path(folder_) / name).string();
  }
  return std::nullopt;
}

std::optional<std::string> FileDialog::draw(float scale) {
  if (waiting()) return drawWaiting();
  if (!visible_) return std::nullopt;
  openCentredPopup(title_.c_str(), justOpened_);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(
      ImVec2(std::min(760 * scale, display.x * 0.9f), std::min(560 * scale, display.y * 0.85f)),
      ImGuiCond_Appearing);
  std::optional<std::string> chosen;
  if (!ImGui::BeginPopupModal(title_.c_str(), &visible_)) return std::nullopt;
  ImGui::TextWrapped("%s", folder_.c_str());
  if (!error_.empty()) ImGui::TextWrapped("%s", error_.c_str());
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y;
  bool confirmed = false;
  if (ImGui::BeginChild("entries", ImVec2(0, -footer), true)) confirmed = drawEntries();
  ImGui::EndChild();
  ImGui::SetNextItemWidth(-1);
  const bool enter = ImGui::InputTextWithHint("##file", "file name", &fileName_,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  chosen = drawButtons();
  if ((confirmed || enter) && !fileName_.empty() && !chosen) {
    visible_ = false;
    ImGui::CloseCurrentPopup();
    const fs::path name(fileName_);
    chosen = name.is_absolute() ? name.string() : (fs::path(folder_) / name).string();
  }
  ImGui::EndPopup();
  return chosen;
}

}  // namespace scanviz
