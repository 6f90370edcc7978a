#include "app/ui/widgets/toolbar_row.h"

#include <imgui.h>

namespace scanviz {

void nextInRow(float width, float gap) {
  const float spacing = gap < 0 ? ImGui::GetStyle().ItemSpacing.x : gap;
  const float right = ImGui::GetItemRectMax().x + spacing + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
    ImGui::SameLine(0, spacing);
}

float buttonWidth(const char* label) {
  return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
}

}  // namespace scanviz
