// The single-pass grid scans' kernels and their launches: thin kernels around the per-tile code
// of kernels/grid/ (the code the CPU emulator runs), one launch per scan. Each instrumented kernel
// takes a tile id, scans its tile, waits for its predecessors in a spin loop around the shared poll
// function (one thread for the chained scan, one warp for the look-back), then combines the
// prefix and stores. With a TraceRecorder they record the steps of the tile whose logical id is
// the buffer's recordBlock, work counted in every tile, and per block the SM, %globaltimer at
// start, before and after waiting and at the end, and the look-back count. With the NullRecorder
// nothing is measured; only the watchdog that turns a deadlock into an error (static block ids)
// remains, looking at the clock once every 1024 spins.
// The production kernels (uninstrumented, dynamic tile ids) run the same protocol with larger
// tiles staged in shared memory, 16-byte vectors and warp-shuffle scans (lookback_agent.cuh,
// segmented_lookback_agent.cuh), one instantiation per value type, operator and shape; here they
// are planned (grid size, shared memory) and launched alone (no memset). Which request runs
// which kernel is the backend's choice (app/core/backends/cuda_single_pass.cu).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "kernels/agent/lookback_agent.cuh"
#include "kernels/agent/pipelined_lookback_agent.cuh"
#include "kernels/agent/segmented_lookback_agent.cuh"
#include "kernels/agent/segmented_pipelined_agent.cuh"
#include "kernels/exec/device_clock.cuh"
#include "kernels/exec/device_trace_buffer.h"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/grid/segmented_lookback.h"
#include "kernels/grid/select_lookback.h"
#include "kernels/grid/single_pass_scheme.h"
#include "kernels/launch/backend_error.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/launch_epochs.cuh"

namespace scanviz {

template <class Rec>
__device__ inline Rec makeTileRecorder(const DeviceTraceBuffer& buf) {
  Rec rec{};
  if constexpr (Rec::kRecords) {
    rec.buf = buf;
    rec.active = false;  // GpuGrid::beginTile selects the recorded tile once its id is known
    rec.step = 0;
  }
  return rec;
}

// Block timing, kept by thread 0 and written at the end of the block (TraceRecorder only).
template <class Rec>
struct TileClock {
  DeviceBlockTiming t{};
  __device__ void start() {
    if (Rec::kRecords && threadIdx.x == 0) {
      t.start = globalTimerNs();
      t.sm = smId();
    }
  }
  __device__ void waitStart() {
    if (Rec::kRecords && threadIdx.x == 0) t.waitStart = globalTimerNs();
  }
  __device__ void waitEnd(int lookback) {
    if (Rec::kRecords && threadIdx.x == 0) {
      t.waitEnd = globalTimerNs();
      t.lookback = lookback;
    }
  }
  // After the barrier that follows the stores, so that the end covers the whole tile.
  __device__ void finish(const DeviceTraceBuffer& buf, int tile) {
    if constexpr (Rec::kRecords) {
      __syncthreads();
      if (threadIdx.x == 0 && tile < buf.maxBlocks) {
        t.end = globalTimerNs();
        t.id = tile;
        t.launchIndex = static_cast<int32_t>(blockIdx.x);
        buf.blocks[tile] = t;
      }
    }
  }
};

// The instrumented single-pass kernel of a scheme (kernels/grid/single_pass_scheme.h says how its
// stages are called): scan (or count) the tile, wait for the prefix of the tiles before it, finish
// the tile. Only the wait differs between the chained protocol and the look-back. `flags`: the
// head flags of a segmented scheme or the keep-flags of select and split, null for the others;
// `selectOut`: where select and split write (their `out` is selectOut.selected).
template <class Scheme, class T, class Rec>
__global__ void __launch_bounds__(1024)
    singlePassKernel(const T* in, const uint8_t* flags, T* out, long long n, Operator op,
                     bool exclusive, SinglePassDeviceArgs<T> args, DeviceTraceBuffer buf,
                     SelectOutputs<T> selectOut) {
  using Traits = SinglePassTraits<Scheme>;
  using Counted = typename Traits::template Counted<T>;  // what the look-back combines
  using Shared = typename Traits::template Shared<T>;
  extern __shared__ __align__(128) unsigned char tileBytes[];
  T* xy = reinterpret_cast<T*>(tileBytes);
  __shared__ Shared sh;
  __shared__ int gaveUp;
  TileClock<Rec> clock;
  clock.start();
  Rec rec = makeTileRecorder<Rec>(buf);
  GpuBlockExec<T, Rec> ex(op, rec);
  GpuGrid<T, Rec> grid(args, rec);

  singlePassScanTile<Scheme>(ex, grid, sh, xy, in, flags, n);
  if constexpr (!Traits::kLookback) {
    if (threadIdx.x == 0) {  // only the leader spins; the others wait at the barrier below
      clock.waitStart();
      SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
      bool stop = false;
      while (!stop && Scheme::poll(grid, sh, op) != PollResult::Done)
        stop = watchdog.expired(sh.tile, Scheme::waitsFor(sh.tile));
      gaveUp = stop;
      clock.waitEnd(sh.tile > 0 ? 1 : 0);
    }
  } else {
    // The first windowWidth lanes of warp 0 look back (their mask is the warp's: a lane outside
    // it may not vote); the other threads wait at the barrier below.
    const int width = Scheme::windowWidth(static_cast<int>(blockDim.x));
    if (static_cast<int>(threadIdx.x) < width) {
      GpuLookbackWarp warp(width);
      LookbackCursor<Counted> cursor = Scheme::startLookback(sh, op);
      clock.waitStart();
      SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
      bool stop = false;
      while (!stop && Scheme::poll(warp, grid, sh, cursor, op) != PollResult::Done) {
        // Lane 0 decides and the warp follows, so every lane leaves the loop together.
        const bool expired = threadIdx.x == 0 && watchdog.expired(sh.tile, cursor.waitingFor);
        stop = __shfl_sync(warp.mask(), expired, 0);
      }
      if (threadIdx.x == 0) gaveUp = stop;
      clock.waitEnd(cursor.inspected);
    }
  }
  __syncthreads();  // sh.prefix (or the decision to give up) reaches every thread
  if (gaveUp) return;
  singlePassFinishTile<Scheme>(ex, sh, xy, out, exclusive, selectOut);
  clock.finish(buf, sh.tile);
}

// Enqueues the instrumented (or NullRecorder) kernel of `Scheme`, one block of `threads` per
// tile, after asking for its shared memory where it is above the default (the segmented tile's
// flags at block size 1024); the caller resets the workspace before and checks the launch after.
// `flags`: a segmented scheme's head flags or select's and split's keep-flags, not passed to the
// others; `selectOut`: select's and split's outputs, ignored by the others.
template <class Scheme, class T, class Rec>
void launchSinglePassKernel(unsigned tiles, int threads, const T* in, const uint8_t* flags, T* out,
                            long long n, Operator op, bool exclusive,
                            const SinglePassDeviceArgs<T>& args, const DeviceTraceBuffer& buf,
                            const SelectOutputs<T>& selectOut = {}) {
  const size_t shared = static_cast<size_t>(Scheme::sharedSlots(threads)) * sizeof(T);
  raiseSharedMemoryLimit(singlePassKernel<Scheme, T, Rec>, shared,
                         "raise the single-pass kernel's shared-memory limit");
  const uint8_t* tileFlags = SinglePassTraits<Scheme>::kTakesFlags ? flags : nullptr;
  singlePassKernel<Scheme, T, Rec>
      <<<tiles, threads, shared>>>(in, tileFlags, out, n, op, exclusive, args, buf, selectOut);
}

// The production decoupled look-back scan (uninstrumented, dynamic tile ids), with the agent the
// policy names (kernels/agent/): one block per tile, or persistent blocks with a look-back
// warp. One instantiation per value type, operator and policy.
template <class T, class Policy>
using ProductionAgent = std::conditional_t<Policy::kPipelined, PipelinedLookbackAgent<T, Policy>,
                                           LookbackAgent<T, Policy>>;

template <class T, Operator kOp, class Policy>
__global__ void __launch_bounds__(Policy::kMaxThreads, Policy::kMinBlocksPerSm)
    lookbackProductionKernel(const T* in, T* out, long long n, bool exclusive, int tiles,
                             InputL2Hint inputHint, SinglePassDeviceArgs<T> args) {
  using Agent = ProductionAgent<T, Policy>;
  // 128-byte aligned (one row of the 32 shared-memory banks), not merely 16 for the vectors: with
  // the tiles starting 80 bytes into a row (where the static shared memory happened to end) the
  // pipelined agent ran at 0.84 of the copy rate instead of 0.91 on an H100 (v10 in
  // docs/notes/production-scan.md). The recorded kernel above declares the same alignment, since
  // every extern shared array of a translation unit is one symbol.
  extern __shared__ __align__(128) unsigned char tileBytes[];
  __shared__ typename Agent::Shared sh;
  Agent::template run<StaticOp<T, kOp>>(in, out, n, exclusive, tiles, inputHint, args,
                                        reinterpret_cast<T*>(tileBytes), sh);
}

template <class T>
using ProductionKernel = void (*)(const T*, T*, long long, bool, int, InputL2Hint,
                                  SinglePassDeviceArgs<T>);

// Everything a production launch needs, worked out once per (request, n).
template <class T>
struct ProductionLaunch {
  // Enqueues the kernel alone (no memset: launch epochs); the caller checks the launch.
  void launch(const T* in, T* out, long long n, bool exclusive,
              const SinglePassDeviceArgs<T>& args) const {
    kernel<<<blocks, threads, sharedBytes>>>(in, out, n, exclusive, tiles, inputHint, args);
  }

  ProductionKernel<T> kernel = nullptr;
  int threads = 0;
  int tiles = 0;
  unsigned blocks = 0;
  size_t sharedBytes = 0;
  InputL2Hint inputHint = InputL2Hint::Normal;  // what the input copies tell L2 (the policy's)
};

// f(std::integral_constant<Operator, op>{}): picks, at run time, a kernel instantiated per
// operator.
template <class F>
auto withStaticOperator(Operator op, F&& f) {
  switch (op) {
#define SCANVIZ_STATIC_OPERATOR(name, key, symbol, identity, combine) \
  case Operator::name:                                                \
    return f(std::integral_constant<Operator, Operator::name>{});
    SCANVIZ_OPERATORS(SCANVIZ_STATIC_OPERATOR)
#undef SCANVIZ_STATIC_OPERATOR
    case Operator::Count:
      break;
  }
  return f(std::integral_constant<Operator, Operator::Add>{});  // not an operator: never asked
}

template <class T, class Policy>
ProductionKernel<T> productionKernelFor(Operator op) {
  return withStaticOperator(op, [](auto k) -> ProductionKernel<T> {
    return lookbackProductionKernel<T, decltype(k)::value, Policy>;
  });
}

// The launch of the production kernel over n elements: the policy's tile, its shared memory and
// as many blocks as the agent wants given what is resident at once on the GPU's smCount SMs.
template <class T, class Policy>
ProductionLaunch<T> planProductionLaunch(Operator op, int blockSize, long long n, int smCount) {
  using Agent = ProductionAgent<T, Policy>;
  ProductionLaunch<T> p;
  p.kernel = productionKernelFor<T, Policy>(op);
  // A tuned policy's blocks are its own (the pipelined row serves block size 256 with blocks of
  // 384 threads); the generic one runs at the request's block size.
  p.threads = Policy::kThreads ? Policy::kThreads : blockSize;
  const int tileSize = Agent::tileElements(p.threads);
  const long long tiles = (n + tileSize - 1) / tileSize;
  if (tiles > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  p.tiles = static_cast<int>(tiles);
  p.sharedBytes = Agent::sharedBytes(p.threads);
  p.inputHint = inputL2Hint<Policy>(n * static_cast<long long>(sizeof(T)));
  const int perSm = residentBlocksPerSm(p.kernel, p.threads, p.sharedBytes, "look-back kernel");
  if (perSm < 1) throw BackendError("the look-back kernel does not fit on this GPU");
  const long long resident = static_cast<long long>(perSm) * smCount;
  p.blocks = static_cast<unsigned>(Agent::blocksFor(tiles, resident));
  return p;
}

// The production segmented look-back: persistent blocks with a look-back warp
// (segmented_pipelined_agent.cuh) in the shape SegmentedShape from two tiles a resident block on,
// one block per tile below that (segmented_lookback_agent.cuh: kSegmentedThreads threads of
// kSegmentedItems elements, 6 blocks an SM, its loads warp-striped and turned around in shared
// memory); app/core/backends/cuda_single_pass.cu chooses. Whatever the request's block size (which
// shapes the recorded lesson's tiles). One instantiation per value type, operator and agent.
constexpr int kSegmentedThreads = 256;
constexpr int kSegmentedItems = 16;
// The shipped shape: 7 data warps x 32 items (7168-element tiles), 3 buffers (96 KB), 2 blocks an
// SM. H100, 2026-11-27, x cub::DeviceScan::InclusiveScanByKey at 2^24 / 2^26 / 2^28, int32: 1.29 /
// 1.24 / 1.19 (one tile per block 1.25 / 1.18 / 1.14; 16 x 4 x 3 1.26 / 1.19 / 1.15; 16 x 3 x 4,
// which spills at 64 registers, 1.17 / 1.11 / 1.08); docs/benchmarks.md.
using SegmentedShape = PipelinedSegmentedShape<32, 3, 2>;

// 6 blocks an SM (at most 42 registers a thread): H100, 2^28 int32, 1.12x CUB's scan by key, where
// 4 (56 registers) gave 0.97x and 8 (32 registers, spills) 0.98x: more blocks keep more loads in
// flight while others look back or store.
template <class T, Operator kOp>
__global__ void __launch_bounds__(kSegmentedThreads, 6)
    segmentedOneTileKernel(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
                           SinglePassDeviceArgs<T> args) {
  using Agent = SegmentedLookbackAgent<T, kSegmentedThreads, kSegmentedItems>;
  __shared__ typename Agent::Shared sh;
  Agent::template run<StaticOp<T, kOp>>(in, flags, out, n, exclusive, args, sh);
}

template <class T, Operator kOp, class Shape>
__global__ void __launch_bounds__(Shape::kThreads, Shape::kMinBlocks)
    segmentedPipelinedKernel(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
                             SinglePassDeviceArgs<T> args) {
  using Agent = PipelinedSegmentedAgent<T, Shape>;
  extern __shared__ __align__(128) unsigned char tileBytes[];  // as lookbackProductionKernel's
  __shared__ typename Agent::Shared sh;
  Agent::template run<StaticOp<T, kOp>>(in, flags, out, n, exclusive, args,
                                        reinterpret_cast<Vec4<T>*>(tileBytes), sh);
}

template <class T>
using SegmentedKernel = void (*)(const T*, const uint8_t*, T*, long long, bool,
                                 SinglePassDeviceArgs<T>);

template <class T>
struct SegmentedLaunch {
  SegmentedKernel<T> kernel = nullptr;
  long long tiles = 0;
  unsigned blocks = 0;
  long long residentBlocks = 0;  // the kernel's blocks resident at once on the GPU
  int threads = 0;
  size_t sharedBytes = 0;
  // Enqueues the kernel alone; the caller checks the launch.
  void launch(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
              const SinglePassDeviceArgs<T>& args) const {
    kernel<<<blocks, threads, sharedBytes>>>(in, flags, out, n, exclusive, args);
  }
};

// The one-tile agent's launch over n elements: a block per tile.
template <class T>
SegmentedLaunch<T> planSegmentedOneTileLaunch(Operator op, long long n) {
  SegmentedLaunch<T> p;
  p.kernel = withStaticOperator(op, [](auto k) -> SegmentedKernel<T> {
    return segmentedOneTileKernel<T, decltype(k)::value>;
  });
  p.tiles = (n + kSegmentedThreads * kSegmentedItems - 1) / (kSegmentedThreads * kSegmentedItems);
  if (p.tiles > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  p.blocks = static_cast<unsigned>(p.tiles);
  p.threads = kSegmentedThreads;
  return p;
}

// The pipelined agent's launch in `Shape` over n elements: as many persistent blocks as are
// resident at once on the GPU's smCount SMs, at most one per tile.
template <class T, class Shape>
SegmentedLaunch<T> planSegmentedPipelinedLaunch(Operator op, long long n, int smCount) {
  using Agent = PipelinedSegmentedAgent<T, Shape>;
  SegmentedLaunch<T> p;
  p.kernel = withStaticOperator(op, [](auto k) -> SegmentedKernel<T> {
    return segmentedPipelinedKernel<T, decltype(k)::value, Shape>;
  });
  p.tiles = Agent::tilesFor(n);
  if (p.tiles > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  p.threads = Agent::kThreads;
  p.sharedBytes = Agent::sharedBytes();
  const int perSm =
      residentBlocksPerSm(p.kernel, p.threads, p.sharedBytes, "segmented look-back kernel");
  if (perSm < 1) throw BackendError("the segmented look-back kernel does not fit on this GPU");
  p.residentBlocks = static_cast<long long>(perSm) * smCount;
  p.blocks = static_cast<unsigned>(std::min(p.tiles, p.residentBlocks));
  return p;
}

// The device memory of one single-pass scan besides input and output. Zeroed when made; the
// chained scan and the recorded look-back clear it again before each launch, the production
// look-back needs no clearing (launch epochs, gpu_grid_exec.cuh).
template <class T>
class SinglePassWorkspace {
 public:
  SinglePassWorkspace(bool chained, long long tiles) : diag_(1) {
    if (chained) {
      flags_.allocate(static_cast<size_t>(tiles));
      values_.allocate(static_cast<size_t>(tiles));
    } else {
      status_.allocate(static_cast<size_t>(tiles));
    }
    diag_.zero();
    flags_.zero();
    status_.zero();
  }

  // The arguments of the next launch, with a new epoch.
  SinglePassDeviceArgs<T> args(bool staticIds) const {
    epoch_ = epoch_ % kMaxLaunchEpoch + 1;
    SinglePassDeviceArgs<T> a;
    a.diag = diag_.get();
    a.flags = flags_.get();
    a.values = values_.get();
    a.status = status_.get();
    a.staticIds = staticIds;
    a.spinTimeoutNs = kSpinTimeoutNs;
    a.epoch = epoch_;
    return a;
  }
  unsigned lastEpoch() const { return epoch_; }

  // Every flag and status word back to "nothing published" (X), the tile counter to 0. Enqueued
  // on the default stream, like the launch that follows.
  void reset() const {
    cudaCheck(cudaMemsetAsync(diag_.get(), 0, sizeof(SpinDiagnostics)), "reset the tile counter");
    if (flags_.size())
      cudaCheck(cudaMemsetAsync(flags_.get(), 0, flags_.size() * sizeof(unsigned)),
                "reset the chained flags");
    if (status_.size())
      cudaCheck(cudaMemsetAsync(status_.get(), 0, status_.size() * sizeof(unsigned long long)),
                "reset the tile status words");
  }

  SpinDiagnostics diagnostics() const { return diag_.toHost()[0]; }

 private:
  mutable unsigned epoch_ = 0;
  DeviceArray<SpinDiagnostics> diag_;
  DeviceArray<unsigned> flags_;
  DeviceArray<T> values_;
  DeviceArray<unsigned long long> status_;
};

}  // namespace scanviz
