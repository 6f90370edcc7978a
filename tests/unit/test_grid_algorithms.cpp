// The single-pass grid scans (single-pass-chained, decoupled-lookback, serial-lookback,
// cluster-lookback) on the
// CPU emulator: results against the sequential scan, independence from scheduling, the static-id
// deadlock, the chained domino and the look-back counts, hand-counted work, and capture speed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/cpu_backend.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/trace/trace.h"
#include "kernels/grid/cluster_lookback.h"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/single_pass_chained.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

constexpr AlgorithmId kSinglePass[] = {AlgorithmId::SinglePassChained,
                                       AlgorithmId::DecoupledLookback, AlgorithmId::SerialLookback,
                                       AlgorithmId::ClusterLookback};

// The schemes that can take blockIdx.x as the tile id (the deadlock lesson); a cluster takes its
// tiles from the counter only (ClusterLookback.RefusesStaticBlockIds).
constexpr AlgorithmId kStaticIdSchemes[] = {
    AlgorithmId::SinglePassChained, AlgorithmId::DecoupledLookback, AlgorithmId::SerialLookback};

std::string key(AlgorithmId id) {
  return std::string(algorithmInfo(id).key);
}

int tileSize(AlgorithmId id, int blockSize) {
  return id == AlgorithmId::SinglePassChained ? SinglePassChained::sectionSize(blockSize)
                                              : DecoupledLookback::sectionSize(blockSize);
}

RunRequest request(AlgorithmId id, int blockSize, Operator op = Operator::Add,
                   bool exclusive = false) {
  RunRequest rq{.algorithm = id, .op = op, .exclusive = exclusive, .blockSize = blockSize};
  return rq;
}

template <class T>
std::vector<T> typed(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// Empty when `out` is the scan of `in` (within the float tolerance of reference_scan.h).
std::string checkScan(const std::vector<double>& in, const std::vector<double>& out, Operator op,
                      bool exclusive, DType dtype, long long sections) {
  const Mismatch m = compareWithReference(in, out, op, exclusive, dtype, sections);
  return m.index < 0 ? std::string() : m.describe();
}

template <class T>
std::string runAndCheck(const RunRequest& rq, const std::vector<double>& wide, DType dtype) {
  const std::vector<T> input = typed<T>(wide);
  const RunResult<T> r = runOnCpu(rq, input);
  const std::vector<double> in(input.begin(), input.end());
  const std::vector<double> out(r.output.begin(), r.output.end());
  const long long n = static_cast<long long>(wide.size());
  const int section = tileSize(rq.algorithm, rq.blockSize);
  return checkScan(in, out, rq.op, rq.exclusive, dtype, (n + section - 1) / section);
}

TEST(GridAlgorithms, SinglePassScansMatchTheSequentialScan) {
  int cases = 0;
  for (AlgorithmId id : kSinglePass)
    for (DType dtype : {DType::Int32, DType::Float32})
      for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
        for (bool exclusive : {false, true})
          for (long long n : {1ll, 7ll, 1023ll, 1024ll, 1025ll, 4099ll, 70001ll})
            for (int blockSize : {2, 32, 256}) {
              RunRequest rq = request(id, blockSize, op, exclusive);
              rq.recordBlock = 0;
              const unsigned seed = static_cast<unsigned>(n * 31 + blockSize);
              const auto wide = generateInput(InputPattern::Random, n, seed, dtype, op);
              const std::string err = dtype == DType::Int32 ? runAndCheck<int32_t>(rq, wide, dtype)
                                                            : runAndCheck<float>(rq, wide, dtype);
              EXPECT_EQ(err, "") << key(id) << " " << dtypeName(dtype) << " " << operatorName(op)
                                 << (exclusive ? " exclusive" : " inclusive") << " n=" << n
                                 << " block=" << blockSize;
              ++cases;
            }
  EXPECT_EQ(cases, static_cast<int>(std::size(kSinglePass)) * 2 * 4 * 2 * 7 * 3);
}

TEST(GridAlgorithms, UnrecordedRunGivesTheSameOutputAndRecordsNothing) {
  for (AlgorithmId id : kSinglePass) {
    const auto wide = generateInput(InputPattern::Random, 5000, 3, DType::Int32, Operator::Add);
    const std::vector<int32_t> input = typed<int32_t>(wide);
    RunRequest rq = request(id, 32);
    const RunResult<int32_t> recorded = runOnCpu(rq, input);
    rq.record = false;
    const RunResult<int32_t> bare = runOnCpu(rq, input);
    EXPECT_EQ(bare.output, recorded.output) << key(id);
    EXPECT_EQ(bare.run.work, 0) << key(id);
    EXPECT_TRUE(bare.run.steps.empty()) << key(id);
    EXPECT_TRUE(bare.run.blocks.empty()) << key(id);
    EXPECT_GT(recorded.run.work, 0) << key(id);
  }
}

Trace captureSinglePass(AlgorithmId id, const std::vector<double>& input, int blockSize,
                        const EmulatorOptions& emu, int recordBlock = 0,
                        Operator op = Operator::Add, bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(id, input, op, exclusive);
  rq.blockSize = blockSize;
  rq.recordBlock = recordBlock;
  rq.emulator = emu;
  return captureWhole(rq);
}

// With dynamic tile ids the tile a block scans is decided when it starts, but the data of tile k
// is the same whichever block takes it: output, recorded steps and work must not change with the
// launch order, the number of resident blocks or the order threads run in.
TEST(GridAlgorithms, SchedulingChangesNeitherOutputNorSteps) {
  for (AlgorithmId id : kSinglePass) {
    for (Operator op : {Operator::Add, Operator::Max}) {
      for (bool exclusive : {false, true}) {
        const auto input = generateInput(InputPattern::Random, 70001, 9, DType::Int32, op);
        const Trace ref = captureSinglePass(id, input, 32, EmulatorOptions{}, 5, op, exclusive);
        ASSERT_FALSE(ref.steps.empty());
        EXPECT_EQ(ref.steps.front().block, 5);
        for (LaunchOrder order :
             {LaunchOrder::Ascending, LaunchOrder::Descending, LaunchOrder::Random}) {
          for (int resident = 1; resident <= 8; ++resident) {
            EmulatorOptions emu;
            emu.order = order;
            emu.seed = static_cast<unsigned>(resident * 7 + 1);
            emu.residentBlocks = resident;
            emu.threadOrder = resident % 2 ? ThreadOrder::Forward : ThreadOrder::Reverse;
            const Trace t = captureSinglePass(id, input, 32, emu, 5, op, exclusive);
            EXPECT_EQ(firstTraceDifference(ref, t), "")
                << key(id) << " order " << static_cast<int>(order) << " resident " << resident;
            EXPECT_EQ(static_cast<int>(t.blocks.size()), t.meta.blocksTotal);
          }
        }
      }
    }
  }
}

std::string deadlockMessage(AlgorithmId id, int tiles, int blockSize, int resident) {
  const std::vector<int32_t> input(static_cast<size_t>(tiles * tileSize(id, blockSize)), 1);
  RunRequest rq = request(id, blockSize);
  rq.emulator.staticBlockIds = true;
  rq.emulator.order = LaunchOrder::Descending;
  rq.emulator.residentBlocks = resident;
  try {
    runOnCpu(rq, input);
  } catch (const BackendError& e) {
    return e.what();
  }
  return "no error";
}

TEST(GridAlgorithms, StaticIdsWithDescendingLaunchOrderDeadlock) {
  for (AlgorithmId id : kStaticIdSchemes) {
    for (int resident = 1; resident <= 4; ++resident) {
      const int tiles = 10;
      const std::string msg = deadlockMessage(id, tiles, 32, resident);
      EXPECT_NE(msg.find("deadlock"), std::string::npos) << key(id) << ": " << msg;
      // The highest block runs first and waits; the first block without a slot is the one the
      // resident blocks wait for.
      const int blocker = tiles - 1 - resident;
      EXPECT_NE(msg.find("block " + std::to_string(tiles - 1) + " waits for block"),
                std::string::npos)
          << msg;
      EXPECT_NE(msg.find("block " + std::to_string(blocker) + " has not started"),
                std::string::npos)
          << msg;
    }
  }
  // The chained scan names each block's predecessor.
  const std::string chained = deadlockMessage(AlgorithmId::SinglePassChained, 6, 4, 2);
  EXPECT_NE(chained.find("block 5 waits for block 4, block 4 waits for block 3"), std::string::npos)
      << chained;
}

TEST(GridAlgorithms, StaticIdsCompleteWhenOrderOrResidencyAllowIt) {
  for (AlgorithmId id : kStaticIdSchemes) {
    const auto wide = generateInput(InputPattern::Random, 4099, 5, DType::Int32, Operator::Add);
    for (int resident = 1; resident <= 4; ++resident) {
      RunRequest rq = request(id, 32);
      rq.emulator.staticBlockIds = true;
      rq.emulator.order = LaunchOrder::Ascending;
      rq.emulator.residentBlocks = resident;
      EXPECT_EQ(runAndCheck<int32_t>(rq, wide, DType::Int32), "") << key(id);
    }
    // Descending is harmless when every block is resident at once.
    RunRequest rq = request(id, 32);
    rq.emulator.staticBlockIds = true;
    rq.emulator.order = LaunchOrder::Descending;
    rq.emulator.residentBlocks = 4099 / tileSize(id, 32) + 1;
    EXPECT_EQ(runAndCheck<int32_t>(rq, wide, DType::Int32), "") << key(id);
  }
}

// With static ids and a random launch order a block often starts before its predecessors: it
// must wait for tiles that have published nothing yet (X), and either the missing blocks get a
// slot in time or the run deadlocks. Max makes a wrongly combined X (value bits 0) visible.
TEST(GridAlgorithms, StaticIdsInRandomOrderWaitOrDeadlockButNeverComputeWrongly) {
  for (AlgorithmId id : kStaticIdSchemes) {
    const int tiles = 12;
    const int n = tiles * tileSize(id, 32);
    const auto wide = generateInput(InputPattern::Random, n, 17, DType::Int32, Operator::Max);
    int completed = 0, deadlocked = 0, completedAfterWaiting = 0;
    for (unsigned seed = 1; seed <= 40; ++seed) {
      RunRequest rq = request(id, 32, Operator::Max);
      rq.emulator.staticBlockIds = true;
      rq.emulator.order = LaunchOrder::Random;
      rq.emulator.seed = seed;
      rq.emulator.residentBlocks = 6;
      try {
        const std::vector<int32_t> input = typed<int32_t>(wide);
        const RunResult<int32_t> r = runOnCpu(rq, input);
        const std::vector<double> in(input.begin(), input.end());
        const std::vector<double> out(r.output.begin(), r.output.end());
        EXPECT_EQ(checkScan(in, out, Operator::Max, false, DType::Int32, tiles), "")
            << key(id) << " seed " << seed;
        ++completed;
        bool waited = false;
        for (const auto& b : r.run.blocks) waited |= b.waitNs > 0;
        completedAfterWaiting += waited;
      } catch (const BackendError& e) {
        EXPECT_NE(std::string(e.what()).find("deadlock"), std::string::npos) << e.what();
        ++deadlocked;
      }
    }
    EXPECT_GT(completed, 0) << key(id);
    EXPECT_GT(completedAfterWaiting, 0) << key(id);
    EXPECT_GT(deadlocked, 0) << key(id);
  }
}

// Emulator timeline: a block scans its tile in round startNs, then polls once per round; waitNs
// counts the polls that found no prefix yet, so the prefix arrived in round startNs + 1 + waitNs.
int64_t prefixArrivalRound(const TraceBlock& b) {
  return b.startNs + 1 + b.waitNs;
}

TEST(SinglePassChained, BlockTimelineShowsTheDomino) {
  const int blockSize = 32, tiles = 20, resident = 8;
  const std::vector<double> input(static_cast<size_t>(tiles * 2 * blockSize), 1.0);
  EmulatorOptions emu;
  emu.residentBlocks = resident;
  const Trace t = captureSinglePass(AlgorithmId::SinglePassChained, input, blockSize, emu);
  ASSERT_EQ(static_cast<int>(t.blocks.size()), tiles);
  EXPECT_EQ(t.meta.timeUnit, "round");
  for (int i = 0; i < tiles; ++i) {
    const TraceBlock& b = t.blocks[static_cast<size_t>(i)];
    EXPECT_EQ(b.id, i);
    EXPECT_GE(b.sm, 0);
    EXPECT_LT(b.sm, resident);
    EXPECT_EQ(b.lookback, i > 0 ? 1 : 0);
    if (i > 0) {
      // Block i-1 published in the round its own prefix arrived; block i sees it a round later.
      EXPECT_GT(prefixArrivalRound(b), prefixArrivalRound(t.blocks[static_cast<size_t>(i - 1)]))
          << "tile " << i;
    }
  }
  // The first wave starts together, and tile k waits k rounds for the prefix to walk to it.
  for (int k = 0; k < resident; ++k) {
    EXPECT_EQ(t.blocks[static_cast<size_t>(k)].startNs, 0) << k;
    EXPECT_EQ(t.blocks[static_cast<size_t>(k)].waitNs, k) << k;
  }
}

TEST(DecoupledLookback, LookbackCountsAndNoDomino) {
  const int tiles = 20, resident = 8;
  for (int blockSize : {2, 32}) {
    const std::vector<double> input(static_cast<size_t>(tiles * 8 * blockSize), 1.0);
    EmulatorOptions emu;
    emu.residentBlocks = resident;
    const Trace t = captureSinglePass(AlgorithmId::DecoupledLookback, input, blockSize, emu);
    ASSERT_EQ(static_cast<int>(t.blocks.size()), tiles);
    for (int i = 0; i < tiles; ++i) {
      const TraceBlock& b = t.blocks[static_cast<size_t>(i)];
      if (i == 0) {
        EXPECT_EQ(b.lookback, 0);
      } else {
        EXPECT_GE(b.lookback, 1) << "tile " << i;
      }
    }
    // The first wave publishes its aggregates in round 0. With a 32-wide window, tile k finds
    // k-1 aggregates and tile 0's inclusive prefix in round 1: k predecessors, no waiting for a
    // domino. With two threads the window holds two predecessors: tiles 3 and up see two
    // aggregates first and must look further back (an Advanced poll, counted as a round
    // without the prefix), and may then meet a P published meanwhile.
    for (int k = 1; k < resident; ++k) {
      const TraceBlock& b = t.blocks[static_cast<size_t>(k)];
      if (blockSize == 32) {
        EXPECT_EQ(b.lookback, k) << "tile " << k;
        EXPECT_EQ(b.waitNs, 0) << "tile " << k;
      } else {
        EXPECT_LE(b.lookback, k) << "tile " << k;
        EXPECT_EQ(b.waitNs > 0, k >= 3) << "tile " << k;
      }
    }
    EXPECT_EQ(t.output.back(), static_cast<double>(input.size()));
  }
}

// The serial look-back is the decoupled one with a window of one predecessor: every poll reads one
// status word, so a tile that combined d predecessors polled d times (d - 1 rounds without the
// prefix, counted as waiting), where the 32-wide window of decoupled-lookback takes the whole first
// wave's aggregates in one poll (tile k: k predecessors, no waiting). Same tiles, same output.
TEST(SerialLookback, OnePredecessorAPoll) {
  const int tiles = 20, resident = 8, blockSize = 32;
  const std::vector<double> input(static_cast<size_t>(tiles * 8 * blockSize), 1.0);
  EmulatorOptions emu;
  emu.residentBlocks = resident;
  const Trace serial = captureSinglePass(AlgorithmId::SerialLookback, input, blockSize, emu);
  const Trace windowed = captureSinglePass(AlgorithmId::DecoupledLookback, input, blockSize, emu);
  ASSERT_EQ(static_cast<int>(serial.blocks.size()), tiles);
  int severalPolls = 0;
  for (int k = 1; k < tiles; ++k) {
    const TraceBlock& b = serial.blocks[static_cast<size_t>(k)];
    EXPECT_GE(b.lookback, 1) << "tile " << k;
    // The first wave publishes in round 0, so no predecessor it reads is still empty.
    if (k < resident) {
      EXPECT_EQ(b.lookback, b.waitNs + 1) << "tile " << k;
    }
    EXPECT_LE(b.lookback, b.waitNs + 1) << "tile " << k;
    severalPolls += b.lookback > 1 ? 1 : 0;
  }
  EXPECT_GE(severalPolls, resident - 2);
  EXPECT_EQ(windowed.blocks[resident - 1].lookback, resident - 1);
  EXPECT_EQ(windowed.blocks[resident - 1].waitNs, 0);
  EXPECT_GT(serial.blocks[resident - 1].waitNs, 0);
  EXPECT_EQ(serial.output, windowed.output);
  EXPECT_EQ(serial.counters.work, windowed.counters.work);
  EXPECT_EQ(algorithmInfo(AlgorithmId::SerialLookback).codeFile, "kernels/grid/serial_lookback.h");
}

// The cluster look-back, 10 tiles of 64 (block size 8) in clusters of 4: three clusters, the last
// with two empty blocks. A block's cluster totals arrive through its neighbours' shared memory (a
// gather of moves, then a scan, at level 1), and only a cluster's last block looks back, over
// clusters: cluster 1's last block (tile 7) combines cluster 0's status, no other recorded block
// looks back. Work by hand, per block (12 with the empty ones): the tile's three phases
// (64 - 8) + (8 * 3 - 7) + 7 * 7 = 122 and the scan of 4 totals 4 * 2 - 3 = 5; the prefix of ranks
// 1-3 of clusters 1 and 2 (6); 64 for every tile but tile 0 (11 * 64); the P of clusters 1 and 2.
TEST(ClusterLookback, TotalsThroughSharedMemoryAndOneLookbackPerCluster) {
  constexpr int C = ClusterLookback::kClusterBlocks;
  const int blockSize = 8, section = ClusterLookback::sectionSize(blockSize), tiles = 10;
  std::vector<double> input(static_cast<size_t>(tiles * section));
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<double>(i % 7);
  const Trace t = captureSinglePass(AlgorithmId::ClusterLookback, input, blockSize,
                                    EmulatorOptions{}, /*recordBlock=*/5);
  EXPECT_EQ(t.counters.work, 12 * 122 + 12 * 5 + 6 + 11 * 64 + 2);
  ASSERT_EQ(static_cast<int>(t.blocks.size()), tiles);
  for (const TraceBlock& b : t.blocks) EXPECT_EQ(b.lookback, b.id == 7 ? 1 : 0) << "tile " << b.id;
  ASSERT_EQ(static_cast<int>(t.steps.size()), ClusterLookback::recordedSteps(blockSize));
  // Tile 5 is rank 1 of cluster 1 (tiles 4-7): its gather reads those four tiles' totals.
  std::vector<double> totals(C, 0.0);
  for (int k = 0; k < C; ++k)
    for (int i = 0; i < section; ++i)
      totals[k] += input[static_cast<size_t>((4 + k) * section + i)];
  const TraceStep* gather = nullptr;
  const TraceStep* lastScan = nullptr;
  for (const TraceStep& s : t.steps) {
    if (s.kind == static_cast<int>(StepKind::ClusterGather)) gather = &s;
    if (s.kind == static_cast<int>(StepKind::ClusterScan)) lastScan = &s;
    EXPECT_EQ(s.level, s.kind == static_cast<int>(StepKind::ClusterGather) ||
                               s.kind == static_cast<int>(StepKind::ClusterScan)
                           ? 1
                           : 0)
        << s.label;
  }
  ASSERT_NE(gather, nullptr);
  ASSERT_NE(lastScan, nullptr);
  EXPECT_EQ(gather->values, totals);
  EXPECT_EQ(gather->moves.size(), static_cast<size_t>(C));
  EXPECT_EQ(gather->active, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(lastScan->values, (std::vector<double>{totals[0], totals[0] + totals[1],
                                                   totals[0] + totals[1] + totals[2],
                                                   totals[0] + totals[1] + totals[2] + totals[3]}));
  const Trace lookback =
      captureSinglePass(AlgorithmId::DecoupledLookback, input, blockSize, EmulatorOptions{});
  EXPECT_EQ(t.output, lookback.output);
}

// A cluster takes its tiles from the ticket counter; blockIdx.x ids are not offered.
TEST(ClusterLookback, RefusesStaticBlockIds) {
  EmulatorOptions emu;
  emu.staticBlockIds = true;
  try {
    captureSinglePass(AlgorithmId::ClusterLookback, std::vector<double>(100, 1.0), 8, emu);
    FAIL() << "static block ids were taken";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("--static-block-ids"), std::string::npos) << e.what();
  }
}

// Hand count, single-pass-chained, n = 20, block size 4: tiles of 8 (8 + 8 + 4 valid).
// Brent-Kung on 8 elements: up-sweep 4 + 2 + 1, down-sweep 1 + 3 = 11 per tile, 33 in all;
// tiles 1 and 2 publish a running result (1 each) and combine the prefix into 8 slots (8 each).
TEST(SinglePassChained, WorkMatchesTheHandCount) {
  std::vector<double> input(20);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<double>(i % 5);
  const Trace t0 = captureSinglePass(AlgorithmId::SinglePassChained, input, 4, EmulatorOptions{});
  EXPECT_EQ(t0.counters.work, 3 * 11 + 2 * 1 + 2 * 8);
  ASSERT_EQ(static_cast<int>(t0.steps.size()), SinglePassChained::recordedSteps(4));
  ASSERT_EQ(t0.steps.size(), 7u);  // load, 3 up-sweep, 2 down-sweep, tile prefix
  EXPECT_EQ(t0.steps.back().label, "add tile prefix");
  EXPECT_EQ(t0.steps.back().ops, 0);  // tile 0's prefix is the identity
  EXPECT_EQ(t0.counters.depth, 5);

  const Trace t1 =
      captureSinglePass(AlgorithmId::SinglePassChained, input, 4, EmulatorOptions{}, 1);
  EXPECT_EQ(t1.counters.work, t0.counters.work);
  EXPECT_EQ(t1.counters.depth, 6);
  const TraceStep& prefix = t1.steps.back();
  EXPECT_EQ(prefix.block, 1);
  EXPECT_EQ(prefix.array, "section");
  EXPECT_EQ(prefix.ops, 8);
  // Tile 0 holds 0 1 2 3 4 0 1 2 (total 13); tile 1 holds 3 4 0 1 2 3 4 0.
  EXPECT_EQ(prefix.values, (std::vector<double>{16, 20, 20, 21, 23, 26, 30, 30}));
  ASSERT_EQ(prefix.edges.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(prefix.edges[static_cast<size_t>(i)][0], i);
    EXPECT_EQ(prefix.edges[static_cast<size_t>(i)][1], -1);
  }
}

// Hand count, decoupled-lookback, n = 40, block size 2: tiles of 16 (16 + 16 + 8 valid).
// Per tile: phase 1 2 threads x 7, phase 2 one Kogge-Stone step of 1, phase 3 1 thread x 7 = 22,
// 66 in all; tiles 1 and 2 combine the prefix into 16 slots and publish P (1 each). The
// look-back's own combinations are not work (they depend on scheduling).
TEST(DecoupledLookback, WorkMatchesTheHandCount) {
  std::vector<double> input(40, 2.0);
  const Trace t = captureSinglePass(AlgorithmId::DecoupledLookback, input, 2, EmulatorOptions{}, 2);
  EXPECT_EQ(t.counters.work, 3 * 22 + 2 * 16 + 2 * 1);
  ASSERT_EQ(static_cast<int>(t.steps.size()), DecoupledLookback::recordedSteps(2));
  ASSERT_EQ(t.steps.size(), 5u);  // load, phase 1, phase 2 stride 1, phase 3, tile prefix
  EXPECT_EQ(t.steps[1].label, "phase 1: each thread scans its subsection");
  EXPECT_EQ(t.steps[1].ops, 14);
  EXPECT_EQ(t.steps[2].ops, 1);
  EXPECT_EQ(t.steps[3].ops, 7);
  EXPECT_EQ(t.steps[4].ops, 16);
  EXPECT_EQ(t.counters.depth, 4);
  // Tile 2 holds 8 valid twos after 32 elements: 66 68 ... 80, then the padding keeps the total.
  std::vector<double> expected;
  for (int i = 0; i < 16; ++i) expected.push_back(64 + 2 * std::min(i + 1, 8));
  EXPECT_EQ(t.steps.back().values, expected);
  // Work does not depend on how the look-back went.
  for (int resident = 1; resident <= 4; ++resident) {
    EmulatorOptions emu;
    emu.residentBlocks = resident;
    emu.order = LaunchOrder::Random;
    EXPECT_EQ(captureSinglePass(AlgorithmId::DecoupledLookback, input, 2, emu).counters.work,
              t.counters.work);
  }
}

TEST(GridAlgorithms, OneTileInputHasOneBlockAndTheExclusiveShift) {
  for (AlgorithmId id : kSinglePass) {
    const std::vector<double> lesson = {3, 1, 7, 0, 4, 1, 6, 3};
    const Trace t = captureSinglePass(id, lesson, 4, EmulatorOptions{}, 0, Operator::Add, true);
    EXPECT_EQ(t.meta.blocksTotal, 1);
    EXPECT_EQ(t.blocks.size(), 1u);
    EXPECT_EQ(t.output, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
    ASSERT_FALSE(t.steps.empty());
    EXPECT_EQ(t.steps.front().label, "load");
    EXPECT_EQ(t.steps.back().label, "add tile prefix");
    EXPECT_EQ(t.steps.back().ops, 0);
  }
}

TEST(GridAlgorithms, RecordingATileThatDoesNotExistIsAClearError) {
  for (AlgorithmId id : kSinglePass) {
    RunRequest rq = request(id, 4);
    rq.recordBlock = 3;
    const std::vector<int32_t> input(static_cast<size_t>(2 * tileSize(id, 4)), 1);
    try {
      runOnCpu(rq, input);
      ADD_FAILURE() << key(id) << ": no error";
    } catch (const BackendError& e) {
      EXPECT_NE(std::string(e.what()).find("block 3 does not exist"), std::string::npos)
          << e.what();
    }
  }
}

TEST(GridAlgorithms, CaptureOfAMillionElementsIsFast) {
  const long long n = 1ll << 20;
  const auto input = generateInput(InputPattern::Random, n, 11, DType::Int32, Operator::Add);
  for (AlgorithmId id : kSinglePass) {
    CaptureRequest rq = emulatorRequest(id, input);
    const auto start = std::chrono::steady_clock::now();
    const Trace t = capture(rq).trace;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("capture of 2^20 elements with %s on the CPU emulator: %.3f s (%d tiles)\n",
                key(id).c_str(), seconds, t.meta.blocksTotal);
    bool matches = false;
    for (const auto& note : t.meta.notes) matches |= note == "output matches the sequential scan";
    EXPECT_TRUE(matches) << key(id);
    EXPECT_LT(seconds, 3.0) << key(id);  // loose: about 0.1 s here, CI machines vary
  }
}

}  // namespace
}  // namespace scanviz
