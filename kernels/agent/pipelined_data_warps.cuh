// The data warps of PipelinedLookbackAgent (pipelined_lookback_agent.cuh says what the agent
// does): one object per data thread that holds the loop's state, and one function per part of a
// round, so that the round reads in the order it runs: the id; the held tile's pass 2 (or the
// oldest tile's); this tile's load, reduce and publication; the hand-over; the next id.
// The policy's switches (lookback_tuning.h) choose among the round's orders at compile time; the
// experiment builds' probe (LookbackProbeOf, lookback_tile.cuh) times the leader's waits and
// phases, and costs nothing elsewhere.
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_tile.cuh"
#include "kernels/agent/tile_slice.cuh"

namespace scanviz {

template <class T, class Op, class Policy, class Agent>
struct PipelinedDataWarps {
  using Shared = typename Agent::Shared;
  using Slice = TileSlice<T, Op, Agent::kVectors, Policy>;
  using Probe = typename LookbackProbeOf<Policy>::type;
  static constexpr int kVectors = Agent::kVectors, kItems = Agent::kItems, kTile = Agent::kTile;
  static constexpr int kBuffers = Agent::kBuffers, kLookbackWarps = Agent::kLookbackWarps;
  static constexpr int kDataWarps = Agent::kDataWarps, kDataThreads = Agent::kDataThreads;
  static constexpr int kDataBarrier = Agent::kDataBarrier, kReady = Agent::kReady,
                       kPrefixDone = Agent::kPrefixDone;
  static constexpr int stride = 32 * 4;  // vector j of a thread: first + j * stride
  static constexpr bool kHold = Policy::kOldestInRegisters;
  // Policy::kLoadAhead: a round issues the next tile's copies as each warp finishes its reduce,
  // so what a round carries into the next is this tile's id and the tile held in registers.
  static constexpr bool kAhead = Policy::kLoadAhead;
  static_assert(!kAhead || (kHold && Policy::kEarlyTileId),
                "load-ahead extends the held tile and needs the id asked early");

  // The launch's arguments and this thread's place, fixed for the loop.
  GpuGrid<T, NullRecorder>& grid;
  const T* const in;
  T* const out;
  const long long n;
  const bool exclusive;
  const int tiles;
  const TileCopy copy;
  T* const mem;
  Shared& sh;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int dataWarp = static_cast<int>(threadIdx.x) / 32 - kLookbackWarps;
  const bool leader = threadIdx.x == 32 * kLookbackWarps;
  const int first = dataWarp * 32 * kItems + lane * 4;
  const bool vectorOut = (reinterpret_cast<uintptr_t>(out) & 15u) == 0;
  // What the loop carries from round to round.
  PersistentTileIds<GpuGrid<T, NullRecorder>> ids;
  // Policy::kEarlyTileId: the leader asks for the next id as soon as the oldest tile's prefix
  // has arrived, before that tile's pass 2, and looks at the answer only after it, so that the
  // atomic's round trip overlaps the stores; `asked` says the id is on its way.
  bool asked = false;
  int nextTile = 0;  // the leader's next tile id
  // kLoadAhead: the tile held since the last round's reduce (`holding`), its id and warp prefix,
  // and this round's tile id (taken a round ago).
  Vec4<T> aheadHeld[kAhead ? kVectors : 1];
  bool holding = false;
  int heldTileAhead = 0;
  T heldWarpPrefixAhead = Op::identity();
  int current = 0;

  __device__ PipelinedDataWarps(GpuGrid<T, NullRecorder>& g, const T* input, T* output,
                                long long count, bool excl, int nTiles, TileCopy c,
                                const SinglePassDeviceArgs<T>& args, T* buffers, Shared& shared)
      : grid(g),
        in(input),
        out(output),
        n(count),
        exclusive(excl),
        tiles(nTiles),
        copy(c),
        mem(buffers),
        sh(shared),
        ids(g, args.diag, nTiles) {}

  // Runs `wait`; an experiment build's probe learns how long the leader waited.
  template <class Wait>
  __device__ void timed(int what, Wait&& wait) {
    if constexpr (Probe::kEnabled) {
      const unsigned long long t0 = leader ? globalTimerNs() : 0;
      wait();
      if (leader) Probe::dataWait(what, globalTimerNs() - t0);
    } else {
      wait();
    }
  }
  // The leader's timeline in an experiment build: the time since the last mark was phase p.
  __device__ void mark(int phase) {
    if constexpr (Probe::kEnabled)
      if (leader) Probe::mark(phase);
  }

  // Pass 2 of the tile in buffer b, once warp 0 has its prefix. False: the look-back gave up.
  __device__ bool finish(int b, bool askNext) {
    timed(Probe::kPrefixWait, [&] { Agent::template handOver<kPrefixDone, true>(b); });
    mark(Probe::kPhaseHeldPrefix);
    if (sh.gaveUp[b]) return false;
    if (Policy::kEarlyTileId && askNext && leader) {
      nextTile = ids.ask();
      asked = true;
    }
    const int tile = sh.tile[b];
    const int valid = tileValidCount(n, kTile, tile);
    Slice::scanStore(mem + b * kTile + first, stride,
                     Op::apply(sh.prefix[b], sh.warpPrefix[b][dataWarp]),
                     out + static_cast<long long>(tile) * kTile, first, valid,
                     valid == kTile && vectorOut, exclusive);
    mark(Probe::kPhaseHeldPass2);
    return true;
  }

  // A full tile comes into this warp's part of buffer b in two halves: startFull issues the
  // copies, awaitFull waits until they have landed. Each thread copies and later reads only its
  // own vectors, so no barrier stands between the two.
  __device__ void startFull(T* mine, const T* src) {
    Slice::startCopies(mine, src, stride, copy);
    cpAsyncCommit();
  }
  __device__ void awaitFull() {
    timed(Probe::kLoadWait, [] { cpAsyncWait<0>(); });
  }
  // The launch has failed (a look-back gave up): keep the id count right for the counter's
  // reset, and let no copy land after the block has gone.
  __device__ void abandon(bool tookTile) {
    if (leader && tookTile) ids.drainFrom(asked ? ids.settle(nextTile) : ids.take());
    cpAsyncWait<0>();
  }

  // The first id, and with kLoadAhead the first tile's copies: its id reaches the data warps
  // through sh.nextTile, which the first round overwrites with the second id only after a second
  // barrier.
  __device__ void start() {
    if (leader) {
      if constexpr (Probe::kEnabled) Probe::startTimeline();
      nextTile = ids.take();
    }
    if constexpr (kAhead) {
      if (leader) sh.nextTile = nextTile;
      Agent::template barSync<kDataBarrier>(kDataThreads);
      current = sh.nextTile;
      if (current < tiles && tileValidCount(n, kTile, current) == kTile)
        startFull(mem + first, in + static_cast<long long>(current) * kTile + first);
      if (leader && current < tiles) nextTile = ids.take();
      Agent::template barSync<kDataBarrier>(kDataThreads);
    }
  }

  // Pass 2 of a tile held in registers (kOldestInRegisters), once warp 0 has its prefix in buffer
  // b. False: the look-back gave up, and the block has abandoned the launch.
  __device__ bool finishHeld(const Vec4<T> (&held)[kVectors], int b, int heldTile, T heldWarpPrefix,
                             bool tookTile) {
    timed(Probe::kPrefixWait, [&] { Agent::template handOver<kPrefixDone, true>(b); });
    mark(Probe::kPhaseHeldPrefix);
    if (sh.gaveUp[b]) {
      abandon(tookTile);
      return false;
    }
    const int heldValid = tileValidCount(n, kTile, heldTile);
    Slice::scanStoreHeld(held, stride, Op::apply(sh.prefix[b], heldWarpPrefix),
                         out + static_cast<long long>(heldTile) * kTile, first, heldValid,
                         heldValid == kTile && vectorOut, exclusive);
    mark(Probe::kPhaseHeldPass2);
    return true;
  }

  // The tile's load and pass 1, and the publication of its aggregate (a round that does not
  // stop). With kLoadAhead, the next tile's copies are issued as this warp's reduce ends.
  __device__ void loadReducePublish(int i, int b, int tile, int ahead, int valid, long long base,
                                    T* mine) {
    if (valid == kTile) {
      if constexpr (!kHold) startFull(mine, in + base + first);
      awaitFull();
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
    const bool askNow = kAhead ? ahead < tiles : kHold;
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
    if constexpr (kAhead) loadAhead(i, ahead);
    Agent::template barSync<kDataBarrier>(kDataThreads);  // every data warp's total is visible
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

  // kLoadAhead: the next round's buffer, its tile into registers (also before a stop, whose
  // round finishes it from there), then the next tile's copies into it, by each warp as soon as
  // its reduce is done. Each thread reads only its own vectors before its copies overwrite them;
  // sh.tile[nb] changes only in the next round, after a barrier.
  __device__ void loadAhead(int i, int ahead) {
    const int nb = (i + 1) % kBuffers;
    T* next = mem + nb * kTile + first;
    // Read even when the buffer holds no tile yet (the values are then not used), so
    // that the registers are not live across the reduce.
    holding = i + 1 >= kBuffers;
    heldTileAhead = sh.tile[nb];
    heldWarpPrefixAhead = sh.warpPrefix[nb][dataWarp];
    Slice::hold(next, stride, aheadHeld);
    if (ahead < tiles && tileValidCount(n, kTile, ahead) == kTile)
      startFull(next, in + static_cast<long long>(ahead) * kTile + first);
    mark(Probe::kPhaseCopies);
  }

  // The last round: the tiles still in the ring, oldest first, then a stop for every other
  // look-back warp, which waits for its next round (those rounds' buffers are free:
  // kLookbackWarps < kBuffers, and the ring is finished).
  __device__ void stopRing(int i, int oldest) {
    for (int k = (oldest >= 0 ? oldest + 1 : 0); k < i; ++k)
      if (!finish(k % kBuffers, false)) return;
    for (int k = 1; k < kLookbackWarps; ++k) {
      const int bk = (i + k) % kBuffers;
      if (leader) sh.tile[bk] = tiles;
      Agent::template barSync<kDataBarrier>(kDataThreads);
      Agent::template handOver<kReady, false>(bk);
    }
  }

  // The next id only now, after the oldest tile's prefix arrived: a tile's A must never wait for
  // a look-back (see above).
  __device__ void settleNextId(int ahead) {
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

  // The data warps' loop: the first id (and copies), then round after round until the stop.
  __device__ void run() {
    start();
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
      if (leader) sh.nextTile = nextTile;
      // The id is visible; the last round is complete.
      Agent::template barSync<kDataBarrier>(kDataThreads);
      mark(Probe::kPhaseBarrier);
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
        if (holding && !finishHeld(aheadHeld, b, heldTileAhead, heldWarpPrefixAhead, ahead < tiles))
          return;
      } else if constexpr (kHold) {
        // The held tile goes into registers, this tile's copies into its buffer at once, and the
        // held tile is scanned and stored while they fly. Each thread reads its own vectors before
        // it issues the copies that overwrite them; a copy lands a memory round trip later.
        Vec4<T> held[kVectors];
        if (oldest >= 0) Slice::hold(mine, stride, held);
        if (valid == kTile) startFull(mine, in + base + first);
        mark(Probe::kPhaseCopies);
        if (oldest >= 0 && !finishHeld(held, b, heldTile, heldWarpPrefix, !stop)) return;
      }
      if (!stop) loadReducePublish(i, b, tile, ahead, valid, base, mine);
      // What warp 0 and pass 2 read is written before a barrier of the writers (not only before
      // their arrival at READY), which is also how compute-sanitizer's racecheck sees it ordered;
      // it also keeps sh.nextTile from being overwritten before every data thread has read it.
      Agent::template barSync<kDataBarrier>(kDataThreads);
      Agent::template handOver<kReady, false>(b);  // this tile (or the stop) to the look-back warp
      mark(Probe::kPhasePublish);
      if (!kHold && oldest >= 0 && !finish(oldest % kBuffers, !stop)) {
        abandon(!stop);
        return;
      }
      if (stop) {
        stopRing(i, oldest);
        return;
      }
      settleNextId(ahead);
    }
  }
};

}  // namespace scanviz
