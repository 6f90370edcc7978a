// Font sizes of the scenes the views draw (the array and heat views, Compare, the block timeline)
// at the current scale, larger in presentation mode (read from the back row).
#pragma once

#include "app/scene/array_view_scene.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

ArraySceneStyle viewSceneStyle(const UiContext& ui);

}  // namespace scanviz
