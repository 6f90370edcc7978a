// Draws a Scene with ImGui's draw list, and shows a primitive's tooltip while the pointer is over
// it. The only place where scene primitives meet ImGui.
#pragma once

#include <imgui.h>

#include "app/scene/array_view_scene.h"
#include "app/scene/scene.h"
#include "app/scene/scene_geometry.h"
#include "app/ui/shell/fonts.h"

namespace scanviz {

void drawScene(ImDrawList& dl, const Scene& scene, ImVec2 origin, const FontSet& fonts);
// Call while the window that holds the scene is hovered.
void showSceneTooltip(const Scene& scene, ImVec2 origin);

// The part of a scene drawn at `origin` that the current window shows (inside its clip
// rectangle: a scrolled view shows only some of it), in the scene's coordinates. A slide of the
// view is cut to it, so that it shows what the projector showed.
SceneBox shownPart(const Scene& scene, ImVec2 origin);

// Text measurement with the loaded fonts, for scene builders.
MeasureText fontMeasure(const FontSet& fonts);

}  // namespace scanviz
