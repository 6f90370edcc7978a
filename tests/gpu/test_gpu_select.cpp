// Our single-pass compaction and split on the GPU (kernels/agent/select_pipelined_agent.cuh)
// against the sequential reference: N = 1, 7, 1023, 1025, primes around tile edges, large inputs
// over many tiles, all flags and no flags set. Skipped where no CUDA device answers.
// SCANVIZ_GPU_SELECT_MAX_N caps the sizes (compute-sanitizer runs them at up to 2^16 in
// tools/select-gpu-check.sh, and RingOfStagedTilesTurnsOver on its own: its race checker is far
// too slow for every size).
#include <gtest/gtest.h>

#include <cstdlib>

#include "app/core/backends/cuda_select.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

// The inputs' values lie in [-kAmplitude, kAmplitude].
constexpr int kAmplitude = 1000000;

const std::vector<size_t> kSizes = {1,    7,     1023,  1025,  4093,    4096,
                                    4099, 12289, 65537, 99991, 1 << 20, 3000017};

size_t maxSize() {
  const char* v = std::getenv("SCANVIZ_GPU_SELECT_MAX_N");
  return v ? std::strtoull(v, nullptr, 10) : static_cast<size_t>(-1);
}

template <class T>
void checkAll(SelectKind kind) {
  for (size_t n : kSizes) {
    if (n > maxSize()) continue;
    for (FlagPattern p :
         {FlagPattern::Random, FlagPattern::All, FlagPattern::None, FlagPattern::Sparse}) {
      const auto values = valuesOf<T>(n, static_cast<unsigned>(n), kAmplitude);
      const auto flags = flagsOf(n, p, static_cast<unsigned>(n) + 1);
      const SelectOutput<T> gpu = selectFlaggedOnGpu(values, flags, kind);
      const SelectOutput<T> ref = selectFlaggedSequential(values, flags, kind);
      ASSERT_EQ(gpu.selected, ref.selected) << "n=" << n << " pattern " << static_cast<int>(p);
      ASSERT_EQ(gpu.rejected, ref.rejected) << "n=" << n << " pattern " << static_cast<int>(p);
    }
  }
}

TEST(GpuSelect, CompactionEqualsTheSequentialReference) {
  REQUIRE_GPU();
  checkAll<int32_t>(SelectKind::Select);
  checkAll<float>(SelectKind::Select);
}

TEST(GpuSelect, SplitEqualsTheSequentialReferenceAndIsStable) {
  REQUIRE_GPU();
  checkAll<int32_t>(SelectKind::Split);
  checkAll<float>(SelectKind::Split);
}

// 2^26 + 4099 elements: many tiles per persistent block, so the ring of staged tiles turns over
// many times (kernels/agent/select_pipelined_agent.cuh), and a partial last tile.
TEST(GpuSelect, LargeSplitEqualsTheSequentialReference) {
  REQUIRE_GPU();
  const size_t n = (size_t{1} << 26) + 4099;
  if (n > maxSize()) GTEST_SKIP() << "SCANVIZ_GPU_SELECT_MAX_N is below " << n;
  const auto flags = flagsOf(n, FlagPattern::Random, 11);
  const auto ints = valuesOf<int32_t>(n, 10, kAmplitude);
  const auto refInts = selectFlaggedSequential(ints, flags, SelectKind::Split);
  const auto gpuInts = selectFlaggedOnGpu(ints, flags, SelectKind::Split);
  ASSERT_EQ(gpuInts.selected, refInts.selected);
  ASSERT_EQ(gpuInts.rejected, refInts.rejected);
  const auto floats = valuesOf<float>(n, 12, kAmplitude);
  const auto refFloats = selectFlaggedSequential(floats, flags, SelectKind::Split);
  const auto gpuFloats = selectFlaggedOnGpu(floats, flags, SelectKind::Split);
  ASSERT_EQ(gpuFloats.selected, refFloats.selected);
  ASSERT_EQ(gpuFloats.rejected, refFloats.rejected);
}

// 7,000,013 elements: more tiles than three for each resident block (the launch runs as many
// blocks as fit at once, about 400 on an H100), so every buffer of a block's ring is staged and
// written several times; the size tools/select-gpu-check.sh's sanitizers run.
TEST(GpuSelect, RingOfStagedTilesTurnsOver) {
  REQUIRE_GPU();
  const size_t n = 7000013;
  const auto flags = flagsOf(n, FlagPattern::Random, 21);
  const auto values = valuesOf<int32_t>(n, 20, kAmplitude);
  for (SelectKind kind : {SelectKind::Select, SelectKind::Split}) {
    const auto ref = selectFlaggedSequential(values, flags, kind);
    const auto gpu = selectFlaggedOnGpu(values, flags, kind);
    ASSERT_EQ(gpu.selected, ref.selected) << static_cast<int>(kind);
    ASSERT_EQ(gpu.rejected, ref.rejected) << static_cast<int>(kind);
  }
}

// Launch after launch on the same sizes (the status words are tagged by launch, never cleared).
TEST(GpuSelect, RepeatedLaunchesStayCorrect) {
  REQUIRE_GPU();
  const auto values = valuesOf<int32_t>(200003, 5, kAmplitude);
  const auto flags = flagsOf(values.size(), FlagPattern::Random, 6);
  const auto ref = selectFlaggedSequential(values, flags, SelectKind::Split);
  for (int launches : {2, 3, 50}) {
    const auto gpu = selectFlaggedOnGpu(values, flags, SelectKind::Split, launches);
    ASSERT_EQ(gpu.selected, ref.selected) << launches << " launches";
    ASSERT_EQ(gpu.rejected, ref.rejected) << launches << " launches";
  }
}

TEST(GpuSelect, EmptyInputSelectsNothing) {
  REQUIRE_GPU();
  const auto out = selectFlaggedOnGpu(std::vector<int32_t>{}, {}, SelectKind::Split);
  EXPECT_TRUE(out.selected.empty());
  EXPECT_TRUE(out.rejected.empty());
}

}  // namespace
}  // namespace scanviz
