// 256 colours for an animated GIF of the views. The pictures are flat colours plus the
// anti-aliased edges between them, so the palette holds every colour of the theme exactly (cells,
// text and arrows never shift hue) and fills the remaining entries by median cut over sample
// frames, which gives the edge blends. Frames map to it by nearest colour, without dithering
// (dither noise would blur small text). No ImGui here.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "app/export/pixel_image.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// A GIF frame's colour table holds at most this many entries.
inline constexpr int kGifMaxColors = 256;

struct GifPalette {
  std::vector<Color> colors;  // at most 256, opaque
  int transparent = -1;       // the index that stands for transparency; -1: none
};

// The theme's colours, without repeats: what must survive quantisation exactly.
std::vector<Color> themeColors(const ViewPalette& p);

// `fixed` first, then median-cut colours of the samples' pixels up to 255 entries, and the 256th
// for transparency when asked (otherwise left free for the GIF writer's unchanged pixels). Pixels
// at least half transparent count as transparency.
GifPalette buildGifPalette(const std::vector<Color>& fixed,
                           const std::vector<const PixelImage*>& samples, bool transparent);

// Maps pixels to palette indices by nearest colour, remembering each colour's answer (a frame of
// the views has a few thousand distinct colours at most).
class PaletteMapper {
 public:
  explicit PaletteMapper(const GifPalette& palette) : palette_(palette) {}
  std::vector<uint8_t> map(const PixelImage& image);

 private:
  uint8_t nearest(uint32_t rgb);

  const GifPalette& palette_;
  std::unordered_map<uint32_t, uint8_t> cache_;
};

}  // namespace scanviz
