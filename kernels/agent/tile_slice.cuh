// The tile a production agent moves and scans, in the pieces every agent shares (CUB's
// BlockLoad / BlockScan / BlockStore as used by AgentScan): the operator as a type, how a tile's
// copies are issued, and TileSlice, one thread's vectors of a tile staged in shared memory with
// pass 1 (reduce) and pass 2 (scan and store). lookback_agent.cuh says why a tile is moved so.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/ptx.cuh"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/lookback_tuning.h"

namespace scanviz {

// The operator as a type (CUB's scan operator functor): the kernel is instantiated per operator,
// so its switch folds away in the inner loops.
template <class T, Operator kOp>
struct StaticOp {
  static constexpr Operator kOperator = kOp;
  __device__ __forceinline__ static T identity() { return OpTraits<T>::identity(kOp); }
  __device__ __forceinline__ static T apply(T a, T b) { return OpTraits<T>::apply(kOp, a, b); }
};

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

}  // namespace scanviz
