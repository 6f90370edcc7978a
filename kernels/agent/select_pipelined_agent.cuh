// Single-pass compaction and split with persistent blocks and a look-back warp: the select of
// select_lookback_agent.cuh (the same tile layout, counts, staging and runs, and literally the
// same look-back protocol over the counts) in the pipeline of the production scan's
// PipelinedLookbackAgent (pipelined_lookback_agent.cuh; Merrill & Garland 2016, section 5, with the
// warp specialisation of docs/notes/production-scan.md v3).
//
// Idea: in the one-tile agent a block loads its tile, publishes its count, and then waits for its
// look-back before it can write a single element: the look-back's latency is the block's, and
// only the other blocks of the SM keep loads in flight meanwhile. Here a block keeps a ring of
// kBuffers staged tiles in shared memory. Warp 0 only looks back, tile after tile, in the order
// the data warps hand them over; the data warps loop: take a tile id, issue the tile's loads into
// registers, write out the oldest staged tile (whose prefix warp 0 has found meanwhile) while
// those loads fly, count the new tile, publish its count, and stage it into the freed buffer,
// selected elements first, for its own turn kBuffers rounds later. A tile's count is published
// as soon as its data is in and the oldest tile is written, never behind its own look-back.
// Work per tile of S elements: the one-tile agent's (S flag tests, O(S) additions, S shared and S
// global stores); depth per tile the same, and a tile's runs leave kBuffers rounds after its load.
// Hand-over through named barriers as in PipelinedLookbackAgent: READY[b] (data warps arrive,
// warp 0 waits) and PREFIX[b] (warp 0 arrives, the data warps wait).
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_agent.cuh"
#include "kernels/agent/persistent_ring.cuh"
#include "kernels/agent/select_lookback_agent.cuh"

namespace scanviz {

// Candidate shapes (tools/select_shapes.cu times them): 7 data warps and a look-back warp, three
// buffers of 24 or 28 items a thread (64.5 or 73.5 KB), three blocks an SM.
template <int kItemsOf, int kBuffersOf = 3, int kMinBlocksOf = 3>
struct PipelinedSelectShape : SelectStreamingVectorStores {
  static constexpr int kThreads = 256;
  static constexpr int kItems = kItemsOf;
  static constexpr int kBuffers = kBuffersOf;
  static constexpr int kMinBlocks = kMinBlocksOf;
};

template <class T, bool kSplit, class Shape>
struct PipelinedSelectAgent : PersistentRing<Shape::kThreads, Shape::kBuffers> {
  using Ring = PersistentRing<Shape::kThreads, Shape::kBuffers>;
  using Ring::kThreads, Ring::kBuffers, Ring::kDataWarps, Ring::kDataThreads, Ring::kDataBarrier,
      Ring::kReady, Ring::kPrefixDone, Ring::handOver;
  static constexpr int kItems = Shape::kItems;
  static constexpr int kTile = kDataThreads * kItems;
  // The data warps' part of the work is the one-tile agent's with kDataThreads threads.
  using Tile = SelectLookbackAgent<T, kDataThreads, kItems, kSplit, Shape>;
  using Counts = typename Tile::Counts;
  using Count = StaticOp<int32_t, Operator::Add>;

  struct Shared {
    int nextTile;          // the id the leader took, for the data warps
    int tile[kBuffers];    // per buffer: its tile id (>= tiles: stop)
    int count[kBuffers];   // its selected elements (the look-back's aggregate)
    int prefix[kBuffers];  // the selected elements of all earlier tiles, from the look-back
    int gaveUp[kBuffers];  // the look-back gave up
    // The data warps' counts of the tile being counted. 16-byte aligned: the sum over them compiles
    // to 16-byte loads, which must not also cover gaveUp (racecheck saw the data warps read
    // gaveUp[2] that way, as the look-back warp wrote it).
    alignas(16) int warpCounts[32];
  };

  __host__ __device__ static long long tilesFor(long long n) { return (n + kTile - 1) / kTile; }
  // The staged tiles, in dynamic shared memory (more than the 48 KB of static).
  __host__ __device__ static size_t sharedBytes() {
    return static_cast<size_t>(kBuffers) * kTile * sizeof(T);
  }

  __device__ static void run(const T* in, const uint8_t* flags, T* selected, T* rejected,
                             int* selectedCount, long long n, const SinglePassDeviceArgs<int>& args,
                             T* staged, Shared& sh) {
    NullRecorder rec;
    GpuGrid<int, NullRecorder> grid(args, rec);
    const int tiles = static_cast<int>(tilesFor(n));
    if (threadIdx.x < 32)
      lookBackLoop(grid, args, tiles, selectedCount, sh);
    else
      dataLoop(grid, args, in, flags, selected, rejected, n, tiles, staged, sh);
  }

 private:
  __device__ static void lookBackLoop(GpuGrid<int, NullRecorder>& grid,
                                      const SinglePassDeviceArgs<int>& args, int tiles,
                                      int* selectedCount, Shared& sh) {
    for (int i = 0;; ++i) {
      const int b = i % kBuffers;
      handOver<kReady, true>(b);
      const int tile = sh.tile[b];
      if (tile >= tiles) return;
      int prefix = 0;
      const bool ok = lookBackTile<int, Count, Shape>(grid, args, tile, sh.count[b], 32, prefix);
      if (threadIdx.x == 0) {
        sh.prefix[b] = prefix;
        sh.gaveUp[b] = !ok;
        if (ok && tile == tiles - 1) *selectedCount = prefix + sh.count[b];
      }
      __syncwarp();
      handOver<kPrefixDone, false>(b);
      if (!ok) return;
    }
  }

  __device__ static void dataLoop(GpuGrid<int, NullRecorder>& grid,
                                  const SinglePassDeviceArgs<int>& args, const T* in,
                                  const uint8_t* flags, T* selected, T* rejected, long long n,
                                  int tiles, T* staged, Shared& sh) {
    const int t = static_cast<int>(threadIdx.x) - 32;  // among the data threads
    const int lane = t % 32;
    const int dataWarp = t / 32;
    const bool leader = t == 0;
    const int warpFirst = dataWarp * Tile::kWarpElements;  // the warp's part of a tile
    PersistentTileIds ids(grid, args.diag, tiles);
    // Writes the tile staged in buffer b once warp 0 has its prefix. False: the look-back gave up.
    const auto writeStaged = [&](int b, int tile, int count) {
      handOver<kPrefixDone, true>(b);
      if (sh.gaveUp[b]) return false;
      const int prefix = sh.prefix[b];
      const T* buffer = staged + b * kTile;
      Tile::writeRun(selected + prefix, buffer, count, t);
      if constexpr (kSplit) {  // after the rejected elements of earlier tiles
        const long long before = static_cast<long long>(tile) * kTile - prefix;
        Tile::writeRun(rejected + before, buffer + count, tileValidCount(n, kTile, tile) - count,
                       t);
      }
      return true;
    };
    // The launch has failed (a look-back gave up): keep the id count right for the reset.
    const auto abandon = [&](bool tookTile) {
      if (leader && tookTile) ids.drainFrom(ids.take());
    };

    int nextTile = leader ? ids.take() : 0;
    for (int i = 0;; ++i) {
      const int b = i % kBuffers;
      const int oldest = i - kBuffers;  // the tile buffer b still holds, if any
      // Its id and count, read before the leader gives the buffer its new tile below.
      const int oldTile = oldest >= 0 ? sh.tile[b] : 0;
      const int oldCount = oldest >= 0 ? sh.count[b] : 0;
      if (leader) sh.nextTile = nextTile;
      namedBarrierSync<kDataBarrier>(kDataThreads);  // the id is visible; the last round is done
      const int tile = sh.nextTile;
      const bool stop = tile >= tiles;
      if (leader) sh.tile[b] = tile;
      const long long base = static_cast<long long>(tile) * kTile;
      const int valid = stop ? 0 : tileValidCount(n, kTile, tile);
      const bool vectors =
          valid == kTile &&
          ((reinterpret_cast<uintptr_t>(in + base) | reinterpret_cast<uintptr_t>(flags + base)) &
           15u) == 0;
      // This tile's loads first; the oldest tile is written while they fly.
      T x[kItems];
      uint32_t flagWords[Tile::kVectors];
      uint32_t mask = 0;
      if (vectors)
        Tile::loadVectors(in + base + warpFirst, flags + base + warpFirst, lane, x, flagWords);
      else if (!stop)
        mask = Tile::load(in + base + warpFirst, flags + base + warpFirst, lane, valid - warpFirst,
                          false, x);
      if (oldest >= 0 && !writeStaged(b, oldTile, oldCount)) {
        abandon(!stop);
        return;
      }
      if (stop) {
        // The stop to the look-back warp, then the tiles still in the ring, oldest first.
        namedBarrierSync<kDataBarrier>(kDataThreads);
        handOver<kReady, false>(b);
        for (int k = (oldest >= 0 ? oldest + 1 : 0); k < i; ++k)
          if (!writeStaged(k % kBuffers, sh.tile[k % kBuffers], sh.count[k % kBuffers])) return;
        return;
      }
      if (vectors) mask = Tile::maskOf(flagWords);
      Counts vectorTotals{};
      const Counts lowerLanes = Tile::warpExclusive(mask, lane, vectorTotals);
      if (lane == 0) sh.warpCounts[dataWarp] = Tile::warpCount(vectorTotals);
      // The next id now, so that the atomic's round trip overlaps the count and the staging (the
      // oldest tile's prefix has arrived: a tile's count never waits for a look-back).
      if (leader) nextTile = ids.ask();
      // Every warp's count is visible, and every thread has read buffer b's old tile.
      namedBarrierSync<kDataBarrier>(kDataThreads);
      int beforeWarp = 0, tileCount = 0;
#pragma unroll
      for (int w = 0; w < kDataWarps; ++w) {
        if (w == dataWarp) beforeWarp = tileCount;
        tileCount += sh.warpCounts[w];
      }
      if (leader) {
        DecoupledLookback::publishAggregate(grid, TileShared<int>{tile, valid, tileCount, 0});
        sh.count[b] = tileCount;
      }
      Tile::stage(staged + b * kTile, x, mask, lowerLanes, vectorTotals, beforeWarp, tileCount,
                  warpFirst, lane, valid);
      // What warp 0 and a later round read is written before a barrier of the writers (as
      // PipelinedLookbackAgent does, which is also how racecheck sees it ordered).
      namedBarrierSync<kDataBarrier>(kDataThreads);
      handOver<kReady, false>(b);
      if (leader) nextTile = ids.settle(nextTile);
    }
  }
};

}  // namespace scanviz
