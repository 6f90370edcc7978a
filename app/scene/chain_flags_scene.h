// The single-pass chained scan's flags and __threadfence() (issue 32), from
// app/core/layouts/chain_flags.h: one lane per block on the trace's time axis, its tile scan, its
// leader's spin on the predecessor's flag, the fence and the flag it sets with the running sum it
// publishes, and its add-and-store; an arrow from each flag to the moment the next block sees it.
// The code of the hand-off and what the fence guarantees underneath. Laid out for a 16:9 frame of
// the given width (1920: a 1080p slide, main labels 30 px). GUI-free, like every scene.
#pragma once

#include "app/core/layouts/chain_flags.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// Empty when chainFlagsProblem(trace) is not empty. `height` 0: 9/16 of the width. Text sizes:
// the slides' (slide_sizes.h), never below `ui`'s.
Scene buildChainFlagsScene(const Trace& trace, float width, float height,
                           const ViewPalette& palette, const MeasureText& measure,
                           const ArraySceneStyle& ui = {});

}  // namespace scanviz
