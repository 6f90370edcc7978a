#include "app/core/layouts/color_map.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace scanviz {
namespace {

constexpr Rgb hexRgb(uint32_t hex) {
  return {static_cast<float>((hex >> 16) & 0xff) / 255.0f,
          static_cast<float>((hex >> 8) & 0xff) / 255.0f, static_cast<float>(hex & 0xff) / 255.0f};
}

float linearise(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

}  // namespace

const std::array<Rgb, kColorMapStops>& colorMapStops() {
  static const std::array<Rgb, kColorMapStops> stops = {
      hexRgb(0x440154), hexRgb(0x472d7b), hexRgb(0x3b528b), hexRgb(0x2c728e), hexRgb(0x21908c),
      hexRgb(0x27ad81), hexRgb(0x5dc863), hexRgb(0xaadc32), hexRgb(0xfde725)};
  return stops;
}

Rgb colorMapAt(float t) {
  const auto& s = colorMapStops();
  const float x = std::clamp(std::isnan(t) ? 0.0f : t, 0.0f, 1.0f) * (kColorMapStops - 1);
  const int i = std::min(static_cast<int>(x), kColorMapStops - 2);
  const float f = x - static_cast<float>(i);
  const Rgb& a = s[static_cast<size_t>(i)];
  const Rgb& b = s[static_cast<size_t>(i + 1)];
  return {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
}

float relativeLuminance(Rgb c) {
  return 0.2126f * linearise(c.r) + 0.7152f * linearise(c.g) + 0.0722f * linearise(c.b);
}

}  // namespace scanviz
