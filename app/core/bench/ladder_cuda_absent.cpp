// Compiled instead of ladder_cuda.cu when the build has no CUDA: the ladder is measured on a GPU
// only, and asking for it says why there is none (a recorded ladder can still be drawn).
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/ladder.h"
#include "kernels/launch/backend_error.h"

namespace scanviz {

LadderReport measureLadder() {
  throw BackendError(cudaStatus().message);
}

}  // namespace scanviz
