// The race roulette on a GPU (app/core/backends/cuda_race_roulette.cu): the one-barrier
// Kogge-Stone launched over and over, the hardware choosing the warp schedules. What must hold on
// any GPU: every launch is judged (the bins sum to the launches), the window and exports take the
// GPU's counts when a device answers, and every first wrong cell is the first lane of a warp after
// warp 0 (H100, docs/gpu-results.md: "always 32", "warp boundaries"). The shares themselves are
// the hardware's: printed for docs/gpu-results.md, and only the 1024-thread block (32 warps;
// 92 % wrong on the H100, 70 % on the H200) is required to go wrong at all. Skipped without a
// device.
#include <gtest/gtest.h>

#include <cstdio>

#include "app/core/lesson/race_roulette.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

TEST(GpuRaceRoulette, LaunchesAreJudgedAndFirstWrongCellsAreWarpBoundaries) {
  REQUIRE_GPU();
  for (const int block : {64, 256, 1024}) {
    const RouletteResult r = gpuRoulette({.blockSize = block, .sections = 1024, .runs = 200});
    EXPECT_EQ(r.source, RouletteSource::Gpu);
    ASSERT_EQ(r.runs.size(), 200u);
    int sum = 0;
    for (const RouletteBin& b : r.bins) sum += b.runs;
    EXPECT_EQ(sum, 200);
    for (const RouletteRun& run : r.runs)
      if (run.firstWrongCell >= 0) {
        EXPECT_EQ(run.firstWrongCell % 32, 0) << block;
        EXPECT_GE(run.firstWrongCell % block, 32) << block;
      }
    std::printf("race roulette, %s, block %d: %lld of %lld sections wrong, %d of %d launches\n",
                r.device.c_str(), block, r.wrongSections(), r.totalSections(), r.wrongRuns(),
                r.rq.runs);
    if (block == 1024) {
      EXPECT_GT(r.wrongSections(), 0);
    }
  }
}

TEST(GpuRaceRoulette, TheFigureTakesTheGpusCountsWhenADeviceAnswers) {
  REQUIRE_GPU();
  const RouletteResult r = raceRoulette({.blockSize = 256, .runs = 5});
  EXPECT_EQ(r.source, RouletteSource::Gpu);
  EXPECT_NE(rouletteSourceLine(r).find("GPU: "), std::string::npos);
}

}  // namespace
}  // namespace scanviz
