// Compiled instead of cuda_race_roulette.cu when the build has no CUDA: the reason in words.
#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/cuda_race_roulette.h"
#include "kernels/launch/backend_error.h"

namespace scanviz {

void runOneBarrierKoggeStoneOnGpu(int, int, int,
                                  const std::function<void(const std::vector<int32_t>&)>&) {
  throw BackendError(cudaStatus().message);
}

}  // namespace scanviz
