// A picture as pixels: what a rasteriser (the window's offscreen GL, or cairo) draws and the PNG
// and GIF encoders write.
#pragma once

#include <vector>

namespace scanviz {

struct PixelImage {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgba;  // top row first, not premultiplied
  // Pixels per logical pixel it was drawn at (an export's --scale): a PNG says 96 dpi times this,
  // so that a slide program places a 2x picture at the size of the 1x one.
  float pixelsPerPoint = 1;
};

}  // namespace scanviz
