// What a DeviceScan holds: the enqueue function of one algorithm over preallocated workspace.
// Each backend file that owns kernels fills one (block-level/hierarchical in cuda_backend.cu,
// single-pass in cuda_single_pass.cu).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "app/core/backends/cuda_backend.h"

namespace scanviz {

struct DeviceScan::Impl {
  // (input, output, head flags): the flags are read by the segmented scans only.
  std::function<void(const void*, void*, const uint8_t*)> enqueue;
  int launches = 1;
  std::vector<std::shared_ptr<void>> workspace;  // device buffers kept alive with the plan
};

// Fills impl for a single-pass scheme (cuda_single_pass.cu).
void makeSinglePassDeviceScan(const RunRequest& rq, DType dtype, long long n,
                              DeviceScan::Impl& impl);

}  // namespace scanviz
