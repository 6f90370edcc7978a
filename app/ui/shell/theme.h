// ImGui's style for a theme at a pixel scale: generous spacing and strong contrast, because the
// window is read from the back of a lecture hall.
#pragma once

#include <imgui.h>

#include "app/core/support/app_settings.h"
#include "app/scene/palette.h"

namespace scanviz {

void applyTheme(Theme theme, const ViewPalette& palette, float pixelScale);

inline ImU32 toImColor(Color c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}
inline ImVec4 toImVec4(Color c) {
  return ImGui::ColorConvertU32ToFloat4(toImColor(c));
}

}  // namespace scanviz
