#include "app/ui/widgets/view_style.h"

#include <imgui.h>

#include <algorithm>

namespace scanviz {

ArraySceneStyle viewSceneStyle(const UiContext& ui) {
  // Presentation mode: one big view, read from the back row (the array view's boosts).
  const bool big = ui.state.presentation;
  ArraySceneStyle s;
  s.valueSize = kValueSize * ui.scale * (big ? 1.35f : 1.0f);
  s.labelSize = kBodySize * ui.scale * (big ? 1.2f : 1.0f);
  s.smallSize = kSmallSize * ui.scale * (big ? 1.15f : 1.0f);
  s.titleSize = kHeadingSize * ui.scale * (big ? 1.3f : 1.0f);
  if (!big) return s;
  // No content text below the back row's 28 px at 1080 lines, whatever the view's fit.
  s.minTextSize = kBackRowTextShare * ImGui::GetIO().DisplaySize.y;
  return s.scaled(1);
}

float panelMinTextSize(const UiContext& ui) {
  return std::max(kSmallSize * ui.fonts.pixelScale, viewSceneStyle(ui).minTextSize);
}

float presentationUiScale(float uiScale, float windowHeight) {
  return std::max(uiScale, kBackRowTextShare * windowHeight / kSmallSize);
}

}  // namespace scanviz
