// The segmented decoupled look-back scan (kernels/grid/segmented_lookback.h) on the CPU emulator:
// results against the sequential segmented scan at the sizes where tiles begin and end (N = 1, 7,
// 1023, 1025, primes, 2^20), every flag pattern (all set, none, empty and one-element segments),
// block sizes and launch orders; the look-back that stops at a tile holding a head; and no
// operator application that reaches across a segment start. (test_segmented_scan.cpp runs it with
// the other segmented scans over every operator and dtype; tests/gpu compares the GPU's traces.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/backends/cpu_backend.h"
#include "app/core/capture/input_spec.h"
#include "kernels/grid/segmented_lookback.h"

namespace scanviz {
namespace {

struct Case {
  long long n = 1;
  int blockSize = 32;
  Operator op = Operator::Add;
  bool exclusive = false;
  EmulatorOptions emu;
};

std::string describe(const Case& c) {
  return "n=" + std::to_string(c.n) + " block " + std::to_string(c.blockSize) + " " +
         std::string(operatorName(c.op)) + (c.exclusive ? " exclusive" : " inclusive");
}

RunRequest request(const Case& c, const ElementRows& rows) {
  RunRequest rq;
  rq.algorithm = AlgorithmId::SegmentedLookback;
  rq.blockSize = c.blockSize;
  rq.op = c.op;
  rq.exclusive = c.exclusive;
  rq.record = false;
  rq.rows = &rows;
  rq.emulator = c.emu;
  return rq;
}

// Empty when the emulator's int32 result equals the sequential segmented scan.
std::string check(const Case& c, const std::vector<uint8_t>& flags) {
  const std::vector<double> wide =
      generateInput(InputPattern::Random, c.n, static_cast<unsigned>(c.n) + 3, DType::Int32, c.op);
  const std::vector<int32_t> input(wide.begin(), wide.end());
  ElementRows rows;
  rows.flags = flags;
  const RunResult<int32_t> r = runOnCpu(request(c, rows), input);
  const std::vector<double> out(r.output.begin(), r.output.end());
  const Mismatch m = compareWithReference(wide, out, c.op, c.exclusive, DType::Int32, 1, &flags);
  return m.index < 0 ? std::string() : describe(c) + ": " + m.describe();
}

std::vector<uint8_t> everyKth(long long n, long long k) {
  std::vector<uint8_t> f(static_cast<size_t>(n), 0);
  for (long long i = 0; i < n; i += k) f[static_cast<size_t>(i)] = 1;
  return f;
}

TEST(SegmentedLookback, SizesAroundTilesAndPrimes) {
  for (long long n : {1ll, 2ll, 7ll, 97ll, 255ll, 256ll, 257ll, 1023ll, 1024ll, 1025ll, 4099ll,
                      65537ll, 1ll << 20})
    for (bool exclusive : {false, true}) {
      Case c;
      c.n = n;
      c.exclusive = exclusive;
      c.blockSize = n >= (1 << 20) ? 256 : 32;
      EXPECT_EQ(check(c, randomHeadFlags(static_cast<size_t>(n), 11, 6)), "");
    }
}

// All set: every segment is one element (inclusive: the input, exclusive: the identity). None
// set: one segment, the plain scan. Segments longer than a tile, heads on the first and last
// element of tiles, heads only in the middle of a long run.
TEST(SegmentedLookback, FlagPatterns) {
  const int block = 4;  // tiles of 32 elements
  const long long n = 1000;
  std::vector<std::vector<uint8_t>> patterns = {everyKth(n, 1),   std::vector<uint8_t>(n, 0),
                                                everyKth(n, 32),  // heads at every tile start
                                                everyKth(n, 31),  everyKth(n, 97),
                                                everyKth(n, 1000)};
  std::vector<uint8_t> lastOfTiles(n, 0);
  for (long long i = 31; i < n; i += 32) lastOfTiles[static_cast<size_t>(i)] = 1;
  patterns.push_back(lastOfTiles);
  std::vector<uint8_t> middleOnly(n, 0);
  middleOnly[500] = 1;
  patterns.push_back(middleOnly);
  for (size_t p = 0; p < patterns.size(); ++p)
    for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
      for (bool exclusive : {false, true}) {
        Case c;
        c.n = n;
        c.blockSize = block;
        c.op = op;
        c.exclusive = exclusive;
        EXPECT_EQ(check(c, patterns[p]), "") << "pattern " << p;
      }
}

TEST(SegmentedLookback, BlockSizesAndSchedules) {
  for (int block : {2, 8, 32, 128, 1024})
    for (LaunchOrder order : {LaunchOrder::Ascending, LaunchOrder::Descending, LaunchOrder::Random})
      for (int resident : {1, 3, 64}) {
        Case c;
        c.n = 20011;  // a prime: the last tile is partial at every block size
        c.blockSize = block;
        c.emu.order = order;
        c.emu.residentBlocks = resident;
        c.emu.seed = 5;
        EXPECT_EQ(check(c, randomHeadFlags(static_cast<size_t>(c.n), 3, 40)), "")
            << "resident " << resident;
      }
}

// Recorded run over tiles of 16 elements (block 2) with a head in every third tile: a tile's
// look-back inspects no tile before the nearest one that holds a head, and a tile that starts at
// a head does not look back at all.
TEST(SegmentedLookback, LookBackStopsAtTheNearestTileWithAHead) {
  const int block = 2, tile = SegmentedLookback::sectionSize(block), tiles = 30;
  const long long n = static_cast<long long>(tile) * tiles;
  std::vector<uint8_t> flags(static_cast<size_t>(n), 0);
  for (int k = 0; k < tiles; k += 3) flags[static_cast<size_t>(k * tile + 5)] = 1;
  flags[static_cast<size_t>(7 * tile)] = 1;  // tile 7 starts at a head
  ElementRows rows;
  rows.flags = flags;
  Case c;
  c.n = n;
  c.blockSize = block;
  c.emu.residentBlocks = 8;
  RunRequest rq = request(c, rows);
  rq.record = true;
  const std::vector<int32_t> input(static_cast<size_t>(n), 1);
  const RunResult<int32_t> r = runOnCpu(rq, input);
  ASSERT_EQ(static_cast<int>(r.run.blocks.size()), tiles);
  for (const RecordedBlock& b : r.run.blocks) {
    if (b.id == 0 || b.id == 7) {
      EXPECT_EQ(b.lookback, 0) << "tile " << b.id;
      continue;
    }
    int nearestHead = b.id - 1;
    while (nearestHead > 0 && nearestHead % 3 != 0 && nearestHead != 7) --nearestHead;
    EXPECT_GE(b.lookback, 1) << "tile " << b.id;
    EXPECT_LE(b.lookback, b.id - nearestHead) << "tile " << b.id;
  }
  // All ones: an inclusive element counts back to its segment's start.
  long long start = 0;
  for (long long i = 0; i < n; ++i) {
    if (flags[static_cast<size_t>(i)]) start = i;
    ASSERT_EQ(r.output[static_cast<size_t>(i)], i - start + 1) << i;
  }
}

// Every recorded step of a tile: no edge reaches across a head (the prefix's edges, source -1,
// only go to elements before the tile's first head), and fewer applications than the plain
// look-back scan of the same tile.
TEST(SegmentedLookback, NoApplicationCrossesASegmentStart) {
  const int block = 8, tile = SegmentedLookback::sectionSize(block);
  const long long n = 5ll * tile;
  const std::vector<uint8_t> flags = randomHeadFlags(static_cast<size_t>(n), 9, 12);
  ElementRows rows;
  rows.flags = flags;
  Case c;
  c.n = n;
  c.blockSize = block;
  RunRequest rq = request(c, rows);
  rq.record = true;
  rq.recordBlock = 3;
  const std::vector<int32_t> input(static_cast<size_t>(n), 2);
  const RunResult<int32_t> r = runOnCpu(rq, input);
  const uint8_t* heads = flags.data() + 3 * tile;
  int firstHead = tile;
  for (int i = 0; i < tile; ++i)
    if (heads[i]) {
      firstHead = i;
      break;
    }
  ASSERT_LT(firstHead, tile) << "the test wants a tile with a head";
  int edges = 0;
  for (const RecordedStep& s : r.run.steps)
    for (const RecordedEdge& e : s.edges) {
      ++edges;
      if (e.src < 0) {
        EXPECT_LT(e.dst, firstHead) << "the tile prefix reached past the first head";
        continue;
      }
      for (int h = e.src + 1; h <= e.dst; ++h) EXPECT_EQ(heads[h], 0) << e.src << "->" << e.dst;
    }
  EXPECT_GT(edges, 0);
  RunRequest plain = rq;
  plain.algorithm = AlgorithmId::DecoupledLookback;
  plain.rows = nullptr;
  EXPECT_LT(r.run.work, runOnCpu(plain, input).run.work);
  EXPECT_EQ(static_cast<int>(r.run.steps.size()), SegmentedLookback::recordedSteps(block));
}

}  // namespace
}  // namespace scanviz
