// Compiled instead of bench_cuda.cu when the build has no CUDA (SCANVIZ_CUDA=OFF or no toolkit):
// the engine times the CPU instead, and asking for the GPU gets the reason in words.
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_measure.h"

namespace scanviz {

std::unique_ptr<SizeBench> makeCudaSizeBench(DType, long long, const SizeBenchInputs&) {
  throw BackendError(cudaStatus().message);
}

long long cudaL2Bytes() {
  return 0;
}

std::string cudaBenchDeviceNote() {
  return "";
}

BenchClocks cudaBenchClocks() {
  return {};
}

std::optional<LookbackTuning> cudaLookbackTuning(int) {
  return std::nullopt;
}

}  // namespace scanviz
