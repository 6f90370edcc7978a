// The launch of our single-pass compaction and split (kernels/grid/select_lookback_agent.cuh):
// one block per tile, of the compaction's shape (SelectShape) or the split's (SplitShape, or
// SplitShapeLarge from SplitShapeLarge::kFromElements elements on), dynamic
// tile ids, the tile status words of the look-back over the flag counts in a workspace that is
// zeroed once (launch epochs tag the words, so no memset between launches, as for the production
// scan).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "kernels/grid/select_lookback_agent.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/launch_epochs.cuh"

namespace scanviz {

template <class Shape>
constexpr long long kShapeTile = static_cast<long long>(Shape::kThreads) * Shape::kItems;

// Shape: SelectShape, SplitShape or SplitShapeLarge (select_lookback_agent.cuh); __launch_bounds__
// asks the compiler to leave room for its blocks per SM.
template <class T, class Shape, bool kSplit>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    selectLookbackKernel(const T* in, const uint8_t* flags, T* selected, T* rejected,
                         int* selectedCount, long long n, SinglePassDeviceArgs<int> args) {
  using Agent = SelectLookbackAgent<T, Shape::kThreads, Shape::kItems, kSplit, Shape>;
  __shared__ typename Agent::Shared sh;
  Agent::run(in, flags, selected, rejected, selectedCount, n, args, sh);
}

// The status words and diagnostics of launches over up to `n` elements.
class SelectWorkspace {
 public:
  explicit SelectWorkspace(long long n)
      : tiles_((n + kSmallestTile - 1) / kSmallestTile), epochs_(tiles_) {
    if (tiles_ > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  }

  SinglePassDeviceArgs<int> nextArgs() { return epochs_.next(); }
  unsigned lastEpoch() const { return epochs_.lastEpoch(); }
  long long tiles() const { return tiles_; }
  // The status words are enough for the shape with the smallest tile.
  static constexpr long long kSmallestTile =
      std::min({kShapeTile<SelectShape>, kShapeTile<SplitShape>, kShapeTile<SplitShapeLarge>});
  // Throws when a block of the last launch gave up waiting (a deadlock), after a synchronize.
  void checkCompleted() const {
    const SpinDiagnostics d = epochs_.diagnostics();
    if (epochs_.gaveUp(d))
      throw BackendError("the select kernel's tile " + std::to_string(d.waitingTile) +
                         " waited too long for tile " + std::to_string(d.waitedFor));
  }

 private:
  long long tiles_;
  LaunchEpochs epochs_;
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
  const auto blocks = [n](long long tile) { return static_cast<unsigned>((n + tile - 1) / tile); };
  if (rejected && n >= SplitShapeLarge::kFromElements)
    selectLookbackKernel<T, SplitShapeLarge, true>
        <<<blocks(kShapeTile<SplitShapeLarge>), SplitShapeLarge::kThreads>>>(
            in, flags, selected, rejected, selectedCount, n, ws.nextArgs());
  else if (rejected)
    selectLookbackKernel<T, SplitShape, true>
        <<<blocks(kShapeTile<SplitShape>), SplitShape::kThreads>>>(in, flags, selected, rejected,
                                                                   selectedCount, n, ws.nextArgs());
  else
    selectLookbackKernel<T, SelectShape, false>
        <<<blocks(kShapeTile<SelectShape>), SelectShape::kThreads>>>(
            in, flags, selected, nullptr, selectedCount, n, ws.nextArgs());
  cudaCheck(cudaGetLastError(), rejected ? "split kernel" : "select kernel");
}

}  // namespace scanviz
