// An erratum of the seeds' text in the window (Spot the bug > Errata): the Close button and the
// erratum's scene (app/scene/erratum_scene.h), the picture the deck's slide shows too.
#pragma once

#include "app/ui/shell/ui_context.h"
#include "app/ui/views/spot_the_bug.h"

namespace scanviz {

// Draws s.erratum() (which must be set) and reports it as panels["spot_the_bug"].
void drawErratumPanel(UiContext& ui, SpotTheBugState& s);

}  // namespace scanviz
