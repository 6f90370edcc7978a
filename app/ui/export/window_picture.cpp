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
