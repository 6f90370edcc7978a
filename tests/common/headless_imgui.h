// An ImGui context for tests that draw without a window or GL, written once: a display of the
// given size, no ini file, the window's fonts at pixel scale 1 in a built atlas (text can be
// measured and drawn into draw lists). The caller destroys the context.
#pragma once

#include <imgui.h>

#include "app/ui/shell/fonts.h"

namespace scanviz {

inline FontSet startHeadlessImGui(ImVec2 displaySize) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = displaySize;
  io.DeltaTime = 1.0f / 60.0f;
  FontSet fonts = buildFonts(*io.Fonts, 1.0f);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  return fonts;
}

}  // namespace scanviz
