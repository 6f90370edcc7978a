// The recorded select and split (kernels/grid/select_lookback.h) on the GPU: their traces equal
// the emulator's for integer inputs, step by step (values, keep-flags, count rows, edges, work),
// with the output and every write address, at N = 1, one tile, tile edges and many tiles, for
// random, all and no flags, the recorded tile first, in the middle and last; float values move
// bit for bit; the unrecorded kernel over 2^20 elements is the sequential select and split.
// Skipped where no CUDA device answers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/capture.h"
#include "app/core/trace/trace.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

// The inputs' values lie in [-kAmplitude, kAmplitude].
constexpr int kAmplitude = 10000;

CaptureRequest request(AlgorithmId id, size_t n, FlagPattern flags, int blockSize,
                       int recordBlock) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.blockSize = blockSize;
  rq.recordBlock = recordBlock;
  rq.input = valuesOf<double>(n, static_cast<unsigned>(n), kAmplitude);
  rq.rows.flags = flagsOf(n, flags, static_cast<unsigned>(n) + 1);
  rq.limits.maxStoredValues = 1 << 20;
  return rq;
}

// Empty when the GPU's trace equals the emulator's and matches the sequential result.
std::string compareBackends(CaptureRequest rq) {
  rq.backend = BackendChoice::Cuda;
  const Trace gpu = capture(rq).trace;
  rq.backend = BackendChoice::Cpu;
  const Trace cpu = capture(rq).trace;
  if (gpu.meta.backend != "cuda") return "ran on " + gpu.meta.backend;
  if (gpu.steps.empty()) return "the GPU recorded no steps";
  if (gpu.meta.notes.back().find("output matches") != 0) return gpu.meta.notes.back();
  return firstTraceDifference(cpu, gpu);
}

TEST(GpuSelectLookback, TracesEqualTheEmulator) {
  REQUIRE_GPU();
  for (AlgorithmId id : {AlgorithmId::SelectLookback, AlgorithmId::SplitLookback})
    for (size_t n : {1u, 8u, 127u, 128u, 129u, 4096u, 70001u})
      for (FlagPattern f : {FlagPattern::Random, FlagPattern::All, FlagPattern::None})
        for (int blockSize : {2, 32, 1024}) {
          const int tiles = static_cast<int>((n + 4 * blockSize - 1) / (4 * blockSize));
          for (int recordBlock : {0, tiles / 2, tiles - 1}) {
            const std::string what =
                std::string(algorithmInfo(id).key) + " n=" + std::to_string(n) + " flags " +
                std::to_string(static_cast<int>(f)) + " block " + std::to_string(blockSize) +
                " tile " + std::to_string(recordBlock);
            EXPECT_EQ(compareBackends(request(id, n, f, blockSize, recordBlock)), "") << what;
          }
        }
}

TEST(GpuSelectLookback, FloatValuesMoveBitForBit) {
  REQUIRE_GPU();
  for (AlgorithmId id : {AlgorithmId::SelectLookback, AlgorithmId::SplitLookback}) {
    CaptureRequest rq = request(id, 30011, FlagPattern::Random, 64, 50);
    rq.dtype = DType::Float32;
    for (double& v : rq.input) v = v / 8 + 0.125;
    EXPECT_EQ(compareBackends(rq), "") << algorithmInfo(id).key;
  }
}

TEST(GpuSelectLookback, UnrecordedMillionElementsAreTheSequentialResult) {
  REQUIRE_GPU();
  const size_t n = 1 << 20;
  for (AlgorithmId id : {AlgorithmId::SelectLookback, AlgorithmId::SplitLookback}) {
    const std::vector<double> wide = valuesOf<double>(n, 3, kAmplitude);
    const std::vector<int32_t> input(wide.begin(), wide.end());
    ElementRows rows;
    rows.flags = flagsOf(n, FlagPattern::Random, 4);
    RunRequest rq;
    rq.algorithm = id;
    rq.blockSize = 256;
    rq.record = false;
    rq.rows = &rows;
    const RunResult<int32_t> r = runOnCuda(rq, input);
    const SelectMismatch m = compareWithReferenceSelect(
        input, rows.flags, id == AlgorithmId::SplitLookback, r.output, r.addresses);
    EXPECT_EQ(m.index, -1) << algorithmInfo(id).key << " " << m.array << " " << m.describe();
  }
}

}  // namespace
}  // namespace scanviz
