// Select and split by decoupled look-back (kernels/grid/select_lookback.h) on the CPU emulator:
// the default lesson's count row after every step, written out by hand; the kept elements, the
// split and every write address against a plain loop at the sizes where tiles begin and end, for
// random, all and no flags, block sizes, launch orders and thread orders; the capture's trace
// (rows.second holds the addresses) and its refusals. tests/gpu/test_gpu_select_lookback.cpp
// compares the GPU's traces with these.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "app/core/backends/cpu_backend.h"
#include "app/core/capture/capture.h"
#include "kernels/grid/select_lookback.h"

namespace scanviz {
namespace {

// The sequential answer, written independently of the kernel.
struct Expected {
  std::vector<int32_t> output;     // kept in order, then (split) the rest in order, else zeros
  std::vector<int32_t> addresses;  // kept elements before each one
};

Expected sequential(const std::vector<int32_t>& in, const std::vector<uint8_t>& flags, bool split) {
  Expected e;
  std::vector<int32_t> rest;
  for (size_t i = 0; i < in.size(); ++i) {
    e.addresses.push_back(static_cast<int32_t>(e.output.size()));
    (flags[i] ? e.output : rest).push_back(in[i]);
  }
  if (split) e.output.insert(e.output.end(), rest.begin(), rest.end());
  e.output.resize(in.size(), 0);
  return e;
}

enum class Flags { Random, All, None };

std::vector<uint8_t> flagsOf(size_t n, Flags p, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> f(n);
  for (auto& x : f) x = p == Flags::All ? 1 : p == Flags::None ? 0 : rng() % 3 == 0;
  return f;
}

std::vector<int32_t> valuesOf(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = static_cast<int32_t>(rng() % 2001) - 1000;
  return v;
}

struct Case {
  AlgorithmId algorithm = AlgorithmId::SelectLookback;
  long long n = 1;
  int blockSize = 32;
  Flags flags = Flags::Random;
  EmulatorOptions emu;
};

// Empty when the emulator's output and addresses equal the sequential ones.
std::string check(const Case& c) {
  const auto n = static_cast<size_t>(c.n);
  const std::vector<int32_t> in = valuesOf(n, static_cast<unsigned>(n) + 7);
  ElementRows rows;
  rows.flags = flagsOf(n, c.flags, static_cast<unsigned>(n));
  RunRequest rq;
  rq.algorithm = c.algorithm;
  rq.blockSize = c.blockSize;
  rq.record = false;
  rq.rows = &rows;
  rq.emulator = c.emu;
  const RunResult<int32_t> r = runOnCpu(rq, in);
  const Expected e = sequential(in, rows.flags, c.algorithm == AlgorithmId::SplitLookback);
  const std::string what = std::string(algorithmInfo(c.algorithm).key) +
                           " n=" + std::to_string(c.n) + " block " + std::to_string(c.blockSize) +
                           " flags " + std::to_string(static_cast<int>(c.flags));
  if (r.output != e.output) return what + ": output differs";
  if (r.addresses != e.addresses) return what + ": addresses differ";
  return "";
}

TEST(SelectLookback, SizesAroundTilesFlagPatternsAndBlockSizes) {
  for (AlgorithmId id : {AlgorithmId::SelectLookback, AlgorithmId::SplitLookback})
    for (long long n : {1ll, 2ll, 7ll, 8ll, 9ll, 127ll, 128ll, 129ll, 1000ll, 4097ll, 100003ll})
      for (int b : {2, 32, 256, 1024})
        for (Flags f : {Flags::Random, Flags::All, Flags::None})
          EXPECT_EQ(check({id, n, b, f, {}}), "");
}

TEST(SelectLookback, LaunchOrdersSlotsAndThreadOrdersGiveTheSameResult) {
  for (AlgorithmId id : {AlgorithmId::SelectLookback, AlgorithmId::SplitLookback})
    for (LaunchOrder order : {LaunchOrder::Ascending, LaunchOrder::Descending, LaunchOrder::Random})
      for (int slots : {1, 3, 64})
        for (ThreadOrder t : {ThreadOrder::Reverse, ThreadOrder::WarpsDescending}) {
          EmulatorOptions emu;
          emu.order = order;
          emu.residentBlocks = slots;
          emu.threadOrder = t;
          emu.seed = 5;
          EXPECT_EQ(check({id, 20011, 64, Flags::Random, emu}), "");
        }
}

CaptureRequest lessonRequest(AlgorithmId id) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.backend = BackendChoice::Cpu;
  rq.input = {3, 1, 7, 0, 4, 1, 6, 3};
  rq.rows.flags = {1, 0, 1, 0, 1, 0, 1, 1};
  rq.blockSize = 2;  // two threads of four elements: one tile of the eight
  return rq;
}

// The count row (the trace's second array) after each step, by hand: each thread counts its four
// flags (1 1 2 2 | 1 1 2 3), thread 1's total takes thread 0's (3 + 2 = 5), thread 1's first three
// take 2 (3 3 4), and the addresses are the counts before each element (inclusive minus flag).
TEST(SelectLookback, LessonCountRowAfterEveryStep) {
  const Trace t = capture(lessonRequest(AlgorithmId::SelectLookback)).trace;
  ASSERT_EQ(t.steps.size(), 5u);
  const std::vector<StepKind> kinds = {StepKind::Load, StepKind::SelectThreadCount,
                                       StepKind::SelectCountScan, StepKind::SelectAddCount,
                                       StepKind::SelectAddress};
  const std::vector<std::vector<int32_t>> counts = {{1, 0, 1, 0, 1, 0, 1, 1},
                                                    {1, 1, 2, 2, 1, 1, 2, 3},
                                                    {1, 1, 2, 2, 1, 1, 2, 5},
                                                    {1, 1, 2, 2, 3, 3, 4, 5},
                                                    {0, 1, 1, 2, 2, 3, 3, 4}};
  // The steps show the count row as their values (the values themselves move only in the
  // scatter), and no flags row: its ones would read as segment starts.
  for (size_t s = 0; s < t.steps.size(); ++s) {
    EXPECT_EQ(t.steps[s].kind, static_cast<int>(kinds[s])) << "step " << s;
    EXPECT_EQ(t.steps[s].values, std::vector<double>(counts[s].begin(), counts[s].end()))
        << "step " << s;
    EXPECT_TRUE(t.steps[s].flags.empty() && t.steps[s].second.empty()) << "step " << s;
  }
  EXPECT_EQ(t.steps[2].param, 1);
  EXPECT_EQ(t.output, (std::vector<double>{3, 7, 4, 6, 3, 0, 0, 0}));
  EXPECT_EQ(t.rows.second, (std::vector<int32_t>{0, 1, 1, 2, 2, 3, 3, 4}));
  EXPECT_EQ(t.rows.secondName, kWriteAddressRowName);
  EXPECT_EQ(t.meta.notes.back(), "output matches the sequential select");
  // 6 + 1 + 3 count additions and 8 addresses; one tile, so no look-back publication.
  EXPECT_EQ(t.counters.work, 18);
}

TEST(SelectLookback, SplitPutsTheRejectedAfterTheKeptInOrder) {
  const Trace t = capture(lessonRequest(AlgorithmId::SplitLookback)).trace;
  EXPECT_EQ(t.output, (std::vector<double>{3, 7, 4, 6, 3, 1, 0, 1}));
  EXPECT_EQ(t.rows.second, (std::vector<int32_t>{0, 1, 1, 2, 2, 3, 3, 4}));
  EXPECT_EQ(t.meta.notes.back(), "output matches the sequential split");
}

// Tile 5 of many: its addresses start at the look-back's count of tiles 0..4, and float values
// move bit for bit.
TEST(SelectLookback, MiddleTileAddressesStartAtTheLookbackCount) {
  CaptureRequest rq;
  rq.algorithm = AlgorithmId::SplitLookback;
  rq.backend = BackendChoice::Cpu;
  rq.dtype = DType::Float32;
  rq.blockSize = 32;
  rq.recordBlock = 5;
  const std::vector<int32_t> ints = valuesOf(3000, 1);
  rq.input.assign(ints.begin(), ints.end());
  for (double& v : rq.input) v += 0.25;
  rq.rows.flags = flagsOf(rq.input.size(), Flags::Random, 2);
  const Trace t = capture(rq).trace;
  EXPECT_EQ(t.meta.notes.back(), "output matches the sequential split");
  int32_t before = 0;
  for (size_t i = 0; i < 5 * 128; ++i) before += rq.rows.flags[i];
  ASSERT_FALSE(t.steps.empty());
  EXPECT_EQ(t.steps.back().block, 5);
  EXPECT_EQ(t.steps.back().values.front(), before);
  EXPECT_EQ(t.rows.second[5 * 128], before);
  size_t firstKept = 5 * 128;
  while (!rq.rows.flags[firstKept]) ++firstKept;
  EXPECT_EQ(t.output[static_cast<size_t>(before)], rq.input[firstKept]);
}

TEST(SelectLookback, CaptureRefusesMissingFlagsAndASecondArray) {
  CaptureRequest rq = lessonRequest(AlgorithmId::SelectLookback);
  rq.rows.flags.clear();
  EXPECT_THROW(capture(rq), InputError);
  rq = lessonRequest(AlgorithmId::SelectLookback);
  rq.rows.second = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_THROW(capture(rq), InputError);
  rq = lessonRequest(AlgorithmId::SplitLookback);
  rq.rows.flags[3] = 2;
  EXPECT_THROW(capture(rq), InputError);
}

// Values the add operator would overflow move unchanged: nothing of a select is summed.
TEST(SelectLookback, LargeValuesAreNotSummed) {
  CaptureRequest rq = lessonRequest(AlgorithmId::SelectLookback);
  rq.input = {2000000000, 2000000000, 2000000000, 1, 2, 3, 4, 5};
  const Trace t = capture(rq).trace;
  EXPECT_EQ(t.output[0], 2000000000);
  EXPECT_EQ(t.output[1], 2000000000);
  EXPECT_EQ(t.meta.notes.back(), "output matches the sequential select");
}

TEST(SelectLookback, RegisteredOutsideTheScans) {
  std::vector<std::string> keys;
  for (const AlgorithmInfo& a : selectAlgorithms()) keys.emplace_back(a.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"select-lookback", "split-lookback"}));
  for (const AlgorithmInfo& a : allAlgorithms()) EXPECT_TRUE(a.scans()) << a.key;
  EXPECT_EQ(findAlgorithm("split-lookback"), AlgorithmId::SplitLookback);
  EXPECT_EQ(algorithmProduct(AlgorithmId::SelectLookback), AlgorithmProduct::Select);
  EXPECT_EQ(sectionSize(AlgorithmId::SelectLookback, 256), 1024);
}

}  // namespace
}  // namespace scanviz
