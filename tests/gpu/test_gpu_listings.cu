// The textbook listings of kernels/listings/, compiled by nvcc and run on a device: each lesson's
// seed shows its flaw where that is safe to show on a GPU, and its fix is right against a
// sequential reference over many lengths and block sizes. tests/unit/test_listings*.cpp run the
// same listings on the host. Run only where a CUDA device answers; elsewhere SKIPPED.
// Not run here, and why: the static-id chained scan's seed (blocks that wait for a block that
// never starts spin for ever; the host test shows the stall), the hierarchical scan's seed kernel
// 3 (block 0 reads S[4294967295], 16 GiB past S: an illegal address poisons the CUDA context;
// the host test shows the fault), and the host-code listings (the sequential scans), which the
// host tests run as they are.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/listings/chained_static_ids.cuh"
#include "kernels/listings/hierarchical_s_minus_one.cuh"
#include "kernels/listings/kogge_stone_one_barrier.cuh"
#include "kernels/listings/kogge_stone_unguarded_store.cuh"
#include "tests/unit/listing_runner.h"  // the host tests' inputs and references
// The OpenCL words are macros from here on.
#include "kernels/listings/blelloch_down_sweep_log2n.cuh"
#include "kernels/listings/hillis_steele_unguarded.cuh"
#include "kernels/listings/seed003_tile.cuh"

namespace {

using scanviz::testing::sectionScans;
using scanviz::testing::wholeNumbers;

#define REQUIRE_DEVICE()                                               \
  do {                                                                 \
    int devices = 0;                                                   \
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) { \
      cudaGetLastError();                                              \
      GTEST_SKIP() << "no CUDA device answers";                        \
    }                                                                  \
  } while (0)

// Device memory of n elements of T with `slack` elements either side, filled with `fill`, so that
// a listing that reads or writes a little past its array touches memory the test owns and sees.
template <class T>
class DeviceArray {
 public:
  DeviceArray(size_t n, size_t slack, T fill) : n_(n), slack_(slack) {
    if (cudaMalloc(&base_, sizeof(T) * (n + 2 * slack)) != cudaSuccess) base_ = nullptr;
    std::vector<T> host(n + 2 * slack, fill);
    if (base_) cudaMemcpy(base_, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice);
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { cudaFree(base_); }
  T* data() { return base_ + slack_; }
  void upload(const std::vector<T>& v) {
    cudaMemcpy(data(), v.data(), sizeof(T) * v.size(), cudaMemcpyHostToDevice);
  }
  // Everything, slack included: element i of the array is at slack() + i.
  std::vector<T> all() const {
    std::vector<T> v(n_ + 2 * slack_);
    cudaMemcpy(v.data(), base_, sizeof(T) * v.size(), cudaMemcpyDeviceToHost);
    return v;
  }
  std::vector<T> array() const {
    const std::vector<T> v = all();
    return std::vector<T>(v.begin() + slack_, v.begin() + slack_ + n_);
  }
  size_t slack() const { return slack_; }

 private:
  size_t n_, slack_;
  T* base_ = nullptr;
};

// The launch's error (a bad configuration), else the kernel's (an illegal address).
cudaError_t finished() {
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t run = cudaDeviceSynchronize();
  return launch != cudaSuccess ? launch : run;
}

template <class T>
std::vector<T> head(const std::vector<T>& v, size_t n) {
  return std::vector<T>(v.begin(), v.begin() + n);
}

template <class T>
int firstDifference(const std::vector<T>& a, const std::vector<T>& b, size_t from = 0,
                    size_t count = ~size_t{0}) {
  for (size_t i = from; i < a.size() && i < b.size() && i - from < count; ++i)
    if (a[i] != b[i]) return static_cast<int>(i - from);
  return -1;
}

using ScanKernel = void (*)(float*, float*, int);

// Y of `kernel` over x in blocks of `block`, and `slack` cells after Y (holding -1000 unless
// written), all of it.
std::vector<float> runScan(ScanKernel kernel, const std::vector<float>& x, unsigned block,
                           size_t slack = 0) {
  DeviceArray<float> X(x.size(), 0, 0.0f), Y(x.size() + slack, 0, -1000.0f);
  X.upload(x);
  const unsigned grid = static_cast<unsigned>((x.size() + block - 1) / block);
  kernel<<<grid, block>>>(X.data(), Y.data(), static_cast<int>(x.size()));
  EXPECT_EQ(finished(), cudaSuccess) << "block " << block << ", n " << x.size();
  return Y.array();
}

namespace ks = listings::kogge_stone_one_barrier;

TEST(GpuKoggeStoneOneBarrierListing, FixIsRightForManyLengthsAndBlockSizes) {
  REQUIRE_DEVICE();
  for (unsigned block : {1u, 2u, 3u, 8u, 31u, 32u, 33u, 64u, 96u, 100u, 256u, 1024u})
    for (size_t n : {size_t{1}, size_t{block}, size_t{block} + 1, 3 * size_t{block} - 1,
                     1000 * size_t{block} + 17}) {
      const std::vector<float> x = wholeNumbers(n, block * 7919u + static_cast<unsigned>(n));
      EXPECT_EQ(firstDifference(runScan(ks::fixed::Kogge_Stone_scan_kernel, x, block),
                                sectionScans(x, block)),
                -1)
          << "block " << block << ", n " << n;
    }
}

// docs/gpu-results.md (H100, 2026-11-24): with blocks of 256 threads, every one of 200 launches of
// 1024 sections of ones had wrong sections, each first wrong at a warp boundary. Here 20 launches:
// at least one section must be wrong, and every wrong section first at the first lane of a warp.
TEST(GpuKoggeStoneOneBarrierListing, SeedRacesBetweenWarpsAndTheFixDoesNot) {
  REQUIRE_DEVICE();
  const unsigned block = 256, sections = 1024;
  const std::vector<float> x(size_t{block} * sections, 1.0f);
  const std::vector<float> want = sectionScans(x, block);
  int wrongSections = 0;
  for (int launch = 0; launch < 20; ++launch) {
    const std::vector<float> seed = runScan(ks::seed::Kogge_Stone_scan_kernel, x, block);
    const std::vector<float> fix = runScan(ks::fixed::Kogge_Stone_scan_kernel, x, block);
    ASSERT_EQ(firstDifference(fix, want), -1) << "launch " << launch;
    for (unsigned s = 0; s < sections; ++s) {
      const int cell = firstDifference(seed, want, size_t{s} * block, block);
      if (cell < 0) continue;
      ++wrongSections;
      EXPECT_EQ(cell % 32, 0) << "section " << s << " first wrong at cell " << cell;
      EXPECT_GT(cell, 0);
    }
  }
  EXPECT_GT(wrongSections, 0) << "the race never showed in 20 launches of 1024 sections";
}

// ---- kogge-stone-unguarded-store -------------------------------------------------------------

namespace us = listings::kogge_stone_unguarded_store;

TEST(GpuKoggeStoneUnguardedStoreListing, SeedWritesPastTheEndOfYAndTheFixDoesNot) {
  REQUIRE_DEVICE();
  const std::vector<float> x = {3, 1, 7, 0, 4, 1};
  const std::vector<float> want = sectionScans(x, 8);
  const std::vector<float> seed = runScan(us::seed::Kogge_Stone_scan_kernel, x, 8, 8);
  EXPECT_EQ(head(seed, 6), want);
  EXPECT_NE(seed[6], -1000.0f);
  EXPECT_NE(seed[7], -1000.0f);
  EXPECT_EQ(seed[8], -1000.0f);
  const std::vector<float> fix = runScan(us::fixed::Kogge_Stone_scan_kernel, x, 8, 8);
  EXPECT_EQ(head(fix, 6), want);
  EXPECT_EQ(std::vector<float>(fix.begin() + 6, fix.end()), std::vector<float>(8, -1000.0f));
  for (unsigned block : {1u, 3u, 32u, 33u, 256u, 1024u})
    for (size_t n : {size_t{1}, size_t{block} + 1, 100 * size_t{block} + 7}) {
      const std::vector<float> w = wholeNumbers(n, block + 31u * static_cast<unsigned>(n));
      std::vector<float> expected = sectionScans(w, block);
      expected.resize(n + block, -1000.0f);
      EXPECT_EQ(
          firstDifference(runScan(us::fixed::Kogge_Stone_scan_kernel, w, block, block), expected),
          -1)
          << "block " << block << ", n " << n;
    }
}

// ---- hierarchical-s-minus-one --------------------------------------------------------------

namespace hs = listings::hierarchical_s_minus_one;
constexpr unsigned kSection = hs::kSectionSize;

// Kernel 1 over the sections, the same scan of S in place, then kernel 3 (the fix; the seed's is
// only run on the host); S with a section of slack either side.
void hierarchicalScan(float* X, float* Y, int n, bool seedKernel3) {
  const unsigned sections = (static_cast<unsigned>(n) + kSection - 1) / kSection;
  DeviceArray<float> S(sections, kSection, 1000.0f);
  hs::scan_section_kernel<<<sections, kSection>>>(X, Y, S.data(), n);
  if (sections > 1) {
    hierarchicalScan(S.data(), S.data(), static_cast<int>(sections), seedKernel3);
    if (seedKernel3)
      hs::seed::add_previous_sums_kernel<<<sections, kSection>>>(Y, S.data());
    else
      hs::fixed::add_previous_sums_kernel<<<sections, kSection>>>(Y, S.data(), n);
  }
  EXPECT_EQ(finished(), cudaSuccess) << "n " << n;
}

std::vector<float> runHierarchical(const std::vector<float>& x, bool seedKernel3) {
  DeviceArray<float> X(x.size(), 0, 0.0f), Y(x.size() + kSection, 0, -1.0f);
  X.upload(x);
  hierarchicalScan(X.data(), Y.data(), static_cast<int>(x.size()), seedKernel3);
  return Y.array();
}

TEST(GpuHierarchicalSMinusOneListing, FixIsRightOverManyLengthsAndLevels) {
  REQUIRE_DEVICE();
  for (size_t n : {1, 8, 9, 20, 513, 4099, 300000}) {
    const std::vector<float> w = wholeNumbers(n, static_cast<unsigned>(n));
    const std::vector<float> y = runHierarchical(w, false);
    EXPECT_EQ(firstDifference(head(y, n), sectionScans(w, n)), -1) << "n " << n;
    EXPECT_EQ(std::vector<float>(y.begin() + n, y.end()), std::vector<float>(kSection, -1.0f));
  }
}

// ---- chained-static-ids (the fix only: see the top of the file) ------------------------------

namespace cs = listings::chained_static_ids;

TEST(GpuChainedStaticIdsListing, FixIsRightForManyLengthsAndBlockSizes) {
  REQUIRE_DEVICE();
  for (unsigned block : {1u, 2u, 32u, 33u, 256u, 1024u})
    for (size_t n : {size_t{1}, size_t{block} + 3, 2000 * size_t{block} + 5}) {
      const unsigned grid = static_cast<unsigned>((n + block - 1) / block);
      const std::vector<float> x = wholeNumbers(n, block * 13u + static_cast<unsigned>(n));
      DeviceArray<float> X(n, 0, 0.0f), Y(n, 0, 0.0f), scanValue(grid + 1, 0, 0.0f);
      DeviceArray<int> flags(grid + 1, 0, 0), counter(1, 0, 0);
      X.upload(x);
      flags.upload({1});
      cs::fixed::stream_scan_kernel<<<grid, block>>>(
          X.data(), Y.data(), scanValue.data(), flags.data(), static_cast<int>(n), counter.data());
      ASSERT_EQ(finished(), cudaSuccess) << "block " << block << ", n " << n;
      EXPECT_EQ(firstDifference(Y.array(), sectionScans(x, n)), -1)
          << "block " << block << ", n " << n;
    }
}

// ---- seed 003's tile kernel: blelloch-early-return, blelloch-offset-times-four ---------------

namespace er = listings::seed003_tile::early_return;
namespace ot = listings::seed003_tile::offset_times_four;

using TileKernel = void (*)(int*, int*, int);

std::vector<int> runTiles(TileKernel kernel, const std::vector<int>& x, unsigned group) {
  const unsigned tiles = static_cast<unsigned>((x.size() + group - 1) / group);
  DeviceArray<int> data(x.size(), 0, 0), sums(tiles, 0, 0);
  data.upload(x);
  kernel<<<tiles, group>>>(data.data(), sums.data(), static_cast<int>(x.size()));
  EXPECT_EQ(finished(), cudaSuccess) << "group " << group << ", n " << x.size();
  return data.array();
}

// A barrier not every thread reaches: on an H100 it never hung (docs/gpu-results.md,
// 2026-11-24) and gave the exclusive scan plus the tile's total with 1000 for each slot never
// loaded, as the host test finds. ctest's TIMEOUT bounds it should a device hang.
TEST(GpuBlellochEarlyReturnListing, SeedAddsTheUnclearedRootAndTheFixIsRight) {
  REQUIRE_DEVICE();
  for (auto [n, group] : {std::pair{6, 8u}, std::pair{40, 64u}}) {
    std::vector<int> x(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) x[static_cast<size_t>(i)] = i + 1;
    const int constant = n * (n + 1) / 2 + 1000 * (static_cast<int>(group) - n);
    const std::vector<int> want = sectionScans(x, x.size(), true);
    const std::vector<int> seed = runTiles(er::seed::scan_tile_kernel, x, group);
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(seed[i], want[i] + constant) << i;
    EXPECT_EQ(runTiles(er::fixed::scan_tile_kernel, x, group), want);
  }
  for (unsigned group : {1u, 2u, 32u, 64u, 1024u})
    for (size_t n : {size_t{1}, size_t{group} + 1, 500 * size_t{group} - 1}) {
      const std::vector<int> w = wholeNumbers<int>(n, group + 3u * static_cast<unsigned>(n));
      EXPECT_EQ(firstDifference(runTiles(er::fixed::scan_tile_kernel, w, group),
                                sectionScans(w, group, true)),
                -1)
          << "group " << group << ", n " << n;
    }
}

TEST(GpuBlellochOffsetTimesFourListing, SeedSkipsTreeLevelsAndTheFixDoesNot) {
  REQUIRE_DEVICE();
  const std::vector<int> x = {3, 1, 7, 0, 4, 1, 6, 3};
  // The app's emulator and the host test give this (docs/gpu-results.md: the H100 too).
  EXPECT_EQ(runTiles(ot::seed::scan_tile_kernel, x, 8),
            (std::vector<int>{0, 3, 4, 11, 7, 11, 12, 18}));
  for (unsigned group : {2u, 8u, 64u, 1024u}) {
    const std::vector<int> w = wholeNumbers<int>(300 * size_t{group} + 1, group);
    EXPECT_EQ(runTiles(ot::fixed::scan_tile_kernel, w, group), sectionScans(w, group, true))
        << "group " << group;
  }
}

// ---- blelloch-down-sweep-log2n, up-sweep-bound (seed 003's pseudo-code as code) --------------

namespace ds = listings::blelloch_down_sweep_log2n;

using PseudoKernel = void (*)(int*, int);

std::vector<int> runPseudo(PseudoKernel kernel, const std::vector<int>& x, unsigned group) {
  const unsigned tiles = static_cast<unsigned>((x.size() + group - 1) / group);
  DeviceArray<int> data(x.size(), 0, 0);
  data.upload(x);
  kernel<<<tiles, group>>>(data.data(), static_cast<int>(x.size()));
  EXPECT_EQ(finished(), cudaSuccess) << "group " << group;
  return data.array();
}

TEST(GpuBlellochDownSweepLog2NListing, SeedAddsWhatLiesPastTheArrayAndTheFixIsRight) {
  REQUIRE_DEVICE();
  const std::vector<int> x = {3, 1, 7, 0, 4, 1, 6, 3};
  const std::vector<int> want = sectionScans(x, 8, true);
  const std::vector<int> seed = runPseudo(ds::seed::scan_tile_kernel, x, 8);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(seed[i], want[i] - 559038737) << i;
  for (unsigned group = 2; group <= 1024; group *= 2) {
    const std::vector<int> w = wholeNumbers<int>(200 * size_t{group} - 1, group);
    const std::vector<int> expected = sectionScans(w, group, true);
    EXPECT_EQ(runPseudo(ds::fixed::scan_tile_kernel, w, group), expected) << "group " << group;
    EXPECT_EQ(runPseudo(ds::up_sweep_as_printed::scan_tile_kernel, w, group), expected)
        << "group " << group;
  }
}

// ---- hillis-steele-unguarded -------------------------------------------------------------

namespace hsu = listings::hillis_steele_unguarded;

// r and a work-group of slack after it (-1 unless written); a has the same slack, holding 1000.
std::vector<float> runHillis(bool seed, const std::vector<float>& x, unsigned group) {
  const unsigned groups = static_cast<unsigned>((x.size() + group - 1) / group);
  DeviceArray<float> a(x.size() + group, 0, 1000.0f), r(x.size() + group, 0, -1.0f);
  a.upload(x);
  if (seed)
    hsu::seed::scan_kernel<<<groups, group>>>(a.data(), r.data());
  else
    hsu::fixed::scan_kernel<<<groups, group>>>(a.data(), r.data(), static_cast<unsigned>(x.size()));
  EXPECT_EQ(finished(), cudaSuccess) << "group " << group;
  return r.array();
}

TEST(GpuHillisSteeleUnguardedListing, SeedReadsAndWritesPastTheArraysAndTheFixDoesNot) {
  REQUIRE_DEVICE();
  const std::vector<float> x = {3, 1, 7, 0, 4, 1};
  const std::vector<float> want = sectionScans(x, x.size());
  const std::vector<float> seed = runHillis(true, x, 8);
  EXPECT_EQ(head(seed, 6), want);
  EXPECT_EQ(seed[6], want[5] + 1000.0f);
  EXPECT_EQ(seed[7], want[5] + 2000.0f);
  const std::vector<float> fix = runHillis(false, x, 8);
  EXPECT_EQ(head(fix, 6), want);
  EXPECT_EQ(std::vector<float>(fix.begin() + 6, fix.end()), std::vector<float>(8, -1.0f));
  for (unsigned group : {1u, 3u, 32u, 33u, 1024u})
    for (size_t n : {size_t{1}, 300 * size_t{group} + 1}) {
      const std::vector<float> w = wholeNumbers(n, group * 11u + static_cast<unsigned>(n));
      std::vector<float> expected = sectionScans(w, group);
      expected.resize(n + group, -1.0f);
      EXPECT_EQ(firstDifference(runHillis(false, w, group), expected), -1)
          << "group " << group << ", n " << n;
    }
}

}  // namespace
