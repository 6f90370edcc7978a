// The CUDA backend. Built from cuda_backend.cu when the toolkit is found; otherwise from
// cuda_backend_absent.cpp, which reports that this build has no CUDA support.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

struct CudaStatus {
  bool available = false;
  std::string device;   // "NVIDIA H100 80GB HBM3"
  std::string message;  // why it is not available, in words a user can act on
  int smCount = 0;
  int computeMajor = 0;
  int computeMinor = 0;
  std::string driverVersion;
  std::string runtimeVersion;
};

// Probes once and caches: any error from the runtime (no driver: error 35) means "no GPU".
const CudaStatus& cudaStatus();

RunResult<int32_t> runOnCuda(const RunRequest& rq, const std::vector<int32_t>& input);
RunResult<float> runOnCuda(const RunRequest& rq, const std::vector<float>& input);

}  // namespace scanviz

namespace scanviz {

// CUB's DeviceScan on the same input: the production reference `verify` compares against.
std::vector<int32_t> cubScan(const std::vector<int32_t>& input, Operator op, bool exclusive);
std::vector<float> cubScan(const std::vector<float>& input, Operator op, bool exclusive);

}  // namespace scanviz
