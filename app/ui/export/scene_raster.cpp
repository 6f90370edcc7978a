#include "app/ui/export/scene_raster.h"

#include <algorithm>
#include <cmath>

#include "app/scene/scene_geometry.h"
#include "app/ui/widgets/scene_renderer.h"

namespace scanviz {

int SceneRaster::begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
                       Color background) {
  const Scene scaled = scaledScene(scene, scale);
  const FontNeeds needs = fontNeeds(scaled);
  // Frames of one animation mostly share their fonts: the atlas is rebuilt only for new sizes
  // or characters, and then holds everything seen so far.
  if (fonts_.set.regular.empty() && fonts_.set.bold.empty()) {
    buildSceneFonts(target_.fonts(), needs, fonts_);
    target_.fontsChanged();
  } else if (!fonts_.needs.covers(needs)) {
    FontNeeds all = fonts_.needs;
    all.merge(needs);
    buildSceneFonts(target_.fonts(), all, fonts_);
    target_.fontsChanged();
  }
  background_ = background;
  image_ = PixelImage{};
  image_.pixelsPerPoint = scale;
  const int w = pixelsAt(std::max(canvasWidth, scene.width), scale);
  const int h = pixelsAt(std::max(canvasHeight, scene.height), scale);
  target_.frame(
      w, h, [&] { drawScene(*ImGui::GetBackgroundDrawList(), scaled, ImVec2(0, 0), fonts_.set); });
  return target_.tileCount();
}

}  // namespace scanviz
