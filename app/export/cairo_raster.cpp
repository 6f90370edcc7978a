#include "app/export/cairo_raster.h"

#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "app/export/scene_painter.h"
#include "app/export/scene_pdf.h"

namespace scanviz {
namespace {

// cairo's ARGB32 is premultiplied and native-endian (a uint32 per pixel); PNG and GIF want
// straight RGBA bytes.
void copyPixels(cairo_surface_t* surface, PixelImage& image) {
  cairo_surface_flush(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  image.rgba.resize(static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 4);
  for (int y = 0; y < image.height; ++y) {
    const unsigned char* row = data + static_cast<ptrdiff_t>(y) * stride;
    for (int x = 0; x < image.width; ++x) {
      uint32_t argb = 0;
      std::memcpy(&argb, row + 4 * x, 4);
      const uint32_t a = argb >> 24;
      unsigned char* out = &image.rgba[(static_cast<size_t>(y) * image.width + x) * 4];
      for (int c = 0; c < 3; ++c) {
        const uint32_t v = (argb >> (16 - 8 * c)) & 0xFF;
        out[c] =
            static_cast<unsigned char>(a == 0 ? 0 : std::min<uint32_t>(255, (v * 255 + a / 2) / a));
      }
      out[3] = static_cast<unsigned char>(a);
    }
  }
}

}  // namespace

int CairoRaster::begin(const Scene& scene, float scale, float canvasWidth, float canvasHeight,
                       Color background) {
  scene_ = scene;
  scale_ = scale;
  background_ = background;
  image_ = PixelImage{};
  image_.pixelsPerPoint = scale;
  image_.width = pixelsAt(std::max(canvasWidth, scene.width), scale);
  image_.height = pixelsAt(std::max(canvasHeight, scene.height), scale);
  return 1;
}

void CairoRaster::renderTile(int /*index*/) {
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, image_.width, image_.height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    throw std::runtime_error("cairo cannot make a picture of " + std::to_string(image_.width) +
                             " x " + std::to_string(image_.height) + " pixels");
  }
  cairo_t* cr = cairo_create(surface);
  if (background_.a > 0) {
    cairo_set_source_rgba(cr, background_.r / 255.0, background_.g / 255.0, background_.b / 255.0,
                          background_.a / 255.0);
    cairo_paint(cr);
  }
  cairo_scale(cr, scale_, scale_);
  paintScene(cr, scene_);
  cairo_destroy(cr);
  copyPixels(surface, image_);
  cairo_surface_destroy(surface);
}

void CairoCanvas::writePdf(const std::vector<ScenePage>& pages, const std::string& path,
                           const PdfOptions& options) {
  writeScenePdf(pages, path, options);
}

PixelImage rasterizeScene(const Scene& scene, float scale, Color background, float canvasWidth,
                          float canvasHeight) {
  CairoRaster raster;
  return raster.render(scene, scale, canvasWidth, canvasHeight, background);
}

}  // namespace scanviz
