// The block-level algorithms on the CPU emulator: the lesson input worked by hand step by step,
// work and depth against the seeds' formulas, thread-order independence, exact results on random
// inputs, and an edge list for every recorded step that explains exactly what changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/cpu_backend.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/analysis.h"
#include "app/core/trace/trace.h"
#include "kernels/block/blelloch.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

using Values = std::vector<double>;

const Values kLesson = {3, 1, 7, 0, 4, 1, 6, 3};
const Values kLessonInclusive = {3, 4, 11, 11, 15, 16, 22, 25};
const Values kLessonExclusive = {0, 3, 4, 11, 11, 15, 16, 22};

const std::vector<AlgorithmId> kBlockAlgorithms = {
    AlgorithmId::Sequential,           AlgorithmId::KoggeStone, AlgorithmId::KoggeStoneExclusive,
    AlgorithmId::HillisSteele,         AlgorithmId::BrentKung,  AlgorithmId::Blelloch,
    AlgorithmId::BlellochConflictFree, AlgorithmId::ThreePhase, AlgorithmId::WarpShuffle,
};

std::string keyOf(AlgorithmId id) {
  return std::string(algorithmInfo(id).key);
}

CaptureRequest request(AlgorithmId id, const Values& input, int blockSize = 0,
                       bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(id, input, Operator::Add, exclusive);
  rq.blockSize = blockSize;
  return rq;
}

Trace run(const CaptureRequest& rq) {
  return capture(rq).trace;
}

Trace lesson(AlgorithmId id, bool exclusive = false) {
  return run(request(id, kLesson, 0, exclusive));
}

struct ExpectedStep {
  std::string label;
  Values values;
};

void expectSteps(const Trace& t, const std::vector<ExpectedStep>& expected) {
  ASSERT_EQ(t.steps.size(), expected.size()) << t.meta.algorithm;
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(t.steps[i].label, expected[i].label) << t.meta.algorithm << " step " << i;
    EXPECT_EQ(t.steps[i].values, expected[i].values) << t.meta.algorithm << " step " << i;
  }
}

// The scan's result and its work (operator applications) and depth (steps that apply one).
void expectResult(const Trace& t, const Values& output, long long work, long long depth) {
  EXPECT_EQ(t.output, output) << t.meta.algorithm;
  EXPECT_EQ(t.counters.work, work) << t.meta.algorithm;
  EXPECT_EQ(t.counters.depth, depth) << t.meta.algorithm;
}

// Small integers: every result is exact, so values can be compared with ==.
Values smallInts(long long n, unsigned seed, int lo = -9, int hi = 9) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  Values v(static_cast<size_t>(n));
  for (auto& x : v) x = d(rng);
  return v;
}

// ---------------------------------------------------------------------------------------------
// The lesson input 3 1 7 0 4 1 6 3, worked by hand.

TEST(BlockLesson, Sequential) {
  const Trace t = lesson(AlgorithmId::Sequential);
  ASSERT_EQ(t.steps.size(), 8u);
  EXPECT_EQ(t.steps[0].values, kLesson);
  EXPECT_EQ(t.steps[1].label, "element 1");
  EXPECT_EQ(t.steps[1].values, (Values{3, 4, 7, 0, 4, 1, 6, 3}));
  EXPECT_EQ(t.steps[4].values, (Values{3, 4, 11, 11, 15, 1, 6, 3}));
  EXPECT_EQ(t.steps[7].values, kLessonInclusive);
  for (size_t i = 1; i < t.steps.size(); ++i) {
    EXPECT_EQ(t.steps[i].active, (std::vector<int>{0}));
    EXPECT_EQ(t.steps[i].ops, 1);
  }
  expectResult(t, kLessonInclusive, 7, 7);
  EXPECT_EQ(lesson(AlgorithmId::Sequential, true).output, kLessonExclusive);
}

// Every block algorithm but the sequential one, on the lesson input in its natural direction:
// the default block size, every step's label and values, the result with its work and depth.
struct HandWorkedLesson {
  AlgorithmId id;
  bool exclusive;
  int blockSize;
  std::vector<ExpectedStep> steps;
  long long work;
  long long depth;
};

void PrintTo(const HandWorkedLesson& l, std::ostream* os) {
  *os << keyOf(l.id);
}

// The lesson's partial sums after strides (or shuffle deltas) 1, 2 and 4: Kogge-Stone,
// Hillis-Steele and the warp shuffle add the same pairs, so their steps hold the same values.
std::vector<ExpectedStep> loadAndStrides(const std::string& prefix, const std::string& suffix) {
  return {{"load", kLesson},
          {prefix + "1" + suffix, {3, 4, 8, 7, 4, 5, 7, 9}},
          {prefix + "2" + suffix, {3, 4, 11, 11, 12, 12, 11, 14}},
          {prefix + "4" + suffix, kLessonInclusive}};
}

// Brent-Kung and Blelloch share the up-sweep, then each sweeps down its own way.
std::vector<ExpectedStep> upSweepThen(const std::vector<ExpectedStep>& downSweep) {
  std::vector<ExpectedStep> steps = {
      {"load", kLesson},
      {"up-sweep stride 1", {3, 4, 7, 7, 4, 5, 6, 9}},
      {"up-sweep stride 2", {3, 4, 7, 11, 4, 5, 6, 14}},
      // PMPP Fig. 8.5's pattern: x0..x1, x0..x3, x4..x5, x0..x7 at 1, 3, 5, 7
      {"up-sweep stride 4", {3, 4, 7, 11, 4, 5, 6, 25}}};
  steps.insert(steps.end(), downSweep.begin(), downSweep.end());
  return steps;
}

const std::vector<ExpectedStep> kBlellochLessonSteps =
    upSweepThen({{"clear last element", {3, 4, 7, 11, 4, 5, 6, 0}},
                 {"down-sweep stride 4 (swap and add)", {3, 4, 7, 0, 4, 5, 6, 11}},
                 {"down-sweep stride 2 (swap and add)", {3, 0, 7, 4, 4, 11, 6, 16}},
                 {"down-sweep stride 1 (swap and add)", kLessonExclusive}});

// The input shifted right, then Kogge-Stone's strides over it.
const std::vector<ExpectedStep> kKoggeStoneExclusiveSteps = {
    {"shift right by one", {0, 3, 1, 7, 0, 4, 1, 6}},
    {"stride 1", {0, 3, 4, 8, 7, 4, 5, 7}},
    {"stride 2", {0, 3, 4, 11, 11, 12, 12, 11}},
    {"stride 4", kLessonExclusive}};

// Coarsening 4, so 2 threads own 3 1 7 0 and 4 1 6 3.
const std::vector<ExpectedStep> kThreePhaseSteps = {
    {"load", kLesson},
    {"phase 1: each thread scans its subsection", {3, 4, 11, 11, 4, 5, 11, 14}},
    {"phase 2: scan subsection totals, stride 1", {3, 4, 11, 11, 4, 5, 11, 25}},
    {"phase 3: add preceding subsection total", kLessonInclusive}};

const std::vector<HandWorkedLesson> kHandWorkedLessons = {
    // work 7 + 6 + 4 = 8*3 - 7
    {AlgorithmId::KoggeStone, false, 8, loadAndStrides("stride ", ""), 17, 3},
    {AlgorithmId::KoggeStoneExclusive, true, 8, kKoggeStoneExclusiveSteps, 17, 3},
    {AlgorithmId::HillisSteele, false, 8, loadAndStrides("stride ", " (swap buffers)"), 17, 3},
    // One partial warp of 8 lanes.
    {AlgorithmId::WarpShuffle, false, 8, loadAndStrides("warp shuffle delta ", ""), 17, 3},
    // work 2*8 - 2 - 3; depth 2*3 - 1
    {AlgorithmId::BrentKung, false, 4,
     upSweepThen({{"down-sweep stride 2", {3, 4, 7, 11, 4, 16, 6, 25}},
                  {"down-sweep stride 1", kLessonInclusive}}),
     11, 5},
    // work 2(8 - 1); depth 2*3; clearing the root applies no operator
    {AlgorithmId::Blelloch, true, 4, kBlellochLessonSteps, 14, 6},
    {AlgorithmId::BlellochConflictFree, true, 4, kBlellochLessonSteps, 14, 6},
    // work (8-2) + (2*1 - 1) + 1*3
    {AlgorithmId::ThreePhase, false, 2, kThreePhaseSteps, 10, 3},
};

class BlockLessonByHand : public ::testing::TestWithParam<HandWorkedLesson> {};

// The natural direction step by step; the other direction's result is the lesson's too.
TEST_P(BlockLessonByHand, StepsResultWorkAndDepth) {
  const HandWorkedLesson& l = GetParam();
  const Trace t = lesson(l.id, l.exclusive);
  EXPECT_EQ(t.meta.blockSize, l.blockSize);
  expectSteps(t, l.steps);
  expectResult(t, l.exclusive ? kLessonExclusive : kLessonInclusive, l.work, l.depth);
  EXPECT_EQ(lesson(l.id, !l.exclusive).output, l.exclusive ? kLessonInclusive : kLessonExclusive);
}

INSTANTIATE_TEST_SUITE_P(Lesson, BlockLessonByHand, ::testing::ValuesIn(kHandWorkedLessons),
                         [](const ::testing::TestParamInfo<HandWorkedLesson>& info) {
                           std::string name = keyOf(info.param.id);
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// What one algorithm's lesson shows beyond the table: edges, active threads, other shapes.

TEST(BlockLesson, KoggeStone) {
  // Exclusive from an inclusive array is a shift at the store: no extra step, no extra work.
  const Trace e = lesson(AlgorithmId::KoggeStone, true);
  EXPECT_EQ(e.steps.size(), 4u);
  EXPECT_EQ(e.counters.work, 17);
}

TEST(BlockLesson, KoggeStoneExclusive) {
  const Trace e = lesson(AlgorithmId::KoggeStoneExclusive, true);
  EXPECT_TRUE(e.steps[0].edges.empty());  // moving data applies no operator

  const Trace i = lesson(AlgorithmId::KoggeStoneExclusive, false);
  ASSERT_EQ(i.steps.size(), 5u);
  EXPECT_EQ(i.steps[3].values, kLessonExclusive);
  EXPECT_EQ(i.steps[4].label, "add own input (exclusive to inclusive)");
  EXPECT_EQ(i.steps[4].values, kLessonInclusive);
  EXPECT_EQ(i.steps[4].active, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  expectResult(i, kLessonInclusive, 17 + 8, 4);
}

TEST(BlockLesson, HillisSteele) {
  const Trace t = lesson(AlgorithmId::HillisSteele);
  EXPECT_EQ(t.steps[2].edges,
            (std::vector<std::array<int, 2>>{{2, 0}, {3, 1}, {4, 2}, {5, 3}, {6, 4}, {7, 5}}));
}

TEST(BlockLesson, Blelloch) {
  for (AlgorithmId id : {AlgorithmId::Blelloch, AlgorithmId::BlellochConflictFree}) {
    const Trace e = lesson(id, true);
    EXPECT_TRUE(e.steps[4].edges.empty());
    EXPECT_EQ(e.steps[4].ops, 0);
    EXPECT_EQ(e.steps[7].edges, (std::vector<std::array<int, 2>>{{1, 0}, {3, 2}, {5, 4}, {7, 6}}));

    const Trace i = lesson(id, false);
    std::vector<ExpectedStep> inclusive = kBlellochLessonSteps;
    inclusive.push_back({"add own input (exclusive to inclusive)", kLessonInclusive});
    expectSteps(i, inclusive);
    expectResult(i, kLessonInclusive, 14 + 8, 7);
  }
}

TEST(BlockLesson, ThreePhase) {
  const Trace t = lesson(AlgorithmId::ThreePhase);
  EXPECT_EQ(t.steps[3].edges, (std::vector<std::array<int, 2>>{{4, 3}, {5, 3}, {6, 3}}));
  EXPECT_EQ(t.steps[3].active, (std::vector<int>{1}));

  // Coarsening 2 with 4 threads: phase 2 is a real Kogge-Stone over positions 1, 3, 5, 7.
  CaptureRequest rq = request(AlgorithmId::ThreePhase, kLesson, 4);
  rq.coarsening = 2;
  const Trace c = run(rq);
  EXPECT_EQ(c.meta.sectionSize, 8);
  expectSteps(c, {{"load", kLesson},
                  {"phase 1: each thread scans its subsection", {3, 4, 7, 7, 4, 5, 6, 9}},
                  {"phase 2: scan subsection totals, stride 1", {3, 4, 7, 11, 4, 12, 6, 14}},
                  {"phase 2: scan subsection totals, stride 2", {3, 4, 7, 11, 4, 16, 6, 25}},
                  {"phase 3: add preceding subsection total", kLessonInclusive}});
  EXPECT_EQ(c.steps[3].edges, (std::vector<std::array<int, 2>>{{5, 1}, {7, 3}}));
  EXPECT_EQ(c.counters.work, 12);  // (8-4) + (4*2 - 3) + 3*1
  EXPECT_EQ(c.counters.depth, 4);
  rq.exclusive = true;
  EXPECT_EQ(run(rq).output, kLessonExclusive);
}

TEST(BlockLesson, WarpShuffleAcrossFourWarps) {
  // 128 ones: each warp scans to 1..32, the warp totals 32 32 32 32 (shown in each warp's last
  // lane) scan to 32 64 96 128, and warps 1..3 add 32, 64 and 96.
  const Values ones(128, 1.0);
  const Trace t = run(request(AlgorithmId::WarpShuffle, ones, 128));
  ASSERT_EQ(t.steps.size(), 1u + 5u + 2u + 1u);
  Values warpScanned(128);
  for (int i = 0; i < 128; ++i) warpScanned[static_cast<size_t>(i)] = i % 32 + 1;
  EXPECT_EQ(t.steps[5].label, "warp shuffle delta 16");
  EXPECT_EQ(t.steps[5].values, warpScanned);

  Values totals1 = warpScanned;
  totals1[31] = 32, totals1[63] = 64, totals1[95] = 64, totals1[127] = 64;
  EXPECT_EQ(t.steps[6].label, "scan warp totals, delta 1");
  EXPECT_EQ(t.steps[6].values, totals1);
  EXPECT_EQ(t.steps[6].edges, (std::vector<std::array<int, 2>>{{63, 31}, {95, 63}, {127, 95}}));
  EXPECT_EQ(t.steps[6].active, (std::vector<int>{1, 2, 3}));  // lanes of the first warp

  Values totals2 = warpScanned;
  totals2[31] = 32, totals2[63] = 64, totals2[95] = 96, totals2[127] = 128;
  EXPECT_EQ(t.steps[7].label, "scan warp totals, delta 2");
  EXPECT_EQ(t.steps[7].values, totals2);
  EXPECT_EQ(t.steps[7].edges, (std::vector<std::array<int, 2>>{{95, 31}, {127, 63}}));

  Values all(128);
  for (int i = 0; i < 128; ++i) all[static_cast<size_t>(i)] = i + 1;
  EXPECT_EQ(t.steps[8].label, "add preceding warps' total");
  EXPECT_EQ(t.steps[8].values, all);
  EXPECT_EQ(t.steps[8].ops, 96);
  EXPECT_EQ(t.steps[8].edges.front(), (std::array<int, 2>{32, 31}));
  EXPECT_EQ(t.steps[8].edges.back(), (std::array<int, 2>{127, 95}));
  expectResult(t, all, 4 * 129 + (2 + 3) + 3 * 32, 5 + 2 + 1);

  Values exclusive(128);
  for (int i = 0; i < 128; ++i) exclusive[static_cast<size_t>(i)] = i;
  EXPECT_EQ(run(request(AlgorithmId::WarpShuffle, ones, 128, true)).output, exclusive);
}

// ---------------------------------------------------------------------------------------------
// Work and depth of one section of N = 1024 against the seeds' formulas.

struct WorkDepthCase {
  AlgorithmId id;
  int blockSize;
  int coarsening;
  bool exclusive;
  int64_t work;
  int64_t depth;
  int64_t conversion;  // applications of the ToInclusive step, which no seed formula counts
};

TEST(BlockWorkDepth, OneSectionOf1024MatchesTheSeedFormulas) {
  const std::vector<WorkDepthCase> cases = {
      {AlgorithmId::Sequential, 1024, 4, false, 1023, 1023, 0},
      {AlgorithmId::KoggeStone, 1024, 4, false, 9217, 10, 0},  // PMPP 8.3: 10240 - 1023
      {AlgorithmId::KoggeStoneExclusive, 1024, 4, true, 9217, 10, 0},
      {AlgorithmId::KoggeStoneExclusive, 1024, 4, false, 9217 + 1024, 11, 1024},
      {AlgorithmId::HillisSteele, 1024, 4, false, 9217, 10, 0},
      {AlgorithmId::BrentKung, 512, 4, false, 2036, 19, 0},  // PMPP 8.4: 2048 - 2 - 10, 2*10 - 1
      {AlgorithmId::Blelloch, 512, 4, true, 2046, 20, 0},    // slides: 2(N - 1), 2 log2 N
      {AlgorithmId::Blelloch, 512, 4, false, 2046 + 1024, 21, 1024},
      {AlgorithmId::BlellochConflictFree, 512, 4, true, 2046, 20, 0},
      {AlgorithmId::BlellochConflictFree, 512, 4, false, 2046 + 1024, 21, 1024},
      // PMPP 8.5 with T = 64: (1024-64) + (64*6 - 63) + 63*15 = 960 + 321 + 945. The recorded
      // depth is 1 + 6 + 1 steps; the seed's N/T-1 + log2 T + N/T-1 = 36 counts the sequential
      // applications inside phases 1 and 3 one by one.
      {AlgorithmId::ThreePhase, 64, 16, false, 2226, 8, 0},
      // 32 warps: 32*(32*5 - 31) in the warps, 32*5 - 31 over the totals, 31*32 to add them.
      {AlgorithmId::WarpShuffle, 1024, 4, false, 4128 + 129 + 992, 11, 0},
  };
  const Values input = smallInts(1024, 7);
  for (const auto& c : cases) {
    CaptureRequest rq = request(c.id, input, c.blockSize, c.exclusive);
    rq.coarsening = c.coarsening;
    const Trace t = run(rq);
    const std::string what = keyOf(c.id) + (c.exclusive ? " exclusive" : " inclusive");
    EXPECT_EQ(t.meta.sectionSize, 1024) << what;
    EXPECT_EQ(t.meta.blocksTotal, 1) << what;
    EXPECT_EQ(t.counters.work, c.work) << what;
    EXPECT_EQ(t.counters.depth, c.depth) << what;
    // The analysis view's formulas agree (warp-shuffle goes beyond the seeds and has none).
    const auto f = seedFormulas(c.id, 1024, c.blockSize);
    ASSERT_EQ(f.has_value(), c.id != AlgorithmId::WarpShuffle) << what;
    if (!f) continue;
    EXPECT_DOUBLE_EQ(f->workValue, static_cast<double>(c.work - c.conversion)) << what;
    if (c.id != AlgorithmId::ThreePhase) {
      EXPECT_DOUBLE_EQ(f->depthValue, static_cast<double>(c.depth - (c.conversion ? 1 : 0)))
          << what;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Threads run one after another in the emulator; forward and reverse order must agree.

TEST(BlockThreadOrder, ForwardAndReverseGiveIdenticalTraces) {
  struct Shape {
    long long n;
    int blockSize;
  };
  for (AlgorithmId id : kBlockAlgorithms) {
    for (const Shape& s : {Shape{8, 0}, Shape{200, 8}, Shape{300, 64}, Shape{1000, 128}}) {
      for (bool exclusive : {false, true}) {
        CaptureRequest rq = request(id, smallInts(s.n, 11), s.blockSize, exclusive);
        rq.emulator.threadOrder = ThreadOrder::Forward;
        const Trace forward = run(rq);
        rq.emulator.threadOrder = ThreadOrder::Reverse;
        const Trace reverse = run(rq);
        EXPECT_EQ(firstTraceDifference(forward, reverse), "")
            << keyOf(id) << " n=" << s.n << " block=" << s.blockSize
            << (exclusive ? " exclusive" : " inclusive");
        EXPECT_GT(forward.steps.size(), 1u);
      }
    }
  }
}

TEST(BlockConflictFree, PaddingChangesSlotsNotTheTrace) {
  EXPECT_EQ(BlellochConflictFreeScan::sharedSlots(512), 1024 + 31);  // one slot per 32
  EXPECT_EQ(BlellochScan::sharedSlots(512), 1024);
  for (bool exclusive : {false, true}) {
    const Values input = smallInts(300, 5);
    const Trace plain = run(request(AlgorithmId::Blelloch, input, 64, exclusive));
    Trace padded = run(request(AlgorithmId::BlellochConflictFree, input, 64, exclusive));
    EXPECT_EQ(padded.meta.algorithm, "blelloch-conflict-free");
    padded.meta.algorithm = plain.meta.algorithm;
    EXPECT_EQ(firstTraceDifference(plain, padded), "");
  }
}

// ---------------------------------------------------------------------------------------------
// Random inputs against the sequential scan, compared exactly: every input is chosen so that all
// partial results are exact in float32 too (integers for add, +-2^k for mul), so any order of
// combination must reproduce the sequential scan bit for bit and no tolerance can hide a wrong
// index. (`scanviz verify` covers rounding with general float inputs.)

Values exactRandomInput(long long n, unsigned seed, DType dtype, Operator op) {
  if (dtype == DType::Int32) return generateInput(InputPattern::Random, n, seed, dtype, op);
  std::mt19937 rng(seed);
  Values v(static_cast<size_t>(n));
  if (op == Operator::Mul) {
    // A walk of exponents kept within [-20, 20]: every product of a run of factors is +-2^k with
    // |k| <= 40, exact in float32.
    int exponent = 0;
    for (auto& x : v) {
      int step = static_cast<int>(rng() % 3) - 1;
      if (exponent + step > 20 || exponent + step < -20) step = -step;
      exponent += step;
      x = std::ldexp(rng() % 2 ? 1.0 : -1.0, step);
    }
  } else {
    for (auto& x : v) x = static_cast<double>(static_cast<int>(rng() % 2001) - 1000);
  }
  return v;
}

template <class T>
std::string firstMismatch(const RunRequest& rq, const Values& wide) {
  const std::vector<T> input(wide.begin(), wide.end());
  const RunResult<T> r = runOnCpu(rq, input);
  Values expected = referenceScan(wide, rq.op, rq.exclusive);
  // The reference's identity for max/min is +-infinity; int32 scans use INT32_MIN / INT32_MAX.
  for (double& e : expected)
    if (std::isinf(e)) e = static_cast<double>(OpTraits<T>::identity(rq.op));
  for (size_t i = 0; i < expected.size(); ++i)
    if (static_cast<double>(r.output[i]) != expected[i])
      return "index " + std::to_string(i) + ": expected " + std::to_string(expected[i]) + ", got " +
             std::to_string(static_cast<double>(r.output[i]));
  return {};
}

class BlockRandom : public ::testing::TestWithParam<AlgorithmId> {};

TEST_P(BlockRandom, MatchesTheSequentialScanExactly) {
  const AlgorithmId id = GetParam();
  const std::vector<int> coarsenings =
      id == AlgorithmId::ThreePhase ? std::vector<int>{1, 4, 16} : std::vector<int>{4};
  int cases = 0;
  for (DType dtype : {DType::Int32, DType::Float32})
    for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
      for (bool exclusive : {false, true})
        for (long long n : {1, 7, 31, 32, 33, 1000, 1023, 1024, 1025, 4099})
          for (int blockSize : {2, 8, 32, 1024})
            for (int coarsening : coarsenings) {
              RunRequest rq{.algorithm = id,
                            .op = op,
                            .exclusive = exclusive,
                            .blockSize = blockSize,
                            .coarsening = coarsening,
                            .record = false};
              const unsigned seed = static_cast<unsigned>(n * 131 + blockSize * 7 + coarsening);
              const Values input = exactRandomInput(n, seed, dtype, op);
              const std::string m = dtype == DType::Int32 ? firstMismatch<int32_t>(rq, input)
                                                          : firstMismatch<float>(rq, input);
              ++cases;
              EXPECT_EQ(m, "") << keyOf(id) << " " << dtypeName(dtype) << " " << operatorName(op)
                               << (exclusive ? " exclusive" : " inclusive") << " n=" << n
                               << " block=" << blockSize << " coarsening=" << coarsening;
            }
  EXPECT_EQ(cases, 2 * 4 * 2 * 10 * 4 * static_cast<int>(coarsenings.size()));
}

std::string algorithmName(const ::testing::TestParamInfo<AlgorithmId>& info) {
  std::string s = keyOf(info.param);
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

INSTANTIATE_TEST_SUITE_P(AllBlockAlgorithms, BlockRandom, ::testing::ValuesIn(kBlockAlgorithms),
                         algorithmName);

// ---------------------------------------------------------------------------------------------
// Every recorded step's edges: exactly the applications the algorithm makes in that step, by the
// threads that make them, and they explain every value that changed.

struct Edge {
  int thread, dst, src;
};

std::vector<Edge> expectedEdges(StepKind kind, int p, int threads, int section) {
  const int c = section / threads;  // elements per thread
  const int warps = threads / 32;
  std::vector<Edge> e;
  switch (kind) {
    case StepKind::KoggeStone:
    case StepKind::DoubleBuffered:
      for (int t = p; t < threads; ++t) e.push_back({t, t, t - p});
      break;
    case StepKind::UpSweep:
    case StepKind::BlellochDown:
      for (int t = 0; (t + 1) * 2 * p - 1 < section; ++t)
        e.push_back({t, (t + 1) * 2 * p - 1, (t + 1) * 2 * p - 1 - p});
      break;
    case StepKind::DownSweep:
      for (int t = 0; (t + 1) * 2 * p - 1 + p < section; ++t)
        e.push_back({t, (t + 1) * 2 * p - 1 + p, (t + 1) * 2 * p - 1});
      break;
    case StepKind::ToInclusive:
      for (int t = 0; t < threads; ++t)
        for (int i = t; i < section; i += threads) e.push_back({t, i, -1});
      break;
    case StepKind::ThreadScan:
      for (int t = 0; t < threads; ++t)
        for (int j = 1; j < c; ++j) e.push_back({t, t * c + j, t * c + j - 1});
      break;
    case StepKind::SubsectionScan:
      for (int t = p; t < threads; ++t) e.push_back({t, t * c + c - 1, (t - p) * c + c - 1});
      break;
    case StepKind::AddSubsection:
      for (int t = 1; t < threads; ++t)
        for (int j = 0; j < c - 1; ++j) e.push_back({t, t * c + j, t * c - 1});
      break;
    case StepKind::WarpShuffle:
      for (int t = 0; t < threads; ++t)
        if (t % 32 >= p) e.push_back({t, t, t - p});
      break;
    case StepKind::WarpTotals:
      for (int t = p; t < warps; ++t) e.push_back({t, 32 * t + 31, 32 * (t - p) + 31});
      break;
    case StepKind::AddWarpPrefix:
      for (int t = 32; t < threads; ++t) e.push_back({t, t, 32 * (t / 32) - 1});
      break;
    case StepKind::SequentialStep:
      e.push_back({0, p, p - 1});
      break;
    default:  // load, shifted load, clearing the root: data moves, no operator is applied
      break;
  }
  return e;
}

// Checks the steps of a capture of an add scan over small integers (exact values).
void checkEdgesExplainSteps(const Trace& t, const Values& input) {
  const int threads = t.meta.blockSize;
  const int section = t.meta.sectionSize;
  const std::string what = t.meta.algorithm + " n=" + std::to_string(t.meta.n) +
                           " block=" + std::to_string(threads) +
                           (t.meta.inclusive ? " inclusive" : " exclusive");
  // The level-0 section of block 0, padded with the identity.
  Values section0(static_cast<size_t>(section), 0.0);
  std::copy_n(input.begin(), std::min<size_t>(input.size(), section0.size()), section0.begin());

  const Values* before = nullptr;
  for (size_t s = 0; s < t.steps.size(); ++s) {
    const TraceStep& step = t.steps[s];
    if (step.array != "section") continue;
    const std::string at = what + " step " + std::to_string(s) + " (" + step.label + ")";
    const auto kind = static_cast<StepKind>(step.kind);
    ASSERT_EQ(step.values.size(), static_cast<size_t>(section)) << at;

    const std::vector<Edge> want = expectedEdges(kind, step.param, threads, section);
    std::vector<std::array<int, 2>> wantEdges;
    std::set<int> wantActive;
    for (const Edge& e : want) {
      wantEdges.push_back({e.dst, e.src});
      wantActive.insert(e.thread);
    }
    std::sort(wantEdges.begin(), wantEdges.end());
    EXPECT_EQ(step.edges, wantEdges) << at;
    // The threads of the edges; the active ones also hold those that only moved values.
    EXPECT_EQ(operatorThreads(step), std::vector<int>(wantActive.begin(), wantActive.end())) << at;
    EXPECT_EQ(step.ops, static_cast<int64_t>(want.size())) << at;

    const Values& now = step.values;
    if (kind == StepKind::Load || kind == StepKind::KoggeStoneShift) {
      if (step.level == 0) {
        Values loaded = section0;
        if (kind == StepKind::KoggeStoneShift) {
          loaded.insert(loaded.begin(), 0.0);
          loaded.pop_back();
        }
        EXPECT_EQ(now, loaded) << at;
      }
      before = &step.values;
      continue;
    }
    ASSERT_NE(before, nullptr) << at;
    const Values& old = *before;
    std::set<int> touched;
    for (const auto& [dst, src] : step.edges) {
      touched.insert(dst);
      const size_t d = static_cast<size_t>(dst);
      if (kind == StepKind::ToInclusive) {
        EXPECT_EQ(step.level, 0) << at;  // block sums are scanned exclusive: no conversion
        EXPECT_EQ(now[d], old[d] + section0[d]) << at << " dst " << dst;
        continue;
      }
      ASSERT_GE(src, 0) << at;
      const size_t r = static_cast<size_t>(src);
      if (kind == StepKind::ThreadScan) {
        EXPECT_EQ(now[d], now[r] + old[d]) << at << " dst " << dst;  // a sequential chain
      } else if (kind == StepKind::AddWarpPrefix && dst % 32 == 31) {
        // The warp-totals steps already showed this lane's scanned total.
        EXPECT_EQ(now[d], old[d]) << at << " dst " << dst;
      } else {
        EXPECT_EQ(now[d], old[d] + old[r]) << at << " dst " << dst << " src " << src;
      }
      if (kind == StepKind::BlellochDown) {
        EXPECT_EQ(now[r], old[d]) << at << " swapped-down value at " << src;
        touched.insert(src);
      }
    }
    for (int i = 0; i < section; ++i) {
      const size_t k = static_cast<size_t>(i);
      if (kind == StepKind::ClearLast && i == section - 1) {
        EXPECT_EQ(now[k], 0.0) << at;
      } else if (!touched.count(i)) {
        EXPECT_EQ(now[k], old[k]) << at << " element " << i << " changed without an edge";
      }
    }
    before = &step.values;
  }
  EXPECT_EQ(t.output, referenceScan(input, Operator::Add, !t.meta.inclusive)) << what;
}

class BlockEdges : public ::testing::TestWithParam<AlgorithmId> {};

TEST_P(BlockEdges, EveryStepsEdgesExplainItsValues) {
  const AlgorithmId id = GetParam();
  const std::vector<int> coarsenings =
      id == AlgorithmId::ThreePhase ? std::vector<int>{1, 4, 16} : std::vector<int>{4};
  for (int blockSize : {2, 8, 64, 128})
    for (int coarsening : coarsenings)
      for (bool exclusive : {false, true}) {
        const int section = sectionSize(id, blockSize, coarsening);
        // One partial section, and three and a bit (whose block sums are scanned too).
        for (long long n : {static_cast<long long>(section) - 1, 3ll * section + 5}) {
          const Values input = smallInts(std::max(1ll, n), static_cast<unsigned>(n + blockSize));
          CaptureRequest rq = request(id, input, blockSize, exclusive);
          rq.coarsening = coarsening;
          const Trace t = run(rq);
          checkEdgesExplainSteps(t, input);
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
}

INSTANTIATE_TEST_SUITE_P(AllBlockAlgorithms, BlockEdges, ::testing::ValuesIn(kBlockAlgorithms),
                         algorithmName);

}  // namespace
}  // namespace scanviz
