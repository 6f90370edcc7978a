// Pixels of a Scene at 1x, 2x or 4x: the scene scaled up in geometry, its fonts rasterised at the
// scaled sizes, drawn by the screen's renderer (drawScene) in an offscreen ImGui context. Drawing
// is split into tiles so that the window can draw one tile per frame and stay responsive.
#pragma once

#include <memory>

#include "app/scene/scene.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/export/scene_fonts.h"
#include "app/ui/shell/platform_window.h"

namespace scanviz {

class SceneRaster {
 public:
  explicit SceneRaster(OffscreenImGui& target) : target_(target) {}

  // Prepares `scene` (logical pixels) drawn at `scale` on a canvas of canvasWidth x canvasHeight
  // logical pixels (at least the scene's size), over `background`. Returns the number of tiles.
  int begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
            Color background);
  void renderTile(int index) { target_.renderTile(index, background_, image_); }
  // The finished picture; begin() starts the next one.
  PixelImage take() { return std::move(image_); }

  // begin(), every tile, take().
  PixelImage render(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
                    Color background);

 private:
  OffscreenImGui& target_;
  SceneFonts fonts_;
  Color background_;
  PixelImage image_;
};

// The pixel size of a logical length at a scale: rounded, at least one pixel.
int pixelsAt(float logical, float scale);

}  // namespace scanviz
