// The CUDA backend. Built from cuda_backend.cu when the toolkit is found; otherwise from
// cuda_backend_absent.cpp, which reports that this build has no CUDA support.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

struct CudaStatus {
  bool available = false;
  std::string device;   // "NVIDIA H100 80GB HBM3"
  std::string message;  // "no CUDA device: <why>", in words a user can act on
  int smCount = 0;
  int computeMajor = 0;
  int computeMinor = 0;
  std::string driverVersion;
  std::string runtimeVersion;
};

// Probes once and caches: any error from the runtime (no driver: error 35) means "no GPU".
const CudaStatus& cudaStatus();

// The status message for a runtime error at start-up: what it means for the user (no driver, no
// GPU), that the CPU emulator runs instead and GPU traces still open, then CUDA's own words.
std::string noCudaDeviceMessage(int cudaError, const std::string& cudaText);

RunResult<int32_t> runOnCuda(const RunRequest& rq, const std::vector<int32_t>& input);
RunResult<float> runOnCuda(const RunRequest& rq, const std::vector<float>& input);

// While one lives, the device memory that captures on its thread allocate comes from a pool of
// its own that keeps what was freed (up to kRetainedBytes), so that the next capture of a similar
// size allocates nothing from the driver: cudaMalloc and cudaFree (which synchronises the device)
// are left out of a re-capture. The window's capture workers hold one each. Without CUDA, or before
// the first allocation, it holds nothing.
class RetainedDeviceMemory {
 public:
  static constexpr unsigned long long kRetainedBytes = 1ull << 30;
  RetainedDeviceMemory();
  ~RetainedDeviceMemory();
  RetainedDeviceMemory(const RetainedDeviceMemory&) = delete;
  RetainedDeviceMemory& operator=(const RetainedDeviceMemory&) = delete;

  // The pool of the RetainedDeviceMemory alive on this thread (a cudaMemPool_t), created on first
  // use; null when there is none, and where SCANVIZ_RETAIN_DEVICE_MEMORY=0 switches retention
  // off (to measure what it saves).
  static void* poolOfThisThread();

 private:
  void* pool_ = nullptr;
  RetainedDeviceMemory* outer_ = nullptr;
};

}  // namespace scanviz

namespace scanviz {

// CUB's DeviceScan on the same input: the production reference `verify` compares against.
std::vector<int32_t> cubScan(const std::vector<int32_t>& input, Operator op, bool exclusive);
std::vector<float> cubScan(const std::vector<float>& input, Operator op, bool exclusive);

}  // namespace scanviz

namespace scanviz {

// A device-resident, uninstrumented scan for benchmarks: the workspace (block sums of every
// level, tile status words...) is allocated once in the constructor, and each call only enqueues
// the kernels on the default stream — no copies, no allocation, no synchronisation — so that
// CUDA events around calls time exactly the kernels. Pointers are device pointers to n int32 or
// float32 values (as `dtype` says). Throws BackendError.
class DeviceScan {
 public:
  DeviceScan(const RunRequest& rq, DType dtype, long long n);
  ~DeviceScan();
  DeviceScan(const DeviceScan&) = delete;
  DeviceScan& operator=(const DeviceScan&) = delete;
  // deviceFlags: n head flags (1 byte each) for segmented-lookback; the other scans ignore them.
  void operator()(const void* deviceIn, void* deviceOut, const uint8_t* deviceFlags = nullptr);
  // Kernel launches per call (one per level per phase for hierarchical scans, one for
  // single-pass ones), for the benchmark table.
  int launchesPerCall() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace scanviz
