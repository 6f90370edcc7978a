// The cairo painter on an image surface: shapes where the scene puts them, in its colours, at
// the asked scale; text drawn with the embedded fonts inside the box TextMetrics gives it; a
// transparent background left transparent.
#include <gtest/gtest.h>

#include "app/export/cairo_raster.h"
#include "app/export/text_metrics.h"

namespace scanviz {
namespace {

struct Rgba {
  int r, g, b, a;
};

Rgba at(const PixelImage& im, int x, int y) {
  const unsigned char* p = &im.rgba[(static_cast<size_t>(y) * im.width + x) * 4];
  return {p[0], p[1], p[2], p[3]};
}

// Pixels in the box that differ from `bg`.
int inked(const PixelImage& im, int x0, int y0, int x1, int y1, Rgba bg) {
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const Rgba p = at(im, x, y);
      n += p.r != bg.r || p.g != bg.g || p.b != bg.b;
    }
  return n;
}

TEST(CairoRaster, ShapesAtTheirPlacesInTheirColoursAtTheScale) {
  Scene s;
  s.width = 100;
  s.height = 50;
  s.rects.push_back({.x = 10, .y = 10, .w = 30, .h = 20, .fill = rgb(0xff0000)});
  s.lines.push_back({.x1 = 60, .y1 = 0, .x2 = 60, .y2 = 50, .color = rgb(0x0000ff), .width = 4});
  const PixelImage im = rasterizeScene(s, 2, rgb(0xffffff), 120, 50);
  ASSERT_EQ(im.width, 240);
  ASSERT_EQ(im.height, 100);
  EXPECT_FLOAT_EQ(im.pixelsPerPoint, 2);
  const Rgba red = at(im, 50, 40);  // (25, 20) in the scene
  EXPECT_EQ(red.r, 255);
  EXPECT_EQ(red.g, 0);
  EXPECT_EQ(red.a, 255);
  const Rgba blue = at(im, 120, 50);
  EXPECT_EQ(blue.b, 255);
  EXPECT_EQ(blue.r, 0);
  const Rgba white = at(im, 4, 4);
  EXPECT_EQ(white.r + white.g + white.b, 3 * 255);
  EXPECT_EQ(inked(im, 200, 0, 240, 100, {255, 255, 255, 255}), 0) << "ink outside the scene";
}

TEST(CairoRaster, TextInsideItsMeasuredBox) {
  Scene s;
  s.width = 300;
  s.height = 60;
  const std::string text = "up-sweep 1+2";
  s.texts.push_back({.x = 20, .y = 10, .text = text, .color = rgb(0x000000), .size = 24});
  const PixelImage im = rasterizeScene(s, 1, rgb(0xffffff));
  const float w = TextMetrics::embedded().width(text, 24, false);
  const Rgba white{255, 255, 255, 255};
  const int inside = inked(im, 20, 10, 20 + static_cast<int>(w) + 1, 10 + 24, white);
  EXPECT_GT(inside, 200) << "the text was not drawn";
  EXPECT_EQ(inked(im, 0, 0, 300, 60, white), inside) << "ink outside the text's box";
  // The last glyph ends near the measured width: the advances are the layout's.
  EXPECT_GT(inked(im, 20 + static_cast<int>(w) - 12, 10, 20 + static_cast<int>(w) + 1, 34, white),
            0);
}

TEST(CairoRaster, TransparentBackgroundStaysTransparent) {
  Scene s;
  s.width = 20;
  s.height = 20;
  s.rects.push_back({.x = 5, .y = 5, .w = 10, .h = 10, .fill = rgb(0x00ff00, 128)});
  const PixelImage im = rasterizeScene(s, 1, Color{0, 0, 0, 0});
  EXPECT_EQ(at(im, 1, 1).a, 0);
  const Rgba half = at(im, 10, 10);
  EXPECT_NEAR(half.a, 128, 1);
  EXPECT_EQ(half.g, 255) << "the colour is not premultiplied in the picture";
}

}  // namespace
}  // namespace scanviz
