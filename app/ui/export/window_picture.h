// The whole window as a picture at 1x, 2x or 4x, drawn offscreen: the window's panels run in the
// export's own ImGui context with fonts rasterised and the style sized for the picture's pixel
// scale, in the theme chosen for the picture, over a canvas the window's size times the scale.
// The window on screen is not touched.
#pragma once

#include <functional>

#include "app/core/support/app_settings.h"
#include "app/scene/palette.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/shell/fonts.h"

namespace scanviz {

// Draws the window's panels (drawMainLayout) with these fonts, colours and pixel scale into the
// current ImGui context.
using WindowPainter =
    std::function<void(const FontSet& fonts, const ViewPalette& palette, float pixelScale)>;

struct WindowPictureSpec {
  int width = 1440;  // the window's size in its own pixels (the picture at 1x)
  int height = 900;
  float uiScale = 1;  // the window's pixel scale: DPI x UI scale
  int scale = 1;      // the export scale: the canvas and every size in it grow by this
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
};

// Runs the painter over a few frames (ImGui sizes auto-fitting windows and tables in the first
// ones) and leaves the last frame's draw data in `target` for its tiles. Returns the tile count.
int beginWindowPicture(OffscreenImGui& target, const WindowPictureSpec& spec,
                       const WindowPainter& painter);

}  // namespace scanviz
