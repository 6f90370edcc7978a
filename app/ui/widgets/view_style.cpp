#include "app/ui/widgets/view_style.h"

namespace scanviz {

ArraySceneStyle viewSceneStyle(const UiContext& ui) {
  // Presentation mode: one big view, read from the back row (the array view's boosts).
  const bool big = ui.state.presentation;
  ArraySceneStyle s;
  s.valueSize = kValueSize * ui.scale * (big ? 1.35f : 1.0f);
  s.labelSize = kBodySize * ui.scale * (big ? 1.2f : 1.0f);
  s.smallSize = kSmallSize * ui.scale * (big ? 1.15f : 1.0f);
  s.titleSize = kHeadingSize * ui.scale * (big ? 1.3f : 1.0f);
  return s;
}

}  // namespace scanviz
