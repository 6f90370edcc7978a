// The latency ladder's probes (PMPP Fig. 8.9's hierarchy, one level further: Hopper's clusters):
// each kernel times one hand-off between two parties at one level of the GPU, many times over,
// with %globaltimer around the loop, and writes the elapsed nanoseconds and how many hand-offs
// they hold. The model divides (app/core/bench/ladder.h); nothing here knows of the app.
//
//   block barrier     two warps of one block meet at __syncthreads()           (one barrier)
//   cluster barrier   two blocks of one cluster meet at cluster.sync()          (one barrier)
//   DSMEM flag        a flag written into the other block's shared memory and
//                     answered the same way (distributed shared memory)         (one round trip)
//   L2 flag           a flag in global memory between blocks on two SMs, the
//                     look-back's hand-off (PMPP 8.7)                           (one round trip)
//
// A round trip is A telling B and B telling A: the ping-pong's period. Flags are volatile with a
// fence before each store, as the single-pass scans publish; the value written is the round's
// number, so a stale flag can never answer.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include "kernels/exec/device_clock.cuh"

namespace scanviz::ladder {

// A party that waits longer than this many polls for its flag gives up and reports 0 ns (a
// partner that never ran, instead of a kernel that never ends).
inline constexpr long long kMaxPolls = 1ll << 27;

// Waits until *flag == value; false when the partner never answered.
__device__ __forceinline__ bool awaitFlag(volatile int* flag, int value) {
  for (long long polls = 0; *flag != value; ++polls)
    if (polls > kMaxPolls) return false;
  return true;
}

// What one probe measured: the loop's nanoseconds, and the SMs the two parties ran on.
struct ProbeTiming {
  unsigned long long ns;
  int smA, smB;
};

// One block of two warps: lane 0 of warp 0 times `rounds` barriers that both warps must reach.
__global__ void blockBarrierProbe(int rounds, ProbeTiming* out) {
  __syncthreads();
  const unsigned long long start = globalTimerNs();
  for (int i = 0; i < rounds; ++i) __syncthreads();
  const unsigned long long end = globalTimerNs();
  if (threadIdx.x == 0) *out = {end - start, smId(), smId()};
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define SCANVIZ_LADDER_NO_CLUSTERS 1
#endif

// Two blocks of one cluster (launched with cluster dimension 2): block 0's thread 0 times
// `rounds` cluster barriers.
__global__ void __cluster_dims__(2, 1, 1) clusterBarrierProbe(int rounds, ProbeTiming* out) {
#ifndef SCANVIZ_LADDER_NO_CLUSTERS
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  cluster.sync();
  const unsigned long long start = globalTimerNs();
  for (int i = 0; i < rounds; ++i) cluster.sync();
  const unsigned long long end = globalTimerNs();
  __shared__ int sm;
  if (threadIdx.x == 0) sm = smId();
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0)
    *out = {end - start, sm, *cluster.map_shared_rank(&sm, 1)};
  cluster.sync();  // block 1's shared memory stays until block 0 has read it
#endif
}

// Two blocks of one cluster, thread 0 of each: each round block 0 writes the round's number into
// block 1's shared flag and waits for its own; block 1 waits, then answers into block 0's.
__global__ void __cluster_dims__(2, 1, 1) dsmemFlagProbe(int rounds, ProbeTiming* out) {
#ifndef SCANVIZ_LADDER_NO_CLUSTERS
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int flag;
  __shared__ int sm;
  if (threadIdx.x == 0) {
    flag = 0;
    sm = smId();
  }
  cluster.sync();  // both flags cleared, both blocks running
  const unsigned rank = cluster.block_rank();
  volatile int* mine = &flag;
  volatile int* theirs = cluster.map_shared_rank(&flag, rank ^ 1u);
  unsigned long long start = 0, end = 0;
  bool answered = true;
  if (threadIdx.x == 0) {
    start = globalTimerNs();
    for (int i = 1; i <= rounds && answered; ++i) {
      if (rank == 0) {
        __threadfence_block();
        *theirs = i;
        answered = awaitFlag(mine, i);
      } else {
        answered = awaitFlag(mine, i);
        __threadfence_block();
        *theirs = i;
      }
    }
    end = globalTimerNs();
  }
  cluster.sync();  // no block leaves while the other may still write its shared memory
  if (rank == 0 && threadIdx.x == 0)
    *out = {answered ? end - start : 0, sm, *cluster.map_shared_rank(&sm, 1)};
  cluster.sync();
#endif
}

// One side of a flag ping-pong between two parties that run as two launches or two blocks:
// `first` writes round i into `theirs` and waits for i in `mine`; the other answers. Flags in
// global memory (each on its own 128-byte line) travel through L2; one in the other GPU's memory
// (peer access) over NVLink, hence the system-wide fence.
__device__ __forceinline__ void pingPong(int rounds, volatile int* mine, volatile int* theirs,
                                         bool first, bool system, ProbeTiming* out) {
  const unsigned long long start = globalTimerNs();
  bool answered = true;
  for (int i = 1; i <= rounds && answered; ++i) {
    if (!first) answered = awaitFlag(mine, i);
    if (system)
      __threadfence_system();
    else
      __threadfence();
    *theirs = i;
    if (first) answered = awaitFlag(mine, i);
  }
  const unsigned long long end = globalTimerNs();
  if (first) *out = {answered ? end - start : 0, smId(), -1};
}

// Two blocks of one thread each, on two SMs, through two flags in global memory. Block 1
// writes its SM into out->smB's place, `sms[1]`.
__global__ void l2FlagProbe(int rounds, volatile int* flags, ProbeTiming* out, int* sms) {
  const int me = static_cast<int>(blockIdx.x);
  sms[me] = smId();
  pingPong(rounds, flags + 32 * me, flags + 32 * (me ^ 1), me == 0, false, out);
}

// One side of the ping-pong between two GPUs: `theirs` lies in the other GPU's memory.
__global__ void peerFlagProbe(int rounds, volatile int* mine, volatile int* theirs, bool first,
                              ProbeTiming* out) {
  pingPong(rounds, mine, theirs, first, true, out);
}

}  // namespace scanviz::ladder
