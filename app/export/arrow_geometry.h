// Where an arrow's head goes, with the screen's proportions (app/ui/widgets/scene_renderer.cpp):
// a head of 3.5 line widths plus 4 pixels, at most 45 % of the line, as wide as 1.1 times its
// length. The SVG writer and the cairo painter draw the shaft to the base and fill the head.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/scene/scene.h"

namespace scanviz {

struct ArrowHead {
  float baseX, baseY;    // where the shaft ends and the head begins
  float leftX, leftY;    // the head's two back corners
  float rightX, rightY;  // (its point is the line's end, x2 and y2)
};

// nullopt for a line of no length.
inline std::optional<ArrowHead> arrowHeadOf(const SceneLine& l) {
  const float len = std::hypot(l.x2 - l.x1, l.y2 - l.y1);
  if (len <= 0) return std::nullopt;
  const float dx = (l.x2 - l.x1) / len, dy = (l.y2 - l.y1) / len;
  const float head = std::min(len * 0.45f, 3.5f * l.width + 4);
  const float bx = l.x2 - dx * head, by = l.y2 - dy * head;
  const float half = 0.55f * head;
  return ArrowHead{bx, by, bx - dy * half, by + dx * half, bx + dy * half, by - dx * half};
}

}  // namespace scanviz
