// The race roulette's GPU side (cuda_race_roulette.h): the flawed kernel as the lesson has it,
// uninstrumented, one block a section.
#include <cuda_runtime.h>

#include <string>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/cuda_race_roulette.h"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/launch/backend_error.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"

namespace scanviz {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw BackendError(std::string("race roulette on the GPU: ") + what + ": " +
                       cudaGetErrorString(e));
}

__global__ void oneBarrierSections(const int32_t* in, int32_t* out, int n) {
  extern __shared__ unsigned char bytes[];
  int32_t* xy = reinterpret_cast<int32_t*>(bytes);
  NullRecorder rec;
  GpuBlockExec<int32_t, NullRecorder> ex(Operator::Add, rec);
  const int section = KoggeStoneOneBarrierScan::sectionSize(static_cast<int>(blockDim.x));
  SectionIO<int32_t> io;
  io.in = in + static_cast<long long>(blockIdx.x) * section;
  io.out = out + static_cast<long long>(blockIdx.x) * section;
  io.n = min(section, n - static_cast<int>(blockIdx.x) * section);
  KoggeStoneOneBarrierScan::run(ex, xy, io);
}

// Device arrays freed on every path out, exceptions included.
struct DeviceInts {
  int32_t* p = nullptr;
  explicit DeviceInts(size_t n) { check(cudaMalloc(&p, n * sizeof(int32_t)), "cudaMalloc"); }
  ~DeviceInts() { cudaFree(p); }
  DeviceInts(const DeviceInts&) = delete;
  DeviceInts& operator=(const DeviceInts&) = delete;
};

}  // namespace

void runOneBarrierKoggeStoneOnGpu(
    int blockSize, int sections, int launches,
    const std::function<void(const std::vector<int32_t>&)>& eachLaunch) {
  if (!cudaStatus().available) throw BackendError(cudaStatus().message);
  const int n = blockSize * sections;
  const size_t bytes = static_cast<size_t>(n) * sizeof(int32_t);
  const std::vector<int32_t> ones(static_cast<size_t>(n), 1);
  std::vector<int32_t> out(static_cast<size_t>(n));
  DeviceInts dIn(static_cast<size_t>(n)), dOut(static_cast<size_t>(n));
  check(cudaMemcpy(dIn.p, ones.data(), bytes, cudaMemcpyHostToDevice), "copy in");
  const size_t shared =
      static_cast<size_t>(KoggeStoneOneBarrierScan::sharedSlots(blockSize)) * sizeof(int32_t);
  for (int l = 0; l < launches; ++l) {
    // Cleared first, so that a launch that wrote nothing cannot pass on the previous one's output.
    check(cudaMemset(dOut.p, 0, bytes), "cudaMemset");
    oneBarrierSections<<<sections, blockSize, shared>>>(dIn.p, dOut.p, n);
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(out.data(), dOut.p, bytes, cudaMemcpyDeviceToHost), "copy out");
    eachLaunch(out);
  }
}

}  // namespace scanviz
