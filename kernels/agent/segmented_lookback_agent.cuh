// The production segmented decoupled look-back scan: the tile agent behind the uninstrumented GPU
// kernel of segmented-lookback (as lookback_agent.cuh is for decoupled-lookback). Sources:
// Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back" (NVR-2016-002),
// over Blelloch's segmented operator ("Prefix sums and their applications", 1990, section 1.5).
//
// Idea: the protocol of segmented_lookback.h, which the emulator and the recorded kernel run step
// by step, with literally its functions: a tile that holds a head publishes its aggregate as P at
// once (publishSegmentedAggregate), and the look-back (SegmentedLookback::poll) stops at the
// nearest P. What changes is how a tile is moved and scanned, because the kernel reads 9 bytes an
// element (value and head flag) and writes 4, and is only as fast as it keeps memory busy:
//  - Blocked in registers: each thread owns kItems consecutive elements. Values move as 16-byte
//    vectors, warp-striped (every load and store instruction of a warp covers 512 contiguous
//    bytes) and turned into the blocked order through a padded, conflict-free exchange in shared
//    memory, one warp at a time (__syncwarp only); a thread's 16 flags are one 16-byte vector,
//    contiguous across the warp already. H100, 2^28 int32: direct blocked loads (each thread its
//    own vectors, 16 bytes apart per lane) measured 0.95x CUB's scan by key, and were removed.
//  - Scan, not reduce then scan: each thread scans its elements sequentially (restarting at each
//    head), the thread totals are scanned across the warp with shuffles over (value, flag) pairs,
//    the warp totals across the block through shared memory once. After the look-back a thread
//    combines its carry (what precedes it in the tile, and the tile's prefix unless a head lies
//    between) into its elements before its own first head, and stores.
//
// Work per tile of S elements, T threads: S - T in the threads' scans, 5 T in the warp scans
// (fewer across heads), about T x warps for the block level, S for the carries: O(S). Depth:
// kItems + 5 + warps + kItems operator steps, plus the look-back, which ends at the nearest tile
// that holds a head or has its prefix.
// Results equal the recorded kernel's for int32 (every operator is associative there); float32
// combines in a different order and agrees within docs/float-tolerance.md.
// The launch (kernels/launch/single_pass_kernels.cuh) runs this agent below two tiles a resident
// block, where its smaller tiles keep more blocks busy; above, the same tile functions run in
// persistent blocks with a look-back warp (segmented_pipelined_agent.cuh).
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_agent.cuh"
#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/grid/segmented_lookback.h"

namespace scanviz {

// A value with the flag "a segment starts within what it covers", under the segmented operator.
template <class T>
struct SegmentedPair {
  T value;
  bool covered;
};

template <class Op, class T>
__device__ __forceinline__ SegmentedPair<T> combineSegmented(SegmentedPair<T> a,
                                                             SegmentedPair<T> b) {
  return {b.covered ? b.value : Op::apply(a.value, b.value), a.covered || b.covered};
}

template <class T, int kThreads, int kItems>
struct SegmentedLookbackAgent {
  static_assert(kItems % 16 == 0 && kItems <= 32,
                "16 flags move as one 16-byte vector, 32 at "
                "most fit the thread's head mask");
  static_assert(kThreads % 32 == 0 && kThreads <= 1024, "whole warps");
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kTileElements = kThreads * kItems;

  // A warp's part of the tile as 16-byte vectors, one pad vector after every 8 so that both the
  // striped and the blocked accesses below are free of bank conflicts.
  static constexpr int kVectors = kItems / 4;  // per thread
  static constexpr int kWarpVectors = 32 * kVectors;
  __device__ static int padded(int q) { return q + q / 8; }

  struct Shared {
    SegmentedTileShared<T> tile;  // the look-back's state (segmented_lookback.h)
    T warpTotals[kWarps];
    int warpCovered[kWarps];
    int gaveUp;  // the watchdog ended the look-back: stop
    Vec4<T> exchange[kWarps][kWarpVectors + kWarpVectors / 8];  // each warp's vectors, turned
  };

  // A full, aligned tile's part of one lane as it arrives: the lane's warp-striped 16-byte vectors
  // of values (vector j is the warp's vector j * 32 + lane, so each load instruction of a warp
  // reads 512 contiguous bytes) and its own 16-byte vectors of flags (a thread's 16 flags are
  // contiguous, and so are the warp's).
  struct StripedVectors {
    int4 values[kVectors];
    int4 flags[kItems / 16];
  };

  // Issues the loads of StripedVectors (`threadFlags`: this thread's first flag; null: no heads).
  // Nothing waits for them until they are used, so a caller can do other work meanwhile.
  __device__ static void loadStriped(const T* warpIn, const uint8_t* threadFlags, int lane,
                                     StripedVectors& v) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      v.values[j] = __ldcs(reinterpret_cast<const int4*>(warpIn) + j * 32 + lane);
#pragma unroll
    for (int j = 0; j < kItems / 16; ++j)
      v.flags[j] = threadFlags ? __ldcs(reinterpret_cast<const int4*>(threadFlags) + j)
                               : make_int4(0, 0, 0, 0);
  }

  // The head bits of loaded flag vectors: bit k for element k of the thread's.
  __device__ static uint32_t headsOf(const StripedVectors& v) {
    uint32_t heads = 0;
#pragma unroll
    for (int j = 0; j < kItems / 16; ++j) {
      const uint32_t words[4] = {
          static_cast<uint32_t>(v.flags[j].x), static_cast<uint32_t>(v.flags[j].y),
          static_cast<uint32_t>(v.flags[j].z), static_cast<uint32_t>(v.flags[j].w)};
#pragma unroll
      for (int k = 0; k < 16; ++k)
        if ((words[k / 4] >> (8 * (k % 4))) & 0xffu) heads |= 1u << (16 * j + k);
    }
    return heads;
  }

  // The striped values into this thread's kItems consecutive elements, turned around in the warp's
  // part of `exchange`, which the warp must not be reading any more. Returns the head bits.
  __device__ static uint32_t unstripe(const StripedVectors& v, int lane, Vec4<T>* exchange,
                                      T (&x)[kItems]) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      *reinterpret_cast<int4*>(&exchange[padded(j * 32 + lane)]) = v.values[j];
    __syncwarp();
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      const Vec4<T> q = exchange[padded(lane * kVectors + j)];
#pragma unroll
      for (int k = 0; k < 4; ++k) x[4 * j + k] = q.v[k];
    }
    return headsOf(v);
  }

  // This thread's results to its own (blocked) places of `exchange`, where unstripe read its
  // elements; storeStriped takes them out once the warp has synchronised.
  __device__ static void stageBlocked(int lane, Vec4<T>* exchange, const T (&y)[kItems]) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      Vec4<T> q;
#pragma unroll
      for (int k = 0; k < 4; ++k) q.v[k] = y[4 * j + k];
      exchange[padded(lane * kVectors + j)] = q;
    }
  }

  // The warp's staged results, warp-striped, to `warpOut` (a full, aligned tile); `adjust(q, e)`
  // may change vector q, which holds the warp's elements e .. e + 3, before it is stored.
  template <class Adjust>
  __device__ static void storeStriped(T* warpOut, int lane, const Vec4<T>* exchange,
                                      Adjust&& adjust) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      const int q = j * 32 + lane;
      Vec4<T> y = exchange[padded(q)];
      adjust(y, 4 * q);
      storeStreaming(warpOut + 4 * q, y);
    }
  }

  // Loads this thread's elements (its kItems consecutive ones; `warpIn`: the warp's part of the
  // tile). A full, aligned tile moves as 16-byte vectors, warp-striped and turned around in shared
  // memory (loadStriped, unstripe). Otherwise one element at a time (identity and no head past the
  // end). No flags: no heads. The heads come back as a bit mask: bit k for element k of the
  // thread's.
  __device__ static uint32_t load(const T* warpIn, const uint8_t* flags, int lane, int first,
                                  int valid, bool vectors, Vec4<T>* exchange, T (&x)[kItems],
                                  T identity) {
    if (vectors) {
      StripedVectors v;
      loadStriped(warpIn, flags ? flags + first : nullptr, lane, v);
      const uint32_t heads = unstripe(v, lane, exchange, x);
      __syncwarp();  // the exchange is free again (store uses it)
      return heads;
    }
    uint32_t heads = 0;
    const T* mine = warpIn + lane * kItems;
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const bool real = first + k < valid;
      x[k] = real ? mine[k] : identity;
      if (flags && real && flags[first + k]) heads |= 1u << k;
    }
    return heads;
  }

  // The reverse of load: the thread's results y to its kItems consecutive places of `warpOut`.
  __device__ static void store(T* warpOut, int lane, int first, int valid, bool vectors,
                               Vec4<T>* exchange, const T (&y)[kItems]) {
    if (vectors) {
      stageBlocked(lane, exchange, y);
      __syncwarp();
      storeStriped(warpOut, lane, exchange, [](Vec4<T>&, int) {});
      return;
    }
    T* mine = warpOut + lane * kItems;
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < valid) mine[k] = y[k];
  }

  // The segmented scan of this thread's (value, flag) pairs across the warp, inclusive; lane l's
  // running pair takes lane l - delta's on its left.
  template <class Op>
  __device__ static SegmentedPair<T> warpScan(SegmentedPair<T> p, int lane) {
#pragma unroll
    for (int delta = 1; delta < 32; delta *= 2) {
      SegmentedPair<T> left;
      left.value = __shfl_up_sync(0xffffffffu, p.value, delta);
      left.covered = __shfl_up_sync(0xffffffffu, p.covered, delta);
      if (lane >= delta) p = combineSegmented<Op>(left, p);
    }
    return p;
  }

  // This thread's elements scanned in place, restarting at each head, then the threads' totals
  // across the warp. `upTo`: the warp's pair through this thread; returns the pair before it (lane
  // 0: the identity, no head).
  template <class Op>
  __device__ static SegmentedPair<T> scanThreadAndWarp(T (&x)[kItems], uint32_t heads, int lane,
                                                       SegmentedPair<T>& upTo) {
#pragma unroll
    for (int k = 1; k < kItems; ++k) x[k] = (heads >> k) & 1u ? x[k] : Op::apply(x[k - 1], x[k]);
    upTo = warpScan<Op>(SegmentedPair<T>{x[kItems - 1], heads != 0}, lane);
    SegmentedPair<T> before;
    before.value = __shfl_up_sync(0xffffffffu, upTo.value, 1);
    before.covered = __shfl_up_sync(0xffffffffu, upTo.covered, 1);
    if (lane == 0) before = {Op::identity(), false};
    return before;
  }

  // The block level: the tile's pair over the warps' totals; `warpsBefore`: over those before
  // `warp`.
  template <class Op>
  __device__ static SegmentedPair<T> combineWarps(const T* totals, const int* covered, int warp,
                                                  SegmentedPair<T>& warpsBefore) {
    SegmentedPair<T> all{Op::identity(), false};
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      if (w == warp) warpsBefore = all;
      all = combineSegmented<Op>(all, SegmentedPair<T>{totals[w], covered[w] != 0});
    }
    return all;
  }

  // The thread's results: `carry` (what precedes its first element) combined into its elements
  // before its first head; exclusive: the inclusive value before each element, the identity at a
  // head.
  template <class Op>
  __device__ static void finishElements(const T (&x)[kItems], uint32_t heads, T carry,
                                        bool exclusive, T (&y)[kItems]) {
    const int firstHead = heads ? __ffs(static_cast<int>(heads)) - 1 : kItems;
    T previous = carry;
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      const T inclusive = k < firstHead ? Op::apply(carry, x[k]) : x[k];
      y[k] = !exclusive ? inclusive : (heads >> k) & 1u ? Op::identity() : previous;
      previous = inclusive;
    }
  }

  // The look-back by warp 0, as the emulator runs it (SegmentedLookback::poll until Done), with
  // the watchdog of the plain agent. False if it gave up.
  template <class Op>
  __device__ static bool lookBack(GpuGrid<T, NullRecorder>& grid,
                                  const SinglePassDeviceArgs<T>& args, SegmentedTileShared<T>& ts) {
    GpuLookbackWarp warp(SegmentedLookback::windowWidth(kThreads));
    LookbackCursor<T> cursor = SegmentedLookback::startLookback(ts, Op::kOperator);
    SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
    while (SegmentedLookback::poll(warp, grid, ts, cursor, Op::kOperator) != PollResult::Done) {
      const bool expired = threadIdx.x == 0 && watchdog.expired(ts.tile, cursor.waitingFor);
      if (__shfl_sync(0xffffffffu, expired, 0)) return false;
    }
    return true;
  }

  template <class Op>
  __device__ static void run(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
                             const SinglePassDeviceArgs<T>& args, Shared& sh) {
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int warp = static_cast<int>(threadIdx.x) / 32;
    const T identity = Op::identity();
    NullRecorder rec;
    GpuGrid<T, NullRecorder> grid(args, rec);

    const int tile = takeOneTileId(grid, args.diag, sh.tile.tile);
    const long long base = static_cast<long long>(tile) * kTileElements;
    const int valid = tileValidCount(n, kTileElements, tile);
    const int first = static_cast<int>(threadIdx.x) * kItems;
    const bool vectors =
        valid == kTileElements &&
        ((reinterpret_cast<uintptr_t>(in + base) | reinterpret_cast<uintptr_t>(out + base) |
          (flags ? reinterpret_cast<uintptr_t>(flags + base) : 0)) &
         15u) == 0;
    T x[kItems];
    const int warpFirst = warp * 32 * kItems;  // the warp's part of the tile
    Vec4<T>* exchange = sh.exchange[warp];
    const uint32_t heads = load(in + base + warpFirst, flags ? flags + base : nullptr, lane, first,
                                valid, vectors, exchange, x, identity);
    SegmentedPair<T> upTo;
    const SegmentedPair<T> before = scanThreadAndWarp<Op>(x, heads, lane, upTo);
    if (lane == 31) {
      sh.warpTotals[warp] = upTo.value;
      sh.warpCovered[warp] = upTo.covered;
    }
    if (threadIdx.x == 0) sh.tile.startsAtHead = heads & 1u;
    __syncthreads();

    SegmentedPair<T> warpsBefore;
    const SegmentedPair<T> all = combineWarps<Op>(sh.warpTotals, sh.warpCovered, warp, warpsBefore);
    if (threadIdx.x < 32) {
      if (threadIdx.x == 0) {
        sh.tile.valid = valid;
        sh.tile.aggregate = all.value;
        sh.tile.holdsHead = all.covered;
        sh.tile.prefix = identity;
        publishSegmentedAggregate(grid, tile, all.covered, all.value);
      }
      __syncwarp();
      const bool ok = lookBack<Op>(grid, args, sh.tile);
      if (threadIdx.x == 0) sh.gaveUp = !ok;
    }
    __syncthreads();  // the prefix (or the decision to stop) reaches every thread
    if (sh.gaveUp) return;

    const SegmentedPair<T> inTile = combineSegmented<Op>(warpsBefore, before);
    const T carry = inTile.covered ? inTile.value : Op::apply(sh.tile.prefix, inTile.value);
    T y[kItems];
    finishElements<Op>(x, heads, carry, exclusive, y);
    store(out + base + warpFirst, lane, first, valid, vectors, exchange, y);
  }
};

}  // namespace scanviz
