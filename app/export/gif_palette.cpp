#include "app/export/gif_palette.h"

#include <algorithm>
#include <array>

namespace scanviz {
namespace {

// Samples larger than this are read every k-th pixel: the histogram only needs proportions.
constexpr size_t kMaxSampledPixels = 1 << 21;

uint32_t packRgb(Color c) {
  return (static_cast<uint32_t>(c.r) << 16) | (static_cast<uint32_t>(c.g) << 8) | c.b;
}

struct Bin {
  std::array<int, 3> rgb;
  uint64_t count;
};

// A box of the median cut: a range of bins that share a region of colour space.
struct Box {
  size_t begin, end;  // into the bin array
  uint64_t count = 0;
  int longest = 0;  // channel with the widest spread
  int spread = 0;
};

Box describe(const std::vector<Bin>& bins, size_t begin, size_t end) {
  Box b{begin, end};
  std::array<int, 3> lo{255, 255, 255}, hi{0, 0, 0};
  for (size_t i = begin; i < end; ++i) {
    b.count += bins[i].count;
    for (int c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], bins[i].rgb[c]);
      hi[c] = std::max(hi[c], bins[i].rgb[c]);
    }
  }
  for (int c = 0; c < 3; ++c)
    if (hi[c] - lo[c] > b.spread) {
      b.spread = hi[c] - lo[c];
      b.longest = c;
    }
  return b;
}

// Splits the box at the median of its pixels along its widest channel.
std::pair<Box, Box> split(std::vector<Bin>& bins, const Box& b) {
  const int c = b.longest;
  std::sort(bins.begin() + static_cast<long>(b.begin), bins.begin() + static_cast<long>(b.end),
            [c](const Bin& x, const Bin& y) { return x.rgb[c] < y.rgb[c]; });
  uint64_t seen = 0;
  size_t cut = b.begin + 1;
  for (size_t i = b.begin; i + 1 < b.end; ++i) {
    seen += bins[i].count;
    cut = i + 1;
    if (seen * 2 >= b.count) break;
  }
  return {describe(bins, b.begin, cut), describe(bins, cut, b.end)};
}

Color average(const std::vector<Bin>& bins, const Box& b) {
  std::array<uint64_t, 3> sum{0, 0, 0};
  for (size_t i = b.begin; i < b.end; ++i)
    for (int c = 0; c < 3; ++c) sum[c] += bins[i].count * static_cast<uint64_t>(bins[i].rgb[c]);
  const uint64_t n = std::max<uint64_t>(1, b.count);
  return Color{static_cast<uint8_t>((sum[0] + n / 2) / n),
               static_cast<uint8_t>((sum[1] + n / 2) / n),
               static_cast<uint8_t>((sum[2] + n / 2) / n), 255};
}

std::vector<Bin> histogram(const std::vector<const PixelImage*>& samples,
                           const std::vector<Color>& fixed) {
  std::unordered_map<uint32_t, uint64_t> counts;
  for (const PixelImage* img : samples) {
    const size_t pixels = img->rgba.size() / 4;
    const size_t stride = std::max<size_t>(1, pixels / kMaxSampledPixels);
    for (size_t i = 0; i < pixels; i += stride) {
      const unsigned char* p = img->rgba.data() + i * 4;
      if (p[3] < 128) continue;
      ++counts[packRgb(Color{p[0], p[1], p[2], 255})];
    }
  }
  for (const Color& c : fixed) counts.erase(packRgb(c));  // already exact in the palette
  std::vector<Bin> bins;
  bins.reserve(counts.size());
  for (const auto& [rgb, n] : counts)
    bins.push_back({{static_cast<int>(rgb >> 16), static_cast<int>((rgb >> 8) & 255),
                     static_cast<int>(rgb & 255)},
                    n});
  return bins;
}

std::vector<Color> medianCut(std::vector<Bin> bins, size_t wanted) {
  std::vector<Color> out;
  if (bins.empty() || wanted == 0) return out;
  std::vector<Box> boxes = {describe(bins, 0, bins.size())};
  while (boxes.size() < wanted) {
    // The box with the most pixels times spread: big regions of varied colour are split first.
    auto best = std::max_element(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) {
      return a.count * static_cast<uint64_t>(a.spread) < b.count * static_cast<uint64_t>(b.spread);
    });
    if (best->spread == 0 || best->end - best->begin < 2) break;
    const auto [lo, hi] = split(bins, *best);
    *best = lo;
    boxes.push_back(hi);
  }
  for (const Box& b : boxes) out.push_back(average(bins, b));
  return out;
}

int distance(Color a, Color b) {
  // Weighted towards green, where the eye is most sensitive.
  const int dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
  return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

}  // namespace

std::vector<Color> themeColors(const ViewPalette& p) {
  const Color all[] = {p.background, p.text,       p.textDim,      p.cellFill,      p.cellStroke,
                       p.beforeFill, p.beforeText, p.writtenFill,  p.writtenText,   p.sourceStroke,
                       p.arrow,      p.ownArrow,   p.threadActive, p.threadWaiting, p.threadDone,
                       p.warpLine,   p.blockLine,  p.paddingFill,  p.paddingHatch,  p.pass,
                       p.fail,       p.bannerFill, p.bannerText,   p.accent,        rgb(0xffffff)};
  std::vector<Color> out;
  for (Color c : all) {
    c.a = 255;
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

GifPalette buildGifPalette(const std::vector<Color>& fixed,
                           const std::vector<const PixelImage*>& samples, bool transparent) {
  GifPalette p;
  for (Color c : fixed) {
    c.a = 255;
    if (p.colors.size() < static_cast<size_t>(kGifMaxColors) - 1 &&
        std::find(p.colors.begin(), p.colors.end(), c) == p.colors.end())
      p.colors.push_back(c);
  }
  // One entry stays free: the see-through one, or the GIF writer's "as before" for pixels of a
  // frame that did not change.
  const size_t room = static_cast<size_t>(kGifMaxColors) - p.colors.size() - 1;
  for (const Color& c : medianCut(histogram(samples, p.colors), room)) p.colors.push_back(c);
  if (transparent) {
    p.transparent = static_cast<int>(p.colors.size());
    p.colors.push_back(Color{0, 0, 0, 255});
  }
  return p;
}

uint8_t PaletteMapper::nearest(uint32_t rgbValue) {
  const auto it = cache_.find(rgbValue);
  if (it != cache_.end()) return it->second;
  const Color c{static_cast<uint8_t>(rgbValue >> 16), static_cast<uint8_t>(rgbValue >> 8),
                static_cast<uint8_t>(rgbValue), 255};
  int best = 0, bestDistance = -1;
  for (int i = 0; i < static_cast<int>(palette_.colors.size()); ++i) {
    if (i == palette_.transparent) continue;
    const int d = distance(c, palette_.colors[static_cast<size_t>(i)]);
    if (bestDistance < 0 || d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return cache_[rgbValue] = static_cast<uint8_t>(best);
}

std::vector<uint8_t> PaletteMapper::map(const PixelImage& image) {
  const size_t pixels = image.rgba.size() / 4;
  std::vector<uint8_t> out(pixels);
  for (size_t i = 0; i < pixels; ++i) {
    const unsigned char* p = image.rgba.data() + i * 4;
    if (palette_.transparent >= 0 && p[3] < 128) {
      out[i] = static_cast<uint8_t>(palette_.transparent);
      continue;
    }
    out[i] =
        nearest((static_cast<uint32_t>(p[0]) << 16) | (static_cast<uint32_t>(p[1]) << 8) | p[2]);
  }
  return out;
}

}  // namespace scanviz
