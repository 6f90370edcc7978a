#include "app/core/layouts/heat_map.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>

#include "app/core/playback/step_writes.h"
#include "app/core/support/parallel_chunks.h"

namespace scanviz {
namespace {

double symlog(double v) {
  return std::copysign(std::log1p(std::fabs(v)), v);
}

double symexp(double y) {
  return std::copysign(std::expm1(std::fabs(y)), y);
}

double onScale(double v, HeatScale scale) {
  return scale == HeatScale::Log ? symlog(v) : v;
}

// Elements a thread is given at least when a level is built in parallel.
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

// One level of the pyramid while it is built: values in 0..1 (NaN: no value) and the share of
// the elements written.
struct LevelData {
  int columns = 0;
  std::vector<float> value;
  std::vector<float> written;
};

LevelData fullResolution(const Trace& t, const ValueRange& range, HeatScale scale, int columns) {
  const int rows = static_cast<int>(t.steps.size());
  LevelData d;
  d.columns = columns;
  d.value.assign(static_cast<size_t>(rows) * columns, std::numeric_limits<float>::quiet_NaN());
  d.written.assign(d.value.size(), 0);
  const Normalizer normalize(range, scale);
  const bool isFloat = t.meta.dtype == "float32";
  // The written marks of every row, made on this thread: a worker thread that allocates gets a
  // malloc arena of its own, which outlives it and changes how the process's memory limits bite.
  std::vector<std::vector<uint8_t>> writtenRows(static_cast<size_t>(rows));
  for (int r = 0; r < rows; ++r)
    writtenRows[static_cast<size_t>(r)] = t.steps[static_cast<size_t>(r)].wholeBits.empty()
                                              ? writtenElements(t, r)
                                              : wholeWrittenElements(t, r);
  const auto fillRow = [&](int r) {
    const TraceStep& s = t.steps[static_cast<size_t>(r)];
    const size_t base = static_cast<size_t>(r) * columns;
    const std::vector<uint8_t>& written = writtenRows[static_cast<size_t>(r)];
    if (!s.wholeBits.empty()) {
      const size_t valid = wholeValidElements(t, s);
      for (size_t c = 0; c < valid; ++c) {
        d.value[base + c] = static_cast<float>(normalize(decodeValueBits(s.wholeBits[c], isFloat)));
        d.written[base + c] = written[c];
      }
      return;
    }
    const int valid = validElements(t, r);
    for (int c = 0; c < valid; ++c) {
      d.value[base + c] = static_cast<float>(normalize(s.values[static_cast<size_t>(c)]));
      d.written[base + c] = written[static_cast<size_t>(c)];
    }
  };
  // Rows are independent: a thread takes whole rows (a whole-array row is 2^20 elements and more).
  const size_t rowsPerThread = std::max<size_t>(1, kMinChunkElements / std::max(1, columns));
  forEachChunk(static_cast<size_t>(rows), rowsPerThread, [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) fillRow(static_cast<int>(r));
  });
  return d;
}

// Halves the columns: the mean of the halves that have a value, and of their written shares.
LevelData halved(const LevelData& in, int rows) {
  LevelData out;
  out.columns = (in.columns + 1) / 2;
  out.value.resize(static_cast<size_t>(rows) * out.columns);
  out.written.resize(out.value.size());
  const auto columns = static_cast<size_t>(out.columns);
  forEachChunk(out.value.size(), kMinChunkElements, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const size_t r = i / columns, c = i % columns;
      const size_t a = r * static_cast<size_t>(in.columns) + 2 * c;
      const bool hasB = 2 * c + 1 < static_cast<size_t>(in.columns);
      const float va = in.value[a], vb = hasB ? in.value[a + 1] : va;
      const bool okA = !std::isnan(va), okB = !std::isnan(vb);
      out.value[i] = okA && okB ? 0.5f * (va + vb) : okA ? va : vb;
      out.written[i] = hasB ? 0.5f * (in.written[a] + in.written[a + 1]) : in.written[a];
    }
  });
  return out;
}

void store(const LevelData& d, size_t offset, std::vector<uint16_t>& texels) {
  forEachChunk(d.value.size(), kMinChunkElements, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const float v = d.value[i];
      const bool has = !std::isnan(v);
      // Rounded to the nearest step (the value is not negative, so + 0.5 and truncation do it).
      texels[2 * (offset + i)] =
          has ? static_cast<uint16_t>(std::clamp(v, 0.0f, 1.0f) * kHeatValueMax + 0.5f) : 0;
      // A single write among many still shows: the share rounds up.
      const auto share = static_cast<uint16_t>(std::ceil(d.written[i] * kHeatWrittenMax));
      texels[2 * (offset + i) + 1] = static_cast<uint16_t>(share | (has ? 0 : kHeatNoValue));
    }
  });
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

size_t heatGridTexels(const Trace& t) {
  size_t total = 0;
  pyramidLevels(static_cast<int>(t.steps.size()), heatColumns(t), total);
  return total;
}

HeatScale defaultHeatScale(const Trace& t) {
  return t.meta.op == "add" || t.meta.op == "mul" ? HeatScale::Log : HeatScale::Linear;
}

ValueRange traceValueRange(const Trace& t) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  const auto take = [&](double v) {
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  };
  const bool isFloat = t.meta.dtype == "float32";
  for (const TraceStep& s : t.steps) {
    for (double v : s.values) take(v);
    const size_t valid = wholeValidElements(t, s);
    std::mutex mutex;
    forEachChunk(valid, kMinChunkElements, [&](size_t begin, size_t end) {
      double chunkLo = std::numeric_limits<double>::infinity(), chunkHi = -chunkLo;
      for (size_t i = begin; i < end; ++i) {
        const double v = decodeValueBits(s.wholeBits[i], isFloat);
        if (!std::isfinite(v)) continue;
        chunkLo = std::min(chunkLo, v);
        chunkHi = std::max(chunkHi, v);
      }
      const std::lock_guard lock(mutex);
      lo = std::min(lo, chunkLo);
      hi = std::max(hi, chunkHi);
    });
  }
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
  const size_t p = l.offset + static_cast<size_t>(row) * l.columns + column;
  return {texels[2 * p], texels[2 * p + 1]};
}

HeatGrid buildHeatGrid(const Trace& t, HeatScale scale, int textureWidth) {
  HeatGrid g;
  g.rows = static_cast<int>(t.steps.size());
  g.columns = heatColumns(t);
  g.range = traceValueRange(t);
  g.scale = scale;
  g.textureWidth = std::max(1, textureWidth);
  if (g.rows == 0 || g.columns == 0) return g;
  size_t total = 0;
  g.levels = pyramidLevels(g.rows, g.columns, total);
  g.textureHeight = static_cast<int>((total + g.textureWidth - 1) / g.textureWidth);
  g.texels.assign(2 * static_cast<size_t>(g.textureWidth) * g.textureHeight, 0);
  LevelData level = fullResolution(t, g.range, scale, g.columns);
  for (size_t l = 0; l < g.levels.size(); ++l) {
    if (l > 0) level = halved(level, g.rows);
    store(level, g.levels[l].offset, g.texels);
  }
  return g;
}

int heatLevelFor(double elementsPerPixel, int levelCount) {
  if (!(elementsPerPixel > 1) || levelCount <= 1) return 0;
  return std::clamp(static_cast<int>(std::floor(std::log2(elementsPerPixel))), 0, levelCount - 1);
}

}  // namespace scanviz
