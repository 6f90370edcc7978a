// The whole window as a picture at 1x, 2x or 4x, drawn offscreen: the window's panels run in the
// export's own ImGui context with fonts rasterised and the style sized for the picture's pixel
// scale, in the theme chosen for the picture, over a canvas the window's size times the scale.
// The window on screen is not touched. And the export canvas of the window's build.
#pragma once

#include <functional>
#include <memory>

#include "app/export/export_canvas.h"
#include "app/scene/palette.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/export/scene_raster.h"
#include "app/ui/shell/fonts.h"

namespace scanviz {

// Draws the window's panels (drawMainLayout) with these fonts, colours and pixel scale into the
// current ImGui context.
using WindowPainter =
    std::function<void(const FontSet& fonts, const ViewPalette& palette, float pixelScale)>;

// Runs the painter over a few frames (ImGui sizes auto-fitting windows and tables in the first
// ones) and leaves the last frame's draw data in `target` for its tiles. Returns the tile count.
int beginWindowPicture(OffscreenImGui& target, const WindowPictureSpec& spec,
                       const WindowPainter& painter);

// What an export job draws on in the window's build: scenes by the screen's renderer offscreen
// (scene_raster.h, so that PNGs and GIFs are what the window projects), and the whole window where
// a painter is given. Needs the current OpenGL context (the window's, or a hidden one), made
// when the first pixels are drawn.
class WindowCanvas : public ExportCanvas {
 public:
  explicit WindowCanvas(WindowPainter painter = {}) : painter_(std::move(painter)) {}

  SceneRasterizer& raster() override;
  bool drawsWindow() const override { return static_cast<bool>(painter_); }
  int beginWindow(const WindowPictureSpec& spec) override;
  void renderWindowTile(int index, Color background, PixelImage& image) override;
  // cairo's pages where the build has cairo (no GL: PDF pages are vectors).
  void writePdf(const std::vector<ScenePage>& pages, const std::string& path,
                const PdfOptions& options) override;

 private:
  OffscreenImGui& gl();

  WindowPainter painter_;
  std::unique_ptr<OffscreenImGui> gl_;
  std::unique_ptr<SceneRaster> raster_;  // draws into gl_: declared after it, destroyed first
};

}  // namespace scanviz
