// The picture of an application's domain, beside the scan steps: the sandwich with its cuts, the
// terrain with its rays, the polynomial's table, the reversed view. One builder per application
// in a table keyed by ApplicationId; GUI-free, so the window and the exporters draw the same
// scene and tests read it.
#pragma once

#include "app/core/applications/application.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// What every builder gets: the width to fill, the font sizes at the current scale, the colours
// and the text measure.
struct DomainSceneContext {
  float width = 900;
  ArraySceneStyle style;
  ViewPalette palette;
  MeasureText measure;
};

// The application's picture, its answer in words under it. Its height follows from the width.
Scene buildApplicationScene(const ApplicationRun& run, const DomainSceneContext& ctx);

}  // namespace scanviz
