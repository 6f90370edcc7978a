// Error handling of the CUDA runtime for the launch code: every runtime call is checked and a
// failure becomes a BackendError the window and the CLI can show, never an abort.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "kernels/launch/backend_error.h"

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

// Above 48 KB a block's dynamic shared memory must be asked for; below it this changes nothing,
// so the call is skipped.
template <class Kernel>
void raiseSharedMemoryLimit(Kernel kernel, size_t bytes, const char* what) {
  if (bytes > 48 * 1024)
    cudaCheck(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(bytes)),
              what);
}

// The blocks of `kernel` that fit on one SM at `threads` threads and `sharedBytes` of dynamic
// shared memory, the kernel's limit raised to that first (above 48 KB it must be asked for; below
// it this changes nothing). `what` names the kernel in an error.
template <class Kernel>
int residentBlocksPerSm(Kernel kernel, int threads, size_t sharedBytes, const std::string& what) {
  cudaCheck(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(sharedBytes)),
            ("raise the " + what + "'s shared-memory limit").c_str());
  int perSm = 0;
  cudaCheck(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, sharedBytes),
            (what + " occupancy").c_str());
  return perSm;
}

}  // namespace scanviz
