// The OpenCL listings of kernels/listings/ (seeds 003 and 004), compiled by the host compiler
// through opencl_shim.h and cuda_host_shim.h: each lesson's seed shows its flaw under the setup
// the lesson states, its fix is right against a sequential reference over many lengths and
// work-group sizes, and where the app's flawed variant runs the same mistake on the emulator, the
// listing gives what the app gives. Seed 003's pseudo-code is tested through the code written
// under it (blelloch_down_sweep_log2n.cuh).
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/lessons.h"
#include "tests/unit/listing_runner.h"
// After the standard headers: the OpenCL words are macros from here on.
#include "kernels/listings/blelloch_down_sweep_log2n.cuh"
#include "kernels/listings/hillis_steele_unguarded.cuh"
#include "kernels/listings/seed003_tile.cuh"

namespace scanviz {
namespace {

using testing::asDoubles;
using testing::firstDifference;
using testing::inChildProcess;
using testing::sectionScans;
using testing::SharedArray;
using testing::wholeNumbers;

std::vector<double> appOutput(std::string_view id, bool fixed) {
  const Lesson* l = findLesson(id);
  if (!l) throw std::logic_error("no lesson " + std::string(id));
  return capture(lessonRequest(*l, fixed, BackendChoice::Cpu)).trace.output;
}

std::vector<int> lessonInput(std::string_view id) {
  std::vector<int> v;
  for (double d : parseValues(std::string(findLesson(id)->setup.input)))
    v.push_back(static_cast<int>(d));
  return v;
}

struct TileRun {
  std::vector<int> data;
  std::vector<int> tileSums;
  bool barrierMismatch = false;
};

using TileKernel = void (*)(int*, int*, int);

// Seed 003's tile kernel in place over x, in work-groups of `group`.
TileRun runTiles(TileKernel kernel, const std::vector<int>& x, unsigned group) {
  const unsigned tiles = static_cast<unsigned>((x.size() + group - 1) / group);
  SharedArray<int> data(x.size()), sums(tiles), mismatch(1);
  std::copy(x.begin(), x.end(), data.data());
  const std::string ended = inChildProcess([&] {
    mismatch[0] = cuda_host_shim::launch(dim3(tiles), dim3(group), kernel, data.data(), sums.data(),
                                         static_cast<int>(x.size()))
                      .barrierMismatch;
  });
  EXPECT_EQ(ended, "");
  return {data.slice(0, x.size()), sums.slice(0, tiles), mismatch[0] != 0};
}

// ---- blelloch-early-return ---------------------------------------------------------------

namespace er = listings::seed003_tile::early_return;

// The output is the exclusive scan plus one constant: the root is never cleared (its owner, the
// last work-item, has left) and keeps the tile's total, never-loaded slots (1000 each) included.
// docs/gpu-results.md found the same on an H100: 2021 for 6 of 8, 24820 for 40 of 64.
TEST(BlellochEarlyReturnListing, SeedMismatchesItsBarriersAndAddsTheRootToEveryElement) {
  ASSERT_EQ(lessonInput("blelloch-early-return").size(), 6u);  // the first case below
  ASSERT_EQ(findLesson("blelloch-early-return")->setup.flawedBlockSize, 8);
  for (auto [n, group] : {std::pair{6, 8u}, std::pair{40, 64u}}) {
    std::vector<int> x(static_cast<size_t>(n));
    std::iota(x.begin(), x.end(), 1);
    const TileRun seed = runTiles(er::seed::scan_tile_kernel, x, group);
    EXPECT_TRUE(seed.barrierMismatch);
    const int total = n * (n + 1) / 2;
    const int constant = total + 1000 * (static_cast<int>(group) - n);
    const std::vector<int> want = sectionScans(x, x.size(), true);
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(seed.data[i], want[i] + constant) << i;
    const TileRun fix = runTiles(er::fixed::scan_tile_kernel, x, group);
    EXPECT_FALSE(fix.barrierMismatch);
    EXPECT_EQ(fix.data, want);
    EXPECT_EQ(fix.tileSums, std::vector<int>{total});
  }
}

TEST(BlellochEarlyReturnListing, FixIsRightForManyLengthsAndWorkGroupSizes) {
  for (unsigned group : {1u, 2u, 8u, 32u, 64u, 256u, 1024u})
    for (size_t n : {size_t{1}, size_t{group}, size_t{group} + 1, 3 * size_t{group} - 1}) {
      const std::vector<int> x = wholeNumbers<int>(n, group + 3u * static_cast<unsigned>(n));
      const TileRun fix = runTiles(er::fixed::scan_tile_kernel, x, group);
      EXPECT_FALSE(fix.barrierMismatch);
      EXPECT_EQ(firstDifference(fix.data, sectionScans(x, group, true)), -1)
          << "group " << group << ", n " << n;
      for (size_t t = 0; t < fix.tileSums.size(); ++t)
        EXPECT_EQ(fix.tileSums[t], std::accumulate(x.begin() + t * group,
                                                   x.begin() + std::min(n, (t + 1) * group), 0))
            << "group " << group << ", n " << n << ", tile " << t;
    }
}

// ---- blelloch-offset-times-four ----------------------------------------------------------

namespace ot = listings::seed003_tile::offset_times_four;

TEST(BlellochOffsetTimesFourListing, SeedSkipsTreeLevelsAsTheAppsVariantAndTheFixDoesNot) {
  const std::vector<int> x = lessonInput("blelloch-offset-times-four");
  const TileRun seed = runTiles(ot::seed::scan_tile_kernel, x, 8);
  EXPECT_EQ(asDoubles(seed.data), appOutput("blelloch-offset-times-four", false));
  EXPECT_NE(firstDifference(seed.data, sectionScans(x, 8, true)), -1);
  EXPECT_EQ(runTiles(ot::fixed::scan_tile_kernel, x, 8).data, sectionScans(x, 8, true));
  for (unsigned group : {2u, 4u, 8u, 16u, 64u, 512u}) {
    const std::vector<int> w = wholeNumbers<int>(5 * size_t{group} + 1, group);
    EXPECT_EQ(runTiles(ot::fixed::scan_tile_kernel, w, group).data, sectionScans(w, group, true))
        << "group " << group;
    // Up to 4 work-items the only level skipped is the root's, which the exclusive scan clears.
    const bool seedRight = group <= 4;
    EXPECT_EQ(runTiles(ot::seed::scan_tile_kernel, w, group).data == sectionScans(w, group, true),
              seedRight)
        << "group " << group;
  }
}

// ---- blelloch-down-sweep-log2n and erratum up-sweep-bound (pseudo-code) ------------------

namespace ds = listings::blelloch_down_sweep_log2n;

using PseudoKernel = void (*)(int*, int);

std::vector<int> runPseudo(PseudoKernel kernel, const std::vector<int>& x, unsigned group) {
  const unsigned tiles = static_cast<unsigned>((x.size() + group - 1) / group);
  SharedArray<int> data(x.size());
  std::copy(x.begin(), x.end(), data.data());
  EXPECT_EQ(inChildProcess([&] {
              cuda_host_shim::launch(dim3(tiles), dim3(group), kernel, data.data(),
                                     static_cast<int>(x.size()));
            }),
            "");
  return data.slice(0, x.size());
}

// From d = log2 n the root, just cleared, swaps with x[2n-1], past the array (0xDEADBEEF there,
// as the app's emulator and GPU launch give), and the down-sweep adds it to every element.
TEST(BlellochDownSweepLog2NListing, SeedAddsWhatLiesPastTheArrayAsTheAppsVariant) {
  const std::vector<int> x = lessonInput("blelloch-down-sweep-log2n");
  const std::vector<int> seed = runPseudo(ds::seed::scan_tile_kernel, x, 8);
  EXPECT_EQ(asDoubles(seed), appOutput("blelloch-down-sweep-log2n", false));
  const std::vector<int> want = sectionScans(x, 8, true);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(seed[i], want[i] - 559038737) << i;
  EXPECT_EQ(runPseudo(ds::fixed::scan_tile_kernel, x, 8), want);
}

// The up-sweep's bound as printed, log2(n - 1) read as its integer part, gives the same levels
// as log2(n) - 1 for every power of two n >= 2: a typo, no wrong value (erratum up-sweep-bound).
TEST(BlellochDownSweepLog2NListing, FixAndThePrintedUpSweepBoundAreRightForEveryPowerOfTwo) {
  for (unsigned group = 2; group <= 1024; group *= 2)
    for (size_t n : {size_t{group}, 3 * size_t{group} - 1}) {
      const std::vector<int> x = wholeNumbers<int>(n, group * 5u + static_cast<unsigned>(n));
      const std::vector<int> want = sectionScans(x, group, true);
      EXPECT_EQ(runPseudo(ds::fixed::scan_tile_kernel, x, group), want) << "group " << group;
      EXPECT_EQ(runPseudo(ds::up_sweep_as_printed::scan_tile_kernel, x, group), want)
          << "group " << group;
    }
}

// ---- hillis-steele-unguarded ---------------------------------------------------------------

namespace hsu = listings::hillis_steele_unguarded;

// a and r of n elements, each with one work-group of slack after it: 1000s after a, -1s after r.
struct HillisRun {
  std::vector<float> r;  // r and its slack
};

HillisRun runHillis(bool seed, const std::vector<float>& x, unsigned group) {
  const unsigned groups = static_cast<unsigned>((x.size() + group - 1) / group);
  SharedArray<float> a(x.size() + group, 1000.0f), r(x.size() + group, -1.0f);
  std::copy(x.begin(), x.end(), a.data());
  EXPECT_EQ(inChildProcess([&] {
              if (seed)
                cuda_host_shim::launch(dim3(groups), dim3(group), hsu::seed::scan_kernel, a.data(),
                                       r.data());
              else
                cuda_host_shim::launch(dim3(groups), dim3(group), hsu::fixed::scan_kernel, a.data(),
                                       r.data(), static_cast<unsigned>(x.size()));
            }),
            "");
  return {r.slice(0, r.size())};
}

// The lesson's setup: 6 elements, a work-group of 8. The seed reads a[6], a[7] (1000 each) and
// writes r[6], r[7]; inside r it is right, as the app's variant. The fix stays inside.
TEST(HillisSteeleUnguardedListing, SeedReadsAndWritesPastTheArraysAndTheFixDoesNot) {
  std::vector<float> x;
  for (int v : lessonInput("hillis-steele-unguarded")) x.push_back(static_cast<float>(v));
  const std::vector<float> want = sectionScans(x, x.size());
  const HillisRun seed = runHillis(true, x, 8);
  EXPECT_EQ(std::vector<float>(seed.r.begin(), seed.r.begin() + 6), want);
  EXPECT_EQ(asDoubles(std::vector<float>(seed.r.begin(), seed.r.begin() + 6)),
            appOutput("hillis-steele-unguarded", false));
  EXPECT_EQ(seed.r[6], want[5] + 1000.0f);
  EXPECT_EQ(seed.r[7], want[5] + 2000.0f);
  const HillisRun fix = runHillis(false, x, 8);
  EXPECT_EQ(std::vector<float>(fix.r.begin(), fix.r.begin() + 6), want);
  EXPECT_EQ(std::vector<float>(fix.r.begin() + 6, fix.r.end()), std::vector<float>(8, -1.0f));
}

TEST(HillisSteeleUnguardedListing, FixIsRightForManyLengthsAndWorkGroupSizes) {
  for (unsigned group : {1u, 3u, 8u, 32u, 33u, 128u, 1024u})
    for (size_t n : {size_t{1}, size_t{group}, 2 * size_t{group} + 1}) {
      const std::vector<float> x = wholeNumbers(n, group * 11u + static_cast<unsigned>(n));
      std::vector<float> want = sectionScans(x, group);
      want.resize(n + group, -1.0f);
      EXPECT_EQ(firstDifference(runHillis(false, x, group).r, want), -1)
          << "group " << group << ", n " << n;
    }
}

}  // namespace
}  // namespace scanviz
