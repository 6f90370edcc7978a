// The data behind the heat views, prepared without any GL: every recorded step of a trace as one
// row of a space-time image (x = element of the step's array, y = step; the whole array when the
// step holds it, TraceStep::wholeBits, else the step's section or window), each value normalised to
// 0..1 over the whole trace's range, with the elements the step wrote marked. Rows are reduced
// along x into a pyramid (each level halves the columns: values and the share written averaged),
// so that a view showing more elements than pixels reads one texel a pixel, and the share tells
// "every eighth element" from "all of them" while a single write among thousands still counts. The
// heat strip of step k is row k of the same data, so a trace is uploaded once and stepping only
// changes which row is drawn.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "app/core/support/enum_keys.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// How values map to 0..1. Sums grow by orders of magnitude over a scan, so Log (sign(v) *
// log(1 + |v|), linear in between) keeps the early steps' small values apart from each other.
enum class HeatScale { Linear, Log };

// What the space-time image colours: the values, or the cells each step wrote (--heat-color).
enum class HeatColorBy { Values, Writes };
inline constexpr EnumKey<HeatColorBy> kHeatColorKeys[] = {{HeatColorBy::Values, "values"},
                                                          {HeatColorBy::Writes, "writes"}};

// Log for add and mul, whose results grow with N; Linear for max and min.
HeatScale defaultHeatScale(const Trace& t);

struct ValueRange {
  double min = 0;
  double max = 1;
};

// The finite values of every step, or 0..1 when there are none. A range of one value is widened
// by one on each side, so that it maps to the middle of the colour map.
ValueRange traceValueRange(const Trace& t);

// v mapped to 0..1 over the range on the scale; NaN for a value that is not finite.
double normalizeValue(double v, const ValueRange& range, HeatScale scale);
// The value at position f (0..1) of the range on the scale: the legend's tick values.
double valueAtFraction(double f, const ValueRange& range, HeatScale scale);

// The second channel of a texel: the top bit marks an element that row does not have (a step
// narrower than the widest one, or identity padding past the end of a section); the rest is the
// share of the texel's elements the step wrote, 0..kHeatWrittenMax.
inline constexpr uint16_t kHeatNoValue = 0x8000;
inline constexpr uint16_t kHeatWrittenMax = 0x7fff;

// Value quantised to 0..kHeatValueMax (16-bit unsigned normalised in the texture).
inline constexpr uint16_t kHeatValueMax = 65535;

struct HeatLevel {
  int columns = 0;    // ceil(grid columns / 2^level)
  size_t offset = 0;  // texel index of (row 0, column 0); row r starts at offset + r * columns
};

struct HeatTexel {
  uint16_t value = 0;
  uint16_t marks = 0;
  double writtenShare() const { return (marks & kHeatWrittenMax) / double(kHeatWrittenMax); }
  bool written() const { return (marks & kHeatWrittenMax) != 0; }
  bool hasValue() const { return !(marks & kHeatNoValue); }
};

// An allocator that leaves new elements uninitialised: the grid's builder writes every texel on
// all cores, so a serial zero-fill of up to hundreds of megabytes before it would only cost time.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  explicit UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

using HeatTexels = std::vector<uint16_t, UninitializedAllocator<uint16_t>>;

struct HeatGrid {
  int rows = 0;     // steps
  int columns = 0;  // the widest step's array
  ValueRange range;
  HeatScale scale = HeatScale::Linear;
  // Every level of the pyramid; levels[0] is the full resolution. Only the levels from
  // finestLevel on are in the texels: the heat view builds the coarse ones first, which are all
  // a window needs until it is zoomed in.
  std::vector<HeatLevel> levels;
  int finestLevel = 0;
  // Two 16-bit channels a texel (value, marks), laid out row after row in a texture of
  // textureWidth texels a line: texel p is at (p % textureWidth, p / textureWidth).
  HeatTexels texels;
  int textureWidth = 0;
  int textureHeight = 0;

  size_t texelCount() const { return texels.size() / 2; }
  // level >= finestLevel.
  HeatTexel at(int level, int row, int column) const;
};

// Columns of the space-time image: the longest row (a whole array, a section or a window).
int heatColumns(const Trace& t);

// Levels of the pyramid over that many columns: halved until one is left.
int heatLevelCount(int columns);

// Texels of the grid buildHeatGrid makes for the trace, the pyramid's levels from finestLevel on
// (to choose a texture line width before building it).
size_t heatGridTexels(const Trace& t, int finestLevel = 0);

// What to build: the levels from finestLevel on of the trace's grid, its values normalised over
// `range` (traceValueRange, which the view has already) on `scale`.
struct HeatGridRequest {
  const Trace* trace = nullptr;
  HeatScale scale = HeatScale::Linear;
  ValueRange range;
  int textureWidth = 1;  // texels a line of the texture (a power of two within the driver's limit)
  int finestLevel = 0;
};

// Every element is read once, on all cores, and reduced through the pyramid in a small buffer;
// a coarse level costs that one pass, and the texels of the levels below finestLevel are never
// written. Each level's texels are the same whatever finestLevel is.
HeatGrid buildHeatGrid(const HeatGridRequest& request);

// The whole pyramid over the trace's own value range.
HeatGrid buildHeatGrid(const Trace& t, HeatScale scale, int textureWidth);

// The pyramid level whose texels cover about `elementsPerPixel` elements: floor(log2), clamped to
// the grid's levels.
int heatLevelFor(double elementsPerPixel, int levelCount);

}  // namespace scanviz
