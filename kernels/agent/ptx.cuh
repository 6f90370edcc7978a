// The PTX the production agents issue, each instruction behind one small device function, so
// that an agent reads as its algorithm (CUB keeps these in util_ptx.cuh and thread_load/store).
// Asynchronous copies into shared memory (cp.async, per thread, with L2 hints), the 16-byte
// vector they move and the stores that write it back, and the named barriers of the persistent
// agents' rings. (The bulk copy engine's PTX, which no shipped policy uses, is in
// tools/bulk_copy_ptx.cuh.)
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/grid/lookback_tuning.h"
#include "kernels/grid/tile_common.h"

namespace scanviz {

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

// Named barriers (the persistent agents' rings, persistent_ring.cuh). They need immediate ids (a
// register id makes the compiler reserve all 16), so the id is a template argument.
template <int kId>
__device__ __forceinline__ void namedBarrierSync(int count) {
  asm volatile("bar.sync %0, %1;" ::"n"(kId), "r"(count) : "memory");
}
template <int kId>
__device__ __forceinline__ void namedBarrierArrive(int count) {
  asm volatile("bar.arrive %0, %1;" ::"n"(kId), "r"(count) : "memory");
}

}  // namespace scanviz
