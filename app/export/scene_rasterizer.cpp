#include "app/export/scene_rasterizer.h"

#include <algorithm>
#include <cmath>

namespace scanviz {

int pixelsAt(float logical, float scale) {
  return std::max(1, static_cast<int>(std::lround(logical * scale)));
}

PixelImage SceneRasterizer::render(const Scene& scene, float scale, float canvasWidth,
                                   float canvasHeight, Color background) {
  const int tiles = begin(scene, scale, canvasWidth, canvasHeight, background);
  for (int i = 0; i < tiles; ++i) renderTile(i);
  return take();
}

}  // namespace scanviz
