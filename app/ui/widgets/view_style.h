// Font sizes of the scenes the views draw (the array and heat views, Compare, the block timeline)
// at the current scale, larger in presentation mode (read from the back row).
#pragma once

#include "app/scene/array_view_scene.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

ArraySceneStyle viewSceneStyle(const UiContext& ui);

// The smallest text a view of tables and plots may shrink to: the small size at this scale, and
// presenting the back row's.
float panelMinTextSize(const UiContext& ui);

// The UI scale of presentation mode: the chosen one, or larger on a tall window, so that the
// smallest text of the widgets (the playback and status bars) is kBackRowTextShare of the
// window's height (28 px at 1080 lines) as the views' is.
float presentationUiScale(float uiScale, float windowHeight);

}  // namespace scanviz
