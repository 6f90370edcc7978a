// The race roulette (app/core/lesson/race_roulette.h) and the emulator's seeded random warp order
// it runs (ThreadOrder::WarpsRandom, kernels/exec/cpu_block_exec.h). The counts are checked
// against the sequential scan here, independently of the roulette's own bookkeeping. What the
// schedules must give, worked out from the kernel (kogge_stone_one_barrier.h), sections of ones:
//  - one warp (32 threads): the lanes load before they store, so no schedule is wrong;
//  - two warps (64): warp 1's lanes 0..s-1 read cells 32-s..31, which warp 0 rewrites in the
//    iterations of stride s = 1, 2, 4, 8, 16 (at stride 32 warp 0 writes nothing): a section is
//    right only when warp 1 goes first in all five, 1 in 32 of the random orders;
//  - the first wrong cell of a section is always the first lane of a warp (lane 0 reads from the
//    previous warp at every stride), as the H100 showed (docs/gpu-results.md).
#include <gtest/gtest.h>

#include <numeric>
#include <set>
#include <vector>

#include "app/core/lesson/race_roulette.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/exec/cpu_block_exec.h"

namespace scanviz {
namespace {

std::vector<int32_t> rightAnswer(int blockSize, int sections) {
  std::vector<int32_t> out;
  for (int s = 0; s < sections; ++s)
    for (int i = 0; i < blockSize; ++i) out.push_back(i + 1);
  return out;
}

long long firstDifference(const std::vector<int32_t>& a, const std::vector<int32_t>& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return static_cast<long long>(i);
  return -1;
}

TEST(RaceRoulette, ARunIsReplayedFromItsSeedAndSeedsDiffer) {
  const std::vector<int32_t> a = emulateRouletteRun(256, 4, 7);
  EXPECT_EQ(emulateRouletteRun(256, 4, 7), a);
  int differing = 0;
  for (uint64_t seed = 8; seed < 16; ++seed) differing += emulateRouletteRun(256, 4, seed) != a;
  EXPECT_GE(differing, 7);
}

TEST(RaceRoulette, CountsAgreeWithTheSequentialScanRunByRun) {
  const RouletteResult r =
      emulatorRoulette({.blockSize = 256, .sections = 4, .runs = 30, .seed = 5});
  ASSERT_EQ(r.runs.size(), 30u);
  EXPECT_EQ(r.source, RouletteSource::Emulator);
  const std::vector<int32_t> right = rightAnswer(256, 4);
  int wrongRuns = 0;
  long long wrongSections = 0;
  for (int k = 0; k < r.rq.runs; ++k) {
    const uint64_t seed = 5 + static_cast<uint64_t>(k);
    const std::vector<int32_t> out = emulateRouletteRun(256, 4, seed);
    const RouletteRun& run = r.runs[static_cast<size_t>(k)];
    EXPECT_EQ(run.seed, seed);
    const long long first = firstDifference(out, right);
    EXPECT_EQ(run.firstWrongCell, first) << "run " << k;
    if (first >= 0) {
      EXPECT_EQ(run.expected, right[static_cast<size_t>(first)]);
      EXPECT_EQ(run.got, out[static_cast<size_t>(first)]);
      EXPECT_NE(run.got, run.expected);
    }
    int sections = 0, cells = 0;
    for (int s = 0; s < 4; ++s) {
      bool wrong = false;
      for (int i = 0; i < 256; ++i) {
        const size_t c = static_cast<size_t>(s * 256 + i);
        cells += out[c] != right[c];
        wrong = wrong || out[c] != right[c];
      }
      sections += wrong;
    }
    EXPECT_EQ(run.wrongSections, sections);
    EXPECT_EQ(run.wrongCells, cells);
    wrongRuns += first >= 0;
    wrongSections += sections;
  }
  EXPECT_EQ(r.wrongRuns(), wrongRuns);
  EXPECT_EQ(r.wrongSections(), wrongSections);
  EXPECT_EQ(r.totalSections(), 120);
}

TEST(RaceRoulette, BinsSumToTheRunsAndCountEachFirstWrongCell) {
  const RouletteResult r = emulatorRoulette({.blockSize = 1024, .sections = 2, .runs = 40});
  int sum = 0;
  std::set<int> cells;
  for (const RouletteBin& b : r.bins) {
    sum += b.runs;
    int counted = 0;
    for (const RouletteRun& run : r.runs)
      counted += b.cell < 0 ? run.firstWrongCell < 0
                            : run.firstWrongCell >= 0 && run.firstWrongCell % 1024 == b.cell;
    EXPECT_EQ(b.runs, counted) << "cell " << b.cell;
    EXPECT_TRUE(cells.insert(b.cell).second) << "cell " << b.cell << " twice";
  }
  EXPECT_EQ(sum, 40);
  EXPECT_EQ(r.bins.front().cell, -1);  // the right runs' bar comes first, even when empty
  EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
}

TEST(RaceRoulette, TheFirstWrongCellIsAlwaysTheFirstLaneOfALaterWarp) {
  for (const int block : {64, 256, 1024}) {
    const RouletteResult r = emulatorRoulette({.blockSize = block, .sections = 4, .runs = 25});
    EXPECT_GT(r.wrongRuns(), 0) << block;
    for (const RouletteRun& run : r.runs)
      if (run.firstWrongCell >= 0) {
        EXPECT_EQ(run.firstWrongCell % 32, 0) << block;
        EXPECT_GE(run.firstWrongCell % block, 32) << block;  // warp 0 is never wrong first
      }
  }
}

TEST(RaceRoulette, OneWarpIsNeverWrong) {
  const RouletteResult r = emulatorRoulette({.blockSize = 32, .sections = 8, .runs = 50});
  EXPECT_EQ(r.wrongSections(), 0);
  EXPECT_EQ(r.shownRun, -1);
  ASSERT_EQ(r.bins.size(), 1u);
  EXPECT_EQ(r.bins[0].runs, 50);
}

// 3200 sections of 64: about 1 in 32 right (100); the bounds are 5 standard deviations wide. A
// fixed warp order would give 0 (ascending) or all (descending).
TEST(RaceRoulette, TwoWarpsAreRightInAboutOneSectionIn32) {
  const RouletteResult r = emulatorRoulette({.blockSize = 64, .sections = 16, .runs = 200});
  const long long right = r.totalSections() - r.wrongSections();
  EXPECT_GT(right, 50);
  EXPECT_LT(right, 150);
  for (const RouletteBin& b : r.bins) EXPECT_TRUE(b.cell == -1 || b.cell == 32) << b.cell;
}

TEST(RaceRoulette, TheShownRunIsTheFirstWrongOneAroundItsFirstWrongCell) {
  const RouletteResult r =
      emulatorRoulette({.blockSize = 256, .sections = 4, .runs = 10, .seed = 3});
  ASSERT_GE(r.shownRun, 0);
  for (int k = 0; k < r.shownRun; ++k) EXPECT_LT(r.runs[static_cast<size_t>(k)].firstWrongCell, 0);
  const RouletteRun& run = r.runs[static_cast<size_t>(r.shownRun)];
  const std::vector<int32_t> out = emulateRouletteRun(256, 4, run.seed);
  ASSERT_FALSE(r.shown.got.empty());
  EXPECT_LE(r.shown.firstCell, run.firstWrongCell);
  for (size_t k = 0; k < r.shown.got.size(); ++k) {
    const size_t cell = static_cast<size_t>(r.shown.firstCell) + k;
    EXPECT_EQ(r.shown.got[k], out[cell]);
    EXPECT_EQ(r.shown.expected[k], static_cast<int32_t>(cell % 256) + 1);
  }
}

TEST(RaceRoulette, ABadRequestIsRefusedInWords) {
  RouletteRequest rq;
  rq.blockSize = 100;
  EXPECT_THROW(emulatorRoulette(rq), std::invalid_argument);
  rq.blockSize = 64;
  rq.runs = 0;
  EXPECT_THROW(emulatorRoulette(rq), std::invalid_argument);
}

// The random order only reorders warps: a race-free kernel stays right under every seed.
TEST(RaceRoulette, FixedKoggeStoneIsRightUnderRandomWarpOrders) {
  std::vector<int32_t> in(512);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i % 7) - 3;
  std::vector<int32_t> want(in.size());
  std::partial_sum(in.begin(), in.end(), want.begin());
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<int32_t> out(in.size()), xy(in.size());
    CpuStepSink sink;
    CpuBlockExec<int32_t> ex(512, Operator::Add, sink, ThreadOrder::WarpsRandom, seed);
    SectionIO<int32_t> io;
    io.in = in.data();
    io.out = out.data();
    io.n = 512;
    KoggeStoneScan::run(ex, xy.data(), io);
    EXPECT_EQ(out, want) << "seed " << seed;
  }
}

}  // namespace
}  // namespace scanviz
