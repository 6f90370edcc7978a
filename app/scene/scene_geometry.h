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

// The part of `s` inside `box`, moved so that the box's top-left is (0, 0) and sized to the box:
// what a scrolled view shows of its scene, for a slide of the projected view. Rectangles and
// lines are cut at the box (an arrow whose head is cut off loses its head); a text is kept when
// its line lies inside the box from top to bottom and its anchor inside it across (the window
// clips it there too, so a half-shown line would be half a word).
Scene croppedScene(const Scene& s, const SceneBox& box);

// Sets the width to the content plus `margin` on the right: a view built for a wide panel
// leaves the right side empty when its cells are capped at their largest size, and a picture
// assembled from parts must not cut off what reaches past them.
void fitWidth(Scene& s, const MeasureText& measure, float margin);

}  // namespace scanviz
