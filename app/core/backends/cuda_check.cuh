// Error handling and device memory for the CUDA backend: every runtime call is checked and a
// failure becomes a BackendError the UI and CLI can show, never an abort.
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

inline void cudaCheck(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw BackendError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(err));
}

// Checks the launch itself and, when `sync` is set, the kernel's execution.
inline void cudaCheckLaunch(const char* kernel, bool sync) {
  cudaCheck(cudaGetLastError(), kernel);
  if (sync) cudaCheck(cudaDeviceSynchronize(), kernel);
}

// An owning device allocation of `count` elements.
template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(size_t count) { allocate(count); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { cudaFree(ptr_); }

  void allocate(size_t count) {
    cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = count;
    if (count) cudaCheck(cudaMalloc(&ptr_, count * sizeof(T)), "cudaMalloc");
  }
  void upload(const T* src, size_t count) {
    cudaCheck(cudaMemcpy(ptr_, src, count * sizeof(T), cudaMemcpyHostToDevice), "copy to device");
  }
  void download(T* dst, size_t count) const {
    cudaCheck(cudaMemcpy(dst, ptr_, count * sizeof(T), cudaMemcpyDeviceToHost), "copy to host");
  }
  std::vector<T> toHost() const {
    std::vector<T> v(count_);
    download(v.data(), count_);
    return v;
  }
  void zero() {
    if (count_) cudaCheck(cudaMemset(ptr_, 0, count_ * sizeof(T)), "cudaMemset");
  }
  T* get() const { return ptr_; }
  size_t size() const { return count_; }

 private:
  T* ptr_ = nullptr;
  size_t count_ = 0;
};

}  // namespace scanviz
