// The timing panel's model without ImGui: the history of runs, the series and reference lines the
// plots draw from benchmark points, the bars at one N lined up with another run, and the runner
// that measures on a background thread (a tiny CPU run, and a cancelled one). No assertion
// depends on how fast anything ran.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "app/core/bench/bench_runner.h"
#include "app/core/layouts/timing_history.h"

namespace scanviz {
namespace {

BenchPoint point(BenchSubject s, long long n, double ms, DType dtype = DType::Int32) {
  BenchPoint p{.subject = s,
               .device = BenchDevice::Cpu,
               .dtype = dtype,
               .n = n,
               .samples = 1,
               .medianMs = ms};
  return p;
}

const BenchSubject kCopy = BenchSubject::reference(BenchSubjectKind::HostCopy);
const BenchSubject kLoop = BenchSubject::reference(BenchSubjectKind::HostSequential);
const BenchSubject kKogge = BenchSubject::of(AlgorithmId::KoggeStone);
const BenchSubject kBrent = BenchSubject::of(AlgorithmId::BrentKung);

// A run as the engine would report it: ratios filled against the copy of the same size.
TimingRun cpuRun(const std::vector<std::tuple<BenchSubject, long long, double>>& measured) {
  TimingRun run;
  run.report.device = BenchDevice::Cpu;
  run.report.deviceName = "CPU emulator";
  run.status = TimingRunStatus::Finished;
  for (const auto& [s, n, ms] : measured) run.report.points.push_back(point(s, n, ms));
  for (BenchPoint& p : run.report.points) {
    double copyMs = BenchPoint::kNone;
    for (const BenchPoint& q : run.report.points)
      if (q.subject == kCopy && q.n == p.n) copyMs = q.medianMs;
    applyBenchRatios(p, copyMs, BenchPoint::kNone);
  }
  return run;
}

TEST(TimingHistory, KeepsRunsWithIdsAndOffersTheOthersNewestFirst) {
  TimingHistory h;
  BenchReport header;
  header.deviceName = "CPU emulator";
  header.points.push_back(point(kCopy, 1024, 0.1));  // a header carries no points into a run
  const int a = h.begin(header).id;
  const int b = h.begin(header).id;
  const int c = h.begin(header).id;
  EXPECT_EQ(a, 1);
  EXPECT_EQ(c, 3);
  EXPECT_TRUE(h.find(b)->report.points.empty());
  EXPECT_EQ(h.latest()->id, c);
  EXPECT_EQ(h.othersNewestFirst(b), (std::vector<int>{3, 1}));
  EXPECT_EQ(h.find(42), nullptr);
}

TEST(TimingHistory, DropsTheOldestFinishedRunButNeverARunningOne) {
  TimingHistory h;
  h.begin({});  // run 1 stays running
  for (size_t i = 1; i < TimingHistory::kMaxRuns; ++i)
    h.begin({}).status = TimingRunStatus::Finished;
  ASSERT_EQ(h.runs().size(), TimingHistory::kMaxRuns);
  const int newest = h.begin({}).id;
  EXPECT_EQ(h.runs().size(), TimingHistory::kMaxRuns);
  EXPECT_NE(h.find(1), nullptr);  // running: kept
  EXPECT_EQ(h.find(2), nullptr);  // the oldest finished one went
  EXPECT_EQ(h.latest()->id, newest);
}

TEST(TimingRun, TitleNamesDeviceSizesPointsAndState) {
  TimingRun run = cpuRun({{kCopy, 1024, 0.1}, {kKogge, 4096, 2}});
  run.id = 2;
  run.report.config.sizes = {1024, 4096};
  EXPECT_EQ(run.title(), "Run 2 \xC2\xB7 CPU emulator \xC2\xB7 2^10..2^12 \xC2\xB7 2 points");
  run.status = TimingRunStatus::Cancelled;
  EXPECT_NE(run.title().find("(cancelled)"), std::string::npos);
  run.status = TimingRunStatus::Running;
  run.done = 3;
  run.total = 12;
  EXPECT_DOUBLE_EQ(run.progress(), 0.25);
}

TEST(TimingSeries, OneSeriesPerSubjectSortedByNReferencesFirst) {
  TimingRun run = cpuRun({{kKogge, 4096, 4},
                          {kKogge, 1024, 1},
                          {kCopy, 1024, 0.01},
                          {kCopy, 4096, 0.04},
                          {kBrent, 1024, 0.5}});
  run.report.points.push_back(point(kKogge, 1024, 9, DType::Float32));  // another dtype
  BenchPoint failed = point(kBrent, 4096, BenchPoint::kNone);
  failed.error = "cannot run";
  run.report.points.push_back(failed);
  const auto series = timingSeries(run, DType::Int32, TimingMetric::Milliseconds);
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].label, "cpu-memcpy");
  EXPECT_EQ(series[1].label, "kogge-stone");
  EXPECT_EQ(series[2].label, "brent-kung");
  EXPECT_EQ(series[1].n, (std::vector<double>{1024, 4096}));
  EXPECT_EQ(series[1].value, (std::vector<double>{1, 4}));
  EXPECT_EQ(series[2].n.size(), 1u);  // the failed point is left out
  const auto gbps = timingSeries(run, DType::Int32, TimingMetric::GigabytesPerSecond);
  // 8 bytes an element: 1024 elements in 1 ms is 8192 bytes / 1e-3 s = 8.192e-3 GB/s.
  EXPECT_NEAR(gbps[1].value[0], 8.192e-3, 1e-12);
  const auto copyShare = timingSeries(run, DType::Int32, TimingMetric::FractionOfCopy);
  EXPECT_NEAR(copyShare[1].value[1], 0.01, 1e-12);
  EXPECT_EQ(timingSeries(run, DType::Float32, TimingMetric::Milliseconds).size(), 1u);
}

TEST(TimingSeries, ReferenceLinesAreTheRatesAtTheLargestN) {
  const TimingRun run =
      cpuRun({{kCopy, 1024, 0.01}, {kCopy, 1 << 20, 0.5}, {kLoop, 1024, 0.002}, {kKogge, 1024, 1}});
  const auto refs = bandwidthReferences(run, DType::Int32);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].subject, kCopy);
  EXPECT_EQ(refs[0].n, 1 << 20);
  EXPECT_NEAR(refs[0].gigabytesPerSecond, 8.0 * (1 << 20) / 0.5e-3 / 1e9, 1e-9);
  EXPECT_EQ(refs[0].label, "cpu-memcpy: 16.8 GB/s at 2^20");
  EXPECT_EQ(refs[0].shortLabel, "cpu-memcpy 16.8");
  EXPECT_EQ(refs[1].subject, kLoop);
  EXPECT_TRUE(bandwidthReferences(run, DType::Float32).empty());
}

// A GPU run with the compaction and the split: each drawn as a series beside CUB's select and
// partition, whose rates are lines in the GB/s plot like CUB's scan; ours come after the scans.
TEST(TimingSeries, CompactionAndSplitAreSeriesBesideCubsLines) {
  const auto gpu = [](BenchSubjectKind kind, long long n, double ms) {
    BenchPoint p = point(BenchSubject::reference(kind), n, ms);
    p.device = BenchDevice::Cuda;
    applyBenchRatios(p, BenchPoint::kNone, BenchPoint::kNone);
    return p;
  };
  TimingRun run;
  run.report.device = BenchDevice::Cuda;
  run.report.deviceName = "NVIDIA H100 80GB HBM3";
  run.status = TimingRunStatus::Finished;
  for (long long n : {1ll << 16, 1ll << 20}) {
    run.report.points.push_back(gpu(BenchSubjectKind::DeviceCopy, n, 0.01));
    run.report.points.push_back(gpu(BenchSubjectKind::CubSelectFlagged, n, 0.012));
    run.report.points.push_back(gpu(BenchSubjectKind::CubPartitionFlagged, n, 0.014));
    BenchPoint scan = point(BenchSubject::of(AlgorithmId::DecoupledLookback), n, 0.011);
    applyBenchRatios(scan, BenchPoint::kNone, BenchPoint::kNone);
    run.report.points.push_back(scan);
    run.report.points.push_back(gpu(BenchSubjectKind::Compaction, n, 0.010));
    run.report.points.push_back(gpu(BenchSubjectKind::RadixSplit, n, 0.013));
  }
  std::vector<std::string> labels;
  for (const TimingSeries& t : timingSeries(run, DType::Int32, TimingMetric::GigabytesPerSecond))
    labels.push_back(t.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"copy", "cub-select", "cub-partition",
                                              "decoupled-lookback", "compaction", "radix-split"}));
  std::vector<std::string> lines;
  for (const TimingReference& r : bandwidthReferences(run, DType::Int32)) lines.push_back(r.label);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].rfind("copy: ", 0), 0u);
  // CUB's select at 2^20: 7 bytes an element in 12 us.
  EXPECT_EQ(lines[1], "cub-select: 612 GB/s at 2^20");
  EXPECT_EQ(lines[2].rfind("cub-partition: ", 0), 0u);
}

// One of our kernels and its CUB counterpart share a hue: the compaction with CUB's select, the
// split with its partition, the segmented scan with its scan by key; CUB's is the dashed one. The
// copy, CUB's plain scan (every scan's yardstick) and the scans keep slots of their own, in order.
TEST(SubjectLooks, OurKernelsShareTheirCubCounterpartsSlot) {
  const auto ref = [](BenchSubjectKind k) { return BenchSubject::reference(k); };
  const std::vector<BenchSubject> subjects = {ref(BenchSubjectKind::DeviceCopy),
                                              ref(BenchSubjectKind::CubScan),
                                              ref(BenchSubjectKind::CubScanByKey),
                                              ref(BenchSubjectKind::CubSelectFlagged),
                                              ref(BenchSubjectKind::CubPartitionFlagged),
                                              BenchSubject::of(AlgorithmId::DecoupledLookback),
                                              BenchSubject::of(AlgorithmId::SegmentedLookback),
                                              ref(BenchSubjectKind::Compaction),
                                              ref(BenchSubjectKind::RadixSplit)};
  const std::vector<SubjectLook> looks = pairedSubjectLooks(subjects);
  ASSERT_EQ(looks.size(), subjects.size());
  std::vector<int> slots;
  std::vector<bool> dashed;
  for (const SubjectLook& l : looks) {
    slots.push_back(l.slot);
    dashed.push_back(l.cubBesideOurs);
  }
  // copy, cub, by-key, select, partition, decoupled, segmented, compaction, split
  EXPECT_EQ(slots, (std::vector<int>{0, 1, 2, 3, 4, 5, 2, 3, 4}));
  EXPECT_EQ(dashed,
            (std::vector<bool>{false, false, true, true, true, false, false, false, false}));

  // Without its partner CUB's counterpart is a line like any other: its own slot, solid; and the
  // scan-only plots keep one slot per subject in order.
  const std::vector<SubjectLook> alone = pairedSubjectLooks(
      {ref(BenchSubjectKind::DeviceCopy), ref(BenchSubjectKind::CubSelectFlagged),
       ref(BenchSubjectKind::RadixSplit)});
  EXPECT_EQ(alone[1].slot, 1);
  EXPECT_FALSE(alone[1].cubBesideOurs);
  EXPECT_EQ(alone[2].slot, 2);
  const std::vector<SubjectLook> scans =
      pairedSubjectLooks({ref(BenchSubjectKind::DeviceCopy), ref(BenchSubjectKind::CubScan),
                          BenchSubject::of(AlgorithmId::DecoupledLookback)});
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(scans[static_cast<size_t>(i)].slot, i);
    EXPECT_FALSE(scans[static_cast<size_t>(i)].cubBesideOurs);
  }
}

TEST(TimingBars, EverySubjectAtOneNAndAnotherRunLinedUp) {
  const TimingRun a =
      cpuRun({{kCopy, 1024, 0.01}, {kKogge, 1024, 1}, {kBrent, 1024, 0.5}, {kKogge, 4096, 3}});
  const TimingRun b = cpuRun({{kKogge, 1024, 2}, {kBrent, 4096, 1}});
  EXPECT_EQ(measuredSizes(a, DType::Int32), (std::vector<long long>{1024, 4096}));
  EXPECT_EQ(measuredDTypes(a), (std::vector<DType>{DType::Int32}));
  const TimingBars bars = timingBarsAt(a, DType::Int32, 1024, TimingMetric::Milliseconds);
  EXPECT_EQ(bars.categories, (std::vector<std::string>{"cpu-memcpy", "kogge-stone", "brent-kung"}));
  EXPECT_EQ(bars.values, (std::vector<double>{0.01, 1, 0.5}));
  const auto other = alignedBarValues(bars, b, DType::Int32, 1024, TimingMetric::Milliseconds);
  ASSERT_EQ(other.size(), 3u);
  EXPECT_TRUE(std::isnan(other[0]));
  EXPECT_EQ(other[1], 2);
  EXPECT_TRUE(std::isnan(other[2]));  // b has brent-kung only at 4096
}

// ---- the background runner ----

BenchConfig tinyCpuConfig() {
  BenchConfig c;
  c.backend = BackendChoice::Cpu;
  c.algorithms = {AlgorithmId::KoggeStone, AlgorithmId::BrentKung};
  c.sizes = {64, 256};
  c.dtypes = {DType::Int32};
  c.repeats = 1;
  c.warmups = 0;
  c.targetSampleMs = 0.01;
  c.captureMaxN = 0;
  return c;
}

// Polls like the UI does once a frame, until the run has ended (at most a minute).
void pollToEnd(BenchRunner& runner, TimingHistory& history) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (runner.active() && std::chrono::steady_clock::now() < until) {
    runner.poll(history);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

TEST(BenchRunner, MeasuresInTheBackgroundAndDeliversEveryPoint) {
  TimingHistory history;
  BenchRunner runner;
  ASSERT_TRUE(runner.start(tinyCpuConfig()));
  EXPECT_FALSE(runner.start(tinyCpuConfig()));  // one run at a time
  pollToEnd(runner, history);
  ASSERT_FALSE(runner.active());
  const TimingRun* run = history.find(runner.runId());
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->status, TimingRunStatus::Finished);
  EXPECT_TRUE(run->cpu());
  EXPECT_EQ(run->report.deviceName, "CPU emulator");
  // Two sizes x (memcpy, the sequential loop, two algorithms).
  EXPECT_EQ(run->report.points.size(), 8u);
  EXPECT_EQ(run->done, run->total);
  EXPECT_EQ(timingSeries(*run, DType::Int32, TimingMetric::Milliseconds).size(), 4u);
  for (const BenchPoint& p : run->report.points) {
    EXPECT_TRUE(p.measured()) << p.subject.key() << " " << p.error;
    EXPECT_GT(p.medianMs, 0);
  }
  // A second run becomes a second entry.
  ASSERT_TRUE(runner.start(tinyCpuConfig()));
  pollToEnd(runner, history);
  EXPECT_EQ(history.runs().size(), 2u);
  EXPECT_EQ(runner.runId(), 2);
}

TEST(BenchRunner, CancelStopsTheRunAndKeepsItInTheHistory) {
  TimingHistory history;
  BenchRunner runner;
  BenchConfig c = tinyCpuConfig();
  c.sizes = {1 << 12, 1 << 14, 1 << 16};
  c.repeats = 5;
  ASSERT_TRUE(runner.start(c));
  runner.cancel();
  pollToEnd(runner, history);
  const TimingRun* run = history.find(runner.runId());
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->status, TimingRunStatus::Cancelled);
  EXPECT_LT(run->report.points.size(), 12u);
  EXPECT_NE(run->title().find("(cancelled)"), std::string::npos);
}

}  // namespace
}  // namespace scanviz
