// The text sizes of the window at pixel scale 1, in pixels (ImGui's sizes: from the highest
// ascender to the lowest descender). The window loads its fonts at these sizes and every picture
// is laid out with them, so that an exported picture reads as the projected one.
#pragma once

namespace scanviz {

constexpr float kBodySize = 18;
constexpr float kSmallSize = 15;
constexpr float kHeadingSize = 24;
constexpr float kValueSize = 32;
// Presentation mode and slides: no content text smaller than this share of the screen's (or the
// page's) height, 28 px of 1080 lines, legible from the back row of a lecture hall.
constexpr float kBackRowTextShare = 28.0f / 1080.0f;

}  // namespace scanviz
