#include "app/core/layouts/heat_map.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

#include "app/core/playback/step_writes.h"
#include "app/core/support/parallel_chunks.h"

namespace scanviz {
namespace {

double symlog(double v) {
  const double a = std::fabs(v);
  // log1p costs three to four times log, and the heat view takes this of every element of a
  // trace. From 1 on (the values of a scan of int32 or float32 are exact there) 1 + a is exact,
  // so log(1 + a) is log1p(a) to within the last bit of a double; the texels, which keep 16 bits
  // of the normalised value, come out the same.
  return std::copysign(a >= 1 ? std::log(1 + a) : std::log1p(a), v);
}

double symexp(double y) {
  return std::copysign(std::expm1(std::fabs(y)), y);
}

double onScale(double v, HeatScale scale) {
  return scale == HeatScale::Log ? symlog(v) : v;
}

// Elements a chunk of a row holds: normalised into a thread's buffer and reduced there through
// the first kChunkLevels levels of the pyramid, so that the full resolution is never stored
// unless it is asked for.
constexpr int kChunkLevels = 10;
constexpr size_t kChunkElements = size_t{1} << kChunkLevels;
// Chunks a thread is given at least (2^16 elements), and elements when a range is scanned.
constexpr size_t kMinChunksPerThread = 64;
constexpr size_t kMinChunkElements = size_t{1} << 16;

// normalizeValue with the range's ends put on the scale once, not once an element.
class Normalizer {
 public:
  Normalizer(const ValueRange& range, HeatScale scale)
      : scale_(scale), lo_(onScale(range.min, scale)), hi_(onScale(range.max, scale)) {}
  double operator()(double v) const {
    if (!std::isfinite(v)) return std::numeric_limits<double>::quiet_NaN();
    if (!(hi_ > lo_)) return 0.5;
    return std::clamp((onScale(v, scale_) - lo_) / (hi_ - lo_), 0.0, 1.0);
  }

 private:
  HeatScale scale_;
  double lo_, hi_;
};

// std::bit_cast as plain code: the web build's libc++ (clang 14) has no std::bit_cast.
template <class To>
To bitsAs(uint32_t bits) {
  static_assert(sizeof(To) == sizeof(bits));
  To value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// decodeValueBits, inlined for the loops over whole rows.
double decodeBits(uint32_t bits, bool isFloat) {
  return isFloat ? static_cast<double>(bitsAs<float>(bits))
                 : static_cast<double>(bitsAs<int32_t>(bits));
}

constexpr float kNoValue = std::numeric_limits<float>::quiet_NaN();

// One texel of the next level from two of this one (b absent past the end of a row): the mean
// of the values that are there, and of the written shares.
void halve(const float* value, const float* written, size_t a, bool hasB, float& outValue,
           float& outWritten) {
  const float va = value[a], vb = hasB ? value[a + 1] : va;
  const bool okA = !std::isnan(va), okB = !std::isnan(vb);
  outValue = okA && okB ? 0.5f * (va + vb) : okA ? va : vb;
  outWritten = hasB ? 0.5f * (written[a] + written[a + 1]) : written[a];
}

// The next level of `count` texels, in place; returns its count.
size_t halveInPlace(float* value, float* written, size_t count) {
  const size_t half = (count + 1) / 2;
  for (size_t i = 0; i < half; ++i)
    halve(value, written, 2 * i, 2 * i + 1 < count, value[i], written[i]);
  return half;
}

// value NaN: no value.
void putTexel(uint16_t* texel, float value, float written) {
  const bool has = !std::isnan(value);
  // Rounded to the nearest step (the value is not negative, so + 0.5 and truncation do it).
  texel[0] = has ? static_cast<uint16_t>(std::clamp(value, 0.0f, 1.0f) * kHeatValueMax + 0.5f) : 0;
  // A single write among many still shows: the share rounds up.
  const auto share = static_cast<uint16_t>(std::ceil(written * kHeatWrittenMax));
  texel[1] = static_cast<uint16_t>(share | (has ? 0 : kHeatNoValue));
}

// Where one row's elements come from: a whole-array row (its raw bits, written by the rule of
// wholeWrittenElements) or the recorded values (written by writtenElements).
struct RowSource {
  size_t valid = 0;  // elements with a value; the rest of the row has none
  const uint32_t* bits = nullptr;
  std::optional<WholeRowWrites> wholeWrites;
  const double* values = nullptr;
  std::vector<uint8_t> written;
};

std::vector<RowSource> rowSources(const Trace& t) {
  std::vector<RowSource> rows(t.steps.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    const TraceStep& s = t.steps[r];
    RowSource& src = rows[r];
    if (!s.wholeBits.empty()) {
      src.valid = wholeValidElements(t, s);
      src.bits = s.wholeBits.data();
      src.wholeWrites.emplace(t, static_cast<int>(r));
    } else {
      src.valid = static_cast<size_t>(std::max(0, validElements(t, static_cast<int>(r))));
      src.values = s.values.data();
      src.written = writtenElements(t, static_cast<int>(r));
    }
  }
  return rows;
}

// Builds the texels of a grid whose levels and texture are laid out.
class GridBuilder {
 public:
  GridBuilder(const Trace& t, HeatGrid& g)
      : t_(t),
        g_(g),
        normalize_(g.range, g.scale),
        isFloat_(t.meta.dtype == "float32"),
        sources_(rowSources(t)),
        chunksPerRow_((static_cast<size_t>(g.columns) + kChunkElements - 1) / kChunkElements),
        chunkTops_(2 * static_cast<size_t>(g.rows) * chunksPerRow_) {}

  void build() {
    forEachChunk(static_cast<size_t>(g_.rows) * chunksPerRow_, kMinChunksPerThread,
                 [this](size_t begin, size_t end) {
                   float value[kChunkElements], written[kChunkElements];
                   for (size_t u = begin; u < end; ++u)
                     chunk(u / chunksPerRow_, u % chunksPerRow_, value, written);
                 });
    // The levels above a chunk: from the chunks' tops, a few thousand values a row.
    if (static_cast<int>(g_.levels.size()) <= kChunkLevels + 1) return;
    std::vector<float> value(chunksPerRow_), written(chunksPerRow_);
    for (size_t r = 0; r < static_cast<size_t>(g_.rows); ++r) {
      for (size_t j = 0; j < chunksPerRow_; ++j) {
        value[j] = chunkTops_[2 * (r * chunksPerRow_ + j)];
        written[j] = chunkTops_[2 * (r * chunksPerRow_ + j) + 1];
      }
      const size_t count = halveInPlace(value.data(), written.data(), chunksPerRow_);
      reduce(r, 0, count, kChunkLevels + 1, g_.levels.size() - 1, value.data(), written.data());
    }
  }

 private:
  // Chunk j of row r: its elements normalised, then reduced level by level to one value.
  void chunk(size_t r, size_t j, float* value, float* written) {
    const size_t first = j * kChunkElements;
    const size_t count = std::min(kChunkElements, static_cast<size_t>(g_.columns) - first);
    const RowSource& src = sources_[r];
    const size_t valid = src.valid > first ? std::min(count, src.valid - first) : 0;
    if (src.bits) {
      for (size_t i = 0; i < valid; ++i)
        value[i] = static_cast<float>(normalize_(decodeBits(src.bits[first + i], isFloat_)));
      src.wholeWrites->mark(first, valid, written);
    } else {
      for (size_t i = 0; i < valid; ++i) {
        value[i] = static_cast<float>(normalize_(src.values[first + i]));
        written[i] = src.written[first + i];
      }
    }
    std::fill(value + valid, value + count, kNoValue);
    std::fill(written + valid, written + count, 0.0f);
    const size_t top = std::min<size_t>(kChunkLevels, g_.levels.size() - 1);
    reduce(r, first, count, 0, top, value, written);
    chunkTops_[2 * (r * chunksPerRow_ + j)] = value[0];
    chunkTops_[2 * (r * chunksPerRow_ + j) + 1] = written[0];
  }

  // value/written hold `count` texels of level `from` of row r, from column `column` on: stores
  // those of the levels from..to that are built, halving in place.
  void reduce(size_t r, size_t column, size_t count, size_t from, size_t to, float* value,
              float* written) {
    for (size_t l = from;; ++l) {
      if (static_cast<int>(l) >= g_.finestLevel) store(l, r, column, count, value, written);
      if (l == to) return;
      count = halveInPlace(value, written, count);
      column /= 2;
    }
  }

  void store(size_t level, size_t r, size_t column, size_t count, const float* value,
             const float* written) {
    const HeatLevel& l = g_.levels[level];
    const size_t stored = g_.levels[static_cast<size_t>(g_.finestLevel)].offset;
    uint16_t* texel =
        g_.texels.data() + 2 * (l.offset - stored + r * static_cast<size_t>(l.columns) + column);
    for (size_t i = 0; i < count; ++i) putTexel(texel + 2 * i, value[i], written[i]);
  }

  const Trace& t_;
  HeatGrid& g_;
  Normalizer normalize_;
  bool isFloat_;
  std::vector<RowSource> sources_;
  size_t chunksPerRow_;
  std::vector<float> chunkTops_;  // (value, written) of each chunk reduced to one texel
};

// The least and greatest finite value of `count` raw values of type T (int32_t or float), in
// loops simple enough for the compiler to vectorise; (inf, -inf) when there is none.
template <class T>
std::pair<double, double> finiteRange(const uint32_t* bits, size_t count) {
  if constexpr (std::is_same_v<T, int32_t>) {
    int32_t lo = std::numeric_limits<int32_t>::max(), hi = std::numeric_limits<int32_t>::min();
    for (size_t i = 0; i < count; ++i) {
      const auto v = static_cast<int32_t>(bits[i]);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    if (count == 0)
      return {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    return {lo, hi};
  } else {
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (size_t i = 0; i < count; ++i) {
      const float v = bitsAs<float>(bits[i]);
      // v - v is NaN for NaN and the infinities: only finite values take part.
      const bool finite = v - v == 0;
      lo = finite && v < lo ? v : lo;
      hi = finite && v > hi ? v : hi;
    }
    return {lo, hi};
  }
}

// Where each level of the pyramid starts; `total` receives the texels of all levels.
std::vector<HeatLevel> pyramidLevels(int rows, int columns, size_t& total) {
  std::vector<HeatLevel> levels;
  total = 0;
  if (rows <= 0 || columns <= 0) return levels;
  for (int cols = columns;; cols = (cols + 1) / 2) {
    levels.push_back({cols, total});
    total += static_cast<size_t>(rows) * cols;
    if (cols == 1) break;
  }
  return levels;
}

}  // namespace

size_t heatGridTexels(const Trace& t, int finestLevel) {
  size_t total = 0;
  const std::vector<HeatLevel> levels =
      pyramidLevels(static_cast<int>(t.steps.size()), heatColumns(t), total);
  if (levels.empty()) return 0;
  return total - levels[static_cast<size_t>(
                            std::clamp(finestLevel, 0, static_cast<int>(levels.size()) - 1))]
                     .offset;
}

int heatLevelCount(int columns) {
  size_t total = 0;
  return static_cast<int>(pyramidLevels(1, columns, total).size());
}

HeatScale defaultHeatScale(const Trace& t) {
  return t.meta.op == "add" || t.meta.op == "mul" ? HeatScale::Log : HeatScale::Linear;
}

ValueRange traceValueRange(const Trace& t) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const TraceStep& s : t.steps)
    for (double v : s.values)
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  // The whole rows, all of them at once on every core: pieces of 2^16 elements.
  const bool isFloat = t.meta.dtype == "float32";
  struct Piece {
    const uint32_t* bits;
    size_t count;
  };
  std::vector<Piece> pieces;
  for (const TraceStep& s : t.steps)
    for (size_t first = 0, valid = wholeValidElements(t, s); first < valid;
         first += kMinChunkElements)
      pieces.push_back({s.wholeBits.data() + first, std::min(kMinChunkElements, valid - first)});
  std::mutex mutex;
  forEachChunk(pieces.size(), 1, [&](size_t begin, size_t end) {
    double chunkLo = std::numeric_limits<double>::infinity(), chunkHi = -chunkLo;
    for (size_t p = begin; p < end; ++p) {
      const auto [min, max] = isFloat ? finiteRange<float>(pieces[p].bits, pieces[p].count)
                                      : finiteRange<int32_t>(pieces[p].bits, pieces[p].count);
      chunkLo = std::min(chunkLo, min);
      chunkHi = std::max(chunkHi, max);
    }
    const std::lock_guard lock(mutex);
    lo = std::min(lo, chunkLo);
    hi = std::max(hi, chunkHi);
  });
  if (lo > hi) return {0, 1};
  if (lo == hi) return {lo - 1, hi + 1};
  return {lo, hi};
}

double normalizeValue(double v, const ValueRange& range, HeatScale scale) {
  return Normalizer(range, scale)(v);
}

double valueAtFraction(double f, const ValueRange& range, HeatScale scale) {
  const double lo = onScale(range.min, scale), hi = onScale(range.max, scale);
  const double y = lo + std::clamp(f, 0.0, 1.0) * (hi - lo);
  return scale == HeatScale::Log ? symexp(y) : y;
}

int heatColumns(const Trace& t) {
  size_t columns = 0;
  for (const TraceStep& s : t.steps)
    columns = std::max({columns, s.values.size(), wholeValidElements(t, s)});
  return static_cast<int>(columns);
}

HeatTexel HeatGrid::at(int level, int row, int column) const {
  const HeatLevel& l = levels[static_cast<size_t>(level)];
  const size_t p = l.offset - levels[static_cast<size_t>(finestLevel)].offset +
                   static_cast<size_t>(row) * l.columns + column;
  return {texels[2 * p], texels[2 * p + 1]};
}

HeatGrid buildHeatGrid(const HeatGridRequest& rq) {
  const Trace& t = *rq.trace;
  HeatGrid g;
  g.rows = static_cast<int>(t.steps.size());
  g.columns = heatColumns(t);
  g.range = rq.range;
  g.scale = rq.scale;
  g.textureWidth = std::max(1, rq.textureWidth);
  if (g.rows == 0 || g.columns == 0) return g;
  size_t total = 0;
  g.levels = pyramidLevels(g.rows, g.columns, total);
  g.finestLevel = std::clamp(rq.finestLevel, 0, static_cast<int>(g.levels.size()) - 1);
  const size_t stored = total - g.levels[static_cast<size_t>(g.finestLevel)].offset;
  g.textureHeight = static_cast<int>((stored + g.textureWidth - 1) / g.textureWidth);
  const size_t texels = static_cast<size_t>(g.textureWidth) * g.textureHeight;
  g.texels.resize(2 * texels);
  // Every stored texel is written below; the rest of the last line is defined here.
  std::fill(g.texels.begin() + static_cast<std::ptrdiff_t>(2 * stored), g.texels.end(), 0);
  GridBuilder(t, g).build();
  return g;
}

HeatGrid buildHeatGrid(const Trace& t, HeatScale scale, int textureWidth) {
  return buildHeatGrid({.trace = &t,
                        .scale = scale,
                        .range = traceValueRange(t),
                        .textureWidth = textureWidth,
                        .finestLevel = 0});
}

int heatLevelFor(double elementsPerPixel, int levelCount) {
  if (!(elementsPerPixel > 1) || levelCount <= 1) return 0;
  return std::clamp(static_cast<int>(std::floor(std::log2(elementsPerPixel))), 0, levelCount - 1);
}

}  // namespace scanviz
