// Whole-array rows (trace version 2): every block's section after each step, so that the heat view
// draws all N elements of a long run. Checked against what the emulator records for one block at a
// time (--record-block), against the input and the output, through a trace file, and under a
// budget that is too small for them.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/playback/step_writes.h"
#include "app/core/trace/block_slice.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

CaptureRequest request(AlgorithmId id, long long n, int blockSize, int recordBlock = 0) {
  CaptureRequest rq =
      emulatorRequest(id, generateInput(InputPattern::Random, n, 7, DType::Int32, Operator::Add));
  rq.blockSize = blockSize;
  rq.recordBlock = recordBlock;
  return rq;
}

std::vector<double> wholeValues(const Trace& t, const TraceStep& s, size_t first, size_t count) {
  std::vector<double> v;
  for (size_t i = first; i < first + count; ++i)
    v.push_back(decodeValueBits(s.wholeBits[i], t.meta.dtype));
  return v;
}

struct WholeCase {
  AlgorithmId id;
  long long n;
  int blockSize;
};

class WholeArrayRowsTest : public ::testing::TestWithParam<WholeCase> {};

// Block b's part of every level-0 section row is what a capture that records block b shows.
TEST_P(WholeArrayRowsTest, EachBlocksPartIsWhatRecordingThatBlockShows) {
  const WholeCase c = GetParam();
  const Trace t = capture(request(c.id, c.n, c.blockSize)).trace;
  ASSERT_TRUE(hasWholeArrayRows(t)) << algorithmInfo(c.id).key;
  const int blocks = t.meta.blocksTotal;
  ASSERT_GT(blocks, 2);
  for (int b : {1, blocks / 2, blocks - 1}) {
    const Trace rec = capture(request(c.id, c.n, c.blockSize, b)).trace;
    ASSERT_EQ(rec.steps.size(), t.steps.size());
    const Trace slice = blockSlice(t, b);
    for (size_t k = 0; k < t.steps.size(); ++k) {
      const TraceStep& s = t.steps[k];
      if (s.level != 0 || s.array != "section") continue;
      ASSERT_EQ(s.wholeBits.size(), static_cast<size_t>(blocks) * t.meta.sectionSize)
          << "step " << k;
      const size_t w = s.values.size();
      EXPECT_EQ(wholeValues(t, s, b * w, w), rec.steps[k].values)
          << algorithmInfo(c.id).key << " block " << b << " step " << k << " " << s.label;
      EXPECT_EQ(slice.steps[k].values, rec.steps[k].values) << "slice, step " << k;
      EXPECT_EQ(slice.steps[k].edges, rec.steps[k].edges) << "slice, step " << k;
      EXPECT_EQ(slice.steps[k].block, b);
    }
  }
}

// The first row is the input, the last the output (all of it, not the stored first values).
TEST_P(WholeArrayRowsTest, FirstRowIsTheInputAndLastRowTheResult) {
  const WholeCase c = GetParam();
  CaptureRequest rq = request(c.id, c.n, c.blockSize);
  rq.limits.maxStoredValues = c.n;
  const Trace t = capture(rq).trace;
  const TraceStep* first = nullptr;
  const TraceStep* last = nullptr;
  for (const TraceStep& s : t.steps)
    if (!s.wholeBits.empty()) (first ? last : first) = &s, last = &s;
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(wholeValues(t, *first, 0, t.meta.n), t.input);
  EXPECT_EQ(wholeValues(t, *last, 0, t.meta.n), t.output);
  EXPECT_EQ(heatColumns(t), t.meta.n);
}

INSTANTIATE_TEST_SUITE_P(GridRuns, WholeArrayRowsTest,
                         ::testing::Values(WholeCase{AlgorithmId::Hierarchical, 5003, 64},
                                           WholeCase{AlgorithmId::KoggeStone, 1000, 32},
                                           WholeCase{AlgorithmId::Blelloch, 777, 16},
                                           WholeCase{AlgorithmId::ThreePhase, 4099, 32},
                                           WholeCase{AlgorithmId::WarpShuffle, 3000, 64},
                                           WholeCase{AlgorithmId::SinglePassChained, 3001, 64},
                                           WholeCase{AlgorithmId::DecoupledLookback, 9001, 64}));

// A slice keeps the v3 rows of the block they were recorded for, and shows none for another
// block (the trace holds only the recorded block's flags; its segments over another block's
// values would be wrong).
TEST(WholeArrayRows, SliceKeepsTheRecordedBlocksFlagsOnly) {
  CaptureRequest rq = request(AlgorithmId::SegmentedKoggeStone, 1000, 32);
  rq.rows.flags.assign(1000, 0);
  for (size_t i = 0; i < rq.rows.flags.size(); i += 7) rq.rows.flags[i] = 1;
  const Trace t = capture(rq).trace;
  ASSERT_TRUE(hasWholeArrayRows(t));
  ASSERT_EQ(t.meta.recordedBlock, 0);
  const Trace own = blockSlice(t, 0), other = blockSlice(t, 3);
  int stepsWithFlags = 0;
  for (size_t k = 0; k < t.steps.size(); ++k) {
    EXPECT_EQ(own.steps[k].flags, t.steps[k].flags) << "step " << k;
    stepsWithFlags += !t.steps[k].flags.empty();
    if (!t.steps[k].wholeBits.empty()) {
      EXPECT_TRUE(other.steps[k].flags.empty()) << "step " << k;
    }
  }
  EXPECT_GT(stepsWithFlags, 0);
}

TEST(WholeArrayRows, OneBlockRunsNeedNone) {
  const Trace t = capture(request(AlgorithmId::KoggeStone, 64, 64)).trace;
  EXPECT_FALSE(hasWholeArrayRows(t));
}

TEST(WholeArrayRows, ABudgetTooSmallDropsThemAllAndSaysWhy) {
  CaptureRequest rq = request(AlgorithmId::Hierarchical, 5003, 64);
  rq.limits.maxWholeArrayValues = 5003 * 5;  // five rows; a section takes 14 steps
  const Trace t = capture(rq).trace;
  EXPECT_FALSE(hasWholeArrayRows(t));
  EXPECT_TRUE(hasNote(t, "recorded block"));
}

TEST(WholeArrayRows, SurviveATraceFileAndBigOnesAreLeftOutWithANote) {
  const Trace t = capture(request(AlgorithmId::DecoupledLookback, 9001, 64)).trace;
  const Trace back = traceFromJson(traceToJson(t));
  EXPECT_EQ(firstTraceDifference(t, back), "");
  EXPECT_TRUE(hasWholeArrayRows(back));

  const Trace big = capture(request(AlgorithmId::Hierarchical, 1 << 20, 1024)).trace;
  ASSERT_TRUE(hasWholeArrayRows(big));
  const Trace bigBack = traceFromJson(traceToJson(big, false));
  EXPECT_FALSE(hasWholeArrayRows(bigBack));
  EXPECT_TRUE(hasNote(bigBack, "not saved"));
}

// A tile's prefix is written in every tile but the first, though the recorded tile 0 adds none.
TEST(WholeArrayRows, TilePrefixWritesMarkEveryLaterTile) {
  const Trace t = capture(request(AlgorithmId::SinglePassChained, 3001, 64)).trace;
  int row = -1;
  for (size_t k = 0; k < t.steps.size(); ++k)
    if (t.steps[k].kind == static_cast<int>(StepKind::TilePrefix)) row = static_cast<int>(k);
  ASSERT_GE(row, 0);
  const std::vector<uint8_t> w = wholeWrittenElements(t, row);
  const int section = t.meta.sectionSize;
  EXPECT_EQ(w[0], 0);
  EXPECT_EQ(w[section - 1], 0);
  EXPECT_EQ(w[section + 5], 1);
  EXPECT_EQ(w[3000], 1);
}

// The heat grid is as wide as the array, and the last element of a level-0 row has a value.
TEST(WholeArrayRows, HeatGridCoversEveryElement) {
  const Trace t = capture(request(AlgorithmId::Hierarchical, 5003, 64)).trace;
  const HeatGrid g = buildHeatGrid(t, HeatScale::Linear, 1024);
  EXPECT_EQ(g.columns, 5003);
  EXPECT_TRUE(g.at(0, 0, 5002).hasValue());
  // Brent-Kung's first up-sweep step writes the odd elements of every section of 128.
  EXPECT_TRUE(g.at(0, 1, 128 + 1).written());
  EXPECT_FALSE(g.at(0, 1, 128 + 2).written());
  EXPECT_TRUE(g.at(0, 1, 4993).written());
}

// The pyramid of a trace the slow, plain way: every element normalised, then each level halved
// from the one below (the mean of the values there, and of the written shares), quantised as the
// texture keeps them. The builder reduces chunks of a row on several threads instead.
std::vector<std::vector<HeatTexel>> plainPyramid(const Trace& t, HeatScale scale, int& columns) {
  const ValueRange range = traceValueRange(t);
  columns = heatColumns(t);
  const size_t rows = t.steps.size();
  std::vector<float> value(rows * columns, NAN), written(rows * columns, 0);
  for (size_t r = 0; r < rows; ++r) {
    const TraceStep& s = t.steps[r];
    const bool whole = !s.wholeBits.empty();
    const std::vector<uint8_t> w = whole ? wholeWrittenElements(t, static_cast<int>(r))
                                         : writtenElements(t, static_cast<int>(r));
    const size_t valid = whole ? wholeValidElements(t, s)
                               : static_cast<size_t>(validElements(t, static_cast<int>(r)));
    for (size_t c = 0; c < valid; ++c) {
      const double v = whole ? decodeValueBits(s.wholeBits[c], t.meta.dtype) : s.values[c];
      value[r * columns + c] = static_cast<float>(normalizeValue(v, range, scale));
      written[r * columns + c] = w[c];
    }
  }
  std::vector<std::vector<HeatTexel>> levels;
  for (int cols = columns;;) {
    std::vector<HeatTexel>& level = levels.emplace_back();
    for (size_t i = 0; i < value.size(); ++i) {
      const bool has = !std::isnan(value[i]);
      const auto share = static_cast<uint16_t>(std::ceil(written[i] * kHeatWrittenMax));
      level.push_back(
          {has ? static_cast<uint16_t>(std::clamp(value[i], 0.0f, 1.0f) * kHeatValueMax + 0.5f)
               : uint16_t{0},
           static_cast<uint16_t>(share | (has ? 0 : kHeatNoValue))});
    }
    if (cols == 1) break;
    const int half = (cols + 1) / 2;
    std::vector<float> v2(rows * half), w2(rows * half);
    for (size_t r = 0; r < rows; ++r)
      for (int c = 0; c < half; ++c) {
        const size_t a = r * cols + 2 * c;
        const bool hasB = 2 * c + 1 < cols;
        const float va = value[a], vb = hasB ? value[a + 1] : va;
        const bool okA = !std::isnan(va), okB = !std::isnan(vb);
        v2[r * half + c] = okA && okB ? 0.5f * (va + vb) : okA ? va : vb;
        w2[r * half + c] = hasB ? 0.5f * (written[a] + written[a + 1]) : written[a];
      }
    value = std::move(v2);
    written = std::move(w2);
    cols = half;
  }
  return levels;
}

// Rows of 5003 elements cross several of the builder's chunks (1024 elements) and end in a part
// of one; the hierarchical scan's block-sum rows are narrower than the array; float32 and the log
// scale take the other paths. Every texel of every level is the plain pyramid's.
TEST(WholeArrayRows, HeatGridIsThePlainPyramidOnEveryLevel) {
  for (const DType dtype : {DType::Int32, DType::Float32}) {
    CaptureRequest rq =
        emulatorRequest(AlgorithmId::Hierarchical,
                        generateInput(InputPattern::Random, 5003, 7, dtype, Operator::Add));
    rq.dtype = dtype;
    rq.blockSize = 64;
    const Trace t = capture(rq).trace;
    ASSERT_TRUE(hasWholeArrayRows(t));
    for (const HeatScale scale : {HeatScale::Linear, HeatScale::Log}) {
      int columns = 0;
      const auto plain = plainPyramid(t, scale, columns);
      const HeatGrid g = buildHeatGrid(t, scale, 1024);
      ASSERT_EQ(g.columns, columns);
      ASSERT_EQ(g.levels.size(), plain.size());
      for (size_t l = 0; l < plain.size(); ++l)
        for (int r = 0; r < g.rows; ++r)
          for (int c = 0; c < g.levels[l].columns; ++c) {
            const HeatTexel want = plain[l][static_cast<size_t>(r) * g.levels[l].columns + c];
            const HeatTexel got = g.at(static_cast<int>(l), r, c);
            ASSERT_EQ(got.value, want.value) << "level " << l << " row " << r << " column " << c;
            ASSERT_EQ(got.marks, want.marks) << "level " << l << " row " << r << " column " << c;
          }
    }
  }
}

// A grid built from a coarse level on holds exactly those levels of the whole pyramid, in a
// texture of that many texels.
TEST(WholeArrayRows, CoarseLevelsAreTheSameWhicheverLevelIsFinest) {
  const Trace t = capture(request(AlgorithmId::DecoupledLookback, 9000, 128)).trace;
  const HeatGrid whole = buildHeatGrid(t, HeatScale::Log, 1024);
  const int levels = static_cast<int>(whole.levels.size());
  EXPECT_EQ(levels, heatLevelCount(whole.columns));
  for (const int finest : {1, 3, 10, 11, levels - 1}) {
    const HeatGrid g = buildHeatGrid({.trace = &t,
                                      .scale = HeatScale::Log,
                                      .range = traceValueRange(t),
                                      .textureWidth = 1024,
                                      .finestLevel = finest});
    EXPECT_EQ(g.finestLevel, finest);
    EXPECT_EQ(g.textureHeight, static_cast<int>((heatGridTexels(t, finest) + 1023) / 1024));
    EXPECT_LT(g.texelCount(), whole.texelCount());
    for (int l = finest; l < levels; ++l)
      for (int r = 0; r < g.rows; ++r)
        for (int c = 0; c < g.levels[static_cast<size_t>(l)].columns; ++c) {
          ASSERT_EQ(g.at(l, r, c).value, whole.at(l, r, c).value) << l << " " << r << " " << c;
          ASSERT_EQ(g.at(l, r, c).marks, whole.at(l, r, c).marks) << l << " " << r << " " << c;
        }
  }
}

// The range of whole float rows leaves out NaN and the infinities; int32 rows keep their sign.
TEST(WholeArrayRows, ValueRangeSkipsValuesThatAreNotFinite) {
  Trace t;
  t.meta.n = 5;
  t.meta.dtype = "float32";
  TraceStep s;
  for (const float v : {2.5f, std::numeric_limits<float>::infinity(), -1.25f,
                        std::numeric_limits<float>::quiet_NaN(), 7.0f})
    s.wholeBits.push_back(std::bit_cast<uint32_t>(v));
  t.steps = {s};
  const ValueRange range = traceValueRange(t);
  EXPECT_EQ(range.min, -1.25);
  EXPECT_EQ(range.max, 7.0);
  t.meta.dtype = "int32";
  t.steps[0].wholeBits = {std::bit_cast<uint32_t>(-40), 3u, 12u, std::bit_cast<uint32_t>(-2), 5u};
  EXPECT_EQ(traceValueRange(t).min, -40);
  EXPECT_EQ(traceValueRange(t).max, 12);
}

}  // namespace
}  // namespace scanviz
