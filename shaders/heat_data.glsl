// Reading the space-time grid of app/core/layouts/heat_map.h: one RG16UI texel per element (value 0..1;
// the share written, with the top bit for "no value"), every level of the pyramid laid out row after row in a texture 2^uLineShift texels
// wide. Level L halves the columns L times, so a pixel that covers 2^L elements reads one texel.
// The renderer passes the level of this draw (where it starts and its columns) as plain uniforms:
// addressing is a multiply, a shift and a mask.
const int kNoValue = 0x8000;
const int kWrittenMax = 0x7fff;

uniform usampler2D uGrid;  // integer texels: WebGL2 has no normalised 16-bit format
uniform int uLineShift;  // log2 of the texture's width
uniform int uRows;
uniform int uColumns;  // elements of the widest step
uniform int uLevel;
uniform int uLevelOffset;  // texel index of the level's row 0, column 0
uniform int uLevelColumns;

struct Cell {
  float value;
  float written;  // share of the elements under the texel that the step wrote
  bool hasValue;
};

Cell fetchCell(int row, int column) {
  int p = uLevelOffset + row * uLevelColumns + column;
  uvec2 t = texelFetch(uGrid, ivec2(p & ((1 << uLineShift) - 1), p >> uLineShift), 0).rg;
  int marks = int(t.g);
  return Cell(float(t.r) / 65535.0, float(marks & kWrittenMax) / float(kWrittenMax),
              (marks & kNoValue) == 0);
}

// The cell under an element position, at this draw's level; no value outside the array.
Cell cellAt(int row, float element) {
  if (element < 0.0 || element >= float(uColumns) || row < 0 || row >= uRows)
    return Cell(0.0, 0.0, false);
  return fetchCell(row, min(int(floor(element)) >> uLevel, uLevelColumns - 1));
}
