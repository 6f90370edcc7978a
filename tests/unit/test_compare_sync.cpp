// Compare's synchronisation: which step each view shows for a global position, by step, by
// normalised progress, and by real GPU clocks (the H200 lesson traces of Kogge-Stone and
// Brent-Kung), and keeping the place when the plan changes.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/core/capture/sample_traces.h"
#include "app/core/playback/compare_sync.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {
namespace {

Trace withSteps(int count, std::vector<std::vector<int64_t>> clocks = {}) {
  Trace t;
  t.steps.resize(static_cast<size_t>(count));
  for (size_t k = 0; k < clocks.size() && k < t.steps.size(); ++k) t.steps[k].warpClock = clocks[k];
  return t;
}

Trace sample(const std::string& name) {
  const std::string dir = sampleTraceDirectory();
  EXPECT_FALSE(dir.empty()) << "assets/traces not found";
  return loadTrace((std::filesystem::path(dir) / name).string());
}

std::vector<int> stepsAt(const SyncPlan& p, int g) {
  std::vector<int> steps;
  for (size_t lane = 0; lane < p.laneTimes.size(); ++lane) steps.push_back(laneStepAt(p, lane, g));
  return steps;
}

TEST(CompareSync, KeysRoundTrip) {
  EXPECT_EQ(valueOf(kCompareSyncKeys, keyOf(kCompareSyncKeys, CompareSync::ByStep)),
            CompareSync::ByStep);
  EXPECT_EQ(valueOf(kCompareSyncKeys, keyOf(kCompareSyncKeys, CompareSync::ByTime)),
            CompareSync::ByTime);
  EXPECT_FALSE(valueOf(kCompareSyncKeys, "wall"));
}

TEST(CompareSync, ByStepEachViewStopsAtItsLastStep) {
  const Trace ks = withSteps(4), bk = withSteps(6);
  const SyncPlan p = planSync({&ks, &bk}, CompareSync::ByStep);
  EXPECT_EQ(p.basis, SyncBasis::Step);
  ASSERT_EQ(p.positions.size(), 6u);
  EXPECT_EQ(stepsAt(p, 0), (std::vector<int>{0, 0}));
  EXPECT_EQ(stepsAt(p, 2), (std::vector<int>{2, 2}));
  EXPECT_EQ(stepsAt(p, 3), (std::vector<int>{3, 3}));
  EXPECT_EQ(stepsAt(p, 5), (std::vector<int>{3, 5}));
  EXPECT_EQ(stepsAt(p, 99), (std::vector<int>{3, 5})) << "positions are clamped";
  EXPECT_NE(describeSync(p).find("by step"), std::string::npos);
  EXPECT_EQ(describePosition(p, 4), "step 4");
}

TEST(CompareSync, ByTimeWithoutClocksUsesTheStepFraction) {
  const Trace ks = withSteps(4), bk = withSteps(6);
  const SyncPlan p = planSync({&ks, &bk}, CompareSync::ByTime);
  EXPECT_EQ(p.basis, SyncBasis::Fraction);
  // 0, 1/3, 2/3, 1 and 0, 0.2, 0.4, 0.6, 0.8, 1 merge into 8 distinct positions.
  ASSERT_EQ(p.positions.size(), 8u);
  EXPECT_EQ(stepsAt(p, 1), (std::vector<int>{0, 1}));  // 0.2
  EXPECT_EQ(stepsAt(p, 2), (std::vector<int>{1, 1}));  // 1/3
  EXPECT_EQ(stepsAt(p, 5), (std::vector<int>{2, 3}));  // 2/3
  EXPECT_EQ(stepsAt(p, 7), (std::vector<int>{3, 5}));  // both finish together
  EXPECT_NE(describeSync(p).find("normalised progress"), std::string::npos);
  EXPECT_NE(describeSync(p).find("no"), std::string::npos) << "says why it is not real time";
  EXPECT_EQ(describePosition(p, 7), "100% of each run");
}

TEST(CompareSync, ClockTimesTakeTheSlowestWarpAndNeverGoBack) {
  const Trace t = withSteps(3, {{0, -40}, {1000, 1200}, {1100, 1150}});
  EXPECT_EQ(stepClockTimes(t), (std::vector<double>{0, 1200, 1200}));
  EXPECT_TRUE(stepClockTimes(withSteps(3, {{0}, {5}})).empty()) << "step 2 has no clock";
}

TEST(CompareSync, ByTimeWithH200ClocksFinishesTheFasterFirst) {
  const Trace ks = sample("kogge-stone-lesson.json");  // steps end at 0, 1131, 2119, 3112
  const Trace bk = sample("brent-kung-lesson.json");   // 0, 1069, 2100, 3127, 4211, 5247
  const SyncPlan p = planSync({&ks, &bk}, CompareSync::ByTime);
  ASSERT_EQ(p.basis, SyncBasis::Cycles);
  ASSERT_EQ(p.positions.size(), 9u);
  EXPECT_EQ(p.positions[1], 1069);
  EXPECT_EQ(stepsAt(p, 1), (std::vector<int>{0, 1}));  // 1069: Brent-Kung's first step is done
  EXPECT_EQ(stepsAt(p, 2), (std::vector<int>{1, 1}));  // 1131
  const int at3112 = positionIndexNear(p, 3112);
  EXPECT_EQ(p.positions[static_cast<size_t>(at3112)], 3112);
  EXPECT_EQ(stepsAt(p, at3112), (std::vector<int>{3, 2})) << "Kogge-Stone done, Brent-Kung not";
  EXPECT_EQ(stepsAt(p, 8), (std::vector<int>{3, 5}));
  EXPECT_NE(describeSync(p).find("real time"), std::string::npos);
  EXPECT_EQ(describePosition(p, 8), "5247 cycles");
}

TEST(CompareSync, OneTraceWithoutClocksTurnsRealTimeIntoFractions) {
  const Trace ks = sample("kogge-stone-lesson.json");
  const Trace cpu = withSteps(6);
  EXPECT_EQ(planSync({&ks, &cpu}, CompareSync::ByTime).basis, SyncBasis::Fraction);
}

TEST(CompareSync, LanesWithoutTracesShowNothing) {
  const Trace ks = withSteps(4);
  const SyncPlan p = planSync({&ks, nullptr}, CompareSync::ByStep);
  EXPECT_EQ(stepsAt(p, 2), (std::vector<int>{2, -1}));
  const SyncPlan none = planSync({nullptr, nullptr}, CompareSync::ByTime);
  EXPECT_EQ(none.positions, (std::vector<double>{0}));
  EXPECT_EQ(stepsAt(none, 0), (std::vector<int>{-1, -1}));
}

TEST(CompareSync, PositionIndexNearFindsTheClosest) {
  const Trace ks = withSteps(4), bk = withSteps(6);
  const SyncPlan p = planSync({&ks, &bk}, CompareSync::ByTime);
  EXPECT_EQ(positionIndexNear(p, 0.0), 0);
  EXPECT_EQ(positionIndexNear(p, 0.34), 2);  // 1/3
  EXPECT_EQ(positionIndexNear(p, 0.39), 3);  // 0.4
  EXPECT_EQ(positionIndexNear(p, 5.0), 7);
}

}  // namespace
}  // namespace scanviz
