// The counters panel of a step as a picture: a title naming the run, then the panel's rows
// (counter_rows.h: step k of D, ops, work against the sequential N - 1 and the seed formula,
// active threads and warps, warp efficiency, bank conflicts, Brent's W/P + D) as a two-column
// table with the label on the left and the value in bold on the right, striped like the panel.
// No ImGui here.
#pragma once

#include "app/core/trace/trace.h"
#include "app/export/picture.h"
#include "app/scene/scene.h"

namespace scanviz {

// The counters of `step` (it must exist), with `processors` as the P of Brent's bound;
// realElements: a run with padding counts its real elements alone (counter_rows.h).
Scene countersPicture(const Trace& trace, int step, int processors, const PictureStyle& style,
                      bool realElements = false);

}  // namespace scanviz
