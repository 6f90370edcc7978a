// Pixels of a Scene at 1x, 2x or 4x: the scene scaled up in geometry, its fonts rasterised at the
// scaled sizes, drawn by the screen's renderer (drawScene) in an offscreen ImGui context. The
// window's build keeps this rasteriser for its PNGs and GIFs (not cairo's) so that an exported
// picture is pixel for pixel what the window projects, and the goldens do not move. Drawing
// is split into tiles so that the window can draw one tile per frame and stay responsive.
#pragma once

#include <memory>

#include "app/export/scene_rasterizer.h"
#include "app/scene/scene.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/export/scene_fonts.h"
#include "app/ui/shell/platform_window.h"

namespace scanviz {

class SceneRaster : public SceneRasterizer {
 public:
  explicit SceneRaster(OffscreenImGui& target) : target_(target) {}

  // Prepares `scene` (logical pixels) drawn at `scale` on a canvas of canvasWidth x canvasHeight
  // logical pixels (at least the scene's size), over `background`. Returns the number of tiles.
  int begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
            Color background) override;
  void renderTile(int index) override { target_.renderTile(index, background_, image_); }
  // The finished picture; begin() starts the next one.
  PixelImage take() override { return std::move(image_); }

 private:
  OffscreenImGui& target_;
  SceneFonts fonts_;
  Color background_;
  PixelImage image_;
};

}  // namespace scanviz
