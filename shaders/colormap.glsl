// The colour map of app/core/layouts/color_map.h: its control points arrive as uniforms, so the screen,
// the legend and the tests share one table. Piecewise linear between evenly spaced stops; the
// loop has constant bounds, so it unrolls to fixed indices (dynamic indexing of a uniform array
// is slow on software renderers such as llvmpipe).
const int kStops = 9;
uniform vec3 uStops[kStops];

vec3 colorMap(float t) {
  float x = clamp(t, 0.0, 1.0) * float(kStops - 1);
  vec3 c = uStops[0];
  for (int i = 0; i < kStops - 1; ++i) c = mix(c, uStops[i + 1], clamp(x - float(i), 0.0, 1.0));
  return c;
}

// Greyscale of the same lightness ordering, for values behind the write marks.
float lightness(vec3 c) {
  return dot(c, vec3(0.2126, 0.7152, 0.0722));
}
