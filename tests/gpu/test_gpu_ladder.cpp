// The latency ladder measured on the GPU at hand (app/core/bench/ladder.h): every rung this
// machine can time has a time that a hand-off can take (between 5 ns and 100 us), the levels a
// lone GPU cannot time say so, and the ladder climbs: a barrier among the warps of one block is
// cheaper than a flag's round trip through L2 between two SMs. Skipped where no CUDA device
// answers.
#include <gtest/gtest.h>

#include "app/core/bench/ladder.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

TEST(GpuLadder, EveryRungIsTimedOrSaysWhyNot) {
  REQUIRE_GPU();
  const LadderReport r = measureLadder();
  ASSERT_EQ(r.rungs.size(), kLadderRungs.size());
  for (size_t i = 0; i < r.rungs.size(); ++i) {
    const LadderRung& rung = r.rungs[i];
    EXPECT_EQ(rung.id, kLadderRungs[i].id);
    if (!rung.measured()) continue;
    EXPECT_GT(rung.ns, 5.0) << kLadderRungs[i].key;
    EXPECT_LT(rung.ns, 100000.0) << kLadderRungs[i].key;
  }
  const LadderRung& barrier = r.rungs[static_cast<size_t>(LadderRungId::BlockBarrier)];
  const LadderRung& l2 = r.rungs[static_cast<size_t>(LadderRungId::L2Flag)];
  ASSERT_TRUE(barrier.measured()) << barrier.notMeasured;
  ASSERT_TRUE(l2.measured()) << l2.notMeasured;
  EXPECT_LT(barrier.ns, l2.ns);
  EXPECT_NE(l2.where.find("SMs"), std::string::npos) << l2.where;
  if (r.gpus < 2) {
    EXPECT_FALSE(r.rungs[static_cast<size_t>(LadderRungId::NvlinkFlag)].measured());
    EXPECT_FALSE(r.rungs[static_cast<size_t>(LadderRungId::NcclAllGather)].measured());
  }
  // What it wrote reads back as it was measured.
  const LadderReport back = parseLadderReport(ladderReportJson(r), "measured");
  ASSERT_EQ(back.rungs.size(), r.rungs.size());
  EXPECT_DOUBLE_EQ(back.rungs[0].ns, r.rungs[0].ns);
  EXPECT_EQ(back.device, r.device);
}

}  // namespace
}  // namespace scanviz
