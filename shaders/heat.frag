// The heat views: the current step as a strip of colour, the elements it wrote as marks, and the
// whole run as a space-time image (x = element, y = step, time flowing down). x follows the view
// window [uFirst, uFirst + uSpan) of elements; the pyramid level of the draw keeps one texel a
// pixel.
in vec2 vUv;
out vec4 fragColor;

const int kModeStrip = 0;
const int kModeWrites = 1;
const int kModeSpaceTime = 2;

uniform int uMode;
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

vec3 spaceTimeColor(Cell c, bool future) {
  vec3 color;
  if (!c.hasValue) {
    color = noValue();
  } else if (uColorBy == 0) {
    color = colorMap(c.value);
  } else if (c.written) {
    color = uWrittenColor;
  } else {
    // Faint grey by value: where the writes fall stands out, the data stays readable.
    color = mix(uBackground, vec3(lightness(colorMap(c.value))), 0.35);
  }
  // Steps still to come are dimmed: the image fills in as the lesson plays.
  return future ? mix(color, uBackground, 0.72) : color;
}

// A pixel can cover several steps when the run has more steps than the image has rows: any write
// among them shows, values are averaged. One fetch when rows are at least a pixel tall.
vec3 spaceTime() {
  float rowsPerPixel = float(uRows) / max(uRegionSize.y, 1.0);
  int first = int(floor(vUv.y * float(uRows)));
  float element = elementAt();
  if (rowsPerPixel <= 1.0) return spaceTimeColor(cellAt(first, element), first > uStep);
  int count = min(int(ceil(rowsPerPixel)), 8);
  int stride = max(1, int(rowsPerPixel) / count);
  float value = 0.0;
  int values = 0;
  bool written = false;
  for (int k = 0; k < 8; ++k) {
    if (k >= count) break;
    Cell c = cellAt(min(first + k * stride, uRows - 1), element);
    value += c.hasValue ? c.value : 0.0;
    values += c.hasValue ? 1 : 0;
    written = written || c.written;
  }
  Cell merged = Cell(values > 0 ? value / float(values) : 0.0, written, values > 0);
  return spaceTimeColor(merged, first > uStep);
}

void main() {
  Cell c = cellAt(uStep, elementAt());
  vec3 color;
  if (uMode == kModeStrip) {
    color = c.hasValue ? colorMap(c.value) : noValue();
  } else if (uMode == kModeWrites) {
    color = c.written ? uWrittenColor : (c.hasValue ? uUnwrittenColor : noValue());
  } else {
    color = spaceTime();
  }
  fragColor = vec4(color, 1.0);
}
