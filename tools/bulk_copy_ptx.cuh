// The PTX of the SM's bulk copy engine (TMA, sm_90) for the experiment tools: lookback_probe's
// copies by the copy engine (bulkStagedCopy), and the agent's loads and stores by it (kBulkCopy,
// kBulkStore), which lost (docs/notes/production-scan.md v6, rounds 12 and 36) and are kept as
// docs/results/2026-11-28-s13/probe-only-switches.diff. No production kernel issues these.
#pragma once

#include <cuda_runtime.h>

namespace scanviz {

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

}  // namespace scanviz
