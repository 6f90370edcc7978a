// Device memory for the launch code: an owning array whose every runtime call is checked.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "kernels/launch/cuda_check.cuh"

namespace scanviz {

// The memory pool (a cudaMemPool_t) this thread's DeviceArrays allocate from, null for cudaMalloc.
// Declared here and defined by the program that owns the pools (the application's
// RetainedDeviceMemory, app/core/backends/cuda_backend.cu), so that kernels/ names nothing of app/.
void* deviceArrayPoolOfThisThread();

// An owning device allocation of `count` elements. While the program holds a pool for this thread
// (the window's capture workers) it comes from that pool, ordered on the default stream like the
// kernels and copies that use it; elsewhere from cudaMalloc.
template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(size_t count) { allocate(count); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { release(); }

  void allocate(size_t count) {
    release();
    count_ = count;
    if (!count) return;
    pooled_ = static_cast<cudaMemPool_t>(deviceArrayPoolOfThisThread());
    if (pooled_)
      cudaCheck(
          cudaMallocFromPoolAsync(reinterpret_cast<void**>(&ptr_), count * sizeof(T), pooled_, 0),
          "cudaMallocFromPoolAsync");
    else
      cudaCheck(cudaMalloc(&ptr_, count * sizeof(T)), "cudaMalloc");
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
  void release() {
    if (ptr_ && pooled_)
      cudaFreeAsync(ptr_, 0);
    else
      cudaFree(ptr_);
    ptr_ = nullptr;
    pooled_ = nullptr;
  }

  T* ptr_ = nullptr;
  size_t count_ = 0;
  cudaMemPool_t pooled_ = nullptr;
};

}  // namespace scanviz
