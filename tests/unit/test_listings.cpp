// The textbook listings of kernels/listings/ in CUDA and C, compiled by the host compiler and run
// through cuda_host_shim.h (warps in turn, ascending; lanes in lockstep): each lesson's seed shows
// its flaw under the setup the lesson states, its fix is right against a sequential reference over
// many lengths and block sizes, and where the app's flawed variant runs the same mistake on the
// emulator, the listing gives what the app gives. The OpenCL listings: test_listings_opencl.cpp.
// tests/gpu/test_gpu_listings.cu runs the CUDA listings, compiled by nvcc, on a device.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "kernels/listings/chained_static_ids.cuh"
#include "kernels/listings/hierarchical_s_minus_one.cuh"
#include "kernels/listings/int_accumulator.cuh"
#include "kernels/listings/kogge_stone_one_barrier.cuh"
#include "kernels/listings/kogge_stone_unguarded_store.cuh"
#include "kernels/listings/neighbour_sum_serial.cuh"
#include "kernels/listings/snippets.h"
#include "tests/unit/listing_runner.h"

namespace scanviz {
namespace {

using testing::asDoubles;
using testing::firstDifference;
using testing::inChildProcess;
using testing::sectionScans;
using testing::SharedArray;
using testing::wholeNumbers;

const Lesson& lesson(std::string_view id) {
  const Lesson* l = findLesson(id);
  if (!l) throw std::logic_error("no lesson " + std::string(id));
  return *l;
}

// The output of the app's flawed variant (or fix) on the lesson's own setup, on the emulator.
std::vector<double> appOutput(std::string_view id, bool fixed) {
  return capture(lessonRequest(lesson(id), fixed, BackendChoice::Cpu)).trace.output;
}

std::vector<float> parseFloats(std::string_view text) {
  std::vector<float> v;
  for (double d : parseValues(std::string(text))) v.push_back(static_cast<float>(d));
  return v;
}

using ScanKernel = void (*)(float*, float*, int);

// Y of `kernel` over x in blocks of `block`, run in a child process; `ended` says what ended the
// child when it did not return (a crash, the time limit). Y has `slack` cells after it, holding
// `sentinel` unless the kernel writes there; all of it comes back.
std::vector<float> runScan(ScanKernel kernel, const std::vector<float>& x, unsigned block,
                           std::string& ended, size_t slack = 0, float sentinel = -1000.0f) {
  SharedArray<float> X(x.size()), Y(x.size() + slack, sentinel);
  std::copy(x.begin(), x.end(), X.data());
  const unsigned grid = static_cast<unsigned>((x.size() + block - 1) / block);
  ended = inChildProcess([&] {
    cuda_host_shim::launch(dim3(grid), dim3(block), kernel, X.data(), Y.data(),
                           static_cast<int>(x.size()));
  });
  return Y.slice(0, x.size() + slack);
}

// ---- kogge-stone-one-barrier ----------------------------------------------------------------

namespace ks = listings::kogge_stone_one_barrier;

// The old fix snippet (no `threadIdx.x >= stride` guard) reads XY[threadIdx.x - stride] with an
// unsigned index that wraps for the first threads: this test crashes on it ("killed by signal").
TEST(KoggeStoneOneBarrierListing, FixIsRightForManyLengthsAndBlockSizes) {
  for (unsigned block : {1u, 2u, 3u, 8u, 31u, 32u, 33u, 64u, 96u, 100u, 256u, 1024u})
    for (size_t n : {size_t{1}, size_t{block}, size_t{block} + 1, 3 * size_t{block} - 1}) {
      const std::vector<float> x = wholeNumbers(n, block * 7919u + static_cast<unsigned>(n));
      std::string ended;
      const std::vector<float> y = runScan(ks::fixed::Kogge_Stone_scan_kernel, x, block, ended);
      ASSERT_EQ(ended, "") << "block " << block << ", n " << n;
      EXPECT_EQ(firstDifference(y, sectionScans(x, block)), -1) << "block " << block << ", n " << n;
    }
}

// The lesson's setup: 64 ones in one block of 64. Warp 0 finishes the stride-1 iteration before
// warp 1 reads, so cell 32 adds cell 31 after it already holds x30 + x31: the first wrong cell.
// The emulator's flawed variant (warps ascending, readThenWrite) gives the same 64 values.
TEST(KoggeStoneOneBarrierListing, SeedRacesBetweenTheWarpsOfTheLessonsSetup) {
  ASSERT_EQ(lesson("kogge-stone-one-barrier").setup.flawedBlockSize, 64);
  const std::vector<float> x(64, 1.0f);
  std::string ended;
  const std::vector<float> seed = runScan(ks::seed::Kogge_Stone_scan_kernel, x, 64, ended);
  ASSERT_EQ(ended, "");
  EXPECT_EQ(firstDifference(seed, sectionScans(x, 64)), 32);
  EXPECT_GT(seed[32], 33.0f);
  EXPECT_EQ(asDoubles(seed), appOutput("kogge-stone-one-barrier", false));
  const std::vector<float> fix = runScan(ks::fixed::Kogge_Stone_scan_kernel, x, 64, ended);
  ASSERT_EQ(ended, "");
  EXPECT_EQ(firstDifference(fix, sectionScans(x, 64)), -1);
}

// "With a single warp it can never show": the lanes of a warp load before they store.
TEST(KoggeStoneOneBarrierListing, SeedIsRightInOneWarpAndWrongFromTheSecondWarpOn) {
  for (unsigned block : {2u, 8u, 32u, 33u, 64u, 128u, 256u}) {
    const std::vector<float> x = wholeNumbers(2 * size_t{block}, block);
    std::string ended;
    const std::vector<float> y = runScan(ks::seed::Kogge_Stone_scan_kernel, x, block, ended);
    ASSERT_EQ(ended, "");
    EXPECT_EQ(firstDifference(y, sectionScans(x, block)), block <= 32 ? -1 : 32)
        << "block " << block;
  }
}

// ---- kogge-stone-unguarded-store ------------------------------------------------------------

namespace us = listings::kogge_stone_unguarded_store;

// The lesson's setup: 6 elements in a block of 8. Inside Y both are right (and equal the app's);
// the seed writes Y[6] and Y[7], past the end, the fix leaves them alone.
TEST(KoggeStoneUnguardedStoreListing, SeedWritesPastTheEndOfYAndTheFixDoesNot) {
  const std::vector<float> x = {3, 1, 7, 0, 4, 1};
  std::string ended;
  const std::vector<float> seed = runScan(us::seed::Kogge_Stone_scan_kernel, x, 8, ended, 8);
  ASSERT_EQ(ended, "");
  const std::vector<float> want = sectionScans(x, 8);
  EXPECT_EQ(std::vector<float>(seed.begin(), seed.begin() + 6), want);
  EXPECT_EQ(asDoubles(std::vector<float>(seed.begin(), seed.begin() + 6)),
            appOutput("kogge-stone-unguarded-store", false));
  EXPECT_NE(seed[6], -1000.0f);
  EXPECT_NE(seed[7], -1000.0f);
  EXPECT_EQ(seed[8], -1000.0f);  // the block ends there
  const std::vector<float> fix = runScan(us::fixed::Kogge_Stone_scan_kernel, x, 8, ended, 8);
  ASSERT_EQ(ended, "");
  EXPECT_EQ(std::vector<float>(fix.begin(), fix.begin() + 6), want);
  EXPECT_EQ(std::vector<float>(fix.begin() + 6, fix.end()), std::vector<float>(8, -1000.0f));
}

TEST(KoggeStoneUnguardedStoreListing, FixIsRightAndStaysInsideYForManyLengthsAndBlockSizes) {
  for (unsigned block : {1u, 3u, 8u, 32u, 33u, 64u, 100u, 256u})
    for (size_t n : {size_t{1}, size_t{block} + 1, 2 * size_t{block} + 1, 5 * size_t{block}}) {
      const std::vector<float> x = wholeNumbers(n, block + 31u * static_cast<unsigned>(n));
      std::string ended;
      const std::vector<float> y =
          runScan(us::fixed::Kogge_Stone_scan_kernel, x, block, ended, block);
      ASSERT_EQ(ended, "");
      std::vector<float> want = sectionScans(x, block);
      want.resize(n + block, -1000.0f);
      EXPECT_EQ(firstDifference(y, want), -1) << "block " << block << ", n " << n;
    }
}

// ---- hierarchical-s-minus-one (and erratum en-dash-minus: kernel 1's block sum) -------------

namespace hs = listings::hierarchical_s_minus_one;
constexpr unsigned kSection = hs::kSectionSize;
constexpr float kBeforeS = 1000.0f;  // what lies before each level's S

// The seed's hierarchical scan, run as it describes: kernel 1 over the sections (Y and the totals
// S), the same scan of S, in place, then kernel 3 (`seedKernel3`: as printed). Each level's S has
// a section of slack either side, holding kBeforeS (a signed S[-1] would read it).
void hierarchicalScan(float* X, float* Y, int n, bool seedKernel3) {
  const unsigned sections = (static_cast<unsigned>(n) + kSection - 1) / kSection;
  std::vector<float> buffer(sections + 2 * kSection, kBeforeS);
  float* S = buffer.data() + kSection;
  cuda_host_shim::launch(dim3(sections), dim3(kSection), hs::scan_section_kernel, X, Y, S, n);
  if (sections == 1) return;
  hierarchicalScan(S, S, static_cast<int>(sections), seedKernel3);
  if (seedKernel3)
    cuda_host_shim::launch(dim3(sections), dim3(kSection), hs::seed::add_previous_sums_kernel, Y,
                           S);
  else
    cuda_host_shim::launch(dim3(sections), dim3(kSection), hs::fixed::add_previous_sums_kernel, Y,
                           S, n);
}

// Y and the section of slack after it; `ended` says what ended the child when it did not return.
std::vector<float> runHierarchical(const std::vector<float>& x, bool seedKernel3,
                                   std::string& ended) {
  SharedArray<float> X(x.size()), Y(x.size() + kSection, -1.0f);
  std::copy(x.begin(), x.end(), X.data());
  ended = inChildProcess(
      [&] { hierarchicalScan(X.data(), Y.data(), static_cast<int>(x.size()), seedKernel3); });
  return Y.slice(0, Y.size());
}

// The lesson's setup: 20 elements in sections of 8. Block 0 reads S[blockIdx.x-1] with an
// unsigned blockIdx.x: S[4294967295], 16 GiB past S, where nothing is mapped: the process faults.
// (The app's variant reads S[-1] instead, the word before S, to show a value.)
TEST(HierarchicalSMinusOneListing, SeedReadsFarPastSInBlockZeroAndTheFixIsRight) {
  ASSERT_EQ(kSection, 8u);
  const std::vector<float> x = parseFloats(lesson("hierarchical-s-minus-one").setup.input);
  ASSERT_EQ(x.size(), 20u);
  std::string ended;
  runHierarchical(x, true, ended);
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer catches the fault, reports it and exits with 1 (the sanitizer build).
  EXPECT_EQ(ended, "exited with 1");
#else
  EXPECT_EQ(ended, "killed by signal Segmentation fault");
#endif
  const std::vector<float> fix = runHierarchical(x, false, ended);
  ASSERT_EQ(ended, "");
  EXPECT_EQ(std::vector<float>(fix.begin(), fix.begin() + 20), sectionScans(x, x.size()));
  EXPECT_EQ(std::vector<float>(fix.begin() + 20, fix.end()), std::vector<float>(kSection, -1.0f));
}

TEST(HierarchicalSMinusOneListing, FixIsRightOverManyLengthsAndLevels) {
  for (size_t n : {1, 7, 8, 9, 20, 64, 65, 100, 511, 512, 513, 4099}) {
    const std::vector<float> x = wholeNumbers(n, static_cast<unsigned>(n));
    std::string ended;
    const std::vector<float> y = runHierarchical(x, false, ended);
    ASSERT_EQ(ended, "") << "n " << n;
    EXPECT_EQ(firstDifference(std::vector<float>(y.begin(), y.begin() + n), sectionScans(x, n)), -1)
        << "n " << n;
  }
}

// ---- chained-static-ids ----------------------------------------------------------------------

namespace cs = listings::chained_static_ids;

struct ChainedRun {
  std::vector<float> y;
  bool finished = false;
  long rounds = 0;
};

// The single-pass scan over x in blocks of `block`, launched as `o` says; flags[0] = 1,
// scan_value[0] = 0, the counter 0.
ChainedRun runChained(const std::vector<float>& x, unsigned block, bool seed,
                      cuda_host_shim::LaunchOptions o) {
  const unsigned grid = static_cast<unsigned>((x.size() + block - 1) / block);
  SharedArray<float> X(x.size()), Y(x.size()), scanValue(grid + 1);
  SharedArray<int> flags(grid + 1), counter(1), report(2);
  std::copy(x.begin(), x.end(), X.data());
  flags[0] = 1;
  const int n = static_cast<int>(x.size());
  const std::string ended = inChildProcess([&] {
    const cuda_host_shim::LaunchReport r =
        seed ? cuda_host_shim::launch(dim3(grid), dim3(block), o, cs::seed::stream_scan_kernel,
                                      X.data(), Y.data(), scanValue.data(), flags.data(), n)
             : cuda_host_shim::launch(dim3(grid), dim3(block), o, cs::fixed::stream_scan_kernel,
                                      X.data(), Y.data(), scanValue.data(), flags.data(), n,
                                      counter.data());
    report[0] = r.finished;
    report[1] = static_cast<int>(r.rounds);
  });
  EXPECT_EQ(ended, "");
  return {Y.slice(0, x.size()), report[0] != 0, report[1]};
}

// The lesson's setup: 16 elements in blocks of 2, launched in descending order, 2 resident. The
// two resident blocks wait for blocks that never start: the launch stalls. The fix finishes in
// a small part of the same budget, right.
TEST(ChainedStaticIdsListing, SeedStallsInTheLessonsScheduleAndTheFixFinishes) {
  const LessonSetup& s = lesson("chained-static-ids").setup;
  ASSERT_EQ(s.launchOrder, LaunchOrder::Descending);
  const cuda_host_shim::LaunchOptions o{.residentBlocks = static_cast<unsigned>(s.residentBlocks),
                                        .descendingLaunch = true,
                                        .stepBudget = 4000};
  const std::vector<float> x = {3, 1, 7, 0, 4, 1, 6, 3, 2, 5, 1, 4, 0, 2, 3, 1};
  const unsigned block = static_cast<unsigned>(s.flawedBlockSize);
  EXPECT_FALSE(runChained(x, block, true, o).finished);
  const ChainedRun fix = runChained(x, block, false, o);
  EXPECT_TRUE(fix.finished);
  EXPECT_LT(fix.rounds, o.stepBudget / 10);
  EXPECT_EQ(fix.y, sectionScans(x, x.size()));
  // In blockIdx order the static ids happen to work: the mistake lies in the schedule.
  const ChainedRun ascending = runChained(x, block, true, {.stepBudget = 4000});
  EXPECT_TRUE(ascending.finished);
  EXPECT_EQ(ascending.y, sectionScans(x, x.size()));
}

TEST(ChainedStaticIdsListing, FixIsRightForManyLengthsBlockSizesAndSchedules) {
  for (unsigned block : {1u, 2u, 32u, 33u, 64u, 256u})
    for (size_t n : {size_t{1}, size_t{block} + 3, 9 * size_t{block}})
      for (unsigned resident : {1u, 2u, 3u})
        for (bool descending : {false, true}) {
          const std::vector<float> x = wholeNumbers(n, block * 13u + static_cast<unsigned>(n));
          const ChainedRun r = runChained(
              x, block, false, {.residentBlocks = resident, .descendingLaunch = descending});
          EXPECT_TRUE(r.finished);
          EXPECT_EQ(firstDifference(r.y, sectionScans(x, n)), -1)
              << "block " << block << ", n " << n << ", resident " << resident;
        }
}

// ---- sequential-int-accumulator and serial-neighbour-sum (host code) ------------------------

std::vector<float> runningSums(const std::vector<float>& x) {
  std::vector<float> y(x.size());
  float sum = 0;
  for (size_t i = 0; i < x.size(); ++i) y[i] = sum += x[i];
  return y;
}

TEST(IntAccumulatorListing, SeedTruncatesFractionsAsTheAppsVariantAndTheFixDoesNot) {
  std::vector<float> x = parseFloats(lesson("sequential-int-accumulator").setup.input);
  std::vector<float> seed(x.size()), fix(x.size());
  listings::int_accumulator::seed::sequential_scan(x.data(), seed.data(),
                                                   static_cast<int>(x.size()));
  listings::int_accumulator::fixed::sequential_scan(x.data(), fix.data(),
                                                    static_cast<int>(x.size()));
  EXPECT_EQ(asDoubles(seed), appOutput("sequential-int-accumulator", false));
  EXPECT_NE(firstDifference(seed, runningSums(x)), -1);
  EXPECT_EQ(fix, runningSums(x));
  // With whole numbers nothing shows: how the mistake survives tests on integers.
  for (size_t n : {1, 2, 17, 1000}) {
    std::vector<float> w = wholeNumbers(n, static_cast<unsigned>(n)), y(n);
    listings::int_accumulator::seed::sequential_scan(w.data(), y.data(), static_cast<int>(n));
    EXPECT_EQ(y, runningSums(w)) << "n " << n;
  }
  for (size_t n : {1, 2, 17, 1000}) {
    std::vector<float> w = wholeNumbers(n, static_cast<unsigned>(n)), y(n);
    for (float& v : w) v += 0.25f;
    listings::int_accumulator::fixed::sequential_scan(w.data(), y.data(), static_cast<int>(n));
    EXPECT_EQ(y, runningSums(w)) << "n " << n;
  }
}

TEST(NeighbourSumSerialListing, SeedAddsNeighboursAsTheAppsVariantAndTheFixScans) {
  std::vector<int> x;
  for (double d : parseValues(std::string(lesson("serial-neighbour-sum").setup.input)))
    x.push_back(static_cast<int>(d));
  std::vector<int> seed(x.size()), fix(x.size());
  listings::neighbour_sum_serial::seed::Scan(x, seed);
  listings::neighbour_sum_serial::fixed::Scan(x, fix);
  EXPECT_EQ(asDoubles(seed), appOutput("serial-neighbour-sum", false));
  const std::vector<int> want = sectionScans(x, x.size());
  EXPECT_EQ(firstDifference(seed, want), 0);  // y_0 = 0 drops x_0
  EXPECT_EQ(seed[1], want[1]);                // right only at i = 1
  EXPECT_EQ(fix, want);
  for (size_t n : {1, 2, 3, 100, 4096}) {
    const std::vector<int> w = wholeNumbers<int>(n, static_cast<unsigned>(n));
    std::vector<int> y(n);
    listings::neighbour_sum_serial::fixed::Scan(w, y);
    EXPECT_EQ(y, sectionScans(w, n)) << "n " << n;
  }
}

// ---- what the lessons and errata show ---------------------------------------------------------

bool fromAListing(std::string_view shown) {
  for (const snippets::Snippet& s : snippets::kAll)
    if (s.text == shown) return true;
  return false;
}

// Every lesson's seed and fix lines are cut from a listing that the tests above (and the OpenCL
// ones) compile and run: none is text written beside the code.
TEST(Listings, EveryLessonShowsTheLinesOfAListing) {
  for (const Lesson& l : allLessons()) {
    EXPECT_TRUE(fromAListing(l.seedLines)) << l.id << ": seed lines";
    EXPECT_TRUE(fromAListing(l.fixLines)) << l.id << ": fix lines";
  }
}

// The errata that quote code: seed and correction from the listings, except the comment of
// local-size-seven, which is the seed's prose ("7") above the listing's corrected comment.
TEST(Listings, TheErrataThatQuoteCodeShowTheLinesOfAListing) {
  for (std::string_view id : {"up-sweep-bound", "kernel-name-hyphen", "en-dash-minus"}) {
    const Erratum* e = findErratum(id);
    ASSERT_NE(e, nullptr) << id;
    EXPECT_TRUE(fromAListing(e->seedText)) << id;
    EXPECT_TRUE(fromAListing(e->correction)) << id;
  }
  EXPECT_TRUE(fromAListing(findErratum("local-size-seven")->correction));
}

}  // namespace
}  // namespace scanviz
