#include "app/ui/shell/fonts.h"

#include <imgui.h>

#include <algorithm>

#include "app/export/embedded_fonts.h"

namespace scanviz {
namespace {

// Latin-1, and the few symbols the views use: dashes, ellipsis, arrows, maths, check marks.
const ImWchar* glyphRanges() {
  static const ImWchar kRanges[] = {
      0x0020, 0x00FF,  // Basic Latin, Latin-1
      0x2013, 0x2026,  // – — ‘ ’ “ ” • …
      0x2190, 0x2193,  // ← ↑ → ↓
      0x2211, 0x2211,  // ∑
      0x221E, 0x221E,  // ∞
      0x2264, 0x2265,  // ≤ ≥
      0x2295, 0x2295,  // ⊕
      0x25B6, 0x25B6,  // ▶
      0x25C0, 0x25C0,  // ◀
      0x2713, 0x2713,  // ✓
      0x2717, 0x2717,  // ✗
      0,
  };
  return kRanges;
}

// Beyond this the glyphs are drawn scaled up: sizes that big only occur at 3x on a wall.
constexpr float kMaxRasterPixels = 128;

ImFont* addFont(ImFontAtlas& atlas, const unsigned char* data, unsigned int size, float pixels) {
  pixels = std::min(pixels, kMaxRasterPixels);
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data, the atlas must not free it
  // Large glyphs need no horizontal oversampling, and skipping it keeps the atlas small at 3x.
  cfg.OversampleH = pixels > 28 ? 1 : 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  return atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size),
                                    pixels, &cfg, glyphRanges());
}

}  // namespace

ImFont* FontSet::nearest(float size, bool boldFace) const {
  const std::vector<ImFont*>& list = boldFace ? bold : regular;
  for (ImFont* f : list)
    if (f->FontSize >= size * 0.97f) return f;
  return list.empty() ? nullptr : list.back();
}

FontSet buildFonts(ImFontAtlas& atlas, float pixelScale) {
  atlas.Clear();
  FontSet f;
  f.pixelScale = pixelScale;
  const auto sans = [&](float px) {
    return addFont(atlas, embedded::font_sans, embedded::font_sans_size, px * pixelScale);
  };
  const auto sansBold = [&](float px) {
    return addFont(atlas, embedded::font_sans_bold, embedded::font_sans_bold_size, px * pixelScale);
  };
  f.body = sans(kBodySize);  // first font: ImGui's default
  f.small = sans(kSmallSize);
  f.bodyBold = sansBold(kBodySize);
  f.heading = sansBold(kHeadingSize);
  f.mono = addFont(atlas, embedded::font_mono, embedded::font_mono_size, kMonoSize * pixelScale);
  ImFont* regularLarge = sans(kHeadingSize);
  ImFont* regularHuge = sans(kHeadingSize * 1.4f);
  f.regular = {f.small, f.body, regularLarge, regularHuge};
  f.bold = {f.bodyBold,
            f.heading,
            sansBold(kValueSize),
            sansBold(kValueSize * 1.4f),
            sansBold(kValueSize * 1.9f),
            sansBold(kValueSize * 2.5f)};
  atlas.Build();
  return f;
}

}  // namespace scanviz
