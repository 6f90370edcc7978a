// The textbook listings of kernels/listings/ run on a CUDA device (algorithm_listings_device.cu,
// compiled by nvcc), behind a plain C++ interface, so that the comparison with the recorded
// kernels (test_gpu_algorithm_listings.cpp, which captures through scanviz_core) needs no CUDA
// header.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::gpu_listings {

struct DeviceListing {
  std::string_view key;  // the algorithm's key (`scanviz list`)
  bool exclusive;        // it gives an exclusive result too (every listing gives the inclusive)
};

// The listings this runner launches.
const std::vector<DeviceListing>& deviceListings();

// The listing of `key` over x (add, int) in blocks of `block` threads: a block listing as the
// hierarchical driver runs it (its kernel over the sections, the same scan of the section sums,
// add_block_sums_kernel; segmented: the sections' totals and head flags, segment_carry_kernel), a
// single-pass one in one launch. `heads`: a segmented algorithm's head flags, one per element (1
// starts a segment). Throws std::runtime_error with CUDA's words when a launch or a copy fails,
// std::invalid_argument for a key it does not know or heads of another length.
std::vector<int> runOnDevice(std::string_view key, const std::vector<int>& x, unsigned block,
                             bool inclusive, const std::vector<uint8_t>& heads = {});

}  // namespace scanviz::gpu_listings
