// The warps of a persistent block and the named barriers of its ring, declared once for the three
// persistent agents (pipelined_lookback_agent.cuh, select_pipelined_agent.cuh,
// segmented_pipelined_agent.cuh).
#pragma once

#include "kernels/agent/ptx.cuh"

namespace scanviz {

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

}  // namespace scanviz
