// The production segmented decoupled look-back with persistent blocks and a look-back warp: the
// tile of segmented_lookback_agent.cuh (the same loads, scans and literally the same look-back,
// SegmentedLookback::poll) in the pipeline of the production scan's PipelinedLookbackAgent
// (pipelined_lookback_agent.cuh; Merrill & Garland 2016, section 5, with the warp specialisation of
// docs/notes/production-scan.md v3), as select_pipelined_agent.cuh does for compaction and split.
//
// Idea: in the one-tile agent a block scans its tile and then waits for its look-back before it
// stores anything; only the other blocks of its SM keep loads in flight meanwhile. Here a block
// keeps a ring of kBuffers scanned tiles in shared memory. Warp 0 only looks back, tile after
// tile, in the order the data warps hand them over; the data warps loop: take a tile id, issue the
// tile's loads into registers, store the oldest scanned tile (whose prefix warp 0 has found
// meanwhile) while those loads fly, scan the new tile within itself, publish its aggregate, and
// leave it in the freed buffer. Within the tile the scan needs no prefix: the prefix only combines
// into the elements before the tile's first head, so the tile is kept without it and the store
// adds it to the elements before that head (for floats a different order of the same operations,
// within docs/float-tolerance.md).
// Work per tile of S elements: the one-tile agent's, O(S); depth per tile the same, and a tile's
// results leave kBuffers rounds after its load.
// Hand-over through named barriers as in PipelinedLookbackAgent: READY[b] (data warps arrive,
// warp 0 waits) and PREFIX[b] (warp 0 arrives, the data warps wait).
// Measured (docs/benchmarks.md, 2026-11-27), inclusive add, x cub::DeviceScan::InclusiveScanByKey
// at 2^24-2^28, int32 and float32: H100 1.15-1.30 (one tile per block 1.10-1.25), H200 1.26-1.36
// (1.19-1.34), at 0.83-0.85 of the copy's time on the H100 while moving 9 of its 8 bytes.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_agent.cuh"
#include "kernels/agent/persistent_ring.cuh"
#include "kernels/agent/segmented_lookback_agent.cuh"

namespace scanviz {

// Candidate shapes: 7 data warps and a look-back warp, kItems a thread (a multiple of 16: a
// thread's flags move as 16-byte vectors), a ring of kBuffers tiles, kMinBlocks blocks an SM.
template <int kItemsOf, int kBuffersOf, int kMinBlocksOf>
struct PipelinedSegmentedShape {
  static constexpr int kThreads = 256;
  static constexpr int kItems = kItemsOf;
  static constexpr int kBuffers = kBuffersOf;
  static constexpr int kMinBlocks = kMinBlocksOf;
};

template <class T, class Shape>
struct PipelinedSegmentedAgent : PersistentRing<Shape::kThreads, Shape::kBuffers> {
  using Ring = PersistentRing<Shape::kThreads, Shape::kBuffers>;
  using Ring::kThreads, Ring::kBuffers, Ring::kDataWarps, Ring::kDataThreads, Ring::kDataBarrier,
      Ring::kReady, Ring::kPrefixDone, Ring::handOver;
  static constexpr int kItems = Shape::kItems;
  static constexpr int kTile = kDataThreads * kItems;
  // The data warps' part of the work is the one-tile agent's with kDataThreads threads.
  using Tile = SegmentedLookbackAgent<T, kDataThreads, kItems>;
  // A warp's part of a buffer: its vectors with the one-tile agent's padding (conflict-free both
  // warp-striped and blocked).
  static constexpr int kWarpVectors = Tile::kWarpVectors + Tile::kWarpVectors / 8;
  static constexpr int kBufferVectors = kDataWarps * kWarpVectors;

  struct Shared {
    int nextTile;  // the id the leader took, for the data warps
    SegmentedTileShared<T>
        state[kBuffers];      // per buffer: its tile for the look-back (>= tiles: stop)
    int firstHead[kBuffers];  // per buffer: its tile's first head (kTile: none)
    int gaveUp[kBuffers];     // the look-back gave up
    // Of the tile being scanned. 16-byte aligned: the data warps read them with 16-byte loads,
    // which must not also cover gaveUp (racecheck saw them read gaveUp[2] that way as the
    // look-back warp wrote it, as in PipelinedSelectAgent).
    alignas(16) T warpTotals[kDataWarps];
    alignas(16) int warpCovered[kDataWarps];
    alignas(16) int warpFirstHead[kDataWarps];
  };

  __host__ __device__ static long long tilesFor(long long n) { return (n + kTile - 1) / kTile; }
  // The ring of scanned tiles, in dynamic shared memory (more than the 48 KB of static).
  __host__ __device__ static size_t sharedBytes() {
    return static_cast<size_t>(kBuffers) * kBufferVectors * sizeof(Vec4<T>);
  }

  template <class Op>
  __device__ static void run(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
                             const SinglePassDeviceArgs<T>& args, Vec4<T>* buffers, Shared& sh) {
    NullRecorder rec;
    GpuGrid<T, NullRecorder> grid(args, rec);
    const int tiles = static_cast<int>(tilesFor(n));
    if (threadIdx.x < 32)
      lookBackLoop<Op>(grid, args, tiles, sh);
    else
      dataLoop<Op>(grid, args.diag, in, flags, out, n, exclusive, tiles, buffers, sh);
  }

 private:
  template <class Op>
  __device__ static void lookBackLoop(GpuGrid<T, NullRecorder>& grid,
                                      const SinglePassDeviceArgs<T>& args, int tiles, Shared& sh) {
    for (int i = 0;; ++i) {
      const int b = i % kBuffers;
      handOver<kReady, true>(b);
      if (sh.state[b].tile >= tiles) return;
      const bool ok = Tile::template lookBack<Op>(grid, args, sh.state[b]);
      if (threadIdx.x == 0) sh.gaveUp[b] = !ok;
      __syncwarp();
      handOver<kPrefixDone, false>(b);
      if (!ok) return;
    }
  }

  // The leader's part of a tile's publication: its state for the look-back warp and the stores,
  // and its aggregate (or inclusive prefix) in its status word.
  template <class Op>
  __device__ static void publishTile(GpuGrid<T, NullRecorder>& grid, Shared& sh, int b, int tile,
                                     int valid, const SegmentedPair<T>& all, uint32_t heads) {
    SegmentedTileShared<T>& state = sh.state[b];
    state.tile = tile;
    state.valid = valid;
    state.aggregate = all.value;
    state.prefix = Op::identity();  // stays so for a tile that starts at a head
    state.holdsHead = all.covered;
    state.startsAtHead = heads & 1u;
    int firstHead = kTile;
#pragma unroll
    for (int w = 0; w < kDataWarps; ++w) firstHead = min(firstHead, sh.warpFirstHead[w]);
    sh.firstHead[b] = firstHead;
    publishSegmentedAggregate(grid, tile, all.covered, all.value);
  }

  template <class Op>
  __device__ static void dataLoop(GpuGrid<T, NullRecorder>& grid, SpinDiagnostics* diag,
                                  const T* in, const uint8_t* flags, T* out, long long n,
                                  bool exclusive, int tiles, Vec4<T>* buffers, Shared& sh) {
    const int t = static_cast<int>(threadIdx.x) - 32;  // among the data threads
    const int lane = t % 32;
    const int dataWarp = t / 32;
    const bool leader = t == 0;
    const int first = t * kItems;                  // the thread's first element of a tile
    const int warpFirst = dataWarp * 32 * kItems;  // the warp's part of a tile
    const auto warpBuffer = [&](int b) {
      return buffers + b * kBufferVectors + dataWarp * kWarpVectors;
    };
    PersistentTileIds ids(grid, diag, tiles);
    // Stores the warp's part of the tile in buffer b once warp 0 has its prefix, which combines
    // into the elements before the tile's first head. False: the look-back gave up.
    const auto storeScanned = [&](int b, int tile, int firstHead) {
      handOver<kPrefixDone, true>(b);
      if (sh.gaveUp[b]) return false;
      const T prefix = sh.state[b].prefix;
      const long long base = static_cast<long long>(tile) * kTile;
      const int valid = tileValidCount(n, kTile, tile);
      const Vec4<T>* scanned = warpBuffer(b);
      if (valid == kTile && (reinterpret_cast<uintptr_t>(out + base) & 15u) == 0) {
        Tile::storeStriped(out + base + warpFirst, lane, scanned, [&](Vec4<T>& q, int e) {
#pragma unroll
          for (int k = 0; k < 4; ++k)
            if (warpFirst + e + k < firstHead) q.v[k] = Op::apply(prefix, q.v[k]);
        });
        return true;
      }
      for (int e = lane; e < 32 * kItems && warpFirst + e < valid; e += 32) {
        const T y = scanned[Tile::padded(e / 4)].v[e % 4];
        out[base + warpFirst + e] = warpFirst + e < firstHead ? Op::apply(prefix, y) : y;
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
      const int oldTile = oldest >= 0 ? sh.state[b].tile : 0;
      const int oldFirstHead = oldest >= 0 ? sh.firstHead[b] : 0;
      if (leader) sh.nextTile = nextTile;
      namedBarrierSync<kDataBarrier>(kDataThreads);  // the id is visible; the last round is done
      const int tile = sh.nextTile;
      const bool stop = tile >= tiles;
      const long long base = static_cast<long long>(tile) * kTile;
      const int valid = stop ? 0 : tileValidCount(n, kTile, tile);
      const bool vectors =
          valid == kTile && ((reinterpret_cast<uintptr_t>(in + base) |
                              (flags ? reinterpret_cast<uintptr_t>(flags + base) : 0)) &
                             15u) == 0;
      // This tile's loads first; the oldest tile is stored while they fly.
      typename Tile::StripedVectors loaded;
      T x[kItems];
      uint32_t heads = 0;
      if (vectors)
        Tile::loadStriped(in + base + warpFirst, flags ? flags + base + first : nullptr, lane,
                          loaded);
      else if (!stop)
        heads = Tile::load(in + base + warpFirst, flags ? flags + base : nullptr, lane, first,
                           valid, false, nullptr, x, Op::identity());
      if (oldest >= 0 && !storeScanned(b, oldTile, oldFirstHead)) {
        abandon(!stop);
        return;
      }
      if (stop) {
        // The stop to the look-back warp once every thread is done with buffer b's state, then
        // the tiles still in the ring, oldest first.
        namedBarrierSync<kDataBarrier>(kDataThreads);
        if (leader) sh.state[b].tile = tile;
        namedBarrierSync<kDataBarrier>(kDataThreads);
        handOver<kReady, false>(b);
        for (int k = (oldest >= 0 ? oldest + 1 : 0); k < i; ++k) {
          const int kb = k % kBuffers;
          if (!storeScanned(kb, sh.state[kb].tile, sh.firstHead[kb])) return;
        }
        return;
      }
      __syncwarp();  // the warp has read its part of buffer b
      if (vectors) heads = Tile::unstripe(loaded, lane, warpBuffer(b), x);
      SegmentedPair<T> upTo;
      const SegmentedPair<T> before = Tile::template scanThreadAndWarp<Op>(x, heads, lane, upTo);
      const int warpHead = __reduce_min_sync(
          0xffffffffu, heads ? first + __ffs(static_cast<int>(heads)) - 1 : kTile);
      if (lane == 31) {
        sh.warpTotals[dataWarp] = upTo.value;
        sh.warpCovered[dataWarp] = upTo.covered;
        sh.warpFirstHead[dataWarp] = warpHead;
      }
      // The next id now, so that the atomic's round trip overlaps the scan (the oldest tile's
      // prefix has arrived: a tile's aggregate never waits for a look-back).
      if (leader) nextTile = ids.ask();
      // Every warp's total is visible, and every thread is done with buffer b's old tile.
      namedBarrierSync<kDataBarrier>(kDataThreads);
      SegmentedPair<T> warpsBefore;
      const SegmentedPair<T> all =
          Tile::template combineWarps<Op>(sh.warpTotals, sh.warpCovered, dataWarp, warpsBefore);
      if (leader) publishTile<Op>(grid, sh, b, tile, valid, all, heads);
      // Within the tile: what precedes the thread there, without the tile's prefix.
      T y[kItems];
      Tile::template finishElements<Op>(x, heads, combineSegmented<Op>(warpsBefore, before).value,
                                        exclusive, y);
      Tile::stageBlocked(lane, warpBuffer(b), y);
      // What warp 0 and a later round read is written before a barrier of the writers (as
      // PipelinedLookbackAgent does, which is also how racecheck sees it ordered).
      namedBarrierSync<kDataBarrier>(kDataThreads);
      handOver<kReady, false>(b);
      if (leader) nextTile = ids.settle(nextTile);
    }
  }
};

}  // namespace scanviz
