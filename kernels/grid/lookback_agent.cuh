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
// PipelinedLookbackAgent, persistent blocks with a dedicated look-back warp (see there).
// Results equal the recorded kernel's for int32 (every operator is associative there); float32
// sums in a different order and agrees within docs/float-tolerance.md.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/gpu_grid_exec.cuh"

namespace scanviz {

// The operator as a type (CUB's scan operator functor): the kernel is instantiated per operator,
// so its switch folds away in the inner loops.
template <class T, Operator kOp>
struct StaticOp {
  static constexpr Operator kOperator = kOp;
  __device__ __forceinline__ static T identity() { return OpTraits<T>::identity(kOp); }
  __device__ __forceinline__ static T apply(T a, T b) { return OpTraits<T>::apply(kOp, a, b); }
};

// 16-byte asynchronous copy global -> shared (bypasses L1), 4-byte copy for misaligned arrays,
// and the group bookkeeping: wait_group<N> returns once at most N of this thread's groups are
// still in flight. The 16-byte copy asks L2 to fetch the whole 128-byte line: a warp's copy
// instruction covers 512 contiguous bytes anyway, and the hint lets DRAM serve whole lines
// sooner (H100, 2^30 int32: 0.897 -> 0.907 of the copy rate; .L2::256B gave 0.901;
// docs/notes/production-scan.md, v5).
// kLineHint (128, 256 or 0 for none) and kHint (an L2 eviction priority for the input lines:
// first, last or the default) come from the policy (lookback_tuning.h).
template <int kLineHint = 128, InputL2Hint kHint = InputL2Hint::Normal>
__device__ __forceinline__ void cpAsync16(void* smem, const void* gmem) {
  static_assert(kLineHint == 0 || kLineHint == 128 || kLineHint == 256, "an L2 prefetch size");
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if constexpr (kHint != InputL2Hint::Normal) {
    unsigned long long policy;
    if constexpr (kHint == InputL2Hint::EvictFirst)
      asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(policy));
    else
      asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;\n" : "=l"(policy));
    if constexpr (kLineHint == 128)
      asm volatile(
          "cp.async.cg.shared.global.L2::cache_hint.L2::128B [%0], [%1], 16, %2;\n" ::"r"(dst),
          "l"(gmem), "l"(policy)
          : "memory");
    else if constexpr (kLineHint == 256)
      asm volatile(
          "cp.async.cg.shared.global.L2::cache_hint.L2::256B [%0], [%1], 16, %2;\n" ::"r"(dst),
          "l"(gmem), "l"(policy)
          : "memory");
    else
      asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;\n" ::"r"(dst),
                   "l"(gmem), "l"(policy)
                   : "memory");
  } else if constexpr (kLineHint == 128) {
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem)
                 : "memory");
  } else if constexpr (kLineHint == 256) {
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem)
                 : "memory");
  } else {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem) : "memory");
  }
}
__device__ __forceinline__ void cpAsync4(void* smem, const void* gmem) {
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(dst), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cpAsyncCommit() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int N>
__device__ __forceinline__ void cpAsyncWait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

// Four values as one 16-byte vector (int4 / float4 bits).
template <class T>
struct alignas(16) Vec4 {
  T v[4];
};

// The vector's bits as the int4 a 16-byte store writes.
template <class T>
__device__ __forceinline__ int4 vectorBits(const Vec4<T>& x) {
  int4 bits;
  bits.x = static_cast<int>(valueBits(x.v[0]));
  bits.y = static_cast<int>(valueBits(x.v[1]));
  bits.z = static_cast<int>(valueBits(x.v[2]));
  bits.w = static_cast<int>(valueBits(x.v[3]));
  return bits;
}

// Streaming 16-byte store: the output is not read again by this kernel, so it should not push
// the status words and the input still to come out of L2 (evict-first).
template <class T>
__device__ __forceinline__ void storeStreaming(T* dst, const Vec4<T>& x) {
  __stcs(reinterpret_cast<int4*>(dst), vectorBits(x));
}
// The same store with the default cache policy (write-back, normal eviction priority): the sm_90
// row's, which measured 0.5% faster at 2^28-2^30 on both devices (v15 in lookback_tuning.h).
template <class T>
__device__ __forceinline__ void storePlain(T* dst, const Vec4<T>& x) {
  *reinterpret_cast<int4*>(dst) = vectorBits(x);
}

// The SM's bulk copy engine (TMA, sm_90): one instruction copies `bytes` (a multiple of 16, both
// addresses 16-byte aligned) from global to shared memory and signals an mbarrier when they have
// landed. The mbarrier is set up once (arrival count 1: the thread that issues the copy), and every
// use is one phase: arrive with the bytes to expect, copy, and everyone waits on that phase's
// parity. Generic-proxy accesses of the destination before the copy are ordered by
// fence.proxy.async (the copy engine is another proxy).
__device__ __forceinline__ unsigned sharedAddress(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbarrierInit(unsigned long long* bar) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(sharedAddress(bar)) : "memory");
}
__device__ __forceinline__ void fenceMbarrierInit() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
__device__ __forceinline__ void fenceProxyAsyncShared() {
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
__device__ __forceinline__ void bulkCopyToShared(void* smem, const void* gmem, unsigned bytes,
                                                 unsigned long long* bar) {
  const unsigned b = sharedAddress(bar);
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(b), "r"(bytes)
               : "memory");
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::
          "r"(sharedAddress(smem)),
      "l"(gmem), "r"(bytes), "r"(b)
      : "memory");
}
// The copy engine the other way (kBulkStore): `bytes` from shared to global memory, tracked by
// bulk groups; wait_group.read returns once the copies no longer read their shared source.
__device__ __forceinline__ void bulkCopyToGlobal(void* gmem, const void* smem, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(gmem),
               "r"(sharedAddress(smem)), "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}
__device__ __forceinline__ void bulkStoresHaveRead() {
  asm volatile("cp.async.bulk.wait_group.read 0;\n" ::: "memory");
}
__device__ __forceinline__ void bulkStoresDone() {
  asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
}
__device__ __forceinline__ void mbarrierWait(unsigned long long* bar, unsigned parity) {
  const unsigned b = sharedAddress(bar);
  unsigned done = 0;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, "
        "0, p;\n}\n"
        : "=r"(done)
        : "r"(b), "r"(parity)
        : "memory");
  } while (!done);
}

// How a thread copies a full tile: 4-byte copies (the input is not 16-byte aligned), 16-byte
// copies, or 16-byte copies that tell L2 to evict these input lines first or last.
enum class TileCopy { Scalar, Vector, VectorEvictFirst, VectorEvictLast };
__device__ __forceinline__ TileCopy tileCopyFor(const void* in, InputL2Hint hint) {
  if ((reinterpret_cast<uintptr_t>(in) & 15u) != 0) return TileCopy::Scalar;
  if (hint == InputL2Hint::EvictFirst) return TileCopy::VectorEvictFirst;
  return hint == InputL2Hint::EvictLast ? TileCopy::VectorEvictLast : TileCopy::Vector;
}

// The pieces of a tile every agent shares. "Mine" is where a thread's vectors of the tile live in
// shared memory: vector j at mine + j * stride (stride = 4 x the lanes of a warp).
template <class T, class Op, int kVectors, class Policy>
struct TileSlice {
  // Starts this thread's copies of a full tile.
  __device__ static void startCopies(T* mine, const T* src, int stride, TileCopy copy) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      if (copy == TileCopy::VectorEvictFirst) {
        cpAsync16<Policy::kL2LineHint, InputL2Hint::EvictFirst>(mine + j * stride,
                                                                src + j * stride);
      } else if (copy == TileCopy::VectorEvictLast) {
        cpAsync16<Policy::kL2LineHint, InputL2Hint::EvictLast>(mine + j * stride, src + j * stride);
      } else if (copy == TileCopy::Vector) {
        cpAsync16<Policy::kL2LineHint>(mine + j * stride, src + j * stride);
      } else {
#pragma unroll
        for (int k = 0; k < 4; ++k) cpAsync4(mine + j * stride + k, src + j * stride + k);
      }
    }
  }

  // A partial last tile, through registers, padded with the identity (offsets from the tile).
  __device__ static void loadPartial(T* mine, const T* tileIn, int first, int stride, int valid) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const int i = first + j * stride + k;
        mine[j * stride + k] = i < valid ? tileIn[i] : Op::identity();
      }
  }

  // Pass 1 (reduce), one warp over its part of the tile: the total of each of this thread's
  // vectors, then a Kogge-Stone over those totals across the warp, all vectors interleaved
  // (independent shuffles in flight; lane l's running value takes the lower lane's on the left).
  // The prefix of vector j inside the warp's part (vectors 0..j-1 of all lanes, then vector j of
  // lanes 0..l-1) goes back into the tile, into a slot pass 2 can spare: inclusive, combined into
  // the vector's first element; exclusive, in place of its last element, which an exclusive
  // result never needs. So no registers stay reserved for it until pass 2. Returns the warp's
  // total (in every lane).
  __device__ static T reduce(T* mine, int stride, int lane, int lanes, unsigned laneMask,
                             bool exclusive) {
    T scan[kVectors];
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      const Vec4<T> v = *reinterpret_cast<const Vec4<T>*>(mine + j * stride);
      scan[j] = Op::apply(Op::apply(Op::apply(v.v[0], v.v[1]), v.v[2]), v.v[3]);
    }
#pragma unroll
    for (int delta = 1; delta < 32; delta *= 2) {
      if (delta >= lanes) break;
#pragma unroll
      for (int j = 0; j < kVectors; ++j) {
        const T left = __shfl_up_sync(laneMask, scan[j], delta);
        if (lane >= delta) scan[j] = Op::apply(left, scan[j]);
      }
    }
    T warpTotal = Op::identity();
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      const T lower = __shfl_up_sync(laneMask, scan[j], 1);
      const T total = __shfl_sync(laneMask, scan[j], lanes - 1);
      const T vecPrefix = lane == 0 ? warpTotal : Op::apply(warpTotal, lower);
      warpTotal = Op::apply(warpTotal, total);
      T* v = mine + j * stride;
      if (exclusive)
        v[3] = vecPrefix;
      else
        v[0] = Op::apply(vecPrefix, v[0]);
    }
    return warpTotal;
  }

  // Pass 1 of a whole warp with the vectors taken in blocked order (kBlockedReduce): lane l
  // reduces the kVectors vectors l * kVectors.. of the warp's part, which are contiguous in memory,
  // so one Kogge-Stone over the lanes' totals gives every vector's prefix (instead of one per
  // vector index). The 16-byte reads at a stride of kVectors vectors hit distinct banks when
  // kVectors is odd. The lanes read vectors other lanes copied: the caller syncs the warp first.
  // Writes the prefixes where reduce does; returns the warp's total (in every lane).
  __device__ static T reduceBlocked(T* warpPart, int lane, bool exclusive) {
    Vec4<T> v[kVectors];
    T local[kVectors];
    T run = Op::identity();
#pragma unroll
    for (int k = 0; k < kVectors; ++k) {
      v[k] = *reinterpret_cast<const Vec4<T>*>(warpPart + (lane * kVectors + k) * 4);
      local[k] = run;
      run = Op::apply(run,
                      Op::apply(Op::apply(Op::apply(v[k].v[0], v[k].v[1]), v[k].v[2]), v[k].v[3]));
    }
    T inclusive = run;
#pragma unroll
    for (int delta = 1; delta < 32; delta *= 2) {
      const T left = __shfl_up_sync(0xffffffffu, inclusive, delta);
      if (lane >= delta) inclusive = Op::apply(left, inclusive);
    }
    const T lower = __shfl_up_sync(0xffffffffu, inclusive, 1);
    const T before = lane == 0 ? Op::identity() : lower;
#pragma unroll
    for (int k = 0; k < kVectors; ++k) {
      T* x = warpPart + (lane * kVectors + k) * 4;
      const T prefix = Op::apply(before, local[k]);
      if (exclusive)
        x[3] = prefix;
      else
        x[0] = Op::apply(prefix, v[k].v[0]);
    }
    return __shfl_sync(0xffffffffu, inclusive, 31);
  }

  // Pass 2 (scan and store): re-read each vector and scan it from `before` (all that precedes
  // this warp's part). Inclusive: the vector holds (prefix + x0, x1, x2, x3); exclusive:
  // (x0, x1, x2, prefix), and the result is shifted by one inside the vector (its first element
  // is the prefix itself). `tileOut` and `first` locate the tile and this thread's first vector.
  __device__ static void scanStore(const T* mine, int stride, T before, T* tileOut, int first,
                                   int valid, bool fullVectors, bool exclusive) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      storeVector(
          scanVector(*reinterpret_cast<const Vec4<T>*>(mine + j * stride), before, exclusive),
          tileOut, first, j, stride, valid, fullVectors);
  }

  // Pass 2 of vectors read into registers earlier (hold), for the agent that refills the buffer
  // before the tile's prefix has arrived (kOldestInRegisters).
  __device__ static void hold(const T* mine, int stride, Vec4<T> (&held)[kVectors]) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      held[j] = *reinterpret_cast<const Vec4<T>*>(mine + j * stride);
  }
  __device__ static void scanStoreHeld(const Vec4<T> (&held)[kVectors], int stride, T before,
                                       T* tileOut, int first, int valid, bool fullVectors,
                                       bool exclusive) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      storeVector(scanVector(held[j], before, exclusive), tileOut, first, j, stride, valid,
                  fullVectors);
  }

  // Pass 2 into the tile itself (kBulkStore: the copy engine stores it from there).
  __device__ static void scanInPlace(T* mine, int stride, T before, bool exclusive) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      Vec4<T>* v = reinterpret_cast<Vec4<T>*>(mine + j * stride);
      *v = scanVector(*v, before, exclusive);
    }
  }

  __device__ static Vec4<T> scanVector(const Vec4<T>& x, T before, bool exclusive) {
    Vec4<T> y;
    if (exclusive) {
      y.v[0] = Op::apply(before, x.v[3]);
      y.v[1] = Op::apply(y.v[0], x.v[0]);
      y.v[2] = Op::apply(y.v[1], x.v[1]);
      y.v[3] = Op::apply(y.v[2], x.v[2]);
    } else {
      y.v[0] = Op::apply(before, x.v[0]);
      y.v[1] = Op::apply(y.v[0], x.v[1]);
      y.v[2] = Op::apply(y.v[1], x.v[2]);
      y.v[3] = Op::apply(y.v[2], x.v[3]);
    }
    return y;
  }
  __device__ static void storeVector(const Vec4<T>& y, T* tileOut, int first, int j, int stride,
                                     int valid, bool fullVectors) {
    T* dst = tileOut + first + j * stride;
    if (fullVectors) {
      if constexpr (Policy::kStreamingStores)
        storeStreaming(dst, y);
      else
        storePlain(dst, y);
    } else {
#pragma unroll
      for (int k = 0; k < 4; ++k)
        if (first + j * stride + k < valid) dst[k] = y.v[k];
    }
  }
};

// What an experiment build measures of the look-back and the data warps' waits
// (tools/lookback_probe.cu specialises LookbackProbeOf for its policies). The shipped policies
// measure nothing: every call below sits behind `if constexpr (Probe::kEnabled)`.
struct NoLookbackProbe {
  static constexpr bool kEnabled = false;
  // One finished look-back: predecessors combined, windows read, polls that waited, nanoseconds.
  __device__ static void lookback(int, int, int, unsigned long long) {}
  // A data-warp leader's wait: what (kLoadWait, kPrefixWait, kIdWait) and nanoseconds.
  __device__ static void dataWait(int, unsigned long long) {}
  static constexpr int kLoadWait = 0;
  static constexpr int kPrefixWait = 1;
  static constexpr int kIdWait = 2;
  static constexpr int kPass2First = 3;  // a round that finished the oldest tile during its load
  // The data leader's round split into phases (mark(p): the time since the last mark was phase p).
  static constexpr int kPhaseBarrier = 0, kPhaseCopies = 1, kPhaseHeldPrefix = 2,
                       kPhaseHeldPass2 = 3, kPhaseLoad = 4, kPhaseWarpLoad = 5, kPhaseReduce = 6,
                       kPhasePublish = 7, kPhaseFinish = 8, kPhases = 9;
  __device__ static void startTimeline() {}
  __device__ static void mark(int) {}
  __device__ static void flushTimeline() {}
};
template <class Policy>
struct LookbackProbeOf {
  using type = NoLookbackProbe;
};

// One window of 32 x kWords predecessors by a whole warp in one round trip to L2: lane l reads
// the kWords status words of predecessors next - l * kWords - k (k = 0..kWords-1, nearest first),
// as independent loads, so a window costs one memory latency whatever kWords is. Otherwise the
// rule of DecoupledLookback::lookBackOneWindow (decoupled_lookback.h), which is this with
// kWords = 1: the predecessors up to the nearest P are needed; a needed X means Waiting; their
// values are combined, earlier tiles on the left; Done when a P was met, else the window moves
// on. The recorded kernel and the emulator keep the 32-wide window; this is for the timed kernel,
// whose look-back is the latency chain a tile's prefix waits on (docs/notes/production-scan.md).
template <int kWords, class T, class Op>
__device__ PollResult lookBackWideWindow(GpuGrid<T, NullRecorder>& grid, LookbackCursor<T>& c) {
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const T identity = Op::identity();
  uint64_t word[kWords];
#pragma unroll
  for (int k = 0; k < kWords; ++k) {
    const int pred = c.next - lane * kWords - k;
    word[k] =
        pred >= 0 ? grid.loadStatus(pred) : packTileStatus(TileStatus::Prefix, valueBits(identity));
  }
  // This lane's nearest P (kWords: none) and its nearest X before it.
  int firstPrefix = kWords, firstInvalid = kWords;
#pragma unroll
  for (int k = kWords - 1; k >= 0; --k) {
    const TileStatus flag = tileStatusFlag(word[k]);
    if (flag == TileStatus::Prefix) firstPrefix = k;
    if (flag == TileStatus::Invalid) firstInvalid = k;
  }
  const unsigned prefixLanes = __ballot_sync(0xffffffffu, firstPrefix < kWords);
  const int lastLane = prefixLanes ? lowestLane(prefixLanes) : 31;
  const bool waits = lane <= lastLane && firstInvalid < firstPrefix;
  const unsigned waitingLanes = __ballot_sync(0xffffffffu, waits);
  if (waitingLanes) {
    const int at = lowestLane(waitingLanes);
    c.waitingFor = c.next - at * kWords - __shfl_sync(0xffffffffu, firstInvalid, at);
    return PollResult::Waiting;
  }
  // The lane's needed words, earliest (highest k) on the left.
  T value = identity;
  if (lane <= lastLane) {
#pragma unroll
    for (int k = kWords - 1; k >= 0; --k)
      if (k <= firstPrefix) value = Op::apply(value, valueFromBits<T>(tileStatusBits(word[k])));
  }
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const T from = __shfl_down_sync(0xffffffffu, value, offset);
    if (lane + offset < 32) value = Op::apply(from, value);  // the higher lane is earlier
  }
  const T window = __shfl_sync(0xffffffffu, value, 0);
  c.exclusive = Op::apply(window, c.exclusive);
  const int lastWords = prefixLanes ? __shfl_sync(0xffffffffu, firstPrefix, lastLane) + 1 : kWords;
  c.inspected += lastLane * kWords + lastWords;
  c.waitingFor = -1;
  if (prefixLanes) return PollResult::Done;
  c.next -= 32 * kWords;
  return PollResult::Advanced;
}

// The look-back of one tile by the calling warp (or the whole block when it is smaller than a
// warp), exactly as the emulator runs it: DecoupledLookback::poll until it returns Done, with the
// watchdog that ends a wait which cannot succeed. With Policy::kLookbackWordsPerLane above 1 and a
// full warp, the windows are lookBackWideWindow's and the P is published here as poll publishes
// it. Returns false if it gave up; `prefix` (every lane) is then meaningless.
template <class T, class Op, class Policy>
__device__ bool lookBackTile(GpuGrid<T, NullRecorder>& grid, const SinglePassDeviceArgs<T>& args,
                             int tile, T aggregate, int width, T& prefix) {
  using Probe = typename LookbackProbeOf<Policy>::type;
  constexpr int kWords = Policy::kLookbackWordsPerLane;
  static_assert(kWords == 1 || kWords == 2 || kWords == 4, "1, 2 or 4 status words a lane");
  TileShared<T> ts{tile, 0, aggregate, Op::identity()};
  if (tile == 0) {
    prefix = ts.prefix;
    return true;
  }
  unsigned long long started = 0;
  int windows = 0, waits = 0;
  if constexpr (Probe::kEnabled) started = globalTimerNs();
  GpuLookbackWarp warp(width);
  LookbackCursor<T> cursor = DecoupledLookback::startLookback(ts, Op::kOperator);
  SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
  for (;;) {
    PollResult r;
    if (kWords > 1 && width == 32) {
      r = lookBackWideWindow<kWords, T, Op>(grid, cursor);
      if (r == PollResult::Done && threadIdx.x % 32 == 0) {
        ts.prefix = cursor.exclusive;
        grid.storeStatus(tile, packTileStatus(TileStatus::Prefix,
                                              valueBits(Op::apply(cursor.exclusive, aggregate))));
      }
    } else {
      r = DecoupledLookback::poll(warp, grid, ts, cursor, Op::kOperator);
    }
    if constexpr (Probe::kEnabled) {
      windows += r != PollResult::Waiting;
      waits += r == PollResult::Waiting;
    }
    if (r == PollResult::Done) break;
    if (Policy::kBackoffNs > 0 && r == PollResult::Waiting) __nanosleep(Policy::kBackoffNs);
    // Lane 0 decides and the warp follows, so every lane leaves the loop together.
    const bool expired = threadIdx.x % 32 == 0 && watchdog.expired(tile, cursor.waitingFor);
    if (__shfl_sync(warp.mask(), expired, 0)) return false;
  }
  if constexpr (Probe::kEnabled)
    if (threadIdx.x % 32 == 0)
      Probe::lookback(cursor.inspected, windows, waits, globalTimerNs() - started);
  // The leader lane set ts.prefix; every lane returns it.
  prefix = __shfl_sync(warp.mask(), ts.prefix, 0);
  return true;
}

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

// The named barriers of a ring of kBuffers hand-overs between data warps and a look-back warp
// (PipelinedLookbackAgent, PipelinedSelectAgent). Named barriers need immediate ids (a register
// id makes the compiler reserve all 16), so a buffer's barrier is chosen by a branch.
template <int kId>
__device__ __forceinline__ void namedBarrierSync(int count) {
  asm volatile("bar.sync %0, %1;" ::"n"(kId), "r"(count) : "memory");
}
template <int kId>
__device__ __forceinline__ void namedBarrierArrive(int count) {
  asm volatile("bar.arrive %0, %1;" ::"n"(kId), "r"(count) : "memory");
}
// Waits at (kWait) or arrives at barrier kFirst + b, b < kBuffers, with `count` threads.
template <int kFirst, bool kWait, int kBuffers, int kB = 0>
__device__ __forceinline__ void onRingBarrier(int b, int count) {
  if constexpr (kB < kBuffers - 1) {
    if (b != kB) {
      onRingBarrier<kFirst, kWait, kBuffers, kB + 1>(b, count);
      return;
    }
  }
  if constexpr (kWait)
    namedBarrierSync<kFirst + kB>(count);
  else
    namedBarrierArrive<kFirst + kB>(count);
}

// The warps of a persistent block and the named barriers of its ring (PipelinedLookbackAgent,
// PipelinedSelectAgent, PipelinedSegmentedAgent): kLookbackWarps look-back warps first, then the
// data warps; kBuffers tiles in flight between them, each handed to a look-back warp at READY[b]
// and back with its prefix at PREFIX[b] (b: the buffer). Barrier 0 is __syncthreads'.
template <int kThreadsOf, int kBuffersOf, int kLookbackWarpsOf = 1>
struct PersistentRing {
  static constexpr int kThreads = kThreadsOf;
  static constexpr int kBuffers = kBuffersOf;
  static constexpr int kLookbackWarps = kLookbackWarpsOf;
  static constexpr int kDataWarps = kThreads / 32 - kLookbackWarps;
  static constexpr int kDataThreads = kDataWarps * 32;
  // A hand-over: the data warps and the one look-back warp of that round.
  static constexpr int kHandOverThreads = kDataThreads + 32;
  static constexpr int kDataBarrier = 1;            // data warps among themselves
  static constexpr int kReady = 2;                  // 2..: a tile for the look-back warp
  static constexpr int kPrefixDone = 2 + kBuffers;  // its prefix for the data warps
  static_assert(kThreads % 32 == 0 && kDataWarps >= 1, "whole warps, at least one data warp");
  static_assert(kBuffers >= 2 && 2 + 2 * kBuffers <= 16, "a ring of buffers, 16 named barriers");

  // Waits at (kWait) or arrives at the ring's barrier kFirst + b (kReady or kPrefixDone).
  template <int kFirst, bool kWait>
  __device__ static void handOver(int b) {
    onRingBarrier<kFirst, kWait, kBuffers>(b, kHandOverThreads);
  }
};

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
// Policy::kPass2DuringLoad changes the order within a round: the tile's copies are issued first,
// and the oldest tile is finished while they fly, if warp 0 has already found its prefix (a hint in
// shared memory says so; the prefix itself still comes through PREFIX[b]); otherwise it is
// finished after the hand-over, as without the switch, so that this tile's A never waits for a
// look-back. A block then has bytes in flight through its stores too (v10 in
// docs/notes/production-scan.md). Policy::kOldestInRegisters (the shipped rows) goes further: the
// tile a round's buffer still holds is read into registers, the round's copies are issued into the
// buffer at once, and that tile is scanned and stored from the registers while they fly, so every
// pass 2 overlaps a load and the ring holds one tile more than its buffers (v11).
// Policy::kLoadAhead (the shipped row) moves that to the round before: as each data warp ends its
// reduce it reads the next round's buffer into registers and issues the next tile's copies into
// it (the id was asked for a round early), so the block's loads fly through the publication,
// the hand-over and the next round's start too (v14).
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
    // kBulkCopy: per buffer and data warp, the mbarrier its bulk copy completes on.
    unsigned long long loaded[Policy::kBulkCopy ? kBuffers : 1][Policy::kBulkCopy ? kDataWarps : 1];
    // kPass2DuringLoad: the last round whose prefix has arrived, per buffer, and whether this
    // round finishes the oldest tile first.
    int prefixRound[kBuffers];
    int pass2First;
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
    // kBulkStore: the block's shared memory must outlive the copies that read it.
    if constexpr (Policy::kBulkStore)
      if (threadIdx.x % 32 == 0) bulkStoresDone();
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
        // A hint for the data warps, which look at it without waiting (the prefix itself
        // reaches them through the barrier below).
        if constexpr (Policy::kPass2DuringLoad) atomicExch(&sh.prefixRound[b], i);
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
    using Slice = TileSlice<T, Op, kVectors, Policy>;
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int dataWarp = static_cast<int>(threadIdx.x) / 32 - kLookbackWarps;
    const bool leader = threadIdx.x == 32 * kLookbackWarps;
    const int first = dataWarp * 32 * kItems + lane * 4;  // vector j: first + j * stride
    constexpr int stride = 32 * 4;
    const bool vectorIn = (reinterpret_cast<uintptr_t>(in) & 15u) == 0;
    const bool vectorOut = (reinterpret_cast<uintptr_t>(out) & 15u) == 0;
    PersistentTileIds ids(grid, args.diag, tiles);
    // Policy::kEarlyTileId: the leader asks for the next id as soon as the oldest tile's prefix
    // has arrived, before that tile's pass 2, and looks at the answer only after it, so that the
    // atomic's round trip overlaps the stores; `asked` says the id is on its way.
    bool asked = false;
    int nextTile = 0;  // the leader's next tile id
    using Probe = typename LookbackProbeOf<Policy>::type;
    // Runs `wait`; an experiment build's probe learns how long the leader waited.
    auto timed = [&](int what, auto&& wait) {
      if constexpr (Probe::kEnabled) {
        const unsigned long long t0 = leader ? globalTimerNs() : 0;
        wait();
        if (leader) Probe::dataWait(what, globalTimerNs() - t0);
      } else {
        wait();
      }
    };
    // The leader's timeline in an experiment build: the time since the last mark was phase p.
    auto mark = [&](int phase) {
      if constexpr (Probe::kEnabled)
        if (leader) Probe::mark(phase);
    };
    // Pass 2 of the tile in buffer b, once warp 0 has its prefix. False: the look-back gave up.
    auto finish = [&](int b, bool askNext) {
      timed(Probe::kPrefixWait, [&] { handOver<kPrefixDone, true>(b); });
      mark(Probe::kPhaseHeldPrefix);
      if (sh.gaveUp[b]) return false;
      if (Policy::kEarlyTileId && askNext && leader) {
        nextTile = ids.ask();
        asked = true;
      }
      const int tile = sh.tile[b];
      const int valid = tileValidCount(n, kTile, tile);
      if constexpr (Policy::kBulkStore) {
        if (valid == kTile && vectorOut) {
          // The warp's part of the tile is contiguous in the buffer and in the output.
          Slice::scanInPlace(mem + b * kTile + first, stride,
                             Op::apply(sh.prefix[b], sh.warpPrefix[b][dataWarp]), exclusive);
          fenceProxyAsyncShared();  // the results, written by this proxy, to the copy engine
          __syncwarp();
          if (lane == 0) {
            const long long warpFirst = static_cast<long long>(tile) * kTile + first;
            bulkCopyToGlobal(out + warpFirst, mem + b * kTile + first, 32u * kItems * sizeof(T));
          }
          mark(Probe::kPhaseHeldPass2);
          return true;
        }
      }
      Slice::scanStore(mem + b * kTile + first, stride,
                       Op::apply(sh.prefix[b], sh.warpPrefix[b][dataWarp]),
                       out + static_cast<long long>(tile) * kTile, first, valid,
                       valid == kTile && vectorOut, exclusive);
      mark(Probe::kPhaseHeldPass2);
      return true;
    };

    // kBulkCopy: lane 0 of each data warp sets up its own mbarriers (only that warp uses them);
    // `phases` holds, per buffer, the parity of the phase its next copy completes.
    unsigned phases = 0;
    if constexpr (Policy::kBulkCopy) {
      if (lane == 0) {
        for (int b = 0; b < kBuffers; ++b) mbarrierInit(&sh.loaded[b][dataWarp]);
        fenceMbarrierInit();
      }
      __syncwarp();
    }
    // A full tile comes into this warp's part of buffer b in two halves: startFull issues the
    // copies, awaitFull waits until they have landed. Each thread copies and later reads only its
    // own vectors (bulk copy: its warp's), so no barrier stands between the two.
    auto startFull = [&](T* mine, const T* src, int b) {
      if constexpr (Policy::kBulkStore) {
        // The warp's bulk stores of an earlier tile in this buffer have read it.
        if (lane == 0) bulkStoresHaveRead();
        __syncwarp();
      }
      if constexpr (Policy::kBulkCopy) {
        if (vectorIn) {
          constexpr unsigned kWarpBytes = 32u * kItems * sizeof(T);
          fenceProxyAsyncShared();  // this warp's earlier reads and writes of the buffer
          __syncwarp();
          if (lane == 0)
            bulkCopyToShared(mine - lane * 4, src - lane * 4, kWarpBytes, &sh.loaded[b][dataWarp]);
          return;
        }
      }
      Slice::startCopies(mine, src, stride, copy);
      cpAsyncCommit();
    };
    auto awaitFull = [&](int b) {
      if constexpr (Policy::kBulkCopy) {
        if (vectorIn) {
          timed(Probe::kLoadWait,
                [&] { mbarrierWait(&sh.loaded[b][dataWarp], (phases >> b) & 1u); });
          phases ^= 1u << b;
          return;
        }
      }
      timed(Probe::kLoadWait, [] { cpAsyncWait<0>(); });
    };
    // The launch has failed (a look-back gave up): keep the id count right for the counter's
    // reset, and let no copy land after the block has gone.
    auto abandon = [&](bool tookTile) {
      if (leader && tookTile) ids.drainFrom(asked ? ids.settle(nextTile) : ids.take());
      cpAsyncWait<0>();
    };

    if (leader) {
      if constexpr (Probe::kEnabled) Probe::startTimeline();
      nextTile = ids.take();
      if constexpr (Policy::kPass2DuringLoad)
        for (int k = 0; k < kBuffers; ++k) sh.prefixRound[k] = -1;
    }
    constexpr bool kHold = Policy::kOldestInRegisters;
    static_assert(!(kHold && Policy::kPass2DuringLoad), "one way to overlap pass 2 with a load");
    // Policy::kLoadAhead: a round issues the next tile's copies as each warp finishes its reduce,
    // so what a round carries into the next is this tile's id and the tile held in registers.
    constexpr bool kAhead = Policy::kLoadAhead;
    static_assert(
        !kAhead || (kHold && Policy::kEarlyTileId && !Policy::kBulkCopy && !Policy::kBulkStore),
        "load-ahead extends the held tile and needs the id asked early");
    Vec4<T> aheadHeld[kAhead ? kVectors : 1];
    bool holding = false;  // aheadHeld holds a tile, heldTileAhead, for this round's pass 2
    int heldTileAhead = 0;
    T heldWarpPrefixAhead = Op::identity();
    int current = 0;  // this round's tile id
    if constexpr (kAhead) {
      // The first tile's copies; its id reaches the data warps through sh.nextTile, which the
      // first round overwrites with the second id only after a second barrier.
      if (leader) sh.nextTile = nextTile;
      barSync<kDataBarrier>(kDataThreads);
      current = sh.nextTile;
      if (current < tiles && tileValidCount(n, kTile, current) == kTile)
        startFull(mem + first, in + static_cast<long long>(current) * kTile + first, 0);
      if (leader && current < tiles) nextTile = ids.take();
      barSync<kDataBarrier>(kDataThreads);
    }
    for (int i = 0;; ++i) {
      const int b = i % kBuffers;
      // The oldest tile still waiting, unless the ring has room for another: its buffer is the
      // one the next round fills. kOldestInRegisters: the tile this round's buffer still holds,
      // whose id and warp prefix are read before the leader gives the buffer its new tile.
      const int oldest = i - (kHold ? kBuffers : kBuffers - 1);
      constexpr bool kHoldAtStart = kHold && !kAhead;
      const int heldTile = kHoldAtStart && oldest >= 0 ? sh.tile[b] : 0;
      const T heldWarpPrefix =
          kHoldAtStart && oldest >= 0 ? sh.warpPrefix[b][dataWarp] : Op::identity();
      // sh.tile[b] may still be read by the previous round's pass 2 of buffer b: the id goes
      // through sh.nextTile, and into sh.tile[b] only after this round's first barrier.
      if (leader) {
        sh.nextTile = nextTile;
        // kPass2DuringLoad: the oldest tile is finished while this tile's copies fly only if its
        // prefix is already there; waiting for it there would make this tile's A wait for a
        // look-back. Otherwise it is finished after this tile's hand-over, as without the switch.
        if constexpr (Policy::kPass2DuringLoad)
          sh.pass2First = oldest >= 0 && atomicAdd(&sh.prefixRound[oldest % kBuffers], 0) == oldest;
      }
      barSync<kDataBarrier>(kDataThreads);  // the id is visible; the last round is complete
      mark(Probe::kPhaseBarrier);
      const bool pass2First = Policy::kPass2DuringLoad && sh.pass2First;
      if constexpr (Probe::kEnabled)
        if (leader && pass2First) Probe::dataWait(Probe::kPass2First, 0);
      // kLoadAhead: this round's id came a round ago; sh.nextTile is the next round's.
      const int tile = kAhead ? current : sh.nextTile;
      const int ahead = kAhead ? sh.nextTile : 0;
      const bool stop = tile >= tiles;
      if (leader) sh.tile[b] = tile;
      const int valid = stop ? 0 : tileValidCount(n, kTile, tile);
      const long long base = static_cast<long long>(tile) * kTile;
      T* mine = mem + b * kTile + first;
      if constexpr (kAhead) {
        // The tile held since the last round's reduce is scanned and stored while this tile's
        // copies, issued then, fly.
        if (holding) {
          timed(Probe::kPrefixWait, [&] { handOver<kPrefixDone, true>(b); });
          mark(Probe::kPhaseHeldPrefix);
          if (sh.gaveUp[b]) {
            abandon(ahead < tiles);
            return;
          }
          const int heldValid = tileValidCount(n, kTile, heldTileAhead);
          Slice::scanStoreHeld(aheadHeld, stride, Op::apply(sh.prefix[b], heldWarpPrefixAhead),
                               out + static_cast<long long>(heldTileAhead) * kTile, first,
                               heldValid, heldValid == kTile && vectorOut, exclusive);
          mark(Probe::kPhaseHeldPass2);
        }
      } else if constexpr (kHold) {
        // The held tile goes into registers, this tile's copies into its buffer at once, and the
        // held tile is scanned and stored while they fly. Each thread reads its own vectors before
        // it issues the copies that overwrite them; a copy lands a memory round trip later.
        Vec4<T> held[kVectors];
        if (oldest >= 0) Slice::hold(mine, stride, held);
        if (valid == kTile) startFull(mine, in + base + first, b);
        mark(Probe::kPhaseCopies);
        if (oldest >= 0) {
          timed(Probe::kPrefixWait, [&] { handOver<kPrefixDone, true>(b); });
          mark(Probe::kPhaseHeldPrefix);
          if (sh.gaveUp[b]) {
            abandon(!stop);
            return;
          }
          const int heldValid = tileValidCount(n, kTile, heldTile);
          Slice::scanStoreHeld(held, stride, Op::apply(sh.prefix[b], heldWarpPrefix),
                               out + static_cast<long long>(heldTile) * kTile, first, heldValid,
                               heldValid == kTile && vectorOut, exclusive);
          mark(Probe::kPhaseHeldPass2);
        }
      }
      if constexpr (Policy::kPass2DuringLoad) {
        // This tile's copies fly while the oldest tile is scanned and stored: its buffer's last
        // tile was finished in the previous round, by the same threads that copy into it now.
        if (valid == kTile) startFull(mine, in + base + first, b);
        mark(Probe::kPhaseCopies);
        if (pass2First && !finish(oldest % kBuffers, false)) {
          abandon(!stop);
          return;
        }
      }
      if (!stop) {
        if (valid == kTile) {
          if constexpr (!Policy::kPass2DuringLoad && !kHold) startFull(mine, in + base + first, b);
          awaitFull(b);
        } else {
          Slice::loadPartial(mine, in + base, first, stride, valid);
        }
        mark(Probe::kPhaseLoad);
        if constexpr (Probe::kEnabled) {
          __syncwarp();  // the leader's lanes' copies too (the reduce's shuffles wait for them)
          mark(Probe::kPhaseWarpLoad);
        }
        // With the oldest tile already finished, the next id is asked for as the reduce starts,
        // so that the atomic's round trip overlaps it (kEarlyTileId; otherwise in finish).
        const bool askNow = kAhead ? ahead < tiles : (pass2First || kHold);
        if (Policy::kEarlyTileId && leader && askNow) {
          nextTile = ids.ask();
          asked = true;
        }
        T warpTotal;
        if constexpr (Policy::kBlockedReduce) {
          __syncwarp();  // the warp's copies (each lane waited for its own) are the warp's
          warpTotal = Slice::reduceBlocked(mine - lane * 4, lane, exclusive);
        } else {
          warpTotal = Slice::reduce(mine, stride, lane, 32, 0xffffffffu, exclusive);
        }
        if (lane == 0) sh.warpTotals[dataWarp] = warpTotal;
        mark(Probe::kPhaseReduce);
        if constexpr (kAhead) {
          // The next round's buffer: its tile into registers (also before a stop, whose round
          // finishes it from there), then the next tile's copies into it, by each warp as soon
          // as its reduce is done. Each thread reads only its own vectors before its copies
          // overwrite them; sh.tile[nb] changes only in the next round, after a barrier.
          const int nb = (i + 1) % kBuffers;
          T* next = mem + nb * kTile + first;
          // Read even when the buffer holds no tile yet (the values are then not used), so
          // that the registers are not live across the reduce.
          holding = i + 1 >= kBuffers;
          heldTileAhead = sh.tile[nb];
          heldWarpPrefixAhead = sh.warpPrefix[nb][dataWarp];
          Slice::hold(next, stride, aheadHeld);
          if (ahead < tiles && tileValidCount(n, kTile, ahead) == kTile)
            startFull(next, in + static_cast<long long>(ahead) * kTile + first, nb);
          mark(Probe::kPhaseCopies);
        }
        barSync<kDataBarrier>(kDataThreads);  // every data warp's total is visible
        T aggregate = Op::identity();
#pragma unroll
        for (int w = 0; w < kDataWarps; ++w) {
          if (w == dataWarp) {
            if (lane == 0) sh.warpPrefix[b][w] = aggregate;
          }
          aggregate = Op::apply(aggregate, sh.warpTotals[w]);
        }
        if (leader) {
          DecoupledLookback::publishAggregate(grid, TileShared<T>{tile, valid, aggregate, T{}});
          sh.aggregate[b] = aggregate;
        }
      }
      // What warp 0 and pass 2 read is written before a barrier of the writers (not only before
      // their arrival at READY), which is also how compute-sanitizer's racecheck sees it ordered;
      // it also keeps sh.nextTile from being overwritten before every data thread has read it.
      barSync<kDataBarrier>(kDataThreads);
      handOver<kReady, false>(b);  // this tile (or the stop) to the look-back warp
      mark(Probe::kPhasePublish);
      if (!kHold && oldest >= 0 && !pass2First && !finish(oldest % kBuffers, !stop)) {
        abandon(!stop);
        return;
      }
      if (stop) {
        // Finish the tiles still in the ring, oldest first.
        for (int k = (oldest >= 0 ? oldest + 1 : 0); k < i; ++k)
          if (!finish(k % kBuffers, false)) return;
        // Every other look-back warp waits for its next round: hand it a stop too. Those rounds'
        // buffers are free (kLookbackWarps < kBuffers, and the ring is finished).
        for (int k = 1; k < kLookbackWarps; ++k) {
          const int bk = (i + k) % kBuffers;
          if (leader) sh.tile[bk] = tiles;
          barSync<kDataBarrier>(kDataThreads);
          handOver<kReady, false>(bk);
        }
        return;
      }
      // The next id only now, after the oldest tile's prefix arrived: a tile's A must never
      // wait for a look-back (see above).
      timed(Probe::kIdWait, [&] {
        if (leader) {
          if constexpr (kAhead)
            nextTile = asked ? ids.settle(nextTile) : ahead;  // no id after the first past the end
          else
            nextTile = asked ? ids.settle(nextTile) : ids.take();
        }
      });
      asked = false;
      current = ahead;
      mark(Probe::kPhaseFinish);
    }
  }
};

}  // namespace scanviz
