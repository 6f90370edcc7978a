// Per-warp step times from the clocks of GPU captures (a sample trace captured on an H200 and a
// hand-made one), and Brent's table next to a benchmark run.
#include <gtest/gtest.h>

#include <cmath>

#include "app/core/algorithms/brent_table.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/lesson/warp_clock.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {
namespace {

TraceStep clocked(const std::string& phase, std::vector<int64_t> clocks, int64_t ops = 0) {
  TraceStep s{.label = phase + " step", .phase = phase, .ops = ops, .warpClock = std::move(clocks)};
  return s;
}

TEST(WarpClock, CyclesPerWarpPerStepFromTheClocksAtEachStepsEnd) {
  Trace t;
  t.steps = {clocked("load", {0, -10}), clocked("scan", {100, 120}, 7),
             clocked("scan", {250, 200}, 6), clocked("add", {260, 150}, 8)};
  const WarpClockTable table = warpClockTable(t);
  EXPECT_EQ(table.warps, 2);
  ASSERT_EQ(table.steps.size(), 3u);  // the load has no start
  EXPECT_EQ(table.steps[0].step, 1);
  EXPECT_EQ(table.steps[0].cycles, (std::vector<double>{100, 130}));
  EXPECT_EQ(table.steps[0].median, 115);
  EXPECT_EQ(table.steps[0].slowest, 130);
  EXPECT_EQ(table.steps[0].fastest, 100);
  EXPECT_EQ(table.steps[0].ops, 7);
  EXPECT_EQ(table.steps[1].cycles, (std::vector<double>{150, 80}));
  // Warp 1's clock went backwards: that difference is not a time.
  EXPECT_EQ(table.steps[2].cycles[0], 10);
  EXPECT_TRUE(std::isnan(table.steps[2].cycles[1]));
  EXPECT_EQ(table.steps[2].median, 10);
  ASSERT_EQ(table.phases.size(), 2u);
  EXPECT_EQ(table.phases[0].phase, "scan");
  EXPECT_EQ(table.phases[0].cycles, 115 + 115);
  EXPECT_NEAR(table.phases[0].share + table.phases[1].share, 1.0, 1e-12);
  EXPECT_EQ(table.forStep(2), &table.steps[1]);
  EXPECT_EQ(table.forStep(0), nullptr);
  const auto series = warpClockSeries(table);
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(series[1].step, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(series[1].cycles[0], 130);
}

TEST(WarpClock, AStepOfAnotherBlockDoesNotContinueTheClock) {
  Trace t;
  t.steps = {clocked("load", {0}), clocked("scan", {50}), clocked("load", {0}),
             clocked("scan", {70})};
  t.steps[2].block = 1;
  t.steps[3].block = 1;
  const WarpClockTable table = warpClockTable(t);
  ASSERT_EQ(table.steps.size(), 2u);
  EXPECT_EQ(table.steps[0].cycles[0], 50);
  EXPECT_EQ(table.steps[1].step, 3);
  EXPECT_EQ(table.steps[1].cycles[0], 70);
}

// Read from the H200 capture itself (assets/traces), so a recapture keeps the test: what it holds
// is the view's arithmetic and the lesson the view is for.
TEST(WarpClock, KoggeStoneOnTheH200PaysForIdleWarpsAtEveryBarrier) {
  const std::string dir = sampleTraceDirectory();
  ASSERT_FALSE(dir.empty()) << "assets/traces not found";
  const Trace t = loadTrace(dir + "/kogge-stone-1024.json");
  const WarpClockTable table = warpClockTable(t);
  EXPECT_EQ(table.warps, 32);
  ASSERT_EQ(table.steps.size(), 10u);  // strides 1 .. 512
  EXPECT_EQ(table.steps[0].label, "stride 1");
  // A step's cycles are each warp's clock at its end less the clock at the step before.
  const int k = table.steps[0].step;
  ASSERT_GT(k, 0);
  const TraceStep& load = t.steps[static_cast<size_t>(k - 1)];
  const TraceStep& stride1 = t.steps[static_cast<size_t>(k)];
  for (size_t w = 0; w < 32; ++w)
    EXPECT_EQ(table.steps[0].cycles[w],
              static_cast<double>(stride1.warpClock[w] - load.warpClock[w]));
  // The point of the view: stride 512 applies the operator on 512 lanes of 1024 (warps 0-15 have
  // nothing to do), yet its cheapest warp still spends most of what its slowest does, waiting at
  // the barrier, and each operator application costs more than at stride 1.
  const WarpClockStep& first = table.steps[0];
  const WarpClockStep& last = table.steps[9];
  EXPECT_EQ(last.ops, 512);
  EXPECT_EQ(first.ops, 1023);
  EXPECT_GT(last.fastest / last.slowest, 0.6);
  EXPECT_GT(last.median / last.ops, first.median / first.ops);
  EXPECT_EQ(warpClockSeries(table).size(), 32u);
}

TEST(WarpClock, CpuTracesHaveNoClocks) {
  CaptureRequest rq{{.backend = BackendChoice::Cpu}, defaultLessonInput()};
  EXPECT_TRUE(warpClockTable(capture(rq).trace).empty());
}

// ---- Brent's theorem ----

TEST(BrentTable, BoundAndSeedModelAtNForPUnits) {
  const BrentTable table = brentTable(1024, 4, 256, nullptr, DType::Int32);
  EXPECT_EQ(table.n, 1024);
  EXPECT_EQ(table.processors, 4);
  const BrentRow* kogge = nullptr;
  for (const BrentRow& r : table.rows)
    if (r.id == AlgorithmId::KoggeStone) kogge = &r;
  ASSERT_NE(kogge, nullptr);
  // W = N log2 N - (N - 1) = 10240 - 1023; D = log2 N = 10.
  EXPECT_DOUBLE_EQ(kogge->formulas.workValue, 9217);
  EXPECT_DOUBLE_EQ(kogge->brentUnits, 9217.0 / 4 + 10);
  EXPECT_DOUBLE_EQ(kogge->seedUnits, 1024.0 * 10 / 4);
  EXPECT_DOUBLE_EQ(kogge->predictedSpeedup, 1024 / (9217.0 / 4 + 10));
  EXPECT_TRUE(std::isnan(kogge->measuredSpeedup));
  for (const BrentRow& r : table.rows)
    EXPECT_NE(r.id, AlgorithmId::DecoupledLookback);  // no seed formula
}

TEST(BrentTable, MeasuredSpeedupDividesTheSequentialBaselinesTime) {
  TimingRun run;
  run.report.device = BenchDevice::Cpu;
  const auto add = [&run](BenchSubject s, long long n, double ms) {
    BenchPoint p{.subject = s, .n = n, .medianMs = ms};
    run.report.points.push_back(p);
  };
  add(BenchSubject::reference(BenchSubjectKind::HostSequential), 1024, 0.002);
  add(BenchSubject::of(AlgorithmId::KoggeStone), 1024, 0.8);
  add(BenchSubject::of(AlgorithmId::BrentKung), 4096, 0.5);
  const BrentTable table = brentTable(1024, 8, 256, &run, DType::Int32);
  EXPECT_EQ(table.baseline, "cpu-sequential");
  EXPECT_DOUBLE_EQ(table.baselineMs, 0.002);
  for (const BrentRow& r : table.rows) {
    if (r.id == AlgorithmId::KoggeStone) {
      EXPECT_DOUBLE_EQ(r.measuredMs, 0.8);
      EXPECT_DOUBLE_EQ(r.measuredSpeedup, 0.002 / 0.8);
    } else {
      EXPECT_TRUE(std::isnan(r.measuredSpeedup)) << r.key;  // nothing measured at 1024
    }
  }
  run.report.device = BenchDevice::Cuda;
  EXPECT_EQ(brentTable(1024, 8, 256, &run, DType::Int32).baseline, "sequential");
}

TEST(BrentTable, CurveFallsWithPToTheDepth) {
  const BrentCurve c = brentCurve(AlgorithmId::BrentKung, 1024, 512, 1 << 12);
  ASSERT_EQ(c.processors.size(), 13u);
  EXPECT_EQ(c.processors.front(), 1);
  EXPECT_EQ(c.processors.back(), 4096);
  for (size_t i = 1; i < c.brentUnits.size(); ++i) EXPECT_LT(c.brentUnits[i], c.brentUnits[i - 1]);
  // With many units, W/P + D approaches the depth 2 log2 N - 1 = 19.
  EXPECT_NEAR(c.brentUnits.back(), 19, 1);
  EXPECT_TRUE(brentCurve(AlgorithmId::DecoupledLookback, 1024, 256, 64).processors.empty());
}

}  // namespace
}  // namespace scanviz
