// Compiled instead of cuda_select.cu when the build has no CUDA: the reason in words.
#include "app/core/backends/backend.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/cuda_select.h"

namespace scanviz {

template <class T>
SelectOutput<T> selectFlaggedOnGpu(const std::vector<T>&, const std::vector<uint8_t>&, SelectKind,
                                   int) {
  throw BackendError(cudaStatus().message);
}

template SelectOutput<int32_t> selectFlaggedOnGpu(const std::vector<int32_t>&,
                                                  const std::vector<uint8_t>&, SelectKind, int);
template SelectOutput<float> selectFlaggedOnGpu(const std::vector<float>&,
                                                const std::vector<uint8_t>&, SelectKind, int);

}  // namespace scanviz
