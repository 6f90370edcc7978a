// The heat views: the current step as a strip of colour, the elements it wrote as marks, and the
// whole run as a space-time image (x = element, y = step, time flowing down). x follows the view
// window [uFirst, uFirst + uSpan) of elements; the pyramid level of the draw keeps one texel a
// pixel. HEAT_MODE is defined by the renderer before this file: one program per kind of region,
// so that no fragment pays for another region's code (a software renderer such as llvmpipe runs
// both sides of a branch under a mask), and the colours are chosen without branches.
#define MODE_STRIP 0
#define MODE_WRITES 1
#define MODE_SPACE_TIME 2        // rows at least a pixel tall: one fetch
#define MODE_SPACE_TIME_DENSE 3  // more steps than pixels: up to 8 rows a pixel
in vec2 vUv;
out vec4 fragColor;

uniform int uColorBy;  // space-time: 0 values, 1 the writes of every step over grey values
uniform int uStep;
uniform float uFirst;
uniform float uSpan;
uniform vec2 uRegionSize;  // pixels of the region being drawn
uniform vec3 uBackground;
uniform vec3 uNoValue;
uniform vec3 uHatch;
uniform vec3 uWrittenColor;
uniform vec3 uUnwrittenColor;

// Elements a row does not have (identity padding, a shorter array) are hatched, as the cell view
// hatches padding.
vec3 noValue() {
  vec2 p = gl_FragCoord.xy;
  return mod(p.x + p.y, 8.0) < 2.0 ? uHatch : uNoValue;
}

float elementAt() {
  return uFirst + vUv.x * uSpan;
}

// How strongly a share of writes shows: every write is seen, and a column where every element was
// written stands out from one where every eighth was.
float writeStrength(float share) {
  return share > 0.0 ? 0.4 + 0.6 * share : 0.0;
}

vec3 spaceTimeColor(Cell c, bool future) {
  vec3 values = colorMap(c.value);
  // Writes over a faint grey of the values: where they fall stands out, the data stays readable.
  vec3 grey = mix(uBackground, vec3(lightness(values)), 0.35);
  vec3 writes = mix(grey, uWrittenColor, writeStrength(c.written));
  vec3 color = c.hasValue ? (uColorBy == 0 ? values : writes) : noValue();
  // Steps still to come are dimmed: the image fills in as the lesson plays.
  return future ? mix(color, uBackground, 0.6) : color;
}

int rowAt() {
  return int(floor(vUv.y * float(uRows)));
}

// A pixel covers several steps when the run has more steps than the image has rows: the most
// written of them shows, values are averaged.
Cell denseCell(int first, float element) {
  float rowsPerPixel = float(uRows) / max(uRegionSize.y, 1.0);
  int count = clamp(int(ceil(rowsPerPixel)), 1, 8);
  int stride = max(1, int(rowsPerPixel) / count);
  float value = 0.0;
  int values = 0;
  float written = 0.0;
  for (int k = 0; k < 8; ++k) {
    if (k >= count) break;
    Cell c = cellAt(min(first + k * stride, uRows - 1), element);
    value += c.hasValue ? c.value : 0.0;
    values += c.hasValue ? 1 : 0;
    written = max(written, c.written);
  }
  return Cell(values > 0 ? value / float(values) : 0.0, written, values > 0);
}

void main() {
#if HEAT_MODE == MODE_STRIP
  Cell c = cellAt(uStep, elementAt());
  fragColor = vec4(c.hasValue ? colorMap(c.value) : noValue(), 1.0);
#elif HEAT_MODE == MODE_WRITES
  Cell c = cellAt(uStep, elementAt());
  vec3 base = c.hasValue || c.written > 0.0 ? uUnwrittenColor : noValue();
  fragColor = vec4(mix(base, uWrittenColor, writeStrength(c.written)), 1.0);
#elif HEAT_MODE == MODE_SPACE_TIME
  int row = rowAt();
  fragColor = vec4(spaceTimeColor(cellAt(row, elementAt()), row > uStep), 1.0);
#else
  int row = rowAt();
  fragColor = vec4(spaceTimeColor(denseCell(row, elementAt()), row > uStep), 1.0);
#endif
}
