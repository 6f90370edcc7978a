// The opening of the window's modal dialogs (export, save session, file chooser), written once.
#pragma once

#include <imgui.h>

namespace scanviz {

// Opens the modal popup `title` when `openNow` is set (then clears it), and places the popup in
// the middle of the display when it appears. Call before BeginPopupModal(title, ...).
inline void openCentredPopup(const char* title, bool& openNow) {
  if (openNow) {
    ImGui::OpenPopup(title);
    openNow = false;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
}

}  // namespace scanviz
