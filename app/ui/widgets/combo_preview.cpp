#include "app/ui/widgets/combo_preview.h"

#include <imgui.h>

namespace scanviz {

std::string comboPreview(std::string_view name, float width) {
  const std::string whole(name);
  if (ImGui::CalcTextSize(whole.c_str()).x <= width) return whole;
  size_t cut = name.find(" (");
  if (cut == std::string_view::npos) cut = name.find(", ");
  return cut == std::string_view::npos ? whole : std::string(name.substr(0, cut));
}

float comboPreviewWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * style.FramePadding.x;
}

}  // namespace scanviz
