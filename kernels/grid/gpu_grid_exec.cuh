// The GPU's side of a single-pass grid (see tile_common.h for the interface): the tile counter
// and status memory in global memory (GpuGrid), the look-back warp on real warp intrinsics
// (GpuLookbackWarp), and a watchdog that ends a spin which can never succeed (static block ids can
// deadlock on a real GPU too) instead of hanging the kernel and the application with it.
// Launch epochs: every launch over one workspace gets a new epoch, written into the status words
// it publishes (above the flag) and into `gaveUp`. A word of an earlier launch then reads as X,
// so the look-back's status memory needs no clearing between launches: the production scan is
// one kernel launch per call, with no memset before it (CUB launches a tile-state initialisation
// kernel first).
#pragma once

#include <cuda_runtime.h>
#include <cuda/atomic>

#include "kernels/exec/device_clock.cuh"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/tile_common.h"

namespace scanviz {

// The dynamic tile counter and what the first block whose wait timed out wrote. Zeroed when the
// workspace is made; the instrumented kernels and the chained scan zero it again before every
// launch, the production look-back kernel leaves the counter at zero when its last block has
// taken its id (resetTileCounter) and tags gaveUp with its epoch, so it needs no memset.
struct SpinDiagnostics {
  int tileCounter;  // the dynamic tile id counter (kept here so one memset resets both)
  int gaveUp;       // the epoch of a launch in which some block stopped waiting (0: none)
  int waitingTile;  // the tile that gave up first
  int waitedFor;    // the tile it was waiting for
};

// Device pointers of one single-pass launch, passed by value.
template <class T>
struct SinglePassDeviceArgs {
  SpinDiagnostics* diag = nullptr;
  unsigned* flags = nullptr;             // chained: 1 once values[tile] holds tiles 0..tile
  T* values = nullptr;                   // chained: running result of tiles 0..tile
  unsigned long long* status = nullptr;  // look-back: packed tile status words
  bool staticIds = false;                // blockIdx.x as the tile id (can deadlock)
  unsigned long long spinTimeoutNs = 0;  // how long one block may wait before giving up
  unsigned epoch = 1;                    // this launch's epoch, 1..kMaxLaunchEpoch
};

// Status words as stored on the GPU: [epoch:30][flag:2][value:32]. The shared code (and the
// emulator) see [flag:32][value:32]; GpuGrid converts on every load and store.
constexpr int kEpochShift = 34;
constexpr unsigned kMaxLaunchEpoch = (1u << 30) - 1;

__device__ __forceinline__ uint64_t tagStatusWord(uint64_t word, unsigned epoch) {
  return word | (static_cast<uint64_t>(epoch) << kEpochShift);
}
// A word another launch wrote reads as X (0), as zeroed memory does.
__device__ __forceinline__ uint64_t untagStatusWord(uint64_t stored, unsigned epoch) {
  return (stored >> kEpochShift) == epoch ? stored & ((1ull << kEpochShift) - 1) : 0ull;
}

template <class T, class Rec>
class GpuGrid {
 public:
  using Flag = cuda::atomic_ref<unsigned, cuda::thread_scope_device>;
  using Word = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>;

  __device__ GpuGrid(const SinglePassDeviceArgs<T>& args, Rec& rec) : a_(args), rec_(rec) {}

  __device__ int acquireTileId() {
    return a_.staticIds ? static_cast<int>(blockIdx.x) : atomicAdd(&a_.diag->tileCounter, 1);
  }

  __device__ void beginTile(int tile) {
    if constexpr (Rec::kRecords) {
      rec_.active = tile == rec_.buf.recordBlock;
      rec_.rowBlock = tile;
    }
  }

  __device__ void countWork(int64_t ops) {
    if constexpr (Rec::kRecords) atomicAdd(rec_.buf.work, static_cast<unsigned long long>(ops));
  }

  // The value is written first and the flag released after it; a reader that acquires the flag
  // is guaranteed to see the value (device scope: reader and writer are different blocks).
  __device__ bool tryReadInclusive(int tile, T& value) const {
    if (Flag(a_.flags[tile]).load(cuda::memory_order_acquire) == 0) return false;
    value = a_.values[tile];
    return true;
  }
  __device__ void publishInclusive(int tile, T value) {
    a_.values[tile] = value;
    Flag(a_.flags[tile]).store(1u, cuda::memory_order_release);
  }

  // Flag and value share one 64-bit word that is stored and loaded atomically, so a reader never
  // sees a flag with a stale value, and the word carries everything a reader needs: no other
  // memory has to be ordered around it, and relaxed atomics suffice (no fence on the store, as
  // a release store would need). A tile's two publications (A, then P) go to one location from
  // one thread, so coherence keeps them in order: a reader that saw P never sees A again.
  __device__ uint64_t loadStatus(int tile) const {
    return untagStatusWord(Word(a_.status[tile]).load(cuda::memory_order_relaxed), a_.epoch);
  }
  __device__ void storeStatus(int tile, uint64_t word) {
    Word(a_.status[tile]).store(tagStatusWord(word, a_.epoch), cuda::memory_order_relaxed);
  }

 private:
  SinglePassDeviceArgs<T> a_;
  Rec& rec_;
};

// The look-back warp: warp 0 of the block, or all threads of a block smaller than a warp.
class GpuLookbackWarp {
 public:
  __device__ explicit GpuLookbackWarp(int width)
      : width_(width), mask_(width >= 32 ? 0xffffffffu : (1u << width) - 1u) {}

  template <class U>
  struct Lanes {
    __device__ explicit Lanes(const GpuLookbackWarp&) {}
    __device__ U& operator[](int) { return v; }
    U v;
  };

  __device__ int width() const { return width_; }
  __device__ unsigned mask() const { return mask_; }

  template <class F>
  __device__ void forLanes(F&& f) {
    f(static_cast<int>(threadIdx.x % 32));
  }
  __device__ unsigned ballot(Lanes<bool>& pred) const { return __ballot_sync(mask_, pred.v); }
  template <class U>
  __device__ void shuffleDown(Lanes<U>& in, Lanes<U>& out, int delta) const {
    out.v = __shfl_down_sync(mask_, in.v, delta);
  }
  template <class U>
  __device__ U broadcast(Lanes<U>& in, int lane) const {
    return __shfl_sync(mask_, in.v, lane);
  }
  template <class F>
  __device__ void leader(F&& f) {
    if (threadIdx.x % 32 == 0) f();
  }

 private:
  int width_;
  unsigned mask_;
};

// Ends a wait that has lasted longer than the timeout, or any wait once another block of the same
// launch gave up (so that the blocks still to come do not each wait a full timeout). Called by
// one thread per spin iteration; looks at the clock only every 1024 iterations.
class SpinWatchdog {
 public:
  __device__ SpinWatchdog(SpinDiagnostics* diag, unsigned long long timeoutNs, unsigned epoch)
      : diag_(diag), deadline_(globalTimerNs() + timeoutNs), epoch_(static_cast<int>(epoch)) {}

  __device__ bool expired(int waitingTile, int waitedFor) {
    if (++spins_ % 1024 != 0) return false;
    cuda::atomic_ref<int, cuda::thread_scope_device> gaveUp(diag_->gaveUp);
    if (gaveUp.load(cuda::memory_order_relaxed) == epoch_) return true;
    if (globalTimerNs() < deadline_) return false;
    if (gaveUp.exchange(epoch_, cuda::memory_order_relaxed) != epoch_) {
      diag_->waitingTile = waitingTile;
      diag_->waitedFor = waitedFor;
    }
    return true;
  }

 private:
  SpinDiagnostics* diag_;
  unsigned long long deadline_;
  int epoch_;
  unsigned spins_ = 0;
};

// Called by the one thread that took the last tile id of a launch in which every block takes
// exactly one id: all other blocks have taken theirs, so the counter can go back to 0 for the next
// launch. Its own increment came earlier in the counter's modification order (same thread, same
// location), so the reset is the counter's last value.
__device__ __forceinline__ void resetTileCounter(SpinDiagnostics* diag) {
  cuda::atomic_ref<int, cuda::thread_scope_device>(diag->tileCounter)
      .store(0, cuda::memory_order_relaxed);
}

// The tile id of a block in a launch where every block takes exactly one (dynamic ids: the order
// in which blocks start): thread 0 takes it, the block that takes the last id resets the counter
// for the next launch, and every thread reads it from the shared `slot` after the barrier.
template <class Grid>
__device__ __forceinline__ int takeOneTileId(Grid& grid, SpinDiagnostics* diag, int& slot) {
  if (threadIdx.x == 0) {
    const int tile = grid.acquireTileId();
    if (tile == static_cast<int>(gridDim.x) - 1) resetTileCounter(diag);
    slot = tile;
  }
  __syncthreads();
  return slot;
}

// The tile ids of a launch of persistent blocks (the pipelined agents), taken by one leader thread
// a block: every block takes ids until it gets one past the end, so a launch takes
// tiles + gridDim.x ids, and the block that takes the last puts the counter back to 0 for the next
// launch. ask() and settle() are take() in two halves, so that the atomic's round trip can overlap
// other work.
template <class Grid>
class PersistentTileIds {
 public:
  __device__ PersistentTileIds(Grid& grid, SpinDiagnostics* diag, int tiles)
      : grid_(grid), diag_(diag), tiles_(tiles) {}

  __device__ int ask() { return grid_.acquireTileId(); }
  __device__ int settle(int id) const {
    if (id == tiles_ + static_cast<int>(gridDim.x) - 1) resetTileCounter(diag_);
    return id;
  }
  __device__ int take() { return settle(ask()); }
  // The launch has failed (a look-back gave up): takes the ids left to this block after `id`,
  // which it holds, so that the count stays right for the counter's reset.
  __device__ void drainFrom(int id) {
    while (id < tiles_) id = take();
  }

 private:
  Grid& grid_;
  SpinDiagnostics* diag_;
  int tiles_;
};

}  // namespace scanviz
