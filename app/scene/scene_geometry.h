// Moving, scaling and combining Scenes, for pictures assembled from the views' scenes (a
// filmstrip stacks steps; a PNG at 2x is the same scene twice as large). No ImGui here.
#pragma once

#include "app/scene/array_view_scene.h"
#include "app/scene/scene.h"

namespace scanviz {

struct SceneBox {
  float left = 0, top = 0, right = 0, bottom = 0;
  bool empty() const { return right <= left || bottom <= top; }
};

// The box every primitive lies in; texts are measured (their alignment applied).
SceneBox sceneContentBox(const Scene& s, const MeasureText& measure);

// Adds (dx, dy) to every coordinate, hover boxes included; the size stays.
void translateScene(Scene& s, float dx, float dy);

// Every coordinate, size, stroke width, font size and rounding times `factor`.
Scene scaledScene(const Scene& s, float factor);

// Appends `part` moved by (dx, dy); the size of `into` stays (the caller sets it).
void appendScene(Scene& into, const Scene& part, float dx, float dy);

// Sets the width to the content plus `margin` on the right: a view built for a wide panel
// leaves the right side empty when its cells are capped at their largest size, and a picture
// assembled from parts must not cut off what reaches past them.
void fitWidth(Scene& s, const MeasureText& measure, float margin);

}  // namespace scanviz
