// The base of the one-slide scenes built in a single pass (the race roulette, the chained scan's
// flags): the scene, the palette and the text measure, the slide's sizes (slide_sizes.h) as plain
// numbers, and the text line that says where the next one goes.
#pragma once

#include <string>
#include <utility>

#include "app/scene/scene_text.h"
#include "app/scene/slide_sizes.h"

namespace scanviz {

class SlideBuilder {
 protected:
  SlideBuilder(float width, float height, const ViewPalette& pal, const MeasureText& measure,
               const ArraySceneStyle& ui)
      : pal_(pal), measure_(measure), w_(width) {
    const SlideSizes sz = slideSizes(width, height, ui);
    h_ = sz.height;
    u_ = sz.scale;
    title_ = sz.text.titleSize;
    label_ = sz.text.labelSize;
    small_ = sz.text.smallSize;
    pad_ = 40 * u_;
  }

  // One line of text at (x, y); returns the y of the line below it.
  float text(float x, float y, const std::string& s, float size, Color c, bool bold,
             TextAlign align, const std::string& role, int index = -1) {
    addSceneText(scene_, x, y, s, c, size, bold, align, role, index);
    return y + 1.3f * size;
  }

  // The scene built, the slide's size.
  Scene finish() {
    scene_.width = w_;
    scene_.height = h_;
    return std::move(scene_);
  }

  const ViewPalette& pal_;
  const MeasureText& measure_;
  Scene scene_;
  float w_ = 0, h_ = 0;  // the slide
  float u_ = 1;          // its scale over 1920 x 1080
  float title_ = 0, label_ = 0, small_ = 0, pad_ = 0;
};

}  // namespace scanviz
