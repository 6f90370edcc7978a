// GPU tests: run only where a CUDA device answers; elsewhere every test reports SKIPPED.
// The GPU trace of every algorithm must equal the CPU emulator's trace for integer inputs, step
// by step (values, active threads, edges, ops, counters), and outputs must equal CUB's.
#include <gtest/gtest.h>

#include <ostream>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/verification.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/support/profile_range.h"
#include "app/core/trace/trace.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

struct TraceCase {
  AlgorithmId algorithm;
  long long n;
};

// Readable CTest names: "kogge-stone n=1025" rather than the bytes of the struct.
void PrintTo(const TraceCase& c, std::ostream* os) {
  *os << algorithmInfo(c.algorithm).key << " n=" << c.n;
}

class GpuTraceEquality : public ::testing::TestWithParam<TraceCase> {};

Trace captureOn(BackendChoice backend, AlgorithmId id, const std::vector<double>& input,
                Operator op, bool exclusive) {
  CaptureRequest rq = emulatorRequest(id, input, op, exclusive);
  rq.backend = backend;
  return captureWhole(rq);
}

TEST_P(GpuTraceEquality, CpuAndGpuTracesAreIdentical) {
  REQUIRE_GPU();
  const TraceCase c = GetParam();
  for (Operator op : {Operator::Add, Operator::Max}) {
    for (bool exclusive : {false, true}) {
      const auto input = generateInput(InputPattern::Random, c.n, 42, DType::Int32, op);
      const Trace gpu = captureOn(BackendChoice::Cuda, c.algorithm, input, op, exclusive);
      const Trace cpu = captureOn(BackendChoice::Cpu, c.algorithm, input, op, exclusive);
      EXPECT_EQ(gpu.meta.backend, "cuda");
      EXPECT_EQ(firstTraceDifference(cpu, gpu), "")
          << algorithmInfo(c.algorithm).key << " n=" << c.n << " op=" << operatorName(op)
          << (exclusive ? " exclusive" : " inclusive");
      EXPECT_FALSE(gpu.steps.empty());
      if (!gpu.steps.empty() && gpu.steps.back().array == "section") {
        EXPECT_FALSE(gpu.steps.back().warpClock.empty());
      }
    }
  }
}

// A million elements: the whole-array rows the heat view draws (every block's section after each
// step) are the GPU's own and equal the emulator's, for the grid scans of three kinds of hand-off.
TEST(GpuWholeArrayRows, MillionElementsMatchTheEmulator) {
  REQUIRE_GPU();
  const long long n = 1 << 20;
  const auto input = generateInput(InputPattern::Random, n, 5, DType::Int32, Operator::Add);
  for (AlgorithmId id : {AlgorithmId::Hierarchical, AlgorithmId::SinglePassChained,
                         AlgorithmId::DecoupledLookback, AlgorithmId::ClusterLookback}) {
    const Trace gpu = captureOn(BackendChoice::Cuda, id, input, Operator::Add, false);
    const Trace cpu = captureOn(BackendChoice::Cpu, id, input, Operator::Add, false);
    EXPECT_TRUE(hasWholeArrayRows(gpu)) << algorithmInfo(id).key;
    EXPECT_EQ(firstTraceDifference(cpu, gpu), "") << algorithmInfo(id).key;
  }
}

std::vector<TraceCase> allTraceCases() {
  std::vector<TraceCase> v;
  for (const auto& a : allAlgorithms())
    for (long long n : {1ll, 8ll, 1000ll, 1024ll, 1025ll, 70001ll}) v.push_back({a.id, n});
  return v;
}

std::string caseName(const ::testing::TestParamInfo<TraceCase>& info) {
  std::string s(algorithmInfo(info.param.algorithm).key);
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s + "_n" + std::to_string(info.param.n);
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, GpuTraceEquality, ::testing::ValuesIn(allTraceCases()),
                         caseName);

TEST(GpuVerify, QuickMatrixAgainstSequentialAndCub) {
  REQUIRE_GPU();
  int failures = 0;
  for (const VerifyCase& c : verifyMatrix(VerifyScope::Quick)) {
    const VerifyOutcome o = verifyCase(c, BackendChoice::Cuda, /*againstCub=*/true);
    if (!o.ok && ++failures < 10)
      ADD_FAILURE() << algorithmInfo(c.algorithm).key << " n=" << c.n << ": " << o.detail;
  }
  EXPECT_EQ(failures, 0);
}

std::vector<std::string> gOpenedRanges;
void recordOpenedRange(ProfileCategory category, const std::string& name, bool opens) {
  // The grid phases are in their own category of the scanviz domain, the capture in its own.
  if (opens && category == (name.rfind("capture", 0) == 0 ? ProfileCategory::Capture
                                                          : ProfileCategory::GridPhase))
    gOpenedRanges.push_back(name);
}

bool openedRangeStartingWith(const std::string& prefix) {
  for (const std::string& name : gOpenedRanges)
    if (name.rfind(prefix, 0) == 0) return true;
  return false;
}

// Each grid phase of a CUDA capture is a named range (NVTX in a profile): the hierarchical scan's
// levels and the single-pass kernels.
TEST(GpuProfileRanges, EveryGridPhaseIsANamedRange) {
  REQUIRE_GPU();
  gOpenedRanges.clear();
  setProfileRangeObserver(recordOpenedRange);
  for (AlgorithmId id :
       {AlgorithmId::BrentKung, AlgorithmId::DecoupledLookback, AlgorithmId::SinglePassChained}) {
    CaptureRequest rq = emulatorRequest(id, std::vector<double>(1 << 16, 1.0));
    rq.backend = BackendChoice::Cuda;
    capture(rq);
  }
  setProfileRangeObserver(nullptr);
  std::string all;
  for (const std::string& name : gOpenedRanges) all += "\n  " + name;
  EXPECT_TRUE(profileRangesReachNvtx());
  for (const char* phase : {"capture brent-kung, N = 65536", "scan sections, level 0",
                            "scan sections, level 1", "add block sums, level 0",
                            "single-pass scan, decoupled look-back", "single-pass scan, chained"})
    EXPECT_TRUE(openedRangeStartingWith(phase)) << phase << " is not among" << all;
}

// The problem's flags and second array (trace version 3) go through the CUDA recorder
// (TraceRecorder, HostTraceBuffer) exactly as through the emulator's, and survive the file.
TEST(GpuProblemRows, FlagsAndSecondArrayMatchTheEmulator) {
  REQUIRE_GPU();
  for (AlgorithmId id :
       {AlgorithmId::KoggeStone, AlgorithmId::BlellochConflictFree, AlgorithmId::Hierarchical}) {
    CaptureRequest rq{{.algorithm = id},
                      generateInput(InputPattern::Random, 1000, 3, DType::Int32, Operator::Add)};
    for (size_t i = 0; i < rq.input.size(); ++i) {
      rq.rows.flags.push_back(i % 7 == 0 ? 1 : 0);
      rq.rows.second.push_back(static_cast<int32_t>(rq.input.size() - i));
    }
    rq.rows.secondName = "keys";
    rq.blockSize = 256;  // several blocks, so that block 1 exists and its section is recorded
    rq.recordBlock = 1;
    rq.backend = BackendChoice::Cuda;
    const Trace gpu = capture(rq).trace;
    rq.backend = BackendChoice::Cpu;
    const Trace cpu = capture(rq).trace;
    const std::string key(algorithmInfo(id).key);
    EXPECT_EQ(gpu.meta.backend, "cuda") << key;
    EXPECT_FALSE(gpu.steps.at(0).flags.empty()) << key;
    EXPECT_FALSE(gpu.steps.at(0).second.empty()) << key;
    EXPECT_EQ(firstTraceDifference(cpu, gpu), "") << key;
    EXPECT_EQ(firstTraceDifference(gpu, traceFromJson(traceToJson(gpu))), "") << key;
  }
}

// The segmented scans with head flags: the GPU's traces (values, OR-ed flags, edges, the carry
// step's work) equal the emulator's, and the result is the segmented scan.
TEST(GpuSegmentedScan, TracesEqualTheEmulatorWithFlags) {
  REQUIRE_GPU();
  for (AlgorithmId id : {AlgorithmId::SegmentedKoggeStone, AlgorithmId::SegmentedBlelloch,
                         AlgorithmId::SegmentedHierarchical, AlgorithmId::SegmentedLookback}) {
    for (long long n : {1ll, 8ll, 1000ll, 1025ll, 70001ll}) {
      for (Operator op : {Operator::Add, Operator::Max}) {
        for (bool exclusive : {false, true}) {
          CaptureRequest rq{{.algorithm = id, .op = op, .exclusive = exclusive},
                            generateInput(InputPattern::Random, n, 11, DType::Int32, op)};
          rq.rows.flags = randomHeadFlags(static_cast<size_t>(n), 11, 6);
          rq.limits.maxStoredValues = 1 << 20;
          rq.backend = BackendChoice::Cuda;
          const Trace gpu = capture(rq).trace;
          rq.backend = BackendChoice::Cpu;
          const Trace cpu = capture(rq).trace;
          const std::string what = std::string(algorithmInfo(id).key) + " n=" + std::to_string(n) +
                                   " " + std::string(operatorName(op)) +
                                   (exclusive ? " exclusive" : " inclusive");
          EXPECT_EQ(gpu.meta.backend, "cuda") << what;
          EXPECT_EQ(firstTraceDifference(cpu, gpu), "") << what;
          EXPECT_EQ(compareWithReference(gpu.input, gpu.output, op, exclusive, DType::Int32,
                                         gpu.meta.blocksTotal, &rq.rows.flags)
                        .index,
                    -1)
              << what;
        }
      }
    }
  }
}

// The segmented look-back: the steps of a tile in the middle (whose look-back meets tiles with
// and without heads) equal the emulator's for every operator, int32 and float32 inputs of small
// integers (exact in both), and the unrecorded kernel's result over 2^20 elements with random
// flags is the segmented scan.
TEST(GpuSegmentedScan, LookbackMiddleTileAndMillionElements) {
  REQUIRE_GPU();
  for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
    for (DType dtype : {DType::Int32, DType::Float32})
      for (bool exclusive : {false, true}) {
        CaptureRequest rq;
        rq.algorithm = AlgorithmId::SegmentedLookback;
        rq.op = op;
        rq.dtype = dtype;
        rq.exclusive = exclusive;
        rq.blockSize = 32;
        rq.recordBlock = 40;
        rq.input = generateInput(InputPattern::Random, 100003, 3, DType::Int32, op);
        rq.rows.flags = randomHeadFlags(rq.input.size(), 3, 700);
        rq.limits.maxStoredValues = 1 << 20;  // the whole output, checked in the notes
        rq.backend = BackendChoice::Cuda;
        const Trace gpu = capture(rq).trace;
        rq.backend = BackendChoice::Cpu;
        const Trace cpu = capture(rq).trace;
        const std::string what = std::string(operatorName(op)) + " " +
                                 std::string(dtypeName(dtype)) +
                                 (exclusive ? " exclusive" : " inclusive");
        EXPECT_EQ(firstTraceDifference(cpu, gpu), "") << what;
        EXPECT_NE(gpu.meta.notes.back().find("matches"), std::string::npos) << what;
      }
  RunRequest rq;
  rq.algorithm = AlgorithmId::SegmentedLookback;
  rq.blockSize = 256;
  rq.record = false;
  const long long n = 1 << 20;
  const auto wide = generateInput(InputPattern::Random, n, 9, DType::Int32, Operator::Add);
  ElementRows rows;
  rows.flags = randomHeadFlags(static_cast<size_t>(n), 9, 5000);
  rq.rows = &rows;
  const RunResult<int32_t> r = runOnCuda(rq, std::vector<int32_t>(wide.begin(), wide.end()));
  const std::vector<double> out(r.output.begin(), r.output.end());
  EXPECT_EQ(
      compareWithReference(wide, out, Operator::Add, false, DType::Int32, 1, &rows.flags).index,
      -1);
}

TEST(GpuStatus, ReportsTheDevice) {
  REQUIRE_GPU();
  EXPECT_FALSE(cudaStatus().device.empty());
  EXPECT_GT(cudaStatus().smCount, 0);
}

}  // namespace
}  // namespace scanviz
