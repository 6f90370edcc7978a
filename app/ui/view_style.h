// Font sizes of the scenes the centre views draw (Compare, the block timeline) at the current
// scale, larger in presentation mode, as the lesson's array view has them.
#pragma once

#include "app/ui/array_view_scene.h"
#include "app/ui/ui_context.h"

namespace scanviz {

ArraySceneStyle viewSceneStyle(const UiContext& ui);

}  // namespace scanviz
