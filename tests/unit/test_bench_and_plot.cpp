// The benchmark engine without a GPU (parsing, planning, ratio math, formatting, the CPU timing
// path, cancellation) and the plot widget's pure math (ticks, scales, ranges, hit tests, layout).
// No assertion depends on how fast anything ran: times are checked for sanity and consistency only.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <numbers>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/core/backends/backend.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_check.h"
#include "app/core/bench/bench_engine.h"
#include "app/core/bench/bench_format.h"
#include "app/core/bench/bench_measure.h"
#include "app/core/bench/lookback_autotune.h"
#include "app/core/capture/capture.h"
#include "app/core/layouts/plot_math.h"

namespace scanviz {
namespace {

std::string parseError(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// ---- sizes, algorithms, dtypes ----

TEST(BenchSizes, AcceptsPowersWholeNumbersAndRanges) {
  EXPECT_EQ(parseBenchSizes("2^10,2^20"), (std::vector<long long>{1024, 1048576}));
  EXPECT_EQ(parseBenchSizes("1024, 1048576"), (std::vector<long long>{1024, 1048576}));
  EXPECT_EQ(parseBenchSizes("2^20,1000,2^10,1024"), (std::vector<long long>{1000, 1024, 1 << 20}));
  EXPECT_EQ(parseBenchSizes("2^10..2^13"), (std::vector<long long>{1024, 2048, 4096, 8192}));
  EXPECT_EQ(parseBenchSizes("2^0"), (std::vector<long long>{1}));
  EXPECT_EQ(parseBenchSizes("2^30"), (std::vector<long long>{1ll << 30}));
}

TEST(BenchSizes, BadInputGetsAMessageNamingTheItem) {
  EXPECT_NE(parseError([] { parseBenchSizes("2^x"); }).find("'2^x' is not a size"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("1e6"); }).find("'1e6' is not a size"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("2^10,,2^20"); }).find("empty item"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes(""); }).find("empty item"), std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("2^31"); }).find("above the largest size"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("2000000000"); }).find("above the largest size"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("0"); }).find("at least 1"), std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("-5"); }).find("at least 1"), std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("2^13..2^10"); }).find("goes down"), std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("1000..2^12"); }).find("power of two"),
            std::string::npos);
  EXPECT_NE(parseError([] { parseBenchSizes("99999999999999999999"); }).find("is not a size"),
            std::string::npos);
}

TEST(BenchAlgorithms, ParsesKeysAndAllAndRejectsUnknownNames) {
  EXPECT_EQ(parseBenchAlgorithms("kogge-stone, brent-kung").algorithms,
            (std::vector<AlgorithmId>{AlgorithmId::KoggeStone, AlgorithmId::BrentKung}));
  EXPECT_TRUE(parseBenchAlgorithms("kogge-stone").kernels.empty());
  EXPECT_EQ(parseBenchAlgorithms("all").algorithms.size(), allAlgorithms().size());
  EXPECT_EQ(parseBenchAlgorithms("all").kernels, benchKernelKinds());
  EXPECT_EQ(parseBenchAlgorithms("hierarchical,hierarchical").algorithms.size(), 1u);
  const std::string e = parseError([] { parseBenchAlgorithms("kogge"); });
  EXPECT_NE(e.find("unknown algorithm 'kogge'"), std::string::npos);
  EXPECT_NE(e.find("decoupled-lookback"), std::string::npos) << "lists the known keys";
  EXPECT_NE(e.find("compaction, radix-split"), std::string::npos) << "and our other kernels";
}

// The compaction and the split pass are named like algorithms and land in the config's kernels,
// each once, in the order typed.
TEST(BenchAlgorithms, OurOtherKernelsAreNamedByTheirKeys) {
  const BenchSubjectChoice c =
      parseBenchAlgorithms("radix-split,decoupled-lookback,compaction,radix-split");
  EXPECT_EQ(c.algorithms, (std::vector<AlgorithmId>{AlgorithmId::DecoupledLookback}));
  EXPECT_EQ(c.kernels, (std::vector<BenchSubjectKind>{BenchSubjectKind::RadixSplit,
                                                      BenchSubjectKind::Compaction}));
  EXPECT_TRUE(parseBenchAlgorithms("compaction").algorithms.empty());
  EXPECT_EQ(findBenchKernel("compaction"), BenchSubjectKind::Compaction);
  EXPECT_FALSE(findBenchKernel("cub-select")) << "a reference is no kernel to ask for";
}

TEST(BenchDTypes, BothOrOne) {
  EXPECT_EQ(parseBenchDTypes("both"), (std::vector<DType>{DType::Int32, DType::Float32}));
  EXPECT_EQ(parseBenchDTypes("float32"), (std::vector<DType>{DType::Float32}));
  EXPECT_NE(parseError([] { parseBenchDTypes("double"); }).find("'double'"), std::string::npos);
}

// ---- ratio math ----

TEST(BenchRatios, ThroughputCountsEightBytesPerElementFor32BitTypes) {
  // 2^20 int32 in 1 ms: 2^20 elements read (4 bytes) and written (4 bytes).
  EXPECT_DOUBLE_EQ(gigabytesPerSecond(1 << 20, DType::Int32, 1.0), 8.0 * (1 << 20) / 1e-3 / 1e9);
  EXPECT_DOUBLE_EQ(gigabytesPerSecond(1 << 20, DType::Float32, 2.0),
                   gigabytesPerSecond(1 << 20, DType::Int32, 1.0) / 2);
  EXPECT_DOUBLE_EQ(elementsPerSecond(1000, 0.5), 2e6);
  EXPECT_TRUE(std::isnan(gigabytesPerSecond(1, DType::Int32, 0)));
  EXPECT_TRUE(std::isnan(elementsPerSecond(1, BenchPoint::kNone)));
}

TEST(BenchRatios, RatiosAreReferenceTimeOverTime) {
  EXPECT_DOUBLE_EQ(speedRatio(2.0, 4.0), 0.5);  // twice as slow as the copy: half its rate
  EXPECT_DOUBLE_EQ(speedRatio(3.0, 2.0), 1.5);  // faster than CUB
  EXPECT_TRUE(std::isnan(speedRatio(BenchPoint::kNone, 1.0)));
  EXPECT_TRUE(std::isnan(speedRatio(1.0, 0.0)));

  BenchPoint p{.dtype = DType::Int32, .n = 1 << 28, .medianMs = 2.0};
  applyBenchRatios(p, 1.6, 1.8);
  EXPECT_DOUBLE_EQ(p.ratioToCopy, 0.8);
  EXPECT_DOUBLE_EQ(p.ratioToCub, 0.9);
  EXPECT_DOUBLE_EQ(p.elementsPerSecond, (1 << 28) / 2e-3);
  // Copy bandwidth x ratio = this point's bandwidth.
  EXPECT_NEAR(gigabytesPerSecond(p.n, p.dtype, 1.6) * p.ratioToCopy, p.gigabytesPerSecond, 1e-9);
  applyBenchRatios(p, BenchPoint::kNone, BenchPoint::kNone);
  EXPECT_TRUE(std::isnan(p.ratioToCopy));
  EXPECT_TRUE(std::isnan(p.ratioToCub));
}

TEST(BenchRatios, MedianOfOddEvenAndEmpty) {
  EXPECT_DOUBLE_EQ(medianOf({5, 1, 3}), 3);
  EXPECT_DOUBLE_EQ(medianOf({4, 1, 3, 2}), 2.5);
  EXPECT_TRUE(std::isnan(medianOf({})));
}

TEST(BenchRotation, SmallInputsRotateOverTwiceTheL2) {
  const long long l2 = 50ll << 20;
  // 2^16 int32: 512 KiB per call; 100 MiB / 512 KiB = 200 buffers.
  EXPECT_EQ(rotationBuffers(2 * 4 * (1ll << 16), l2), 200);
  EXPECT_EQ(rotationBuffers(2 * 4 * (1ll << 24), l2), 1);
  EXPECT_EQ(rotationBuffers(2 * 4 * (1ll << 30), l2), 1);
  EXPECT_EQ(rotationBuffers(8, l2), kMaxRotation);
  EXPECT_EQ(rotationBuffers(1024, 0), 1);
  EXPECT_EQ(rotationStride(1001, 4), 1024);
  EXPECT_EQ(rotationStride(1024, 4), 1024);
  EXPECT_EQ(rotationStride(1, 4), 64);
  // 2^30 int32 without rotation: input, output, CUB's output (12 GiB) plus workspace.
  const long long bytes = benchDeviceBytes(1ll << 30, 4, 1);
  EXPECT_GT(bytes, 12ll << 30);
  EXPECT_LT(bytes, 13ll << 30);
}

TEST(BenchRotation, CallsPerSampleFillTheTargetWithinBounds) {
  EXPECT_EQ(callsPerSample(0.01, 2.0, 1000), 200);
  EXPECT_EQ(callsPerSample(5.0, 2.0, 1000), 1);
  EXPECT_EQ(callsPerSample(1e-6, 2.0, 1000), 1000);
  EXPECT_EQ(callsPerSample(0.0, 2.0, 1000), 1000);
}

// ---- planning ----

TEST(BenchPlan, DefaultGpuPlanCoversIssueFour) {
  const BenchConfig cfg = resolveBenchConfig({}, BenchDevice::Cuda);
  EXPECT_EQ(cfg.sizes, (std::vector<long long>{1 << 16, 1 << 20, 1 << 24, 1ll << 28, 1ll << 30}));
  EXPECT_EQ(cfg.repeats, kGpuDefaultRepeats);
  const std::vector<BenchTask> tasks = planBenchmark(cfg, BenchDevice::Cuda);
  const auto has = [&](const std::string& key, DType d, long long n) {
    for (const BenchTask& t : tasks)
      if (t.subject.key() == key && t.dtype == d && t.n == n) return true;
    return false;
  };
  // Of the segmented scans only the look-back is timed (over the benchmark's random heads), with
  // CUB's scan by key beside it.
  const auto timed = [](const AlgorithmInfo& a) {
    return !isSegmentedAlgorithm(a.id) || a.id == AlgorithmId::SegmentedLookback;
  };
  for (DType d : {DType::Int32, DType::Float32}) {
    for (long long n : {1ll << 16, 1ll << 20, 1ll << 24}) {
      for (const auto& info : allAlgorithms())
        EXPECT_EQ(has(std::string(info.key), d, n), timed(info)) << info.key;
      for (const char* ref : {"copy", "cub", "thrust", "cub-by-key"}) EXPECT_TRUE(has(ref, d, n));
    }
    for (long long n : {1ll << 28, 1ll << 30}) {
      for (const char* key :
           {"hierarchical", "single-pass-chained", "decoupled-lookback", "serial-lookback",
            "cluster-lookback", "segmented-lookback", "copy", "cub", "thrust", "cub-by-key"})
        EXPECT_TRUE(has(key, d, n)) << key;
      EXPECT_FALSE(has("kogge-stone", d, n));
      EXPECT_FALSE(has("sequential", d, n));
      EXPECT_FALSE(has("segmented-hierarchical", d, n));
    }
  }
  const auto algorithms =
      static_cast<size_t>(std::count_if(allAlgorithms().begin(), allAlgorithms().end(), timed));
  // Above the block-level limit only the grid scans run.
  const auto gridAlgorithms = static_cast<size_t>(std::count_if(
      allAlgorithms().begin(), allAlgorithms().end(),
      [&](const AlgorithmInfo& a) { return timed(a) && a.level == AlgorithmLevel::Grid; }));
  // The compaction and the split pass at every size, each with its CUB equivalent.
  for (DType d : {DType::Int32, DType::Float32})
    for (long long n : cfg.sizes)
      for (const char* key : {"compaction", "cub-select", "radix-split", "cub-partition"})
        EXPECT_TRUE(has(key, d, n)) << key << " " << n;
  EXPECT_EQ(gridAlgorithms, 6u);
  EXPECT_EQ(tasks.size(), 3 * 2 * (4 + algorithms) + 2 * 2 * (4 + gridAlgorithms) + 5 * 2 * 4);
}

// Asked for alone, the compaction brings the references every run has and CUB's select, which
// runs before it at each size so that its "x CUB" has a time to divide; not CUB's partition.
TEST(BenchPlan, TheCompactionRunsAfterItsCubEquivalent) {
  BenchConfig cfg;
  cfg.kernels = {BenchSubjectKind::Compaction};
  cfg.sizes = {1 << 16};
  cfg.dtypes = {DType::Int32};
  const BenchConfig r = resolveBenchConfig(cfg, BenchDevice::Cuda);
  EXPECT_TRUE(r.algorithms.empty()) << "naming a kernel is no default plan";
  std::vector<std::string> keys;
  for (const BenchTask& t : planBenchmark(r, BenchDevice::Cuda)) keys.push_back(t.subject.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"copy", "cub", "thrust", "cub-select", "compaction"}));
}

// What each subject moves, and the CUB subject its "x CUB" divides.
TEST(BenchPlan, CompactionAndSplitCountTheirBytesAndMeetTheirCubEquivalents) {
  const BenchSubject compaction = BenchSubject::reference(BenchSubjectKind::Compaction);
  const BenchSubject split = BenchSubject::reference(BenchSubjectKind::RadixSplit);
  const BenchSubject cubSelect = BenchSubject::reference(BenchSubjectKind::CubSelectFlagged);
  const BenchSubject cubPartition = BenchSubject::reference(BenchSubjectKind::CubPartitionFlagged);
  EXPECT_FALSE(compaction.isReference());
  EXPECT_FALSE(split.isReference());
  EXPECT_TRUE(cubSelect.isReference());
  EXPECT_EQ(compaction.key(), "compaction");
  EXPECT_EQ(split.key(), "radix-split");
  EXPECT_EQ(cubSelect.key(), "cub-select");
  EXPECT_EQ(cubPartition.key(), "cub-partition");
  EXPECT_EQ(compaction.cubEquivalent(), BenchSubjectKind::CubSelectFlagged);
  EXPECT_EQ(split.cubEquivalent(), BenchSubjectKind::CubPartitionFlagged);
  EXPECT_EQ(BenchSubject::of(AlgorithmId::DecoupledLookback).cubEquivalent(),
            BenchSubjectKind::CubScan);
  EXPECT_EQ(BenchSubject::of(AlgorithmId::SegmentedLookback).cubEquivalent(),
            BenchSubjectKind::CubScanByKey);
  // int32 at half the elements flagged: 4 + 1 bytes read, 4 bytes written for half of them.
  EXPECT_DOUBLE_EQ(benchBytesPerElement(BenchWork::Compaction, DType::Int32), 7.0);
  EXPECT_DOUBLE_EQ(benchBytesPerElement(BenchWork::Split, DType::Float32), 9.0);
  EXPECT_DOUBLE_EQ(benchBytesPerElement(BenchWork::Scan, DType::Int32), 8.0);
  BenchPoint p{.subject = split, .dtype = DType::Int32, .n = 1 << 20, .medianMs = 2.0};
  applyBenchRatios(p, 1.0, 2.5);
  EXPECT_DOUBLE_EQ(p.gigabytesPerSecond, 9.0 * (1 << 20) / 2e-3 / 1e9);
  EXPECT_DOUBLE_EQ(p.ratioToCub, 1.25);
  EXPECT_DOUBLE_EQ(p.ratioToCopy, 0.5);
  EXPECT_TRUE(compaction.needsGpu());
  EXPECT_FALSE(BenchSubject::reference(BenchSubjectKind::HostCopy).needsGpu());
  // CUB's select and partition are lines in the GB/s plot, as CUB's scans are; ours are series.
  EXPECT_TRUE(cubSelect.isRateLine());
  EXPECT_TRUE(cubPartition.isRateLine());
  EXPECT_FALSE(compaction.isRateLine());
  EXPECT_FALSE(BenchSubject::reference(BenchSubjectKind::ThrustScan).isRateLine());
}

// Every kind of the table has its own key and a place: references, then the catalog, then ours.
TEST(BenchPlan, TheSubjectTableGivesEveryKindAKeyAndAnOrder) {
  std::set<std::string> keys;
  for (BenchSubjectKind kind : benchTableKinds()) {
    const BenchSubject s = BenchSubject::reference(kind);
    EXPECT_NE(s.key(), "?");
    EXPECT_TRUE(keys.insert(s.key()).second) << s.key();
    for (const AlgorithmInfo& a : allAlgorithms()) {
      EXPECT_NE(s.key(), a.key);
      if (s.isReference())
        EXPECT_LT(s.order(), BenchSubject::of(a.id).order()) << s.key();
      else
        EXPECT_GT(s.order(), BenchSubject::of(a.id).order()) << s.key();
    }
  }
  EXPECT_EQ(keys.size(), benchTableKinds().size());
  EXPECT_LT(BenchSubject::reference(BenchSubjectKind::Compaction).order(),
            BenchSubject::reference(BenchSubjectKind::RadixSplit).order());
}

// A segmented subject moves a flag byte per element more, and its "x CUB" is against CUB's scan
// by key: the engine hands applyBenchRatios that time.
TEST(BenchPlan, SegmentedRowsCountTheFlagBytes) {
  EXPECT_DOUBLE_EQ(gigabytesPerSecond(1 << 20, DType::Int32, 1.0, BenchWork::SegmentedScan),
                   9.0 * (1 << 20) / 1e-3 / 1e9);
  BenchPoint p;
  p.subject = BenchSubject::of(AlgorithmId::SegmentedLookback);
  p.n = 1 << 20;
  p.medianMs = 2.0;
  applyBenchRatios(p, 1.0, 3.0);
  EXPECT_DOUBLE_EQ(p.gigabytesPerSecond, 9.0 * (1 << 20) / 2e-3 / 1e9);
  EXPECT_DOUBLE_EQ(p.ratioToCub, 1.5);
  EXPECT_TRUE(p.subject.isSegmented());
  EXPECT_TRUE(BenchSubject::reference(BenchSubjectKind::CubScanByKey).isSegmented());
  EXPECT_FALSE(BenchSubject::reference(BenchSubjectKind::CubScan).isSegmented());
  EXPECT_EQ(BenchSubject::reference(BenchSubjectKind::CubScanByKey).key(), "cub-by-key");
}

TEST(BenchPlan, ReferencesComeFirstAndNamedAlgorithmsRunAtEverySize) {
  BenchConfig cfg;
  cfg.algorithms = {AlgorithmId::DecoupledLookback, AlgorithmId::KoggeStone};
  cfg.sizes = {1ll << 30, 1 << 10};
  cfg.dtypes = {DType::Float32};
  const std::vector<BenchTask> tasks =
      planBenchmark(resolveBenchConfig(cfg, BenchDevice::Cuda), BenchDevice::Cuda);
  std::vector<std::string> keys;
  for (const BenchTask& t : tasks) keys.push_back(t.subject.key() + "@" + std::to_string(t.n));
  EXPECT_EQ(keys,
            (std::vector<std::string>{"copy@1024", "cub@1024", "thrust@1024", "kogge-stone@1024",
                                      "decoupled-lookback@1024", "copy@1073741824",
                                      "cub@1073741824", "thrust@1073741824",
                                      "kogge-stone@1073741824", "decoupled-lookback@1073741824"}));
}

TEST(BenchPlan, CpuPlanUsesCpuReferencesAndSmallSizes) {
  BenchConfig cfg;
  cfg.sizes = {1 << 10, 1ll << 28};
  const BenchConfig r = resolveBenchConfig(cfg, BenchDevice::Cpu);
  EXPECT_EQ(r.repeats, kCpuDefaultRepeats);
  const std::vector<BenchTask> tasks = planBenchmark(r, BenchDevice::Cpu);
  std::set<std::string> refs;
  for (const BenchTask& t : tasks) {
    EXPECT_LE(t.n, kCpuBenchMaxSize);
    if (t.subject.isReference()) refs.insert(t.subject.key());
  }
  EXPECT_EQ(refs, (std::set<std::string>{"cpu-memcpy", "cpu-sequential"}));
  EXPECT_EQ(defaultBenchSizes(BenchDevice::Cpu).back(), 1 << 18);
  // The compaction and the split are in the default plan, but the CPU path has no kernel for
  // them: none is planned, and the report says why.
  EXPECT_EQ(r.kernels, benchKernelKinds());
  for (const BenchTask& t : tasks) EXPECT_FALSE(t.subject.needsGpu()) << t.subject.key();
  BenchConfig cpu = cfg;
  cpu.backend = BackendChoice::Cpu;
  const BenchReport report = prepareBenchReport(cpu);
  const std::string notes = formatBenchTable(report);
  EXPECT_NE(notes.find("note: compaction and radix-split need a GPU: not timed on the CPU "
                       "emulator"),
            std::string::npos)
      << notes;
  cpu.kernels = {BenchSubjectKind::RadixSplit};
  cpu.algorithms = {AlgorithmId::Sequential};
  EXPECT_NE(formatBenchTable(prepareBenchReport(cpu)).find("note: radix-split needs a GPU"),
            std::string::npos);
  cpu.kernels.clear();
  EXPECT_EQ(formatBenchTable(prepareBenchReport(cpu)).find("needs a GPU"), std::string::npos);
}

// ---- formatting ----

BenchPoint samplePoint() {
  BenchPoint p{.subject = BenchSubject::of(AlgorithmId::DecoupledLookback),
               .device = BenchDevice::Cuda,
               .dtype = DType::Int32,
               .n = 1 << 20,
               .blockSize = 256,
               .launches = 1,
               .samples = 9,
               .medianMs = 0.0123,
               .minMs = 0.012,
               .maxMs = 0.013};
  applyBenchRatios(p, 0.00984, 0.0110);
  p.captureMs = 4.5;
  p.plainHostMs = 1.5;
  p.check = BenchCheck::Passed;
  return p;
}

// Each value, formatted, reads as its text.
template <class Value>
void expectFormats(std::string (*format)(Value),
                   std::initializer_list<std::pair<Value, const char*>> cases) {
  for (const auto& [value, text] : cases) EXPECT_EQ(format(value), text) << value;
}

TEST(BenchFormat, SizesDurationsAndRatios) {
  expectFormats<long long>(formatBenchSize, {{1 << 20, "2^20"}, {1, "2^0"}, {1000, "1000"}});
  expectFormats<double>(formatBenchDuration, {{0.0123, "12.3 us"},
                                              {4.56, "4.56 ms"},
                                              {123.4, "123 ms"},
                                              {1234, "1.23 s"},
                                              {0.0005, "500 ns"},
                                              {BenchPoint::kNone, "-"}});
  expectFormats<double>(formatBenchRatio, {{0.8, "0.80x"},
                                           {1.234, "1.23x"},
                                           {0.0012, "0.0012x"},
                                           {10.894, "10.9x"},
                                           {BenchPoint::kNone, "-"}});
}

TEST(BenchFormat, TableRowHasEveryColumn) {
  const std::string header = benchTableHeader();
  for (const char* col : {"algorithm", "N", "time", "Gelem/s", "GB/s", "x copy", "x CUB",
                          "launches", "capture", "x plain", "check"})
    EXPECT_NE(header.find(col), std::string::npos) << col;
  const std::string row = formatBenchTableRow(samplePoint());
  for (const char* cell : {"decoupled-lookback", "int32", "2^20", "12.3 us", "85.3", "682", "0.80x",
                           "0.89x", "4.50 ms", "3.00x", "ok"})
    EXPECT_NE(row.find(cell), std::string::npos) << cell << " in: " << row;
  // Columns line up with the header.
  EXPECT_EQ(row.size(), header.size());

  BenchPoint failed = samplePoint();
  failed.error = "the CPU emulator cannot run this algorithm";
  EXPECT_NE(formatBenchTableRow(failed).find("not measured: the CPU emulator cannot run"),
            std::string::npos);
}

BenchReport sampleReport() {
  BenchReport r;
  r.device = BenchDevice::Cuda;
  r.deviceName = "NVIDIA H100 80GB HBM3";
  r.driverVersion = "12.8";
  r.runtimeVersion = "13.0";
  r.date = "2025-01-01T00:00:00Z";
  r.config = resolveBenchConfig({}, BenchDevice::Cuda);
  BenchPoint copy{.subject = BenchSubject::reference(BenchSubjectKind::DeviceCopy),
                  .n = 1 << 20,
                  .launches = 1,
                  .medianMs = 0.00984};
  applyBenchRatios(copy, copy.medianMs, BenchPoint::kNone);
  r.points.push_back(copy);
  r.points.push_back(samplePoint());
  BenchPoint wrong = samplePoint();
  wrong.subject = BenchSubject::of(AlgorithmId::KoggeStone);
  wrong.check = BenchCheck::Failed;
  wrong.checkDetail = "3 of 1048576 elements differ from CUB; first at index 7";
  wrong.error = "";
  r.points.push_back(wrong);
  BenchPoint broken = samplePoint();
  broken.subject = BenchSubject::of(AlgorithmId::SinglePassChained);
  broken.medianMs = BenchPoint::kNone;
  broken.check = BenchCheck::NotChecked;
  broken.error = "not built yet, \"quoted\"";
  r.points.push_back(broken);
  r.notes.push_back("N = 2^30 float32 skipped: needs about 13 GiB");
  r.wallSeconds = 42;
  return r;
}

TEST(BenchFormat, JsonCarriesDeviceConfigAndEveryPoint) {
  const nlohmann::json j = nlohmann::json::parse(benchReportJson(sampleReport()));
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["device"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(j["backend"], "cuda");
  EXPECT_EQ(j["driver"], "12.8");
  EXPECT_EQ(j["operation"], "inclusive add");
  EXPECT_EQ(j["config"]["sizes"].size(), 5u);
  EXPECT_EQ(j["notes"][0], "N = 2^30 float32 skipped: needs about 13 GiB");
  ASSERT_EQ(j["results"].size(), 4u);
  const auto& p = j["results"][1];
  EXPECT_EQ(p["subject"], "decoupled-lookback");
  EXPECT_EQ(p["kind"], "algorithm");
  EXPECT_EQ(p["n"], 1 << 20);
  EXPECT_DOUBLE_EQ(p["median_ms"].get<double>(), 0.0123);
  EXPECT_NEAR(p["x_copy"].get<double>(), 0.8, 1e-12);
  EXPECT_EQ(p["check"], "ok");
  EXPECT_EQ(j["results"][0]["kind"], "reference");
  EXPECT_TRUE(j["results"][0]["x_cub"].is_null()) << "NaN becomes null, not invalid JSON";
  EXPECT_EQ(j["results"][2]["check"], "mismatch");
  EXPECT_TRUE(j["results"][3]["median_ms"].is_null());
  EXPECT_EQ(j["results"][3]["error"], "not built yet, \"quoted\"");
}

TEST(BenchFormat, CsvHasOneRowPerPointAndQuotesWhatNeedsIt) {
  const std::string csv = benchReportCsv(sampleReport());
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = csv.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(csv.substr(start, nl - start));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].rfind("subject,kind,backend,dtype,n,", 0), 0u);
  const auto columns = [](const std::string& l) {
    int n = 1;
    bool quoted = false;
    for (char c : l) {
      if (c == '"') quoted = !quoted;
      if (c == ',' && !quoted) ++n;
    }
    return n;
  };
  for (const std::string& l : lines) EXPECT_EQ(columns(l), columns(lines[0])) << l;
  EXPECT_EQ(lines[2].rfind("decoupled-lookback,algorithm,cuda,int32,1048576,256,1,9,", 0), 0u);
  EXPECT_NE(lines[4].find("\"not built yet, \"\"quoted\"\"\""), std::string::npos);
  EXPECT_NE(lines[1].find(",,"), std::string::npos) << "NaN ratio to CUB is an empty field";
}

TEST(BenchFormat, TableAndSummaryReportMismatchesAndTheHeadline) {
  const BenchReport r = sampleReport();
  const std::string table = formatBenchTable(r);
  EXPECT_NE(table.find("NVIDIA H100 80GB HBM3 (driver 12.8, CUDA runtime 13.0)"),
            std::string::npos);
  EXPECT_NE(table.find("mismatch: kogge-stone int32 2^20: 3 of 1048576"), std::string::npos);
  EXPECT_NE(table.find("note: N = 2^30 float32 skipped"), std::string::npos);
  const std::string summary = benchSummaryLine(r);
  EXPECT_EQ(summary.rfind("bench FAILED: 3 points on NVIDIA H100 80GB HBM3 in 42 s", 0), 0u)
      << summary;
  EXPECT_NE(summary.find("fastest at 2^20 int32: decoupled-lookback 0.80x copy, 0.89x CUB"),
            std::string::npos)
      << summary;
  EXPECT_NE(summary.find("1 of 2 outputs differ from CUB"), std::string::npos) << summary;
  EXPECT_NE(summary.find("1 not measured"), std::string::npos) << summary;
}

// A GPU run's compaction and split rows: in the table with their ratios, in JSON with what they
// move and what they are compared with, explained above the table, and never the headline.
TEST(BenchFormat, CompactionAndSplitRowsCarryTheirRatiosEverywhere) {
  BenchReport r = sampleReport();
  r.points.clear();
  const auto add = [&r](BenchSubjectKind kind, double ms, double copyMs, double cubMs) {
    BenchPoint p{.subject = BenchSubject::reference(kind),
                 .device = BenchDevice::Cuda,
                 .n = 1 << 28,
                 .launches = 1,
                 .samples = 9,
                 .medianMs = ms,
                 .q1Ms = ms,
                 .q3Ms = ms};
    if (!p.subject.isReference()) p.check = BenchCheck::Passed;
    applyBenchRatios(p, copyMs, cubMs);
    r.points.push_back(p);
  };
  add(BenchSubjectKind::DeviceCopy, 0.80, 0.80, BenchPoint::kNone);
  add(BenchSubjectKind::CubSelectFlagged, 0.88, 0.80, 0.88);
  add(BenchSubjectKind::Compaction, 0.80, 0.80, 0.88);
  add(BenchSubjectKind::CubPartitionFlagged, 1.00, 0.80, 1.00);
  add(BenchSubjectKind::RadixSplit, 1.25, 0.80, 1.00);
  BenchPoint scan = samplePoint();
  scan.n = 1 << 28;
  scan.medianMs = 1.0;
  applyBenchRatios(scan, 0.80, 1.1);
  r.points.push_back(scan);

  const std::string table = formatBenchTable(r);
  EXPECT_NE(table.find("cub::DeviceSelect::Flagged"), std::string::npos) << table;
  EXPECT_NE(table.find("cub::DevicePartition::Flagged"), std::string::npos);
  EXPECT_NE(table.find("7 bytes per int32 element"), std::string::npos);
  const std::string compaction = formatBenchTableRow(r.points[2]);
  for (const char* cell : {"compaction", "2^28", "800 us", "1.00x", "1.10x", "ok"})
    EXPECT_NE(compaction.find(cell), std::string::npos) << cell << " in: " << compaction;
  const std::string split = formatBenchTableRow(r.points[4]);
  for (const char* cell : {"radix-split", "0.64x", "0.80x"})
    EXPECT_NE(split.find(cell), std::string::npos) << cell << " in: " << split;

  const nlohmann::json j = nlohmann::json::parse(benchReportJson(r));
  EXPECT_EQ(j["config"]["kernels"], (nlohmann::json{"compaction", "radix-split"}));
  EXPECT_DOUBLE_EQ(j["config"]["select_flag_density"].get<double>(), 0.5);
  const auto& c = j["results"][2];
  EXPECT_EQ(c["subject"], "compaction");
  EXPECT_EQ(c["kind"], "algorithm");
  EXPECT_EQ(c["cub_equivalent"], "cub-select");
  EXPECT_DOUBLE_EQ(c["bytes_per_element"].get<double>(), 7.0);
  EXPECT_NEAR(c["x_cub"].get<double>(), 1.1, 1e-12);
  EXPECT_EQ(j["results"][4]["cub_equivalent"], "cub-partition");
  EXPECT_DOUBLE_EQ(j["results"][4]["bytes_per_element"].get<double>(), 9.0);
  EXPECT_EQ(j["results"][1]["kind"], "reference");
  EXPECT_TRUE(j["results"][1]["cub_equivalent"].is_null());
  EXPECT_EQ(j["results"][5]["cub_equivalent"], "cub");

  // The compaction moves fewer bytes than a scan: the headline stays a scan.
  const std::string summary = benchSummaryLine(r);
  EXPECT_NE(summary.find("fastest at 2^28 int32: decoupled-lookback"), std::string::npos)
      << summary;
}

// ---- the CPU timing path, end to end ----

BenchConfig smallCpuConfig() {
  BenchConfig cfg;
  cfg.backend = BackendChoice::Cpu;
  cfg.algorithms = {AlgorithmId::KoggeStone, AlgorithmId::BrentKung, AlgorithmId::Hierarchical};
  cfg.sizes = {1000, 4096};
  cfg.repeats = 3;
  cfg.warmups = 1;
  cfg.captureMaxN = 1000;
  cfg.targetSampleMs = 0.2;
  return cfg;
}

// The segmented look-back on the CPU path runs over the benchmark's random heads and is checked
// against the sequential segmented loop: with short segments its output is no plain scan, so a
// pass says the heads reached it. Its GB/s counts the flag bytes.
TEST(BenchCpu, SegmentedLookbackRunsOverHeadsAndPassesItsCheck) {
  BenchConfig cfg = smallCpuConfig();
  cfg.algorithms = {AlgorithmId::SegmentedLookback};
  cfg.segmentLength = 7;
  cfg.captureMaxN = 0;
  const BenchReport r = runBenchmark(cfg);
  int segmented = 0;
  for (const BenchPoint& p : r.points) {
    if (p.subject.isReference()) continue;
    ++segmented;
    ASSERT_TRUE(p.measured()) << p.error;
    EXPECT_EQ(p.check, BenchCheck::Passed) << p.checkDetail;
    EXPECT_DOUBLE_EQ(p.gigabytesPerSecond,
                     gigabytesPerSecond(p.n, p.dtype, p.medianMs, BenchWork::SegmentedScan));
  }
  EXPECT_EQ(segmented, 4);  // 2 sizes x 2 dtypes
}

TEST(BenchCpu, TimesTheEmulatorAndTheReferencesWithSaneNumbers) {
  std::vector<int> started, finished;
  int total = -1;
  BenchObserver obs;
  obs.started = [&](const BenchTask&, int i, int t) {
    started.push_back(i);
    total = t;
  };
  obs.finished = [&](const BenchPoint&, int i, int) { finished.push_back(i); };
  const BenchReport r = runBenchmark(smallCpuConfig(), obs);
  EXPECT_EQ(r.device, BenchDevice::Cpu);
  EXPECT_EQ(r.deviceName, "CPU emulator");
  EXPECT_FALSE(r.cancelled);
  ASSERT_EQ(r.points.size(), 2u * 2u * 5u);  // sizes x dtypes x (2 references + 3 algorithms)
  EXPECT_EQ(total, 20);
  EXPECT_EQ(started, finished);
  for (size_t i = 0; i < finished.size(); ++i) EXPECT_EQ(finished[i], static_cast<int>(i));

  for (const BenchPoint& p : r.points) {
    SCOPED_TRACE(p.subject.key() + " " + std::string(dtypeName(p.dtype)) + " " +
                 std::to_string(p.n));
    ASSERT_TRUE(p.measured()) << p.error;
    EXPECT_EQ(p.device, BenchDevice::Cpu);
    EXPECT_EQ(p.samples, 3);
    EXPECT_GT(p.medianMs, 0);
    EXPECT_LE(p.minMs, p.medianMs);
    EXPECT_LE(p.medianMs, p.maxMs);
    EXPECT_GE(p.callsPerSample, 1);
    EXPECT_DOUBLE_EQ(p.gigabytesPerSecond, gigabytesPerSecond(p.n, p.dtype, p.medianMs));
    EXPECT_GT(p.ratioToCopy, 0);
    EXPECT_TRUE(std::isnan(p.ratioToCub)) << "no CUB on the CPU";
    EXPECT_EQ(p.launches, 0);
    if (p.subject.isReference()) {
      EXPECT_EQ(p.check, BenchCheck::NotChecked);
    } else {
      EXPECT_EQ(p.check, BenchCheck::Passed) << p.checkDetail;
      EXPECT_EQ(p.blockSize, 256);
      if (p.n <= 1000) {
        EXPECT_GT(p.captureMs, 0) << p.captureNote;
        EXPECT_GT(p.plainHostMs, 0);
      } else {
        EXPECT_TRUE(std::isnan(p.captureMs)) << "captures are timed up to captureMaxN";
      }
    }
  }
  EXPECT_DOUBLE_EQ(r.points[0].ratioToCopy, 1.0) << "the copy against itself";
  EXPECT_EQ(r.points[0].subject.key(), "cpu-memcpy");
  EXPECT_NE(formatBenchTable(r).find("CPU times"), std::string::npos);
}

TEST(BenchCpu, AutoWithoutAGpuSaysSoAndCudaWithoutOneIsAnError) {
  if (cudaStatus().available) GTEST_SKIP() << "a CUDA device answers on this machine";
  BenchConfig cfg = smallCpuConfig();
  cfg.backend = BackendChoice::Auto;
  cfg.sizes = {64};
  cfg.algorithms = {AlgorithmId::Sequential};
  const BenchReport r = runBenchmark(cfg);
  EXPECT_EQ(r.device, BenchDevice::Cpu);
  EXPECT_FALSE(r.noGpuReason.empty());
  EXPECT_NE(benchPreamble(r).find("no GPU"), std::string::npos);
  cfg.backend = BackendChoice::Cuda;
  try {
    runBenchmark(cfg);
    FAIL() << "expected a BackendError";
  } catch (const BackendError& e) {
    EXPECT_NE(std::string(e.what()).find("no CUDA device"), std::string::npos);
  }
}

TEST(BenchCpu, SizesAboveTheEmulatorLimitAreSkippedWithANote) {
  BenchConfig cfg = smallCpuConfig();
  cfg.sizes = {256, 1ll << 26};
  cfg.algorithms = {AlgorithmId::Sequential};
  const BenchReport r = runBenchmark(cfg);
  for (const BenchPoint& p : r.points) EXPECT_EQ(p.n, 256);
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(r.notes[0].find("2^26 skipped"), std::string::npos) << r.notes[0];
}

// ---- cancellation ----

enum class RaiseCancel { WhenStarted, WhenFinished };

// The small CPU bench with its cancel flag raised from the observer when task `index` has started
// (the sample loop sees it before the point is finished) or has finished.
BenchReport benchCancelledAt(int index, RaiseCancel when) {
  std::atomic<bool> cancel{false};
  BenchObserver obs;
  if (when == RaiseCancel::WhenStarted)
    obs.started = [&](const BenchTask&, int i, int) {
      if (i == index) cancel.store(true);
    };
  else
    obs.finished = [&](const BenchPoint&, int i, int) {
      if (i == index) cancel.store(true);
    };
  return runBenchmark(smallCpuConfig(), obs, &cancel);
}

TEST(BenchCancel, ACancelledRunStopsAndKeepsWhatItMeasured) {
  const BenchReport r = benchCancelledAt(2, RaiseCancel::WhenFinished);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.points.size(), 3u);
  EXPECT_NE(r.notes.back().find("cancelled"), std::string::npos);
  EXPECT_EQ(benchSummaryLine(r).rfind("bench cancelled: ", 0), 0u);
}

TEST(BenchCancel, CancelledBeforeTheStartMeasuresNothing) {
  std::atomic<bool> cancel{true};
  const BenchReport r = runBenchmark(smallCpuConfig(), {}, &cancel);
  EXPECT_TRUE(r.cancelled);
  EXPECT_TRUE(r.points.empty());
}

TEST(BenchCancel, CancelMidMeasurementDropsThePartialPoint) {
  const BenchReport r = benchCancelledAt(1, RaiseCancel::WhenStarted);
  EXPECT_TRUE(r.cancelled);
  ASSERT_EQ(r.points.size(), 1u);
  EXPECT_EQ(r.points[0].subject.key(), "cpu-memcpy");
}

// ---- statistics of the samples ----

TEST(BenchStatistics, QuantilesInterpolateBetweenOrderStatistics) {
  const std::vector<double> v = {4, 1, 3, 2, 5};  // sorted: 1 2 3 4 5
  EXPECT_DOUBLE_EQ(quantileOf(v, 0.0), 1);
  EXPECT_DOUBLE_EQ(quantileOf(v, 0.25), 2);
  EXPECT_DOUBLE_EQ(quantileOf(v, 0.5), medianOf(v));
  EXPECT_DOUBLE_EQ(quantileOf(v, 0.75), 4);
  EXPECT_DOUBLE_EQ(quantileOf(v, 1.0), 5);
  EXPECT_DOUBLE_EQ(quantileOf({1, 2}, 0.25), 1.25);
  EXPECT_DOUBLE_EQ(quantileOf({7}, 0.75), 7);
  EXPECT_TRUE(std::isnan(quantileOf({}, 0.5)));
}

TEST(BenchStatistics, SamplesSettleWhenTheQuartilesAreClose) {
  // Quartiles 1.00 and 1.02 around a median of 1.01: 2% apart.
  const std::vector<double> noisy = {0.99, 1.00, 1.01, 1.02, 1.03};
  EXPECT_FALSE(samplesSettled(noisy, 0.01));
  EXPECT_TRUE(samplesSettled(noisy, 0.02));
  // One outlier moves neither quartile much: the median is what is reported.
  EXPECT_TRUE(samplesSettled({1.000, 1.001, 1.002, 1.001, 9.0}, 0.01));
  EXPECT_TRUE(samplesSettled({}, 0.01));
}

TEST(BenchStatistics, MoreSamplesOnlyWhileNoisyAndWithinTheMaximum) {
  TimingPlan plan;
  plan.samples = 3;
  plan.maxSamples = 5;
  plan.noiseTarget = 0.01;
  EXPECT_TRUE(wantsMoreSamples(plan, {1.0, 1.0}));                  // fewer than the minimum
  EXPECT_FALSE(wantsMoreSamples(plan, {1.0, 1.0, 1.0}));            // stable
  EXPECT_TRUE(wantsMoreSamples(plan, {1.0, 1.5, 2.0}));             // noisy: go on
  EXPECT_TRUE(wantsMoreSamples(plan, {1.0, 1.5, 2.0, 1.2}));        // still noisy
  EXPECT_FALSE(wantsMoreSamples(plan, {1.0, 1.5, 2.0, 1.2, 1.7}));  // the maximum
  const BenchConfig cfg = resolveBenchConfig({}, BenchDevice::Cuda);
  EXPECT_EQ(cfg.maxRepeats, kMaxRepeatsFactor * cfg.repeats);
  BenchConfig few;
  few.repeats = 20;
  few.maxRepeats = 5;
  EXPECT_EQ(resolveBenchConfig(few, BenchDevice::Cuda).maxRepeats, 20) << "never below repeats";
}

TEST(BenchStatistics, SpreadIsTheInterquartileRangeOverTheMedian) {
  BenchPoint p{.medianMs = 2.0, .q1Ms = 1.99, .q3Ms = 2.01};
  EXPECT_EQ(formatBenchSpread(p), "1.0%");
  p.q3Ms = 2.5;
  EXPECT_EQ(formatBenchSpread(p), "26%");
  EXPECT_EQ(formatBenchSpread(BenchPoint{}), "-");
}

TEST(BenchCheck, FloatsAgreeWithinToleranceAndEqualInfinitiesAgree) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(benchValuesAgree(-inf, -inf)) << "an exclusive max begins with its identity, -inf";
  EXPECT_FALSE(benchValuesAgree(-inf, 0.5f));
  EXPECT_FALSE(benchValuesAgree(inf, -inf));
  EXPECT_FALSE(benchValuesAgree(std::nanf(""), std::nanf("")));
  EXPECT_TRUE(benchValuesAgree(1000.0f, 1000.5f));
  EXPECT_FALSE(benchValuesAgree(1000.0f, 1002.0f));
  EXPECT_TRUE(benchValuesAgree(7, 7));
  EXPECT_FALSE(benchValuesAgree(7, 8));
}

// ---- the look-back's tuning table ----

TEST(LookbackTuning, EachDeviceGetsItsRowAndOtherBlockSizesTheGenericPolicy) {
  const LookbackDeviceKey h200{9, 0, "NVIDIA H200"};
  const LookbackDeviceKey h100{9, 0, "NVIDIA H100 80GB HBM3"};
  // One row serves both Hopper parts measured (v13 in docs/notes/production-scan.md).
  EXPECT_EQ(selectLookbackPolicy(h200, 256), LookbackPolicyId::Sm90Pipelined);
  EXPECT_EQ(selectLookbackPolicy(h100, 256), LookbackPolicyId::Sm90Pipelined);
  EXPECT_EQ(selectLookbackPolicy({9, 0, "NVIDIA H100 NVL"}, 256), LookbackPolicyId::Sm90Pipelined);
  // The tuned shapes exist at their own block size only; other architectures are not tuned.
  EXPECT_EQ(selectLookbackPolicy(h200, 128), LookbackPolicyId::Generic);
  EXPECT_EQ(selectLookbackPolicy(h100, 1024), LookbackPolicyId::Generic);
  EXPECT_EQ(selectLookbackPolicy({8, 0, "NVIDIA A100-SXM4-80GB"}, 256), LookbackPolicyId::Generic);
  EXPECT_EQ(selectLookbackPolicy({10, 0, "NVIDIA B200"}, 256), LookbackPolicyId::Generic);
  // SCANVIZ_LOOKBACK_AGENT=one-tile: the one-tile agent wherever a pipelined one would run.
  EXPECT_EQ(selectLookbackPolicy(h200, 256, true), LookbackPolicyId::Sm90);
  EXPECT_EQ(selectLookbackPolicy(h100, 256, true), LookbackPolicyId::Sm90);
  EXPECT_EQ(selectLookbackPolicy(h100, 64, true), LookbackPolicyId::Generic);
}

TEST(LookbackTuning, ARowMayNameAPartAndRowsAreTriedInOrder) {
  // A table with a row for one SKU before the architecture's row, as a part whose measured best
  // differs would get.
  const LookbackDeviceTuning table[] = {{9, 0, "H200", LookbackPolicyId::Sm90},
                                        {9, 0, "", LookbackPolicyId::Sm90Pipelined}};
  EXPECT_EQ(selectLookbackPolicy({9, 0, "NVIDIA H200"}, 256, false, table), LookbackPolicyId::Sm90);
  EXPECT_EQ(selectLookbackPolicy({9, 0, "NVIDIA H100 80GB HBM3"}, 256, false, table),
            LookbackPolicyId::Sm90Pipelined);
  EXPECT_EQ(selectLookbackPolicy({9, 0, "NVIDIA H200"}, 512, false, table),
            LookbackPolicyId::Generic);
  EXPECT_EQ(selectLookbackPolicy({8, 9, "NVIDIA H200"}, 256, false, table),
            LookbackPolicyId::Generic);
  const LookbackDeviceTuning reversed[] = {table[1], table[0]};
  EXPECT_EQ(selectLookbackPolicy({9, 0, "NVIDIA H200"}, 256, false, reversed),
            LookbackPolicyId::Sm90Pipelined);
}

TEST(LookbackTuning, DescriptionsComeFromThePolicies) {
  const LookbackTuning hopper = lookbackTuning(LookbackPolicyId::Sm90Pipelined);
  EXPECT_EQ(hopper.id, LookbackPolicyId::Sm90Pipelined);
  EXPECT_STREQ(hopper.name, LookbackPolicySm90Pipelined::kName);
  EXPECT_EQ(hopper.itemsPerThread, LookbackPolicySm90Pipelined::kItemsPerThread);
  EXPECT_EQ(hopper.buffers, LookbackPolicySm90Pipelined::kBuffers);
  EXPECT_EQ(hopper.minBlocksPerSm, LookbackPolicySm90Pipelined::kMinBlocksPerSm);
  EXPECT_EQ(hopper.threads, 384);
  EXPECT_EQ(hopper.servesBlockSize, 256);  // the bench's and the app's default block size
  EXPECT_TRUE(hopper.pipelined);
  EXPECT_TRUE(hopper.oldestInRegisters);
  EXPECT_TRUE(hopper.blockedReduce);
  EXPECT_TRUE(hopper.loadAhead);
  EXPECT_FALSE(hopper.streamingStores);
  EXPECT_TRUE(lookbackTuning(LookbackPolicyId::Sm90).streamingStores);
  EXPECT_EQ(lookbackTuning(LookbackPolicyId::Sm90).servesBlockSize, 256);
  EXPECT_EQ(lookbackTuning(LookbackPolicyId::Generic).servesBlockSize, 0);
  EXPECT_EQ(lookbackTuning(LookbackPolicyId::Generic).threads, 0);
  EXPECT_FALSE(lookbackTuning(LookbackPolicyId::Sm90).blockedReduce);
  // Every policy has its own name: the JSON tells them apart.
  std::set<std::string> names;
  for (auto id : kLookbackPolicies) names.insert(lookbackTuning(id).name);
  EXPECT_EQ(names.size(), std::size(kLookbackPolicies));
  EXPECT_EQ(describeLookbackTuning(hopper),
            "sm90-pipelined (20 items x 384 threads, 4 buffers, persistent blocks with a look-back "
            "warp, the oldest tile held in registers and stored during the next load, reduce over "
            "blocked runs of vectors, the next tile's copies issued as each warp's reduce ends, at "
            "least 2 blocks per SM, plain stores, input evict-first in L2 up to 64 MiB, "
            "evict-last above 128 MiB)");
  // What the input copies tell L2, by the input's size: the row's two thresholds, and the
  // one-tile policies' default lines.
  using Row = LookbackPolicySm90Pipelined;
  EXPECT_EQ(inputL2Hint<Row>(64ll << 20), InputL2Hint::EvictFirst);
  EXPECT_EQ(inputL2Hint<Row>((64ll << 20) + 4), InputL2Hint::Normal);
  EXPECT_EQ(inputL2Hint<Row>(128ll << 20), InputL2Hint::Normal);
  EXPECT_EQ(inputL2Hint<Row>((128ll << 20) + 4), InputL2Hint::EvictLast);
  EXPECT_EQ(inputL2Hint<LookbackPolicySm90>(4ll << 30), InputL2Hint::Normal);
  EXPECT_EQ(inputL2Hint<LookbackPolicyGeneric>(4), InputL2Hint::Normal);
  EXPECT_NE(
      describeLookbackTuning(lookbackTuning(LookbackPolicyId::Sm90)).find("one tile per block"),
      std::string::npos);
  EXPECT_NE(describeLookbackTuning(lookbackTuning(LookbackPolicyId::Generic)).find("any threads"),
            std::string::npos);
}

TEST(BenchFormat, JsonAndPreambleCarryTheMethodClocksAndTuning) {
  BenchReport r = sampleReport();
  r.config.op = Operator::Max;
  r.config.exclusive = true;
  r.operation = benchOperationName(r.config);
  r.clocks = {1980, 3201, 6144, 1979.6};
  r.tuning = lookbackTuning(LookbackPolicyId::Sm90Pipelined);
  r.points[1].q1Ms = 0.0122;
  r.points[1].q3Ms = 0.0125;
  const nlohmann::json j = nlohmann::json::parse(benchReportJson(r));
  EXPECT_EQ(j["operation"], "exclusive max");
  EXPECT_EQ(j["config"]["operator"], "max");
  EXPECT_EQ(j["config"]["exclusive"], true);
  EXPECT_EQ(j["clocks"]["sm_peak_mhz"], 1980);
  EXPECT_EQ(j["clocks"]["memory_peak_mhz"], 3201);
  EXPECT_EQ(j["clocks"]["memory_bus_bits"], 6144);
  EXPECT_DOUBLE_EQ(j["clocks"]["sm_measured_mhz"].get<double>(), 1979.6);
  EXPECT_EQ(j["tuning"]["policy"], "sm90-pipelined");
  EXPECT_EQ(j["tuning"]["items_per_thread"], 20);
  EXPECT_EQ(j["tuning"]["threads"], 384);
  EXPECT_EQ(j["tuning"]["serves_block_size"], 256);
  EXPECT_EQ(j["tuning"]["load_ahead"], true);
  EXPECT_EQ(j["tuning"]["streaming_stores"], false);
  EXPECT_EQ(j["tuning"]["buffers"], 4);
  EXPECT_EQ(j["tuning"]["blocks_per_sm"], 2);
  EXPECT_EQ(j["tuning"]["evict_first_max_bytes"], 64ll << 20);
  EXPECT_EQ(j["tuning"]["evict_last_above_bytes"], 128ll << 20);
  EXPECT_EQ(j["tuning"]["oldest_in_registers"], true);
  EXPECT_EQ(j["tuning"]["blocked_reduce"], true);
  EXPECT_EQ(j["method"]["warmups"], r.config.warmups);
  EXPECT_EQ(j["method"]["min_samples"], kGpuDefaultRepeats);
  EXPECT_EQ(j["method"]["max_samples"], kMaxRepeatsFactor * kGpuDefaultRepeats);
  EXPECT_DOUBLE_EQ(j["results"][1]["q1_ms"].get<double>(), 0.0122);
  EXPECT_DOUBLE_EQ(j["results"][1]["q3_ms"].get<double>(), 0.0125);
  EXPECT_TRUE(j["results"][0]["q1_ms"].is_null());
  const std::string preamble = benchPreamble(r);
  EXPECT_NE(preamble.find("exclusive max on"), std::string::npos) << preamble;
  EXPECT_NE(preamble.find("decoupled-lookback tuning: sm90-pipelined (20 items"), std::string::npos)
      << preamble;
  EXPECT_NE(preamble.find("9 to 27 samples"), std::string::npos) << preamble;
  // Without a GPU there is no tuning: JSON null, nothing printed.
  r.tuning.reset();
  EXPECT_TRUE(nlohmann::json::parse(benchReportJson(r))["tuning"].is_null());
  EXPECT_EQ(benchPreamble(r).find("tuning"), std::string::npos);
}

TEST(BenchFormat, EachGpuResultSaysWhetherTheL2WasFlushed) {
  // 50 MiB of L2: 2^10 elements rotate over 2^14 buffers of 8 KiB, 128 MiB, which is enough;
  // 2 elements (16 bytes a call) would need more buffers than kMaxRotation.
  const long long l2 = 50ll << 20;
  EXPECT_TRUE(benchL2Flushed(1 << 10, 4, l2));
  EXPECT_FALSE(benchL2Flushed(2, 4, l2));
  EXPECT_TRUE(benchL2Flushed(1 << 28, 4, l2));  // no rotation needed: the call is 2 GiB
  BenchReport r = sampleReport();
  r.device = BenchDevice::Cuda;
  r.l2Bytes = l2;
  r.tuning = lookbackTuning(LookbackPolicyId::Sm90Pipelined);
  r.tuningSource = "the tune cache /tmp/x.json";
  const nlohmann::json j = nlohmann::json::parse(benchReportJson(r));
  for (const nlohmann::json& e : j["results"])
    EXPECT_EQ(e["l2_flushed"], benchL2Flushed(e["n"].get<long long>(), 4, l2));
  EXPECT_EQ(j["tuning"]["source"], "the tune cache /tmp/x.json");
  EXPECT_NE(benchPreamble(r).find("(from the tune cache /tmp/x.json)"), std::string::npos);
  r.device = BenchDevice::Cpu;
  r.l2Bytes = 0;
  EXPECT_TRUE(nlohmann::json::parse(benchReportJson(r))["results"][0]["l2_flushed"].is_null());
}

TEST(LookbackTune, CandidatesFitTheBlockSizeAndNamesRoundTrip) {
  EXPECT_EQ(lookbackTuneCandidates(256),
            (std::vector<LookbackPolicyId>{LookbackPolicyId::Sm90Pipelined, LookbackPolicyId::Sm90,
                                           LookbackPolicyId::Generic}));
  EXPECT_EQ(lookbackTuneCandidates(128), std::vector<LookbackPolicyId>{LookbackPolicyId::Generic});
  for (LookbackPolicyId id : lookbackTuneCandidates(256))
    EXPECT_EQ(lookbackPolicyNamed(lookbackTuning(id).name), id);
  EXPECT_FALSE(lookbackPolicyNamed("sm91-imaginary"));
}

TEST(LookbackTune, TheCacheKeepsOneEntryPerKeyAndACorruptOneFallsBack) {
  const std::string dir = ::testing::TempDir() + "scanviz-tune-cache";
  std::filesystem::remove_all(dir);
  const std::string path = dir + "/scanviz/lookback-tuning.json";
  LookbackTuneResult h100;
  h100.key = {"NVIDIA H100 80GB HBM3", "13.0", "0.1 (git abc)", 256};
  h100.candidates = {{LookbackPolicyId::Sm90Pipelined, 0.79, 0.91, ""},
                     {LookbackPolicyId::Generic, BenchPoint::kNone, BenchPoint::kNone, "slow"}};
  h100.chosen = LookbackPolicyId::Sm90Pipelined;
  LookbackTuneResult h200 = h100;
  h200.key.device = "NVIDIA H200";
  h200.chosen = LookbackPolicyId::Sm90Pipelined;
  std::string problem;
  EXPECT_FALSE(readLookbackTune(path, h100.key, problem));  // no file yet: quietly nothing
  EXPECT_EQ(problem, "");
  writeLookbackTune(path, h100);  // creates the folders
  writeLookbackTune(path, h200);
  h100.chosen = LookbackPolicyId::Sm90;
  writeLookbackTune(path, h100);  // replaces the H100's entry, keeps the H200's
  EXPECT_EQ(readLookbackTune(path, h100.key, problem), LookbackPolicyId::Sm90);
  EXPECT_EQ(readLookbackTune(path, h200.key, problem), LookbackPolicyId::Sm90Pipelined);
  LookbackTuneKey otherVersion = h100.key;
  otherVersion.version = "0.2";
  EXPECT_FALSE(readLookbackTune(path, otherVersion, problem));
  EXPECT_EQ(problem, "");
  { std::ofstream(path) << "{ not json"; }
  EXPECT_FALSE(readLookbackTune(path, h100.key, problem));
  EXPECT_NE(problem.find("is not usable"), std::string::npos) << problem;
  EXPECT_NE(problem.find("the tuning table is used"), std::string::npos) << problem;
  writeLookbackTune(path, h200);  // a corrupt cache is replaced
  EXPECT_EQ(readLookbackTune(path, h200.key, problem), LookbackPolicyId::Sm90Pipelined);
  EXPECT_EQ(problem, "");
  std::filesystem::remove_all(dir);
}

TEST(LookbackTune, WithoutAGpuThereIsNothingToTune) {
  if (cudaStatus().available) GTEST_SKIP() << "a GPU answers";
  EXPECT_THROW(tuneLookback(BenchConfig{}), BackendError);
  EXPECT_EQ(currentLookbackTuneKey(256).device, "");
}

TEST(BenchCpu, OperatorAndVariantReachTheReferenceAndTheScans) {
  BenchConfig cfg = smallCpuConfig();
  cfg.sizes = {1000};
  cfg.dtypes = {DType::Int32};
  cfg.captureMaxN = 0;
  cfg.op = Operator::Max;
  cfg.exclusive = true;
  const BenchReport r = runBenchmark(cfg);
  EXPECT_EQ(r.operation, "exclusive max");
  ASSERT_EQ(r.points.size(), 5u);
  for (const BenchPoint& p : r.points) {
    ASSERT_TRUE(p.measured()) << p.error;
    if (!p.subject.isReference()) {
      EXPECT_EQ(p.check, BenchCheck::Passed) << p.checkDetail;
    }
    EXPECT_LE(p.minMs, p.q1Ms);
    EXPECT_LE(p.q1Ms, p.medianMs);
    EXPECT_LE(p.medianMs, p.q3Ms);
    EXPECT_LE(p.q3Ms, p.maxMs);
  }
}

}  // namespace
}  // namespace scanviz

// ---- the plot widget's math ----

namespace scanviz::plot {
namespace {

std::vector<std::string> labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> out;
  for (const Tick& t : ticks)
    if (!t.label.empty()) out.push_back(t.label);
  return out;
}

TEST(PlotTicks, NiceStepsAreOneTwoFiveTimesAPowerOfTen) {
  EXPECT_DOUBLE_EQ(niceStep(0.13), 0.2);
  EXPECT_DOUBLE_EQ(niceStep(0.2), 0.2);
  EXPECT_DOUBLE_EQ(niceStep(3), 5);
  EXPECT_DOUBLE_EQ(niceStep(7), 10);
  EXPECT_DOUBLE_EQ(niceStep(1), 1);
  EXPECT_DOUBLE_EQ(niceStep(250), 500);
  EXPECT_DOUBLE_EQ(niceStep(0), 1);
}

TEST(PlotTicks, LinearTicksLandOnMultiplesOfTheStep) {
  EXPECT_EQ(labels(linearTicks(0, 10, 6)),
            (std::vector<std::string>{"0", "2", "4", "6", "8", "10"}));
  EXPECT_EQ(labels(linearTicks(0, 1, 6)),
            (std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
  EXPECT_EQ(labels(linearTicks(-1, 1, 5)),
            (std::vector<std::string>{"-1.0", "-0.5", "0", "0.5", "1.0"}));
  EXPECT_EQ(labels(linearTicks(0, 3e9, 4)), (std::vector<std::string>{"0", "1G", "2G", "3G"}));
  EXPECT_EQ(labels(linearTicks(0, 10000, 6)),
            (std::vector<std::string>{"0", "2k", "4k", "6k", "8k", "10k"}));
  EXPECT_EQ(labels(linearTicks(0.5, 3500, 8)),
            (std::vector<std::string>{"500", "1000", "1500", "2000", "2500", "3000", "3500"}));
  EXPECT_LE(linearTicks(0, 977, 5).size(), 5u);
  EXPECT_EQ(linearTicks(3, 3, 5).size(), 1u);
  EXPECT_TRUE(linearTicks(NAN, 1, 5).empty());
}

TEST(PlotTicks, Log10TicksAreDecades) {
  EXPECT_EQ(labels(log10Ticks(1, 1e6, 10)),
            (std::vector<std::string>{"1", "10", "100", "1k", "10k", "100k", "1M"}));
  // Few decades: unlabelled 2..9 marks between them, labelled decades.
  const std::vector<Tick> t = log10Ticks(0.01, 100, 10);
  EXPECT_EQ(labels(t), (std::vector<std::string>{"0.01", "0.1", "1", "10", "100"}));
  EXPECT_EQ(t.size(), 5u + 4 * 8);
  for (size_t i = 1; i < t.size(); ++i) EXPECT_LT(t[i - 1].value, t[i].value);
  // Too many decades: every k-th, still whole decades.
  const std::vector<Tick> wide = log10Ticks(1e-3, 1e12, 5);
  EXPECT_LE(wide.size(), 6u);
  for (const Tick& tick : wide) {
    const double e = std::log10(tick.value);
    EXPECT_NEAR(e, std::round(e), 1e-9);
  }
  // Less than two decades: 1-2-5 ticks so the axis still reads.
  EXPECT_EQ(labels(log10Ticks(2, 30, 10)), (std::vector<std::string>{"2", "5", "10", "20"}));
  EXPECT_TRUE(log10Ticks(-1, 10, 5).empty());
}

TEST(PlotTicks, Log2TicksArePowersOfTwo) {
  const std::vector<Tick> all = log2Ticks(1024, 1ll << 30, 30);
  ASSERT_EQ(all.size(), 21u);
  EXPECT_EQ(all.front().label, "2^10");
  EXPECT_EQ(all.back().label, "2^30");
  EXPECT_EQ(labels(log2Ticks(1024, 1ll << 30, 6)),
            (std::vector<std::string>{"2^12", "2^16", "2^20", "2^24", "2^28"}));
  // Narrower than an octave: linear ticks instead of nothing.
  EXPECT_FALSE(log2Ticks(5, 7, 5).empty());
}

TEST(PlotTicks, LabelsOfDecadesAndExactValues) {
  expectFormats<double>(formatDecadeTick, {{1, "1"},
                                           {1e3, "1k"},
                                           {1e4, "10k"},
                                           {1e9, "1G"},
                                           {1e12, "1T"},
                                           {0.001, "0.001"},
                                           {1e-5, "1e-5"}});
  expectFormats<double>(
      formatExactValue,
      {{1048576, "1048576"}, {0.1234567, "0.123457"}, {350, "350"}, {NAN, "NaN"}});
}

TEST(PlotTicks, ShortValuesKeepThreeDigitsAndOneUnitSuffix) {
  expectFormats<double>(formatShortValue, {{2984.4, "2.98k"},
                                           {96.14, "96.1"},
                                           {2.391, "2.39"},
                                           {0.001234, "0.00123"},
                                           {999.96, "1.00k"},
                                           {12345, "12.3k"},
                                           {4.3e12, "4.30T"},
                                           {-150, "-150"},
                                           {0, "0"},
                                           {NAN, "NaN"}});
}

TEST(PlotScale, MapsDataToPixelsAndBack) {
  const AxisMap lin{AxisScale::Linear, 0, 100, 50, 250};
  EXPECT_DOUBLE_EQ(lin.toPixel(50), 150);
  EXPECT_DOUBLE_EQ(lin.toData(200), 75);
  const AxisMap log{AxisScale::Log10, 1, 100, 0, 200};
  EXPECT_NEAR(log.toPixel(10), 100, 1e-9);
  EXPECT_NEAR(log.toData(150), std::pow(10, 1.5), 1e-9);
  EXPECT_TRUE(std::isnan(log.toPixel(0)));
  EXPECT_TRUE(std::isnan(log.toPixel(-3)));
  EXPECT_TRUE(std::isnan(lin.toPixel(NAN)));
  // A y axis: data grows upwards, pixels downwards.
  const AxisMap y{AxisScale::Log2, 1024, 1 << 20, 400, 100};
  EXPECT_NEAR(y.toPixel(1 << 15), 250, 1e-9);
  EXPECT_GT(y.toPixel(2048), y.toPixel(4096));
  // A degenerate range maps to the middle instead of dividing by zero.
  EXPECT_DOUBLE_EQ((AxisMap{AxisScale::Linear, 5, 5, 0, 10}.toPixel(5)), 5);
}

TEST(PlotScale, AutoRangesEndOnTicks) {
  const Range lin = autoRange(AxisScale::Linear, {3, 7}, false);
  EXPECT_LT(lin.min, 3);
  EXPECT_GT(lin.max, 7);
  // 5 % headroom (2.8 .. 7.2), then outwards to the 1-2-5 step of the span (1).
  EXPECT_DOUBLE_EQ(lin.min, 2);
  EXPECT_DOUBLE_EQ(lin.max, 8);
  const Range zero = autoRange(AxisScale::Linear, {3, 7}, true);
  EXPECT_DOUBLE_EQ(zero.min, 0);
  EXPECT_GE(zero.max, 7);
  const Range log = autoRange(AxisScale::Log10, {3, 700, -1, NAN}, false);
  EXPECT_DOUBLE_EQ(log.min, 1);
  EXPECT_DOUBLE_EQ(log.max, 1000);
  const Range log2 = autoRange(AxisScale::Log2, {1000, 5000}, false);
  EXPECT_DOUBLE_EQ(log2.min, 512);
  EXPECT_DOUBLE_EQ(log2.max, 8192);
  const Range exactDecade = autoRange(AxisScale::Log10, {10, 1000}, false);
  EXPECT_DOUBLE_EQ(exactDecade.min, 10);
  EXPECT_DOUBLE_EQ(exactDecade.max, 1000);
  const Range single = autoRange(AxisScale::Log10, {100}, false);
  EXPECT_LT(single.min, single.max);
  EXPECT_DOUBLE_EQ(autoRange(AxisScale::Linear, {}, false).max, 1);
  EXPECT_DOUBLE_EQ(autoRange(AxisScale::Log10, {NAN, 0}, false).min, 1);
  const Range flat = autoRange(AxisScale::Linear, {5, 5}, false);
  EXPECT_LT(flat.min, 5);
  EXPECT_GT(flat.max, 5);
  EXPECT_EQ(maxTicksFor(300, 30), 10);
  EXPECT_EQ(maxTicksFor(10, 30), 2);
}

TEST(PlotNearest, FindsTheClosestPointWithinReach) {
  const std::vector<std::vector<Point>> series = {{{10, 10}, {50, 50}, {NAN, 20}},
                                                  {{48, 53}, {100, 100}}};
  NearestHit h = nearestPoint(series, {49, 52}, 10);
  EXPECT_EQ(h.series, 1);
  EXPECT_EQ(h.index, 0);
  EXPECT_NEAR(h.distance, std::sqrt(2.0), 1e-12);
  h = nearestPoint(series, {12, 9}, 10);
  EXPECT_EQ(h.series, 0);
  EXPECT_EQ(h.index, 0);
  EXPECT_EQ(nearestPoint(series, {200, 200}, 10).series, -1);
  EXPECT_EQ(nearestPoint(series, {0, 20}, 5).series, -1) << "NaN points are never hit";
  EXPECT_EQ(nearestPoint({}, {0, 0}, 5).series, -1);
}

TEST(PlotBars, SlotsAndHitTestsAgree) {
  const double left = 100, right = 500;
  for (int c = 0; c < 4; ++c)
    for (int s = 0; s < 3; ++s) {
      const Rect slot = barSlot(c, s, 4, 3, left, right);
      EXPECT_GT(slot.width(), 0);
      const BarHit hit = barAt((slot.x0 + slot.x1) / 2, 4, 3, left, right);
      EXPECT_EQ(hit.category, c);
      EXPECT_EQ(hit.series, s);
    }
  // Bars of one category are adjacent and centred on the category.
  const Rect first = barSlot(1, 0, 4, 3, left, right), last = barSlot(1, 2, 4, 3, left, right);
  EXPECT_NEAR((first.x0 + last.x1) / 2, categoryCenter(1, 4, left, right), 1e-9);
  EXPECT_EQ(barAt(left + 1, 4, 3, left, right).category, -1) << "the gap between groups";
  EXPECT_EQ(barAt(right + 10, 4, 3, left, right).category, -1);
  EXPECT_EQ(barAt(200, 0, 3, left, right).category, -1);
}

TEST(PlotLayout, LegendGoesRightWhenThereIsRoomAndBelowOtherwise) {
  LayoutInput in;
  in.frame = {0, 0, 900, 400};
  in.lineHeight = 13;
  in.yTickLabelWidth = 30;
  in.hasTitle = true;
  in.hasXLabel = true;
  in.legendTextWidths = {80, 120, 40};
  const PlotLayout wide = computeLayout(in);
  EXPECT_TRUE(wide.legendRight);
  ASSERT_EQ(wide.legendEntries.size(), 3u);
  for (const Point& p : wide.legendEntries) EXPECT_GT(p.x, wide.plot.x1);
  EXPECT_GT(wide.plot.x0, in.yTickLabelWidth) << "room for the y tick labels";
  EXPECT_GT(wide.plot.y0, wide.title.y + in.lineHeight) << "below the title";
  EXPECT_LT(wide.plot.y1, in.frame.y1 - in.lineHeight) << "room for x tick labels";

  in.frame = {0, 0, 300, 400};
  const PlotLayout narrow = computeLayout(in);
  EXPECT_FALSE(narrow.legendRight);
  for (const Point& p : narrow.legendEntries) {
    EXPECT_GT(p.y, narrow.plot.y1);
    EXPECT_GE(p.x, in.frame.x0);
    EXPECT_LE(p.x, in.frame.x1);
  }
  EXPECT_NEAR(narrow.plot.x1, in.frame.x1 - in.padding, 1e-9) << "the plot keeps the full width";
  EXPECT_GT(narrow.legendEntries[2].y, narrow.legendEntries[0].y) << "wraps onto a second row";

  // Too many entries for a column of that height: rows below, even on a wide frame.
  in.frame = {0, 0, 900, 120};
  in.legendTextWidths.assign(14, 80);
  const PlotLayout tall = computeLayout(in);
  EXPECT_FALSE(tall.legendRight);
  for (const Point& p : tall.legendEntries) EXPECT_LE(p.y, in.frame.y1);

  in.frame = {0, 0, 300, 400};
  in.legendTextWidths.clear();
  in.hasTitle = false;
  const PlotLayout bare = computeLayout(in);
  EXPECT_TRUE(bare.legendEntries.empty());
  EXPECT_LT(bare.plot.y0, narrow.plot.y0);
  EXPECT_GT(bare.plot.y1, narrow.plot.y1);

  in.frame = {0, 0, 10, 10};  // too small: degenerate but never inverted
  const PlotLayout tiny = computeLayout(in);
  EXPECT_GE(tiny.plot.width(), 0);
  EXPECT_GE(tiny.plot.height(), 0);
}

TEST(PlotColors, PaletteIsDistinctAndPackedLikeImGui) {
  EXPECT_EQ(packColor(1, 2, 3, 4), 0x04030201u);
  std::set<uint32_t> colors;
  for (int i = 0; i < 16; ++i) colors.insert(seriesColor(i));
  EXPECT_EQ(colors.size(), 16u);
  EXPECT_EQ(seriesColor(0) >> 24, 255u) << "opaque";
}

// Tints of one hue do not read apart on a projector: series of the same hue differ in shape.
TEST(PlotColors, MarkerShapesTellTheTintsOfAHueApart) {
  std::set<std::pair<int, MarkerShape>> hueAndShape;
  std::set<std::pair<uint32_t, MarkerShape>> colorAndShape;
  for (int i = 0; i < 32; ++i) {
    hueAndShape.insert({i % 8, seriesMarker(i)});
    colorAndShape.insert({seriesColor(i), seriesMarker(i)});
  }
  EXPECT_EQ(hueAndShape.size(), 32u);
  EXPECT_EQ(colorAndShape.size(), 32u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(seriesMarker(i), MarkerShape::Circle) << i;
  EXPECT_EQ(seriesMarker(8), MarkerShape::Square);
  EXPECT_EQ(seriesMarker(13), MarkerShape::Square);
  EXPECT_EQ(seriesMarker(16), MarkerShape::Ring);
  EXPECT_EQ(seriesMarker(31), MarkerShape::HollowSquare);
  EXPECT_EQ(seriesMarker(-1), MarkerShape::Circle);
  EXPECT_FALSE(hollow(MarkerShape::Square));
  EXPECT_TRUE(hollow(MarkerShape::Ring));
  EXPECT_NEAR(4 * squareHalfSide(1) * squareHalfSide(1), std::numbers::pi, 1e-5)
      << "a circle's area";
}

// The palette's yellow vanished on the light theme's plot frame (luminance ~0.94); every series
// colour must now stand a third apart from it, keep its hue, and stay as it is on a dark frame.
TEST(PlotColors, PaleColoursAreDarkenedOnALightBackground) {
  const double light = luminance(packColor(240, 241, 243));
  const double dark = luminance(packColor(38, 40, 46));
  for (int i = 0; i < 32; ++i) {
    const uint32_t c = seriesColor(i);
    const uint32_t onLight = readableOn(c, light);
    EXPECT_LE(luminance(onLight), light - 1.0 / 3.0 + 0.01) << i;
    EXPECT_EQ(readableOn(c, dark), c) << i;
    EXPECT_EQ(onLight >> 24, c >> 24) << "alpha kept";
  }
  const uint32_t yellow = seriesColor(3);  // Okabe-Ito (240, 228, 66)
  const uint32_t shown = readableOn(yellow, light);
  EXPECT_NE(shown, yellow);
  EXPECT_GT(shown & 0xff, (shown >> 16) & 0xff) << "still a yellow: red above blue";
  EXPECT_EQ(readableOn(seriesColor(4), light), seriesColor(4)) << "the blue is dark enough";
  EXPECT_EQ(readableOn(yellow | 0u, 0.3), yellow);
}

}  // namespace
}  // namespace scanviz::plot
