// Where an export job draws its pixels: a rasteriser of scenes, and, where the window's panels
// can run, the whole window. The window's build hands the job its offscreen OpenGL target
// (app/ui/export/window_canvas.h); a build without the window hands it cairo's (cairo_raster.h).
// A job without a canvas writes SVG only. scene_pdf.h is only a header here: the PDF writer
// itself is cairo's (scanviz_export_cairo), called by the canvases of builds that have it.
#pragma once

#include <string>
#include <vector>

#include "app/core/support/app_settings.h"
#include "app/export/scene_pdf.h"
#include "app/export/scene_rasterizer.h"

namespace scanviz {

struct WindowPictureSpec {
  int width = 1440;  // the window's size in its own pixels (the picture at 1x)
  int height = 900;
  float uiScale = 1;  // the window's pixel scale: DPI x UI scale
  int scale = 1;      // the export scale: the canvas and every size in it grow by this
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
};

class ExportCanvas {
 public:
  virtual ~ExportCanvas() = default;

  // The rasteriser of scenes (made on first use: a GL target is not cheap).
  virtual SceneRasterizer& raster() = 0;

  // Whether the whole window can be drawn here.
  virtual bool drawsWindow() const { return false; }
  // Draws the window for `spec` and returns its tile count; only where drawsWindow().
  virtual int beginWindow(const WindowPictureSpec& spec);
  virtual void renderWindowTile(int index, Color background, PixelImage& image);

  // Writes the pages as one PDF (scene_pdf.h's writeScenePdf, where the build has cairo); throws
  // InputError where it has not.
  virtual void writePdf(const std::vector<ScenePage>& pages, const std::string& path,
                        const PdfOptions& options);
};

}  // namespace scanviz
