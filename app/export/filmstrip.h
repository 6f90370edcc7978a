// The "all iterations at once" figure of the textbooks: the steps of a run as one picture, one
// row of cells per step with the step's name on the left and the operator's arrows from the row
// above, highlights as the array view shows them, and the check of the result under the last
// row. Built from the array view's own step scenes (found by their roles), so a filmstrip shows
// exactly what the window shows step by step. No ImGui here.
#pragma once

#include "app/core/trace/trace.h"
#include "app/export/picture.h"
#include "app/scene/scene.h"

namespace scanviz {

// Steps first..last (inclusive, both inside the trace).
Scene filmstripPicture(const Trace& trace, int first, int last, const PictureStyle& style);

}  // namespace scanviz
