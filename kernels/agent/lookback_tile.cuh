// The look-back of one tile by one warp, apart from any agent (CUB's
// single_pass_scan_operators.cuh): the status words and the poll are decoupled_lookback.h's, the
// same the emulator and the recorded kernel run; here are the loop around the poll with its
// watchdog, the wide window of the timed kernels, and the hooks an experiment build measures
// through (tools/lookback_probe_counters.cuh).
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/exec/device_clock.cuh"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/gpu_grid_exec.cuh"

namespace scanviz {

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

}  // namespace scanviz
