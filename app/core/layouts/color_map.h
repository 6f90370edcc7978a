// The heat views' colour map: viridis (van der Walt and Smith, matplotlib 2015). Its lightness
// rises steadily from dark purple to yellow, so equal steps in value look like equal steps in
// colour, it stays readable with the common colour-vision deficiencies and in greyscale, and it
// survives a washed-out projector better than a rainbow. The shader interpolates the same control
// points (the renderer passes them as uniforms), so the legend, the tests and the screen agree.
#pragma once

#include <array>

namespace scanviz {

// sRGB components in 0..1.
struct Rgb {
  float r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

inline constexpr int kColorMapStops = 9;

// viridis at t = 0, 1/8, ..., 1 (R's viridis::viridis(9)).
const std::array<Rgb, kColorMapStops>& colorMapStops();

// Piecewise linear between the stops; t is clamped to 0..1.
Rgb colorMapAt(float t);

// Relative luminance (ITU-R BT.709 weights on linearised sRGB), 0..1.
float relativeLuminance(Rgb c);

}  // namespace scanviz
