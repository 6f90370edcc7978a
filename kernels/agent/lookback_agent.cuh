// The production decoupled look-back scan: the tile agents behind the uninstrumented GPU kernel
// (CUB's AgentScan has the same role). Source: Merrill & Garland, "Single-pass Parallel Prefix
// Scan with Decoupled Look-back", NVIDIA technical report NVR-2016-002.
//
// Idea: the same algorithm as decoupled_lookback.h, which the emulator and the recorded kernel
// run step by step: dynamic tile ids from an atomic counter, a status word per tile with flag
// and value packed in one 64-bit word (X, A = the tile's aggregate, P = its inclusive prefix),
// and a warp that looks back over 32 predecessors at once, one status word per lane. The
// publication and the look-back are literally that file's publishAggregate and poll. What
// changes is how a tile is moved and scanned, because a scan reads 4N bytes and writes 4N and at
// best runs at copy speed, which needs many bytes in flight:
//  - The tile is staged in shared memory by 16-byte cp.async copies, which hold no registers
//    while in flight, so a block can keep a large tile (48 KB) in flight; registers hold one
//    4-element vector at a time.
//  - Reduce, then scan. Pass 1 reduces the tile (each thread its vectors, a Kogge-Stone over warp
//    shuffles across each warp, the warp totals through shared memory once) so that the A can be
//    published; pass 2, after the look-back, re-reads the tile from shared memory, scans it from
//    its prefix and stores it. No Kogge-Stone over shared memory, no barrier per step.
//  - Thread data is "warp-striped": in a warp's part of the tile, vector j of lane l holds the 4
//    elements at (j * 32 + l) * 4, so every load and store instruction of a warp covers 512
//    contiguous bytes, shared-memory accesses are free of bank conflicts, and each thread reads
//    only what it copied itself (no barrier between the copies and pass 1).
//  - One launch per scan: no memset before it (launch epochs, gpu_grid_exec.cuh).
//
// Work per tile of S elements (V = S / 4 vectors): 3/4 S for pass 1's vector totals, 5 V for the
// shuffle scans, a few per warp and vector to chain them, and S in pass 2: O(S), about 2 S + 5 V.
// Depth per tile: 3 + 5 + (warps - 1) + 4 operator steps, plus the look-back, which ends within a
// few windows of 32 predecessors.
//
// Two agents: LookbackAgent, one block per tile (any block size; the production default), and
// Two agents: LookbackAgent (below), one block per tile (any block size; the generic policy), and
// PipelinedLookbackAgent (pipelined_lookback_agent.cuh), persistent blocks with a dedicated
// look-back warp (the sm_90 row). Both over the same pieces: the tile (tile_slice.cuh), the
// look-back of one tile (lookback_tile.cuh) and the PTX (ptx.cuh).
// Results equal the recorded kernel's for int32 (every operator is associative there); float32
// sums in a different order and agrees within docs/float-tolerance.md.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_tile.cuh"
#include "kernels/agent/tile_slice.cuh"

namespace scanviz {

// One block, one tile: take an id, load the tile into shared memory, reduce, publish, look back,
// scan and store. Any block size (blockDim.x when Policy::kThreads is 0).
template <class T, class Policy>
struct LookbackAgent {
  static constexpr int kItems = Policy::kItemsPerThread;
  static constexpr int kVectors = kItems / 4;
  static_assert(kItems % 4 == 0, "items per thread move as vectors of 4");

  // Block-wide state besides the tile itself (dynamic shared memory).
  struct Shared {
    int tile;          // the tile id thread 0 took
    T warpTotals[32];  // one per warp, for the block-level scan
    T prefix;          // the tile's exclusive prefix, found by the look-back
    int gaveUp;        // the watchdog ended the look-back: stop
  };

  __device__ static int threads() {
    return Policy::kThreads ? Policy::kThreads : static_cast<int>(blockDim.x);
  }
  __host__ __device__ static int tileElements(int blockThreads) { return blockThreads * kItems; }
  __host__ __device__ static size_t sharedBytes(int blockThreads) {
    return static_cast<size_t>(tileElements(blockThreads)) * sizeof(T);
  }
  // Blocks of one launch: one per tile.
  __host__ static long long blocksFor(long long tiles, long long /*resident*/) { return tiles; }

  template <class Op>
  __device__ static void run(const T* in, T* out, long long n, bool exclusive, int /*tiles*/,
                             InputL2Hint inputHint, const SinglePassDeviceArgs<T>& args, T* tileMem,
                             Shared& sh) {
    using Slice = TileSlice<T, Op, kVectors, Policy>;
    const int blockThreads = threads();
    const int lanes = blockThreads < 32 ? blockThreads : 32;
    const unsigned laneMask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int warp = static_cast<int>(threadIdx.x) / 32;
    const int warps = blockThreads / lanes;
    const int tileSize = tileElements(blockThreads);
    // This thread's vector j is at first + j * stride in the tile.
    const int first = warp * lanes * kItems + lane * 4;
    const int stride = lanes * 4;

    NullRecorder rec;
    GpuGrid<T, NullRecorder> grid(args, rec);

    const int tile = takeOneTileId(grid, args.diag, sh.tile);
    const int valid = tileValidCount(n, tileSize, tile);
    const long long base = static_cast<long long>(tile) * tileSize;
    T* mine = tileMem + first;

    // Load: every thread copies its own vectors into shared memory and later reads only those,
    // so waiting for its own copies is enough (no barrier).
    if (valid == tileSize) {
      Slice::startCopies(mine, in + base + first, stride, tileCopyFor(in, inputHint));
      cpAsyncCommit();
      cpAsyncWait<0>();
    } else {
      Slice::loadPartial(mine, in + base, first, stride, valid);
    }

    const T warpTotal = Slice::reduce(mine, stride, lane, lanes, laneMask, exclusive);
    if (lane == 0) sh.warpTotals[warp] = warpTotal;
    __syncthreads();  // every warp's total is visible

    // Block level: the warps before this one, and the tile's aggregate.
    T warpPrefix = Op::identity();
    T aggregate = Op::identity();
    for (int w = 0; w < warps; ++w) {
      if (w == warp) warpPrefix = aggregate;
      aggregate = Op::apply(aggregate, sh.warpTotals[w]);
    }

    // Publish A (tile 0: P) and look back, as the emulator does (decoupled_lookback.h).
    if (threadIdx.x < 32) {
      if (threadIdx.x == 0)
        DecoupledLookback::publishAggregate(grid, TileShared<T>{tile, valid, aggregate, T{}});
      T prefix;
      const bool ok = lookBackTile<T, Op, Policy>(
          grid, args, tile, aggregate, DecoupledLookback::windowWidth(blockThreads), prefix);
      if (threadIdx.x == 0) {
        sh.prefix = prefix;
        sh.gaveUp = !ok;
      }
    }
    __syncthreads();  // the prefix (or the decision to stop) reaches every thread
    if (sh.gaveUp) return;

    const bool fullVectors = valid == tileSize && (reinterpret_cast<uintptr_t>(out) & 15u) == 0;
    Slice::scanStore(mine, stride, Op::apply(sh.prefix, warpPrefix), out + base, first, valid,
                     fullVectors, exclusive);
  }
};

}  // namespace scanviz
