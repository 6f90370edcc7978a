// Compiled instead of cuda_backend.cu when CMake found no CUDA toolkit (or SCANVIZ_CUDA=OFF):
// every request gets a message saying so, and `auto` falls back to the CPU emulator.
#include "app/core/backends/cuda_backend.h"

namespace scanviz {

const CudaStatus& cudaStatus() {
  static const CudaStatus s = [] {
    CudaStatus st;
    st.message =
        "no CUDA device: this build has no CUDA support (built with SCANVIZ_CUDA=OFF or "
        "without a CUDA toolkit)";
    return st;
  }();
  return s;
}

RetainedDeviceMemory::RetainedDeviceMemory() = default;
RetainedDeviceMemory::~RetainedDeviceMemory() = default;
void* RetainedDeviceMemory::poolOfThisThread() {
  return nullptr;
}

RunResult<int32_t> runOnCuda(const RunRequest&, const std::vector<int32_t>&) {
  throw BackendError(cudaStatus().message);
}
RunResult<float> runOnCuda(const RunRequest&, const std::vector<float>&) {
  throw BackendError(cudaStatus().message);
}

}  // namespace scanviz

namespace scanviz {

std::vector<int32_t> cubScan(const std::vector<int32_t>&, Operator, bool) {
  throw BackendError(cudaStatus().message);
}
std::vector<float> cubScan(const std::vector<float>&, Operator, bool) {
  throw BackendError(cudaStatus().message);
}

}  // namespace scanviz

namespace scanviz {

struct DeviceScan::Impl {};

DeviceScan::DeviceScan(const RunRequest&, DType, long long) {
  throw BackendError(cudaStatus().message);
}
DeviceScan::~DeviceScan() = default;
void DeviceScan::operator()(const void*, void*, const uint8_t*) {
  throw BackendError(cudaStatus().message);
}
int DeviceScan::launchesPerCall() const {
  return 0;
}

}  // namespace scanviz
