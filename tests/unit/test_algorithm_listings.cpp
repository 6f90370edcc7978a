// The algorithms' textbook listings (kernels/listings/, the code panel's default view), compiled
// by the host compiler and run through cuda_host_shim.h: each is right against the sequential
// reference (int inputs, exact) over many lengths and block sizes, a block listing scanning a
// longer input as scanviz's hierarchical driver does (its kernel, the same scan of the section
// sums, add_block_sums_kernel); and every step kind an algorithm's trace records has its lines
// in its listing. The segmented look-back runs here too, with random heads against the emulator's
// capture (the segmented block listings in test_segmented_listings.cpp);
// tests/gpu/test_gpu_algorithm_listings.cpp runs all of them on a device against the recorded
// kernels.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/algorithm_listing.h"
#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
// The listings keep the textbook's `i + blockDim.x < InputSize` (unsigned + int against int).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/blelloch.cuh"
#include "kernels/listings/blelloch_conflict_free.cuh"
#include "kernels/listings/brent_kung.cuh"
#include "kernels/listings/decoupled_lookback.cuh"
#include "kernels/listings/hierarchical.cuh"
#include "kernels/listings/hillis_steele.cuh"
#include "kernels/listings/kogge_stone.cuh"
#include "kernels/listings/kogge_stone_exclusive.cuh"
#include "kernels/listings/segmented_lookback.cuh"
#include "kernels/listings/sequential.cuh"
#include "kernels/listings/serial_lookback.cuh"
#include "kernels/listings/single_pass_chained.cuh"
#include "kernels/listings/three_phase.cuh"
#include "kernels/listings/warp_shuffle.cuh"
#pragma GCC diagnostic pop
#include "tests/unit/listing_runner.h"
#include "tests/unit/segmented_listing_support.h"

namespace scanviz {
namespace {

using testing::inChildProcess;
using testing::SharedArray;
using testing::wholeNumbers;
namespace sh = cuda_host_shim;

std::vector<int> reference(const std::vector<int>& x, bool exclusive) {
  const std::vector<double> y =
      referenceScan(std::vector<double>(x.begin(), x.end()), Operator::Add, exclusive);
  return std::vector<int>(y.begin(), y.end());
}

// ---- block listings: one section a block, longer inputs in levels --------------------------

struct BlockListing {
  std::string_view key;
  int elementsPerThread;  // a section is this many times the block
  bool exclusive;         // what the listing leaves (an Inclusive flag makes it inclusive)
  void (*launch)(unsigned grid, unsigned block, int* X, int* Y, int n, int* S, bool inclusive);
};

// The algorithms' listings are race-free (their outputs are checked here and on the GPU), so
// their lanes run one after the other: the same result as lockstep at a fraction of the cost.
constexpr sh::LaunchOptions kLanesInTurn{.lockstepLanes = false};

// The launch of a listing that only scans inclusively: the table's `inclusive` is not asked for.
template <auto kernel>
void inclusiveLaunch(unsigned grid, unsigned block, int* X, int* Y, int n, int* S, bool) {
  sh::launch(dim3(grid), dim3(block), kLanesInTurn, kernel, X, Y, n, S);
}

// The launch of a listing with an Inclusive flag (exclusive without it).
template <auto kernel>
void flaggedLaunch(unsigned grid, unsigned block, int* X, int* Y, int n, int* S, bool inclusive) {
  sh::launch(dim3(grid), dim3(block), kLanesInTurn, kernel, X, Y, n, S, inclusive);
}

const std::vector<BlockListing>& blockListings() {
  static const std::vector<BlockListing> kAll = {
      {"sequential", 1, false, inclusiveLaunch<listings::sequential::sequential_scan_kernel>},
      {"kogge-stone", 1, false, inclusiveLaunch<listings::kogge_stone::Kogge_Stone_scan_kernel>},
      {"kogge-stone-exclusive", 1, true,
       flaggedLaunch<listings::kogge_stone_exclusive::Kogge_Stone_exclusive_scan_kernel>},
      {"hillis-steele", 1, false,
       inclusiveLaunch<listings::hillis_steele::Hillis_Steele_scan_kernel>},
      {"brent-kung", 2, false, inclusiveLaunch<listings::brent_kung::Brent_Kung_scan_kernel>},
      {"blelloch", 2, true, flaggedLaunch<listings::blelloch::Blelloch_scan_kernel>},
      {"blelloch-conflict-free", 2, true,
       flaggedLaunch<listings::blelloch_conflict_free::Blelloch_conflict_free_scan_kernel>},
      {"three-phase", listings::three_phase::kCoarseFactor, false,
       inclusiveLaunch<listings::three_phase::three_phase_scan_kernel>},
      {"warp-shuffle", 1, false, inclusiveLaunch<listings::warp_shuffle::warp_shuffle_scan_kernel>},
  };
  return kAll;
}

// The hierarchical driver over a block listing: kernel 1 over the sections (their sums into S),
// the inclusive scan of S the same way, kernel 3. An exclusive listing's sections are exclusive
// and S inclusive, so kernel 3 adds the same S[b - 1] either way.
void scanLevels(const BlockListing& l, int* X, int* Y, int n, unsigned block, bool inclusive) {
  const int section = l.elementsPerThread * static_cast<int>(block);
  const unsigned sections = static_cast<unsigned>((n + section - 1) / section);
  std::vector<int> S(sections);
  l.launch(sections, block, X, Y, n, sections > 1 ? S.data() : nullptr, inclusive);
  if (sections == 1) return;
  scanLevels(l, S.data(), S.data(), static_cast<int>(sections), block, true);
  sh::launch(dim3(sections), dim3(block), kLanesInTurn,
             listings::add_block_sums::add_block_sums_kernel, Y, S.data(), n, section);
}

std::vector<int> runLevels(const BlockListing& l, const std::vector<int>& x, unsigned block,
                           bool inclusive, std::string& ended) {
  SharedArray<int> X(x.size()), Y(x.size(), -12345);
  std::copy(x.begin(), x.end(), X.data());
  ended = inChildProcess(
      [&] { scanLevels(l, X.data(), Y.data(), static_cast<int>(x.size()), block, inclusive); });
  return Y.slice(0, x.size());
}

std::vector<size_t> lengthsFor(int section) {
  const size_t s = static_cast<size_t>(section);
  std::set<size_t> n = {1, 7, 1025, 1031, s - 1, s + 1, 2 * s + 3};  // 1031: a prime
  n.erase(0);
  return {n.begin(), n.end()};
}

class BlockListingTest : public ::testing::TestWithParam<BlockListing> {};

TEST_P(BlockListingTest, RightForManyLengthsAndBlockSizes) {
  const BlockListing& l = GetParam();
  for (unsigned block = 2; block <= 1024; block *= 2)
    for (size_t n : lengthsFor(l.elementsPerThread * static_cast<int>(block)))
      for (bool inclusive : {true, false}) {
        if (!inclusive && !l.exclusive) continue;  // an inclusive listing has no exclusive form
        const std::vector<int> x = wholeNumbers<int>(n, block * 7919u + static_cast<unsigned>(n));
        std::string ended;
        const std::vector<int> y = runLevels(l, x, block, inclusive, ended);
        ASSERT_EQ(ended, "") << l.key << ", block " << block << ", n " << n;
        EXPECT_EQ(testing::firstDifference(y, reference(x, !inclusive)), -1)
            << l.key << ", block " << block << ", n " << n
            << (inclusive ? " inclusive" : " exclusive");
      }
}

INSTANTIATE_TEST_SUITE_P(Listings, BlockListingTest, ::testing::ValuesIn(blockListings()),
                         [](const auto& info) {
                           std::string name(info.param.key);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The hierarchical listing is the Brent-Kung kernel and kernel 3 in levels: deep inputs too.
TEST(HierarchicalAlgorithmListing, RightOverSeveralLevels) {
  const BlockListing& bk = blockListings()[4];
  ASSERT_EQ(bk.key, "brent-kung");
  for (unsigned block : {2u, 4u, 32u})
    for (size_t n : {size_t{1}, size_t{9}, size_t{97}, size_t{4099}, size_t{20011}}) {
      const std::vector<int> x = wholeNumbers<int>(n, block + static_cast<unsigned>(n));
      std::string ended;
      const std::vector<int> y = runLevels(bk, x, block, true, ended);
      ASSERT_EQ(ended, "") << "block " << block << ", n " << n;
      EXPECT_EQ(testing::firstDifference(y, reference(x, false)), -1)
          << "block " << block << ", n " << n;
    }
}

// ---- single-pass listings: one launch, tiles in any schedule ----------------------------------

enum class SinglePass { Chained, Decoupled, Serial };

int tileElementsPerThread(SinglePass s) {
  switch (s) {
    case SinglePass::Chained:
      return 2;
    case SinglePass::Decoupled:
      return listings::decoupled_lookback::kCoarseFactor;
    case SinglePass::Serial:
      return listings::serial_lookback::kCoarseFactor;
  }
  return 1;
}

struct SinglePassRun {
  std::vector<int> y;
  bool finished = false;
};

SinglePassRun runSinglePass(SinglePass s, const std::vector<int>& x, unsigned block,
                            sh::LaunchOptions o) {
  const int tile = tileElementsPerThread(s) * static_cast<int>(block);
  const unsigned tiles = static_cast<unsigned>((static_cast<int>(x.size()) + tile - 1) / tile);
  SharedArray<int> X(x.size()), Y(x.size(), -12345), flags(tiles + 1), values(tiles + 1),
      aggregate(tiles), prefix(tiles), counter(1), report(1);
  std::copy(x.begin(), x.end(), X.data());
  const int n = static_cast<int>(x.size());
  const std::string ended = inChildProcess([&] {
    sh::LaunchReport r;
    if (s == SinglePass::Chained) {
      flags[0] = 1;
      r = sh::launch(dim3(tiles), dim3(block), o, listings::single_pass_chained::stream_scan_kernel,
                     X.data(), Y.data(), n, flags.data(), static_cast<volatile int*>(values.data()),
                     counter.data());
    } else if (s == SinglePass::Decoupled) {
      r = sh::launch(dim3(tiles), dim3(block), o,
                     listings::decoupled_lookback::decoupled_lookback_scan_kernel, X.data(),
                     Y.data(), n, flags.data(), aggregate.data(), prefix.data(), counter.data());
    } else {
      r = sh::launch(dim3(tiles), dim3(block), o,
                     listings::serial_lookback::serial_lookback_scan_kernel, X.data(), Y.data(), n,
                     flags.data(), aggregate.data(), prefix.data(), counter.data());
    }
    report[0] = r.finished && !r.barrierMismatch;
  });
  EXPECT_EQ(ended, "");
  return {Y.slice(0, x.size()), report[0] != 0};
}

class SinglePassListingTest : public ::testing::TestWithParam<SinglePass> {};

TEST_P(SinglePassListingTest, RightForManyLengthsBlockSizesAndSchedules) {
  const SinglePass s = GetParam();
  for (unsigned block = 2; block <= 1024; block *= 2) {
    const size_t tile = static_cast<size_t>(tileElementsPerThread(s)) * block;
    std::set<size_t> lengths = {1, 1031, tile + 1, 5 * tile + 3};
    if (block <= 16) lengths.insert(40 * tile + 11);  // a long chain of tiles
    for (size_t n : lengths)
      for (auto [resident, descending] : {std::pair{1u, false}, std::pair{3u, true}}) {
        const std::vector<int> x = wholeNumbers<int>(n, block * 13u + static_cast<unsigned>(n));
        const SinglePassRun r = runSinglePass(
            s, x, block,
            {.residentBlocks = resident, .descendingLaunch = descending, .lockstepLanes = false});
        EXPECT_TRUE(r.finished) << "block " << block << ", n " << n;
        EXPECT_EQ(testing::firstDifference(r.y, reference(x, false)), -1)
            << "block " << block << ", n " << n << ", resident " << resident
            << (descending ? ", descending" : "");
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Listings, SinglePassListingTest,
                         ::testing::Values(SinglePass::Chained, SinglePass::Decoupled,
                                           SinglePass::Serial),
                         [](const auto& info) {
                           switch (info.param) {
                             case SinglePass::Chained:
                               return std::string("single_pass_chained");
                             case SinglePass::Decoupled:
                               return std::string("decoupled_lookback");
                             case SinglePass::Serial:
                               return std::string("serial_lookback");
                           }
                           return std::string();
                         });

// ---- the segmented look-back: as the single-pass listings, against the emulator ---------------
// (the segmented block listings run in test_segmented_listings.cpp)

using segmented_listings::describe;
using segmented_listings::expectScanviz;
using segmented_listings::headsOf;
using segmented_listings::inputOf;

SinglePassRun runSegmentedLookback(const std::vector<int>& x, const std::vector<uint8_t>& flags,
                                   unsigned block, bool exclusive, sh::LaunchOptions o) {
  const int tile = listings::segmented_lookback::kCoarseFactor * static_cast<int>(block);
  const int n = static_cast<int>(x.size());
  const unsigned tiles = static_cast<unsigned>((n + tile - 1) / tile);
  SharedArray<int> X(x.size()), Y(x.size(), -12345), status(tiles), aggregate(tiles), prefix(tiles),
      counter(1), report(1);
  SharedArray<unsigned char> F(x.size());
  std::copy(x.begin(), x.end(), X.data());
  std::copy(flags.begin(), flags.end(), F.data());
  const std::string ended = inChildProcess([&] {
    const sh::LaunchReport r = sh::launch(
        dim3(tiles), dim3(block), o, listings::segmented_lookback::segmented_lookback_scan_kernel,
        X.data(), F.data(), Y.data(), n, status.data(), aggregate.data(), prefix.data(),
        counter.data(), exclusive);
    report[0] = r.finished && !r.barrierMismatch;
  });
  EXPECT_EQ(ended, "");
  return {Y.slice(0, x.size()), report[0] != 0};
}

// Each kind of heads runs in both schedules: inclusive with one resident block in launch order,
// exclusive with three launched in descending order.
TEST(SegmentedLookbackListing, GivesWhatTheEmulatorGivesInBothSchedules) {
  constexpr std::string_view kKey = "segmented-lookback";
  for (unsigned block = 2; block <= 1024; block *= 2) {
    const size_t tile = static_cast<size_t>(listings::segmented_lookback::kCoarseFactor) * block;
    std::set<size_t> lengths = {1, 1025, tile + 1, 5 * tile + 3};
    if (block <= 128) lengths.insert({7, 1023, 1031});
    if (block <= 16) lengths.insert(40 * tile + 11);  // a long chain of tiles
    if (block == 2 || block == 32 || block == 1024) lengths.insert(segmented_listings::kLongInput);
    for (size_t n : lengths)
      for (const segmented_listings::Case& c :
           segmented_listings::casesFor(n == 5 * tile + 3, n == segmented_listings::kLongInput)) {
        const unsigned seed = block * 13u + static_cast<unsigned>(n);
        const std::vector<int> x = inputOf(n, seed);
        const std::vector<uint8_t> flags = headsOf(c.heads, n, static_cast<int>(tile), seed);
        const sh::LaunchOptions o = {.residentBlocks = c.exclusive ? 3u : 1u,
                                     .descendingLaunch = c.exclusive,
                                     .lockstepLanes = false};
        const std::string what = describe(kKey, block, n, c.heads, c.exclusive) +
                                 (c.exclusive ? ", 3 resident, descending" : "");
        const SinglePassRun r = runSegmentedLookback(x, flags, block, c.exclusive, o);
        EXPECT_TRUE(r.finished) << what;
        expectScanviz(kKey, r.y, x, flags, block, c.exclusive, what);
      }
  }
}

// ---- the table the code panel reads ------------------------------------------------------------

// Every algorithm of `scanviz list` has a listing, and every kind of step its trace records
// (captured on the emulator, inclusive and exclusive, one section and several, a segmented scan
// with random heads) has a non-empty range of the listing's lines.
TEST(AlgorithmListings, EveryAlgorithmsRecordedStepKindsHaveLinesInItsListing) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    const AlgorithmListing* l = findAlgorithmListing(a.key);
    ASSERT_NE(l, nullptr) << a.key << " has no listing in kernels/listings/";
    const std::vector<std::string> lines = listingLines(*l);
    EXPECT_EQ(static_cast<int>(lines.size()), l->lines) << a.key;
    std::set<int> kinds;
    for (int block : {2, 32, 256})
      for (long long n : {1ll, 8ll, 100ll, 3000ll})
        for (bool exclusive : {false, true}) {
          CaptureRequest rq;
          rq.algorithm = a.id;
          rq.backend = BackendChoice::Cpu;
          rq.input = generateInput(InputPattern::Random, n, 3, DType::Int32, Operator::Add);
          if (isSegmentedAlgorithm(a.id))
            rq.rows.flags = randomHeadFlags(static_cast<size_t>(n), 3);
          rq.blockSize = block;
          rq.exclusive = exclusive;
          for (const TraceStep& s : capture(rq).trace.steps) kinds.insert(s.kind);
        }
    ASSERT_FALSE(kinds.empty()) << a.key;
    for (int kind : kinds) {
      const ListingStep s = listingForStepKind(a.key, kind);
      const std::string name(stepKindName(static_cast<StepKind>(kind)));
      ASSERT_GE(s.firstLine, 0) << a.key << ": no lines for " << name << " (" << s.note << ")";
      EXPECT_LE(s.firstLine, s.lastLine) << a.key << ": " << name;
      EXPECT_LT(s.lastLine, l->lines) << a.key << ": " << name;
      bool code = false;
      for (int i = s.firstLine; i <= s.lastLine && i < l->lines; ++i)
        code |= lines[static_cast<size_t>(i)].find_first_not_of(' ') != std::string::npos;
      EXPECT_TRUE(code) << a.key << ": the lines of " << name << " are blank";
    }
  }
}

// A listing that names no algorithm is a part: some algorithm's listing shows it whole.
TEST(AlgorithmListings, EveryListingIsAnAlgorithmOrAPartOfOne) {
  for (const AlgorithmListing& l : algorithm_listings::kAll) {
    if (findAlgorithm(l.key)) continue;
    bool inserted = false;
    for (const AlgorithmListing& other : algorithm_listings::kAll)
      inserted |= other.key != l.key && findAlgorithm(other.key) &&
                  other.text.find(l.text) != std::string_view::npos;
    EXPECT_TRUE(inserted) << l.key << " is neither an algorithm nor shown by one";
  }
}

// The step lines of a listing are its own: Kogge-Stone's iterations are the loop with two
// barriers, and a kind the algorithm never records has none.
TEST(AlgorithmListings, KoggeStoneIterationsAreItsLoop) {
  const ListingStep s = listingForStepKind("kogge-stone", static_cast<int>(StepKind::KoggeStone));
  ASSERT_NE(s.listing, nullptr);
  const std::vector<std::string> lines = listingLines(*s.listing);
  ASSERT_GE(s.firstLine, 0);
  EXPECT_NE(lines[static_cast<size_t>(s.firstLine)].find("for (unsigned int stride = 1"),
            std::string::npos);
  EXPECT_EQ(lines[static_cast<size_t>(s.lastLine)], "    }");
  int barriers = 0;
  for (int i = s.firstLine; i <= s.lastLine; ++i)
    barriers += lines[static_cast<size_t>(i)].find("__syncthreads();") != std::string::npos;
  EXPECT_EQ(barriers, 2);
  const ListingStep none =
      listingForStepKind("kogge-stone", static_cast<int>(StepKind::BlellochDown));
  EXPECT_EQ(none.firstLine, -1);
  EXPECT_NE(none.note, "");
  EXPECT_EQ(listingForStepKind("no-such-algorithm", 0).listing, nullptr);
}

}  // namespace
}  // namespace scanviz
