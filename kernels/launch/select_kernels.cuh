// The launch of our single-pass compaction and split (kernels/agent/select_pipelined_agent.cuh):
// persistent blocks, as many as are resident at once (at most one per tile), of the shape
// SelectPipelinedShape, dynamic tile ids, the tile status words of the look-back over the flag
// counts in a workspace that is zeroed once (launch epochs tag the words, so no memset between
// launches, as for the production scan).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <map>
#include <string>

#include "kernels/agent/select_pipelined_agent.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/launch_epochs.cuh"

namespace scanviz {

// The shipped shape of compaction and split, chosen with tools/select_shapes.cu (round 6,
// docs/benchmarks.md): 7 data warps x 24 items (5376-element tiles), three staged tiles (63 KB),
// three blocks an SM. H100, x CUB at 2^24 / 2^26 / 2^28: compaction 1.37 / 1.31 / 1.30 (one tile
// per block: 1.12 / 1.14 / 1.12), split 1.26 / 1.26 / 1.29 (1.03 / 1.04 / 1.05).
using SelectPipelinedShape = PipelinedSelectShape<24>;
template <class T, bool kSplit>
using SelectAgentOf = PipelinedSelectAgent<T, kSplit, SelectPipelinedShape>;

// The kernel: one persistent block per resident slot (the launch asks the occupancy API), the
// staged tiles in dynamic shared memory.
template <class T, class Shape, bool kSplit>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    pipelinedSelectKernel(const T* in, const uint8_t* flags, T* selected, T* rejected,
                          int* selectedCount, long long n, SinglePassDeviceArgs<int> args) {
  using Agent = PipelinedSelectAgent<T, kSplit, Shape>;
  __shared__ typename Agent::Shared sh;
  extern __shared__ __align__(16) unsigned char stagedTiles[];
  Agent::run(in, flags, selected, rejected, selectedCount, n, args,
             reinterpret_cast<T*>(stagedTiles), sh);
}

// The status words and diagnostics of launches over up to `n` elements.
class SelectWorkspace {
 public:
  explicit SelectWorkspace(long long n) : tiles_((n + kTile - 1) / kTile), epochs_(tiles_) {
    if (tiles_ > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  }

  SinglePassDeviceArgs<int> nextArgs() { return epochs_.next(); }
  unsigned lastEpoch() const { return epochs_.lastEpoch(); }
  long long tiles() const { return tiles_; }
  static constexpr long long kTile = SelectAgentOf<int32_t, false>::kTile;
  // The blocks of `kernel` resident on the GPU at once, asked of the occupancy API once per
  // kernel and workspace (not per launch: a benchmark launches thousands of times).
  template <class Kernel>
  long long residentBlocks(Kernel kernel, int threads, size_t sharedBytes) {
    const auto key = reinterpret_cast<const void*>(kernel);
    auto it = resident_.find(key);
    if (it == resident_.end()) {
      int device = 0, sms = 0;
      cudaCheck(cudaGetDevice(&device), "current device");
      cudaCheck(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "SM count");
      const int perSm = residentBlocksPerSm(kernel, threads, sharedBytes, "select kernel");
      if (perSm < 1) throw BackendError("the select kernel does not fit on this GPU");
      it = resident_.emplace(key, static_cast<long long>(perSm) * sms).first;
    }
    return it->second;
  }
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
  std::map<const void*, long long> resident_;
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
  const auto launch = [&](auto kernel, auto agent) {
    using Agent = decltype(agent);
    const long long tiles = Agent::tilesFor(n);
    const auto blocks = static_cast<unsigned>(
        std::min(tiles, ws.residentBlocks(kernel, Agent::kThreads, Agent::sharedBytes())));
    kernel<<<blocks, Agent::kThreads, Agent::sharedBytes()>>>(in, flags, selected, rejected,
                                                              selectedCount, n, ws.nextArgs());
  };
  if (rejected)
    launch(pipelinedSelectKernel<T, SelectPipelinedShape, true>, SelectAgentOf<T, true>{});
  else
    launch(pipelinedSelectKernel<T, SelectPipelinedShape, false>, SelectAgentOf<T, false>{});
  cudaCheck(cudaGetLastError(), rejected ? "split kernel" : "select kernel");
}

}  // namespace scanviz
