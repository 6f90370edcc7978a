// The segmented block algorithms' textbook listings (kernels/listings/segmented_kogge_stone.cuh,
// segmented_blelloch.cuh, segmented_hierarchical.cuh), compiled by the host compiler and run
// through cuda_host_shim.h, give what scanviz's own emulator capture of the same algorithm gives
// (and the sequential segmented scan): int inputs with random segment heads (dense; sparse, most
// sections without one and element 0 none either), no head at all and a head at every element;
// inclusive and exclusive; many lengths up to 65537 and every block size 2..1024. A listing scans
// an input longer than its section as the segmented hierarchical driver does (its kernel over the
// sections, each leaving its total and whether it holds a head; the same scan of those,
// inclusive; segment_carry_kernel). The segmented look-back listing runs in
// test_algorithm_listings.cpp (it looks back with decoupled_lookback.cuh's code, which only one
// file of the binary may include); that file also checks that the listings' lines cover every
// step kind the traces record. tests/gpu/test_gpu_algorithm_listings.cpp runs them on a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

// The listings keep the textbook's `i + blockDim.x < InputSize` (unsigned + int against int).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "kernels/listings/segment_carry.cuh"
#include "kernels/listings/segmented_blelloch.cuh"
#include "kernels/listings/segmented_hierarchical.cuh"
#include "kernels/listings/segmented_kogge_stone.cuh"
#pragma GCC diagnostic pop
#include "tests/unit/listing_runner.h"
#include "tests/unit/segmented_listing_support.h"

namespace scanviz {
namespace {

using namespace segmented_listings;
using testing::inChildProcess;
using testing::SharedArray;
namespace sh = cuda_host_shim;

// The listings are race-free, so their lanes run one after the other (as in
// test_algorithm_listings.cpp).
constexpr sh::LaunchOptions kLanesInTurn{.lockstepLanes = false};

// ---- block listings: one section a block, longer inputs in levels --------------------------

struct SegmentedBlockListing {
  std::string_view key;
  int elementsPerThread;  // a section is this many times the block
  void (*launch)(unsigned grid, unsigned block, int* X, unsigned char* F, int* Y, int n, int* S,
                 unsigned char* SF, bool exclusive);
};

void launchSegmentedBlelloch(unsigned g, unsigned b, int* X, unsigned char* F, int* Y, int n,
                             int* S, unsigned char* SF, bool exclusive) {
  sh::launch(dim3(g), dim3(b), kLanesInTurn,
             listings::segmented_blelloch::Segmented_Blelloch_scan_kernel, X, F, Y, n, S, SF,
             !exclusive);
}

const std::vector<SegmentedBlockListing>& segmentedBlockListings() {
  namespace l = ::listings;
  static const std::vector<SegmentedBlockListing> kAll = {
      {"segmented-kogge-stone", 1,
       [](unsigned g, unsigned b, int* X, unsigned char* F, int* Y, int n, int* S,
          unsigned char* SF, bool exclusive) {
         sh::launch(dim3(g), dim3(b), kLanesInTurn,
                    l::segmented_kogge_stone::Segmented_Kogge_Stone_scan_kernel, X, F, Y, n, S, SF,
                    exclusive);
       }},
      {"segmented-blelloch", 2, launchSegmentedBlelloch},
      // The segmented hierarchical listing is the segmented Blelloch kernel and kernel 3.
      {"segmented-hierarchical", 2, launchSegmentedBlelloch},
  };
  return kAll;
}

// The segmented hierarchical driver over a block listing: kernel 1 over the sections (their
// totals into S, whether each holds a head into SF), the inclusive scan of (S, SF) the same way,
// kernel 3 with this level's flags.
void scanLevels(const SegmentedBlockListing& l, int* X, unsigned char* F, int* Y, int n,
                unsigned block, bool exclusive) {
  const int section = l.elementsPerThread * static_cast<int>(block);
  const unsigned sections = static_cast<unsigned>((n + section - 1) / section);
  std::vector<int> S(sections);
  std::vector<unsigned char> SF(sections);
  l.launch(sections, block, X, F, Y, n, sections > 1 ? S.data() : nullptr, SF.data(), exclusive);
  if (sections == 1) return;
  scanLevels(l, S.data(), SF.data(), S.data(), static_cast<int>(sections), block, false);
  sh::launch(dim3(sections), dim3(block), kLanesInTurn,
             listings::segment_carry::segment_carry_kernel, Y, F, S.data(), n, section);
}

std::vector<int> runLevels(const SegmentedBlockListing& l, const std::vector<int>& x,
                           const std::vector<uint8_t>& flags, unsigned block, bool exclusive,
                           std::string& ended) {
  SharedArray<int> X(x.size()), Y(x.size(), -12345);
  SharedArray<unsigned char> F(x.size());
  std::copy(x.begin(), x.end(), X.data());
  std::copy(flags.begin(), flags.end(), F.data());
  ended = inChildProcess([&] {
    scanLevels(l, X.data(), F.data(), Y.data(), static_cast<int>(x.size()), block, exclusive);
  });
  return Y.slice(0, x.size());
}

// Around one and two sections, 1023, 1025 and primes (1031, 4099, 65537); fewer lengths within
// one section where blocks are large (their threads take the time), the long input at one.
std::vector<size_t> lengthsFor(size_t section, unsigned block) {
  std::set<size_t> n = {1, 1025, section - 1, section + 1, 2 * section + 3};
  if (block <= 128) n.insert({7, 1023, 1031});
  if (block <= 64) n.insert(4099);
  if (block == 8) n.insert(kLongInput);  // Kogge-Stone: six levels of sections
  n.erase(0);
  return {n.begin(), n.end()};
}

class SegmentedBlockListingTest : public ::testing::TestWithParam<SegmentedBlockListing> {};

TEST_P(SegmentedBlockListingTest, GivesWhatTheEmulatorGives) {
  const SegmentedBlockListing& l = GetParam();
  for (unsigned block = 2; block <= 1024; block *= 2) {
    const size_t section = static_cast<size_t>(l.elementsPerThread) * block;
    for (size_t n : lengthsFor(section, block))
      for (const Case& c : casesFor(n == 2 * section + 3, n == kLongInput)) {
        const unsigned seed = block * 7919u + static_cast<unsigned>(n);
        const std::vector<int> x = inputOf(n, seed);
        const std::vector<uint8_t> flags = headsOf(c.heads, n, static_cast<int>(section), seed);
        const std::string what = describe(l.key, block, n, c.heads, c.exclusive);
        std::string ended;
        const std::vector<int> y = runLevels(l, x, flags, block, c.exclusive, ended);
        ASSERT_EQ(ended, "") << what;
        expectScanviz(l.key, y, x, flags, block, c.exclusive, what);
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Listings, SegmentedBlockListingTest,
                         ::testing::ValuesIn(segmentedBlockListings()), [](const auto& info) {
                           std::string name(info.param.key);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace scanviz
