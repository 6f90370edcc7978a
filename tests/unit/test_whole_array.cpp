// Whole-array rows (trace version 2): every block's section after each step, so that the heat view
// draws all N elements of a long run. Checked against what the emulator records for one block at a
// time (--record-block), against the input and the output, through a trace file, and under a
// budget that is too small for them.
#include <gtest/gtest.h>

#include <algorithm>
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

TEST(WholeArrayRows, OneBlockRunsNeedNone) {
  const Trace t = capture(request(AlgorithmId::KoggeStone, 64, 64)).trace;
  EXPECT_FALSE(hasWholeArrayRows(t));
}

bool hasNote(const Trace& t, const std::string& part) {
  return std::any_of(t.meta.notes.begin(), t.meta.notes.end(),
                     [&](const std::string& note) { return note.find(part) != std::string::npos; });
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

}  // namespace
}  // namespace scanviz
