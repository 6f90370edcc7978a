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
// Draws `scene` at the cursor as an item of its size in the current window, with its tooltips
// while that window is hovered; returns where it was drawn (a view's scene as its content).
ImVec2 placeScene(const Scene& scene, const FontSet& fonts);
// The same as one item named `id` that takes clicks (ImGui::IsItemClicked right after it), its
// tooltips shown while the pointer is over the item; `hovered` says whether it is.
ImVec2 placeSceneItem(const char* id, const Scene& scene, const FontSet& fonts, bool& hovered);

// The part of a scene drawn at `origin` that the current window shows (inside its clip
// rectangle: a scrolled view shows only some of it), in the scene's coordinates. A slide of the
// view is cut to it, so that it shows what the projector showed.
SceneBox shownPart(const Scene& scene, ImVec2 origin);

// Text measurement with the loaded fonts, for scene builders.
MeasureText fontMeasure(const FontSet& fonts);

}  // namespace scanviz
