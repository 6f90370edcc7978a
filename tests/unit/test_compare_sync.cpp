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

// The last step of `ends` (a lane's step end times) that has ended at `at`.
int lastEndedStep(const std::vector<double>& ends, double at) {
  int k = 0;
  for (size_t j = 0; j < ends.size(); ++j)
    if (ends[j] <= at) k = static_cast<int>(j);
  return k;
}

// The positions are read from the captures themselves, so a recapture on another GPU keeps the
// test: what it holds is the plan's rule, and that Kogge-Stone's 3 barrier steps at N = 8 end
// before Brent-Kung's 5.
TEST(CompareSync, ByTimeWithH200ClocksFinishesTheFasterFirst) {
  const Trace ks = sample("kogge-stone-lesson.json");
  const Trace bk = sample("brent-kung-lesson.json");
  const std::vector<double> ksEnds = stepClockTimes(ks), bkEnds = stepClockTimes(bk);
  ASSERT_EQ(ksEnds.size(), ks.steps.size()) << "every step of the H200 capture has its clocks";
  ASSERT_EQ(bkEnds.size(), bk.steps.size());
  ASSERT_LT(ksEnds.back(), bkEnds.back()) << "Kogge-Stone is the faster at N = 8";
  const SyncPlan p = planSync({&ks, &bk}, CompareSync::ByTime);
  ASSERT_EQ(p.basis, SyncBasis::Cycles);
  ASSERT_LE(p.positions.size(), 1 + ksEnds.size() + bkEnds.size());
  // At every step's end, each view shows the last of its own steps that has ended by then.
  for (const std::vector<double>* ends : {&ksEnds, &bkEnds})
    for (double at : *ends) {
      const int g = positionIndexNear(p, at);
      EXPECT_DOUBLE_EQ(p.positions[static_cast<size_t>(g)], at);
      EXPECT_EQ(stepsAt(p, g),
                (std::vector<int>{lastEndedStep(ksEnds, at), lastEndedStep(bkEnds, at)}))
          << at << " cycles";
    }
  const int ksDone = positionIndexNear(p, ksEnds.back());
  EXPECT_EQ(stepsAt(p, ksDone)[0], static_cast<int>(ks.steps.size()) - 1);
  EXPECT_LT(stepsAt(p, ksDone)[1], static_cast<int>(bk.steps.size()) - 1)
      << "Kogge-Stone done, Brent-Kung not";
  const int last = static_cast<int>(p.positions.size()) - 1;
  EXPECT_EQ(stepsAt(p, last), (std::vector<int>{static_cast<int>(ks.steps.size()) - 1,
                                                static_cast<int>(bk.steps.size()) - 1}));
  EXPECT_NE(describeSync(p).find("real time"), std::string::npos);
  EXPECT_EQ(describePosition(p, last),
            std::to_string(static_cast<long long>(bkEnds.back())) + " cycles");
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
