// Pixels of a Scene drawn by cairo (scene_painter.h) on an image surface: the PNGs and GIF frames
// of a build without the window, where there is no OpenGL context to draw with.
#pragma once

#include "app/export/export_canvas.h"
#include "app/export/scene_rasterizer.h"

namespace scanviz {

class CairoRaster : public SceneRasterizer {
 public:
  // One tile: cairo draws a whole picture in one go, without a GPU's size limits.
  int begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
            Color background) override;
  void renderTile(int index) override;
  PixelImage take() override { return std::move(image_); }

 private:
  Scene scene_;
  float scale_ = 1;
  Color background_;
  PixelImage image_;
};

// The export job's canvas in a build without the window: scenes drawn by cairo; no window.
class CairoCanvas : public ExportCanvas {
 public:
  SceneRasterizer& raster() override { return raster_; }
  void writePdf(const std::vector<ScenePage>& pages, const std::string& path,
                const PdfOptions& options) override;

 private:
  CairoRaster raster_;
};

// The scene at `scale` pixels per logical pixel over `background` (transparent where its alpha
// is 0), on a canvas of at least the scene's size.
PixelImage rasterizeScene(const Scene& scene, float scale, Color background, float canvasWidth = 0,
                          float canvasHeight = 0);

}  // namespace scanviz
