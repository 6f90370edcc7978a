// Single-pass stream compaction and split: the exclusive scan of the flags and the scatter it
// drives, fused into one launch by decoupled look-back over the flag counts (Merrill & Garland,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002, section 5; seed
// 001's "where do I start writing my data?": a kept element writes at the number of kept
// elements before it).
//
// Idea: the scan to fuse is the one of decoupled_lookback.h over int counts, with literally its
// protocol: a tile publishes its count of selected elements as A (DecoupledLookback::
// publishAggregate), one warp looks back (lookBackTile, which polls DecoupledLookback::poll as the
// emulator does) and learns how many selected elements all earlier tiles hold. Nothing else
// crosses tiles, so every tile scatters as soon as its look-back ends:
//  - select (compaction, cub::DeviceSelect::Flagged): element i, flagged, goes to
//    selected[s_i], s_i = the selected elements before i;
//  - split (one radix pass, the stable counterpart of cub::DevicePartition::Flagged): the
//    flagged elements as in select, the others to rejected[i - s_i], in their order. CUB writes
//    its rejected elements backwards from the end of one array, because the start of the
//    rejected part (the total count) is known only after the last tile; two arrays keep both
//    parts in order with the same bytes moved, which a radix sort needs (stability).
// A tile of kThreads x kItems elements, each warp's part warp-striped: vector j of lane l holds
// elements j*128 + 4l .. 4l+3 of the warp's 512, so that every load instruction of a warp reads
// 512 contiguous bytes of values and 128 of flags, with no exchange through shared memory (the
// scan needs no blocked order: a count is a count). The four counts of a lane (one per vector,
// at most 4 each) are packed into the bytes of one word, and one shuffle scan of that word
// across the warp gives, for each vector j, the flagged elements of lower lanes (a field's warp
// total is at most 128, so the fields never carry into each other). The warps' totals are
// scanned through shared memory. Before the look-back the tile already knows where each element
// goes within the tile: selected elements are packed at the front of a shared-memory tile,
// rejected ones after them, so that after the look-back the block writes both runs with
// consecutive threads on consecutive addresses (coalesced) instead of every thread scattering.
// Work per tile of S elements, T threads: S flag tests, T - 1 + (T/32) log2 32 additions for the
// counts, S shared stores and S global stores: O(S), the scan's work on 1-element counts.
// Depth: kItems + log2 32 + T/32 steps before the look-back, which ends at the nearest tile with
// its prefix, then S/T store rounds.
// The counts are exact in int32 (n < 2^31); values move unchanged (any 4-byte type).
// Measured (H100, int32, 50% flagged, scanviz_select_bench; docs/benchmarks.md): 1.2-2.3x CUB up
// to 2^20, where fixed costs per call weigh most (CUB launches an initialisation kernel for its
// tile states before the pass; our status words need none, being tagged by launch), 1.01-1.03x
// (select) and 0.92-0.95x (split) from 2^24 to 2^28, about 0.7x of a copy of the same bytes
// there, as CUB.
// This is the timed GPU agent only: it shares the look-back protocol with the emulator
// (DecoupledLookback's publishAggregate and poll), but no recorded, step-by-step version of the
// fused kernel exists yet; the compaction and radix-sort lessons capture the exclusive scan of
// their flags as a scan.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/grid/lookback_agent.cuh"

namespace scanviz {

// The look-back's pacing: none (lookBackTile's policy parameter).
struct SelectLookbackPolicy {
  static constexpr unsigned kBackoffNs = 0;
};

template <class T, int kThreads, int kItems, bool kSplit>
struct SelectLookbackAgent {
  static_assert(sizeof(T) == 4, "values move as 4-byte words");
  static_assert(kItems == 16, "a thread's flags are one 16-byte vector");
  static_assert(kThreads % 32 == 0 && kThreads <= 1024, "whole warps");
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kTileElements = kThreads * kItems;
  using Count = StaticOp<int32_t, Operator::Add>;

  struct Shared {
    int tile;
    int prefix;  // selected elements of all earlier tiles
    int gaveUp;  // the watchdog ended the look-back: stop
    int warpCounts[kWarps];
    T staged[kTileElements];  // the tile's selected elements, then its rejected ones
  };

  static constexpr int kVectors = kItems / 4;  // per lane
  static constexpr int kWarpElements = 32 * kItems;

  // The element of the warp's part that vector j, item k of `lane` holds.
  __device__ static int warpIndex(int lane, int j, int k) { return j * 128 + 4 * lane + k; }

  // This lane's values (warp-striped, see above) and its flags as bit masks, one nibble per
  // vector: bit 4j + k selects item k of vector j. `warpIn`, `warpFlags`: the warp's part of the
  // tile, `valid` elements of it real. A full, aligned part moves as vectors; otherwise one element
  // at a time, nothing past the end.
  __device__ static uint32_t load(const T* warpIn, const uint8_t* warpFlags, int lane, int valid,
                                  bool vectors, T (&x)[kItems]) {
    uint32_t mask = 0;
    if (vectors) {
#pragma unroll
      for (int j = 0; j < kVectors; ++j) {
        const int at = warpIndex(lane, j, 0);
        const int4 bits = __ldcs(reinterpret_cast<const int4*>(warpIn + at));
        x[4 * j + 0] = valueFromBits<T>(static_cast<uint32_t>(bits.x));
        x[4 * j + 1] = valueFromBits<T>(static_cast<uint32_t>(bits.y));
        x[4 * j + 2] = valueFromBits<T>(static_cast<uint32_t>(bits.z));
        x[4 * j + 3] = valueFromBits<T>(static_cast<uint32_t>(bits.w));
        const uint32_t f = __ldcs(reinterpret_cast<const unsigned*>(warpFlags + at));
#pragma unroll
        for (int k = 0; k < 4; ++k)
          if ((f >> (8 * k)) & 0xffu) mask |= 1u << (4 * j + k);
      }
      return mask;
    }
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const int at = warpIndex(lane, j, k);
        const bool real = at < valid;
        x[4 * j + k] = real ? warpIn[at] : T{};
        if (real && warpFlags[at]) mask |= 1u << (4 * j + k);
      }
    return mask;
  }

  // For each vector j (byte j of the result): the flagged elements of vector j in lower lanes;
  // warpTotals gets the warp's count per vector in its bytes.
  __device__ static uint32_t warpExclusive(uint32_t mask, int lane, uint32_t& warpTotals) {
    uint32_t mine = 0;
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      mine |= static_cast<uint32_t>(__popc((mask >> (4 * j)) & 0xfu)) << (8 * j);
    uint32_t inclusive = mine;
#pragma unroll
    for (int delta = 1; delta < 32; delta *= 2) {
      const uint32_t left = __shfl_up_sync(0xffffffffu, inclusive, delta);
      if (lane >= delta) inclusive += left;
    }
    warpTotals = __shfl_sync(0xffffffffu, inclusive, 31);
    return inclusive - mine;
  }

  // `selected` gets the flagged elements in order; with kSplit `rejected` gets the others in
  // order. The last tile writes how many were selected to *selectedCount.
  __device__ static void run(const T* in, const uint8_t* flags, T* selected, T* rejected,
                             int* selectedCount, long long n, const SinglePassDeviceArgs<int>& args,
                             Shared& sh) {
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int warp = static_cast<int>(threadIdx.x) / 32;
    NullRecorder rec;
    GpuGrid<int, NullRecorder> grid(args, rec);
    const int tile = takeOneTileId(grid, args.diag, sh.tile);
    const long long base = static_cast<long long>(tile) * kTileElements;
    const int valid = tileValidCount(n, kTileElements, tile);
    const int warpFirst = warp * kWarpElements;  // the warp's part of the tile
    const int warpValid = valid - warpFirst;     // may be <= 0 in the last tile
    const bool vectors =
        valid == kTileElements &&
        ((reinterpret_cast<uintptr_t>(in + base) | reinterpret_cast<uintptr_t>(flags + base)) &
         15u) == 0;
    T x[kItems];
    const uint32_t mask =
        load(in + base + warpFirst, flags + base + warpFirst, lane, warpValid, vectors, x);

    // Where this lane's elements go within the tile.
    uint32_t vectorTotals = 0;
    const uint32_t lowerLanes = warpExclusive(mask, lane, vectorTotals);
    if (lane == 0)
      sh.warpCounts[warp] =
          static_cast<int>((vectorTotals & 0xffu) + ((vectorTotals >> 8) & 0xffu) +
                           ((vectorTotals >> 16) & 0xffu) + (vectorTotals >> 24));
    __syncthreads();
    int beforeWarp = 0, tileCount = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      if (w == warp) beforeWarp = tileCount;
      tileCount += sh.warpCounts[w];
    }
    // Publish at once (decoupled), then stage while warp 0 looks back.
    if (threadIdx.x < 32) {
      if (threadIdx.x == 0) {
        const TileShared<int> ts{tile, valid, tileCount, 0};
        DecoupledLookback::publishAggregate(grid, ts);
      }
      __syncwarp();
      int prefix = 0;
      const bool ok = lookBackTile<int, Count, SelectLookbackPolicy>(
          grid, args, tile, tileCount, DecoupledLookback::windowWidth(kThreads), prefix);
      if (threadIdx.x == 0) {
        sh.gaveUp = !ok;
        sh.prefix = prefix;
        if (ok && tile == static_cast<int>(gridDim.x) - 1) *selectedCount = prefix + tileCount;
      }
    }
    int vectorsBefore = beforeWarp;  // selected elements of the tile before vector j's group
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      int s = vectorsBefore + static_cast<int>((lowerLanes >> (8 * j)) & 0xffu);
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const int e = warpFirst + warpIndex(lane, j, k);  // the element's place in the tile
        const bool keep = (mask >> (4 * j + k)) & 1u;
        if (keep)
          sh.staged[s] = x[4 * j + k];
        else if (kSplit && e < valid)
          sh.staged[tileCount + (e - s)] = x[4 * j + k];
        s += keep;
      }
      vectorsBefore += static_cast<int>((vectorTotals >> (8 * j)) & 0xffu);
    }
    __syncthreads();  // the prefix (or the decision to stop) and the staged tile
    if (sh.gaveUp) return;

    // Both runs, consecutive threads on consecutive addresses.
    const int prefix = sh.prefix;
    T* selectedOut = selected + prefix;
    for (int j = static_cast<int>(threadIdx.x); j < tileCount; j += kThreads)
      selectedOut[j] = sh.staged[j];
    if constexpr (kSplit) {
      T* rejectedOut = rejected + (base - prefix);  // the rejected elements of earlier tiles
      for (int j = tileCount + static_cast<int>(threadIdx.x); j < valid; j += kThreads)
        rejectedOut[j - tileCount] = sh.staged[j];
    }
  }
};

}  // namespace scanviz
