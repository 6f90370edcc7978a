// The fonts of the window, rasterised at the size they are shown (DPI x UI scale) so that text
// stays sharp at every scale: ImGui's FontGlobalScale would only stretch the bitmaps.
#pragma once

#include <vector>
#include "app/export/text_sizes.h"

struct ImFont;
struct ImFontAtlas;

namespace scanviz {

struct FontSet {
  float pixelScale = 1;  // DPI x UI scale the fonts were built for
  ImFont* body = nullptr;
  ImFont* bodyBold = nullptr;
  ImFont* small = nullptr;
  ImFont* heading = nullptr;  // bold, for the step sentence and panel titles
  ImFont* mono = nullptr;
  // Every size of each face, ascending, for the scene renderer to pick the nearest.
  std::vector<ImFont*> regular;
  std::vector<ImFont*> bold;

  // The loaded font closest to `size` pixels (the next larger one, so scaling only shrinks).
  ImFont* nearest(float size, bool boldFace) const;
};

// Font sizes in pixels at pixel scale 1: the text sizes of text_sizes.h, and the code panel's.
constexpr float kMonoSize = 17;

// Clears the atlas and adds every font for this scale; the caller rebuilds the GPU texture.
FontSet buildFonts(ImFontAtlas& atlas, float pixelScale);

}  // namespace scanviz
