// CUB's DeviceScan as the production reference for `scanviz verify` on the GPU. CUB headers
// compile slowly, so they are included here and nowhere else.
#include <cub/device/device_scan.cuh>

#include "app/core/backends/cuda_backend.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"

namespace scanviz {
namespace {

template <class T>
struct ScanOperator {
  Operator op;
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return OpTraits<T>::apply(op, a, b);
  }
};

template <class T>
std::vector<T> scanWithCub(const std::vector<T>& input, Operator op, bool exclusive) {
  const int n = static_cast<int>(input.size());
  DeviceArray<T> in(input.size()), out(input.size());
  in.upload(input.data(), input.size());
  const ScanOperator<T> scanOp{op};
  size_t tempBytes = 0;
  if (exclusive)
    cudaCheck(cub::DeviceScan::ExclusiveScan(nullptr, tempBytes, in.get(), out.get(), scanOp,
                                             OpTraits<T>::identity(op), n),
              "CUB ExclusiveScan");
  else
    cudaCheck(cub::DeviceScan::InclusiveScan(nullptr, tempBytes, in.get(), out.get(), scanOp, n),
              "CUB InclusiveScan");
  DeviceArray<unsigned char> temp(std::max<size_t>(tempBytes, 1));
  if (exclusive)
    cudaCheck(cub::DeviceScan::ExclusiveScan(temp.get(), tempBytes, in.get(), out.get(), scanOp,
                                             OpTraits<T>::identity(op), n),
              "CUB ExclusiveScan");
  else
    cudaCheck(cub::DeviceScan::InclusiveScan(temp.get(), tempBytes, in.get(), out.get(), scanOp, n),
              "CUB InclusiveScan");
  cudaCheck(cudaDeviceSynchronize(), "CUB scan");
  return out.toHost();
}

}  // namespace

std::vector<int32_t> cubScan(const std::vector<int32_t>& input, Operator op, bool exclusive) {
  return scanWithCub(input, op, exclusive);
}
std::vector<float> cubScan(const std::vector<float>& input, Operator op, bool exclusive) {
  return scanWithCub(input, op, exclusive);
}

}  // namespace scanviz
