// The algorithms' textbook listings (kernels/listings/), compiled by nvcc and run on a device
// (algorithm_listings_device.cu), give what the recorded kernel gives: scanviz's own capture on
// the CUDA backend, for the same input and block size, over many lengths and every block size; a
// segmented one with the same head flags (random, dense and sparse). tests/unit/
// test_algorithm_listings.cpp and test_segmented_listings.cpp run the same listings on the host.
// Skipped where no CUDA device answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/algorithm_listing.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "tests/gpu/algorithm_listings_device.h"
#include "tests/gpu/gpu_test_support.h"

namespace scanviz {
namespace {

using gpu_listings::DeviceListing;

// The recorded kernel's output on the device: scanviz's capture on the CUDA backend (`heads`: a
// segmented scan's head flags, empty for none).
std::vector<int> recordedOutput(AlgorithmId id, const std::vector<double>& input,
                                const std::vector<uint8_t>& heads, int block, bool exclusive) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.backend = BackendChoice::Cuda;
  rq.input = input;
  rq.rows.flags = heads;
  rq.blockSize = block;
  rq.exclusive = exclusive;
  rq.limits.maxStoredValues = 1 << 20;  // the whole output
  const CaptureOutcome r = capture(rq);
  EXPECT_EQ(r.trace.meta.backend, "cuda");
  return std::vector<int>(r.trace.output.begin(), r.trace.output.end());
}

int firstDifference(const std::vector<int>& a, const std::vector<int>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return static_cast<int>(i);
  return a.size() == b.size() ? -1 : static_cast<int>(std::min(a.size(), b.size()));
}

class GpuAlgorithmListing : public ::testing::TestWithParam<DeviceListing> {};

TEST_P(GpuAlgorithmListing, GivesWhatTheRecordedKernelGives) {
  REQUIRE_GPU();
  const DeviceListing& l = GetParam();
  const std::optional<AlgorithmId> id = findAlgorithm(l.key);
  ASSERT_TRUE(id) << l.key;
  const bool segmented = isSegmentedAlgorithm(*id);
  for (int block = 2; block <= 1024; block *= 2)
    for (long long n : {1ll, 7ll, 1023ll, 1025ll, 1031ll, 65537ll, 300007ll})
      for (bool inclusive : {true, false}) {
        if (!inclusive && !l.exclusive) continue;
        const unsigned seed = static_cast<unsigned>(block + n);
        const std::vector<double> input =
            generateInput(InputPattern::Random, n, seed, DType::Int32, Operator::Add);
        const std::vector<int> x(input.begin(), input.end());
        // Dense heads for the inclusive scan, sparse ones (most sections and tiles without one)
        // for the exclusive.
        const std::vector<uint8_t> heads =
            segmented ? randomHeadFlags(static_cast<size_t>(n), seed, inclusive ? 5 : 20000)
                      : std::vector<uint8_t>{};
        const std::vector<int> listing =
            gpu_listings::runOnDevice(l.key, x, static_cast<unsigned>(block), inclusive, heads);
        const std::vector<int> recorded = recordedOutput(*id, input, heads, block, !inclusive);
        EXPECT_EQ(firstDifference(listing, recorded), -1)
            << l.key << ", block " << block << ", n " << n
            << (inclusive ? ", inclusive" : ", exclusive") << (segmented ? ", heads" : "");
      }
}

INSTANTIATE_TEST_SUITE_P(Listings, GpuAlgorithmListing,
                         ::testing::ValuesIn(gpu_listings::deviceListings()), [](const auto& info) {
                           std::string name(info.param.key);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The device runner launches every algorithm that has a listing.
TEST(GpuAlgorithmListings, EveryListedAlgorithmIsLaunched) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    if (!findAlgorithmListing(a.key)) continue;
    bool launched = false;
    for (const DeviceListing& l : gpu_listings::deviceListings()) launched |= l.key == a.key;
    EXPECT_TRUE(launched) << a.key << " has a listing that no GPU test runs";
  }
}

}  // namespace
}  // namespace scanviz
