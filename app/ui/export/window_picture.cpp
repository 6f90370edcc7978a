#include "app/ui/export/window_picture.h"

#include "app/ui/shell/theme.h"

namespace scanviz {
namespace {

// As the window's scripted screenshots: auto-sized panels settle within a few frames.
constexpr int kSettleFrames = 4;

}  // namespace

int beginWindowPicture(OffscreenImGui& target, const WindowPictureSpec& spec,
                       const WindowPainter& painter) {
  const float pixelScale = spec.uiScale * static_cast<float>(spec.scale);
  const FontSet fonts = buildFonts(target.fonts(), pixelScale);
  target.fontsChanged();
  const ViewPalette palette = viewPalette(spec.theme, spec.palette);
  target.run([&] { applyTheme(spec.theme, palette, pixelScale); });
  for (int i = 0; i <= kSettleFrames; ++i)
    target.frame(spec.width * spec.scale, spec.height * spec.scale,
                 [&] { painter(fonts, palette, pixelScale); });
  return target.tileCount();
}

}  // namespace scanviz

namespace scanviz {

OffscreenImGui& WindowCanvas::gl() {
  if (!gl_) gl_ = std::make_unique<OffscreenImGui>();
  return *gl_;
}

SceneRasterizer& WindowCanvas::raster() {
  if (!raster_) raster_ = std::make_unique<SceneRaster>(gl());
  return *raster_;
}

int WindowCanvas::beginWindow(const WindowPictureSpec& spec) {
  return beginWindowPicture(gl(), spec, painter_);
}

void WindowCanvas::renderWindowTile(int index, Color background, PixelImage& image) {
  gl().renderTile(index, background, image);
}

void WindowCanvas::writePdf(const std::vector<ScenePage>& pages, const std::string& path,
                            const PdfOptions& options) {
#if defined(SCANVIZ_WITH_CAIRO)
  writeScenePdf(pages, path, options);
#else
  ExportCanvas::writePdf(pages, path, options);
#endif
}

}  // namespace scanviz
