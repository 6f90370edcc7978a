// What turns a Scene into pixels, as an interface: the window's build draws with its offscreen
// OpenGL renderer (app/ui/export/scene_raster.h, the pictures the goldens hold), a build without
// the window with cairo (app/export/cairo_raster.h). The export job asks for tiles one at a time,
// so that the window can draw one a frame and stay responsive.
#pragma once

#include "app/export/pixel_image.h"
#include "app/scene/scene.h"

namespace scanviz {

class SceneRasterizer {
 public:
  virtual ~SceneRasterizer() = default;

  // Prepares `scene` (logical pixels) drawn at `scale` on a canvas of canvasWidth x canvasHeight
  // logical pixels (at least the scene's size), over `background`. Returns the number of tiles.
  virtual int begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
                    Color background) = 0;
  virtual void renderTile(int index) = 0;
  // The finished picture; begin() starts the next one.
  virtual PixelImage take() = 0;

  // begin(), every tile, take().
  PixelImage render(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
                    Color background);
};

// The pixel size of a logical length at a scale: rounded, at least one pixel.
int pixelsAt(float logical, float scale);

}  // namespace scanviz
