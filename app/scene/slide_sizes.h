// The text sizes of the figures laid out as slides (the bank-conflict figure, the dependence
// graph): sized for a 1920 x 1080 slide read from the back of a lecture hall (main labels 30 px
// and more), scaled with the room they get: the view's width and height in the window, the
// export's width and a 16:9 height in a picture. Never below the UI's own sizes.
#pragma once

#include <algorithm>

#include "app/scene/array_view_scene.h"

namespace scanviz {

struct SlideSizes {
  float scale = 1;       // the room over a 1920 x 1080 slide
  float height = 0;      // the height the figure fits itself into
  ArraySceneStyle text;  // title, labels, small texts at that scale (valueSize: numbers in boxes)
  float margin = 0;
};

inline SlideSizes slideSizes(float width, float height, const ArraySceneStyle& ui) {
  SlideSizes s;
  s.height = height > 0 ? height : width * 9.0f / 16.0f;
  s.scale = std::clamp(std::min(width / 1920.0f, s.height / 1080.0f), 0.3f, 3.0f);
  s.text.titleSize = std::max(ui.titleSize, 44 * s.scale);
  s.text.labelSize = std::max(ui.labelSize, 32 * s.scale);
  s.text.smallSize = std::max(ui.smallSize, 28 * s.scale);
  s.text.valueSize = std::max(ui.smallSize, 26 * s.scale);
  s.margin = 0.8f * s.text.labelSize;
  return s;
}

}  // namespace scanviz
