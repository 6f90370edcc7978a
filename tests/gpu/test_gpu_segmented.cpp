// The production segmented look-back (kernels/agent/segmented_pipelined_agent.cuh, what `verify`
// and `bench` run) against the sequential segmented scan: every operator, int32 and float32,
// inclusive and exclusive, sizes around its tiles and primes, heads from none to every element.
// Below two tiles a resident block the one-tile agent runs, above it the pipelined one; the
// sanitizers run over the latter in tools/gpu-check.sh and tools/segmented-gpu-check.sh.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/capture/input_spec.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

enum class Heads { None, Every, First, Dense, Sparse };

std::vector<uint8_t> headsOf(size_t n, Heads h, unsigned seed) {
  switch (h) {
    case Heads::None:
      return std::vector<uint8_t>(n, 0);
    case Heads::Every:
      return std::vector<uint8_t>(n, 1);
    case Heads::First: {
      std::vector<uint8_t> f(n, 0);
      f[0] = 1;
      return f;
    }
    case Heads::Dense:
      return randomHeadFlags(n, seed, 40);
    default:
      return randomHeadFlags(n, seed, 20000);  // most tiles hold no head
  }
}

// The production kernel's result over `input` with `flags` equals the sequential segmented scan;
// "" or what differs.
template <class T>
std::string checkProduction(const std::vector<double>& input, std::vector<uint8_t> flags,
                            Operator op, bool exclusive) {
  RunRequest rq;
  rq.algorithm = AlgorithmId::SegmentedLookback;
  rq.blockSize = 256;
  rq.record = false;
  rq.op = op;
  rq.exclusive = exclusive;
  ElementRows rows;
  rows.flags = std::move(flags);
  rq.rows = &rows;
  const std::vector<T> in(input.begin(), input.end());
  const RunResult<T> r = runOnCuda(rq, in);
  const DType dtype = std::is_same_v<T, float> ? DType::Float32 : DType::Int32;
  const Mismatch m = compareWithReference(in, r.output, op, exclusive, dtype, 1, &rows.flags);
  return m.index < 0 ? "" : m.describe();
}

TEST(GpuSegmentedScan, ProductionKernelEqualsTheSegmentedScan) {
  REQUIRE_GPU();
  const std::vector<long long> sizes = {1, 7, 1023, 3583, 3584, 3585, 65537, 99991, 1048579};
  for (long long n : sizes)
    for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
      for (Heads h : {Heads::None, Heads::Every, Heads::First, Heads::Dense, Heads::Sparse})
        for (bool exclusive : {false, true}) {
          const auto seed = static_cast<unsigned>(n) + static_cast<unsigned>(h);
          const auto input = generateInput(InputPattern::Random, n, seed, DType::Int32, op);
          const auto flags = headsOf(static_cast<size_t>(n), h, seed);
          const std::string what = "n " + std::to_string(n) + " " + std::string(operatorName(op)) +
                                   " heads " + std::to_string(static_cast<int>(h)) +
                                   (exclusive ? " exclusive" : " inclusive");
          EXPECT_EQ(checkProduction<int32_t>(input, flags, op, exclusive), "") << what << " int32";
          EXPECT_EQ(checkProduction<float>(input, flags, op, exclusive), "") << what << " float32";
        }
}

// Above two tiles a resident block (on a GPU of up to ~800 SMs) the pipelined agent runs, and
// every block's ring of tiles turns over several times: every operator and head density again.
TEST(GpuSegmentedScan, PipelinedAgentOverManyTilesPerBlock) {
  REQUIRE_GPU();
  const long long n = 3 * (1 << 22) + 5;
  for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul}) {
    const auto input = generateInput(InputPattern::Random, n, 17, DType::Int32, op);
    for (Heads h : {Heads::None, Heads::Every, Heads::First, Heads::Dense, Heads::Sparse})
      for (bool exclusive : {false, true}) {
        const auto flags = headsOf(static_cast<size_t>(n), h, 18);
        const std::string what = std::string(operatorName(op)) + " heads " +
                                 std::to_string(static_cast<int>(h)) +
                                 (exclusive ? " exclusive" : " inclusive");
        EXPECT_EQ(checkProduction<int32_t>(input, flags, op, exclusive), "") << what << " int32";
        if (op == Operator::Add || op == Operator::Max) {
          EXPECT_EQ(checkProduction<float>(input, flags, op, exclusive), "") << what << " float32";
        }
      }
  }
}

}  // namespace
}  // namespace scanviz
