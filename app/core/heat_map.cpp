#include "app/core/heat_map.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/core/step_writes.h"

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
  for (int r = 0; r < rows; ++r) {
    const TraceStep& s = t.steps[static_cast<size_t>(r)];
    const size_t base = static_cast<size_t>(r) * columns;
    if (!s.wholeBits.empty()) {
      const std::vector<uint8_t> written = wholeWrittenElements(t, r);
      const size_t valid = wholeValidElements(t, s);
      for (size_t c = 0; c < valid; ++c) {
        const double v = decodeValueBits(s.wholeBits[c], t.meta.dtype);
        d.value[base + c] = static_cast<float>(normalizeValue(v, range, scale));
        d.written[base + c] = written[c];
      }
      continue;
    }
    const std::vector<uint8_t> written = writtenElements(t, r);
    const int valid = validElements(t, r);
    for (int c = 0; c < valid; ++c) {
      d.value[base + c] =
          static_cast<float>(normalizeValue(s.values[static_cast<size_t>(c)], range, scale));
      d.written[base + c] = written[static_cast<size_t>(c)];
    }
  }
  return d;
}

// Halves the columns: the mean of the halves that have a value, and of their written shares.
LevelData halved(const LevelData& in, int rows) {
  LevelData out;
  out.columns = (in.columns + 1) / 2;
  out.value.resize(static_cast<size_t>(rows) * out.columns);
  out.written.resize(out.value.size());
  for (int r = 0; r < rows; ++r) {
    const size_t src = static_cast<size_t>(r) * in.columns;
    const size_t dst = static_cast<size_t>(r) * out.columns;
    for (int c = 0; c < out.columns; ++c) {
      const size_t a = src + 2 * static_cast<size_t>(c);
      const bool hasB = 2 * c + 1 < in.columns;
      const float va = in.value[a], vb = hasB ? in.value[a + 1] : va;
      const bool okA = !std::isnan(va), okB = !std::isnan(vb);
      out.value[dst + c] = okA && okB ? 0.5f * (va + vb) : okA ? va : vb;
      out.written[dst + c] = hasB ? 0.5f * (in.written[a] + in.written[a + 1]) : in.written[a];
    }
  }
  return out;
}

void store(const LevelData& d, size_t offset, std::vector<uint16_t>& texels) {
  for (size_t i = 0; i < d.value.size(); ++i) {
    const float v = d.value[i];
    const bool has = !std::isnan(v);
    texels[2 * (offset + i)] =
        has ? static_cast<uint16_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * kHeatValueMax)) : 0;
    // A single write among many still shows: the share rounds up.
    const auto share = static_cast<uint16_t>(std::ceil(d.written[i] * kHeatWrittenMax));
    texels[2 * (offset + i) + 1] = static_cast<uint16_t>(share | (has ? 0 : kHeatNoValue));
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
  for (const TraceStep& s : t.steps) {
    for (double v : s.values) take(v);
    const size_t valid = wholeValidElements(t, s);
    for (size_t i = 0; i < valid; ++i) take(decodeValueBits(s.wholeBits[i], t.meta.dtype));
  }
  if (lo > hi) return {0, 1};
  if (lo == hi) return {lo - 1, hi + 1};
  return {lo, hi};
}

double normalizeValue(double v, const ValueRange& range, HeatScale scale) {
  if (!std::isfinite(v)) return std::numeric_limits<double>::quiet_NaN();
  const double lo = onScale(range.min, scale), hi = onScale(range.max, scale);
  if (!(hi > lo)) return 0.5;
  return std::clamp((onScale(v, scale) - lo) / (hi - lo), 0.0, 1.0);
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
