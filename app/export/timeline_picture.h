// The block timeline of a grid-level scan as a picture: the timeline panel's own scene
// (timeline_scene.h) of the whole run, laid out for the picture's width and made tall enough
// that every lane is drawn (the panel scrolls; a slide cannot), at UI scale 1 in the picture's
// theme. No ImGui here.
#pragma once

#include <string>

#include "app/core/layouts/block_timeline.h"
#include "app/core/trace/trace.h"
#include "app/export/picture.h"
#include "app/scene/scene.h"

namespace scanviz {

// The whole run with these lanes; the trace must have block timings (timelinePictureProblem).
Scene timelinePicture(const Trace& trace, LaneGrouping lanes, const PictureStyle& style);

// Why this trace has no timeline to export, naming the algorithms that record one; empty when it
// has one.
std::string timelinePictureProblem(const Trace& trace);

}  // namespace scanviz
