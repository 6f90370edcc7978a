// Text in a scene, written once for every scene builder (array, heat, Compare, timeline): adding a
// scene text, and the word wrap that breaks a sentence into lines that fit a width.
#pragma once

#include <string>
#include <vector>

#include "app/scene/array_view_scene.h"
#include "app/scene/scene.h"

namespace scanviz {

SceneText& addSceneText(Scene& scene, float x, float y, std::string text, Color color, float size,
                        bool bold, TextAlign align, std::string role, int index = -1);

// The lines of `text` broken at spaces so that each fits maxWidth at this size and weight; a
// word wider than that stands on a line of its own.
std::vector<std::string> wrapWords(const std::string& text, float maxWidth, float size, bool bold,
                                   const MeasureText& measure);

}  // namespace scanviz
