// selectFlaggedOnGpu: host data through our single-pass compaction and split
// (kernels/launch/select_kernels.cuh).
#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/cuda_select.h"
#include "kernels/launch/select_kernels.cuh"

namespace scanviz {

template <class T>
SelectOutput<T> selectFlaggedOnGpu(const std::vector<T>& values, const std::vector<uint8_t>& flags,
                                   SelectKind kind, int launches) {
  if (!cudaStatus().available) throw BackendError(cudaStatus().message);
  if (flags.size() != values.size())
    throw BackendError("selectFlaggedOnGpu: one flag per value is needed");
  const size_t n = values.size();
  const bool split = kind == SelectKind::Split;
  DeviceArray<T> in(n), selected(n), rejected(split ? n : 0);
  DeviceArray<uint8_t> deviceFlags(n);
  DeviceArray<int> count(1);
  if (n) {
    in.upload(values.data(), n);
    deviceFlags.upload(flags.data(), n);
  }
  SelectWorkspace ws(static_cast<long long>(n));
  for (int i = 0; i < launches; ++i)
    enqueueSelect<T>(in.get(), deviceFlags.get(), selected.get(), split ? rejected.get() : nullptr,
                     count.get(), static_cast<long long>(n), ws);
  cudaCheck(cudaDeviceSynchronize(), split ? "split kernel" : "select kernel");
  ws.checkCompleted();
  const int kept = count.toHost()[0];
  SelectOutput<T> out;
  out.selected.resize(static_cast<size_t>(kept));
  if (kept) selected.download(out.selected.data(), out.selected.size());
  if (split) {
    out.rejected.resize(n - static_cast<size_t>(kept));
    if (!out.rejected.empty()) rejected.download(out.rejected.data(), out.rejected.size());
  }
  return out;
}

template SelectOutput<int32_t> selectFlaggedOnGpu(const std::vector<int32_t>&,
                                                  const std::vector<uint8_t>&, SelectKind, int);
template SelectOutput<float> selectFlaggedOnGpu(const std::vector<float>&,
                                                const std::vector<uint8_t>&, SelectKind, int);

}  // namespace scanviz
