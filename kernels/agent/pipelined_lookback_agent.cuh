// The production decoupled look-back scan with persistent blocks (CUB's AgentScan has the role of
// one tile; here a block keeps a ring of tiles): the agent behind the sm_90 row of
// lookback_tuning.h. lookback_agent.cuh says what a tile's work is; this file, how a block keeps
// loads in flight while its tiles wait for their prefixes (Merrill & Garland 2016, section 5, with
// the warp specialisation of docs/notes/production-scan.md v3).
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_tile.cuh"
#include "kernels/agent/persistent_ring.cuh"
#include "kernels/agent/pipelined_data_warps.cuh"
#include "kernels/agent/tile_slice.cuh"

namespace scanviz {

// Persistent blocks with a dedicated look-back warp (warp specialisation) and a ring of
// Policy::kBuffers tile buffers. Warps 1.. ("data warps") loop: take a tile id, load the tile,
// reduce it and publish its A, hand it to warp 0, then finish the oldest tile still waiting (scan
// and store) with the prefix warp 0 has found for it meanwhile. Warp 0 only looks back, tile after
// tile in the order the data warps hand them over. So a tile's A is published as soon as its data
// is in, never behind a look-back (which would chain the look-backs of all blocks into a domino),
// and up to kBuffers - 1 look-backs are covered by the loading and reducing of later tiles.
// Hand-over through named barriers: the data warps arrive at READY[b] and warp 0 waits there;
// warp 0 arrives at PREFIX[b] and the data warps wait there (b: the buffer, so that consecutive
// hand-overs use different barriers and an arrival never meets the previous round's).
// Policy::kOldestInRegisters (the shipped rows) overlaps each pass 2 with a load: the
// tile a round's buffer still holds is read into registers, the round's copies are issued into the
// buffer at once, and that tile is scanned and stored from the registers while they fly, so every
// pass 2 overlaps a load and the ring holds one tile more than its buffers (v11).
// Policy::kLoadAhead (the shipped row) moves that to the round before: as each data warp ends its
// reduce it reads the next round's buffer into registers and issues the next tile's copies into
// it (the id was asked for a round early), so the block's loads fly through the publication,
// the hand-over and the next round's start too (v14).
// Three orders of a round that no policy ships are not here but in
// docs/results/2026-11-28-s13/probe-only-switches.diff, which restores them for the probe: the
// oldest tile's pass 2 during the next load when its prefix is there (kPass2DuringLoad, v10),
// and the loads or stores by the SM's copy engine (kBulkCopy, v6 and round 36; kBulkStore,
// round 12).
// More than one look-back warp (Policy::kLookbackWarps) was an experiment (slower:
// docs/notes/production-scan.md, v6). With more than one, a look-back that gives up (the
// watchdog: a deadlock, which dynamic ids do not produce) leaves the other look-back warps waiting
// at their barrier; every policy has 1.
template <class T, class Policy>
struct PipelinedLookbackAgent
    : PersistentRing<Policy::kThreads, Policy::kBuffers, Policy::kLookbackWarps> {
  using Ring = PersistentRing<Policy::kThreads, Policy::kBuffers, Policy::kLookbackWarps>;
  using Ring::kBuffers, Ring::kLookbackWarps, Ring::kDataWarps, Ring::kDataThreads,
      Ring::kDataBarrier, Ring::kReady, Ring::kPrefixDone, Ring::handOver;
  static constexpr int kItems = Policy::kItemsPerThread;
  static constexpr int kVectors = kItems / 4;
  static constexpr int kTile = kDataThreads * kItems;
  static_assert(kLookbackWarps >= 1 && kLookbackWarps < kBuffers,
                "the stops for the look-back warps use buffers the ring has finished");
  static_assert(kItems % 4 == 0, "items per thread move as vectors of 4");

  struct Shared {
    int nextTile;                // the id the leader took, for the data warps
    int tile[kBuffers];          // per buffer: its tile id (>= tiles: stop)
    T aggregate[kBuffers];       // its aggregate, for the look-back
    T prefix[kBuffers];          // its exclusive prefix, from the look-back
    int gaveUp[kBuffers];        // the look-back gave up
    T warpPrefix[kBuffers][32];  // per data warp: the tile's warps before it (for pass 2)
    T warpTotals[32];            // the data warps' totals of the tile being reduced
  };

  __host__ __device__ static int tileElements(int /*blockThreads*/) { return kTile; }
  __host__ __device__ static size_t sharedBytes(int /*blockThreads*/) {
    return static_cast<size_t>(kBuffers) * kTile * sizeof(T);
  }
  // Persistent: as many blocks as are resident at once, at most one per tile.
  __host__ static long long blocksFor(long long tiles, long long resident) {
    return tiles < resident ? tiles : resident;
  }

  template <int kId>
  __device__ static void barSync(int count) {
    namedBarrierSync<kId>(count);
  }

  template <class Op>
  __device__ static void run(const T* in, T* out, long long n, bool exclusive, int tiles,
                             InputL2Hint inputHint, const SinglePassDeviceArgs<T>& args, T* mem,
                             Shared& sh) {
    NullRecorder rec;
    GpuGrid<T, NullRecorder> grid(args, rec);
    if (threadIdx.x < 32 * kLookbackWarps)
      lookBackLoop<Op>(grid, args, tiles, static_cast<int>(threadIdx.x) / 32, sh);
    else
      dataLoop<Op>(grid, in, out, n, exclusive, tiles, tileCopyFor(in, inputHint), args, mem, sh);
    if constexpr (LookbackProbeOf<Policy>::type::kEnabled)
      if (threadIdx.x == 32 * kLookbackWarps) LookbackProbeOf<Policy>::type::flushTimeline();
  }

  template <class Op>
  __device__ static void lookBackLoop(GpuGrid<T, NullRecorder>& grid,
                                      const SinglePassDeviceArgs<T>& args, int tiles, int warp,
                                      Shared& sh) {
    // Look-back warp w takes rounds w, w + kLookbackWarps, ...
    for (int i = warp;; i += kLookbackWarps) {
      const int b = i % kBuffers;
      handOver<kReady, true>(b);
      const int tile = sh.tile[b];
      if (tile >= tiles) return;
      T prefix;
      const bool ok = lookBackTile<T, Op, Policy>(grid, args, tile, sh.aggregate[b], 32, prefix);
      if (threadIdx.x % 32 == 0) {
        sh.prefix[b] = prefix;
        sh.gaveUp[b] = !ok;
      }
      __syncwarp();
      handOver<kPrefixDone, false>(b);
      if (!ok) return;
    }
  }

  template <class Op>
  __device__ static void dataLoop(GpuGrid<T, NullRecorder>& grid, const T* in, T* out, long long n,
                                  bool exclusive, int tiles, TileCopy copy,
                                  const SinglePassDeviceArgs<T>& args, T* mem, Shared& sh) {
    PipelinedDataWarps<T, Op, Policy, PipelinedLookbackAgent> warps(grid, in, out, n, exclusive,
                                                                    tiles, copy, args, mem, sh);
    warps.run();
  }
};

}  // namespace scanviz
