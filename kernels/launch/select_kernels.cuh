// The launch of our single-pass compaction and split (kernels/grid/select_lookback_agent.cuh):
// one block of kSelectThreads per tile, dynamic tile ids, the tile status words of the look-back
// over the flag counts in a workspace that is zeroed once (launch epochs tag the words, so no
// memset between launches, as for the production scan).
#pragma once

#include <cuda_runtime.h>

#include <cstdlib>
#include <string>

#include "kernels/grid/select_lookback_agent.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"

namespace scanviz {

constexpr int kSelectThreads = 256;
constexpr int kSelectItems = 16;
constexpr long long kSelectTile = static_cast<long long>(kSelectThreads) * kSelectItems;
// A wait longer than this is taken for a deadlock (real waits are microseconds).
constexpr unsigned long long kSelectSpinTimeoutNs = 2'000'000'000ull;

// kMinBlocks: the blocks per SM __launch_bounds__ asks the compiler to make room for (registers;
// 48 a thread without a bound, which leaves 5 blocks of 256 threads an SM).
template <class T, bool kSplit, int kMinBlocks>
__global__ void __launch_bounds__(kSelectThreads, kMinBlocks)
    selectLookbackKernel(const T* in, const uint8_t* flags, T* selected, T* rejected,
                         int* selectedCount, long long n, SinglePassDeviceArgs<int> args) {
  using Agent = SelectLookbackAgent<T, kSelectThreads, kSelectItems, kSplit>;
  __shared__ typename Agent::Shared sh;
  Agent::run(in, flags, selected, rejected, selectedCount, n, args, sh);
}

template <class T>
using SelectKernel = void (*)(const T*, const uint8_t*, T*, T*, int*, long long,
                              SinglePassDeviceArgs<int>);

// The blocks per SM the kernel is built for: 8 by default (32 registers a thread, a few spilled);
// SCANVIZ_SELECT_BLOCKS=4|5|6 picks another, for measuring them in one session. H100, 2^28 int32,
// 50% flagged, select / split against CUB: 5 blocks 0.92x / 0.92x, 6 blocks 0.96x / 0.92x,
// 8 blocks 1.01x / 0.95x (docs/results/2026-11-24-h100-select/run2).
template <class T, bool kSplit>
SelectKernel<T> selectKernelFor() {
  static const int blocks = [] {
    const char* v = std::getenv("SCANVIZ_SELECT_BLOCKS");
    return v ? std::atoi(v) : 8;
  }();
  switch (blocks) {
    case 4:
      return selectLookbackKernel<T, kSplit, 4>;
    case 5:
      return selectLookbackKernel<T, kSplit, 5>;
    case 6:
      return selectLookbackKernel<T, kSplit, 6>;
    default:
      return selectLookbackKernel<T, kSplit, 8>;
  }
}

// The status words and diagnostics of launches over up to `n` elements.
class SelectWorkspace {
 public:
  explicit SelectWorkspace(long long n)
      : tiles_((n + kSelectTile - 1) / kSelectTile),
        status_(static_cast<size_t>(tiles_)),
        diag_(1) {
    if (tiles_ > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
    status_.zero();
    diag_.zero();
  }

  SinglePassDeviceArgs<int> nextArgs() {
    epoch_ = epoch_ % kMaxLaunchEpoch + 1;
    SinglePassDeviceArgs<int> a;
    a.diag = diag_.get();
    a.status = status_.get();
    a.spinTimeoutNs = kSelectSpinTimeoutNs;
    a.epoch = epoch_;
    return a;
  }
  unsigned lastEpoch() const { return epoch_; }
  long long tiles() const { return tiles_; }
  // Throws when a block of the last launch gave up waiting (a deadlock), after a synchronize.
  void checkCompleted() const {
    const SpinDiagnostics d = diag_.toHost()[0];
    if (epoch_ != 0 && d.gaveUp == static_cast<int>(epoch_))
      throw BackendError("the select kernel's tile " + std::to_string(d.waitingTile) +
                         " waited too long for tile " + std::to_string(d.waitedFor));
  }

 private:
  long long tiles_;
  DeviceArray<unsigned long long> status_;
  DeviceArray<SpinDiagnostics> diag_;
  unsigned epoch_ = 0;
};

// Enqueues one compaction (rejected == nullptr) or split of n elements on the default stream;
// *selectedCount gets the number selected. n must not exceed the workspace's.
template <class T>
void enqueueSelect(const T* in, const uint8_t* flags, T* selected, T* rejected, int* selectedCount,
                   long long n, SelectWorkspace& ws) {
  if (n <= 0) {
    cudaCheck(cudaMemsetAsync(selectedCount, 0, sizeof(int)), "zero the selected count");
    return;
  }
  const auto blocks = static_cast<unsigned>((n + kSelectTile - 1) / kSelectTile);
  const SelectKernel<T> kernel =
      rejected ? selectKernelFor<T, true>() : selectKernelFor<T, false>();
  kernel<<<blocks, kSelectThreads>>>(in, flags, selected, rejected, selectedCount, n,
                                     ws.nextArgs());
  cudaCheck(cudaGetLastError(), rejected ? "split kernel" : "select kernel");
}

}  // namespace scanviz
