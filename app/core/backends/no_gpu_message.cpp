// What "no GPU" means for the user, in words: compiled in every build (with or without CUDA), so
// that the wording is tested on machines without a GPU, which are the ones that show it.
#include <string>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/no_gpu_message.h"

namespace scanviz {

namespace {
// The CUDA runtime's codes for the two ordinary cases (driver_types.h), spelled out here so that
// this file needs no CUDA header.
constexpr int kCudaErrorInsufficientDriver = 35;
constexpr int kCudaErrorNoDevice = 100;
}  // namespace

std::string noCudaDeviceMessage(int cudaError, const std::string& cudaText) {
  std::string why;
  if (cudaError == kCudaErrorInsufficientDriver)
    why = "this machine has no NVIDIA driver, or one too old for this build's CUDA runtime";
  else if (cudaError == kCudaErrorNoDevice)
    why = "the NVIDIA driver finds no GPU on this machine";
  else
    why = "the CUDA runtime could not start";
  return "no CUDA device: " + why +
         "; the CPU emulator runs the same kernels, and traces captured on a GPU open from files "
         "(CUDA error " +
         std::to_string(cudaError) + ": " + cudaText + ")";
}

std::string noGpuSummary() {
  return cudaStatus().available ? std::string()
                                : "no NVIDIA GPU answers: the CPU emulator runs the kernels";
}

}  // namespace scanviz
