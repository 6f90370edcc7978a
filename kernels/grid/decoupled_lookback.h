// Decoupled look-back scan (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", NVIDIA technical report NVR-2016-002; the scheme behind CUB's DeviceScan).
// Idea: like the chained scan (single_pass_chained.h), one launch with dynamic tile ids, but a
// tile does not wait for its predecessor's complete prefix. Every tile keeps a status word
// (X: nothing yet, A: its own aggregate, P: its inclusive prefix). As soon as its local reduction
// is known a tile publishes A (tile 0 publishes P); then one warp looks back over up to 32
// predecessors at once, combines their aggregates until it meets a P, and publishes its own P.
// A slow predecessor therefore only delays its successors until it has published A, not until it
// has received its own prefix: the serial chain of the chained scan is broken.
// Tile scan: 8 elements per thread, three phases (PMPP 8.5): each thread scans its 8 consecutive
// elements, Kogge-Stone over the thread totals, each thread adds the preceding total. The working
// array has one padding slot every 32 elements, so the per-thread accesses with stride 8 hit 32
// different banks. The aggregate (A) is published right after the second phase.
// Work per tile of S = 8T elements: (S - T) + (T log2 T - (T - 1)) + (T - 1) * 7, plus S + 1 in
// every tile but the first (prefix, inclusive publication). The look-back's own combinations are
// not counted as work: how many predecessors a tile combines depends on scheduling, so they are
// reported per block as `lookback` instead, and work stays equal on every backend and run.
// Depth: log2(T) + 3 recorded steps per tile; the look-back usually ends within one window.
// This is the teaching version, recorded step by step. The timed GPU kernel (lookback_agent.cuh)
// moves and scans its larger tiles differently, but publishes and looks back with the functions
// below: publishAggregate and poll.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/grid/tile_common.h"

namespace scanviz {

// The look-back state of one tile, held by every lane of the looking warp (identical in all).
template <class T>
struct LookbackCursor {
  int next;        // predecessor that lane 0 reads in the next window; lane l reads next - l
  T exclusive;     // combination of the windows already consumed
  int inspected;   // predecessors combined into `exclusive`
  int waitingFor;  // while the poll returns Waiting: nearest predecessor still without status
};

// Index of the lowest set bit (mask != 0): the lane nearest to the looking tile.
SCANVIZ_HD SCANVIZ_INLINE int lowestLane(unsigned mask) {
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(mask)) - 1;
#else
  return __builtin_ctz(mask);
#endif
}

// Reduction of the lanes' values with shuffle-down rounds; every lane gets the result. Lane l
// holds a tile nearer to the looking tile than lane l + offset, so the value from the higher lane
// (an earlier tile) goes on the left of the operator. Any width 1..32, not only powers of two.
template <class T, class Warp>
SCANVIZ_HD T warpReduce(Warp& warp, typename Warp::template Lanes<T>& v, Operator op) {
  const int width = warp.width();
  typename Warp::template Lanes<T> from(warp);
  for (int offset = 1; offset < width; offset *= 2) {
    warp.shuffleDown(v, from, offset);
    warp.forLanes([&](int lane) {
      if (lane + offset < width) v[lane] = OpTraits<T>::apply(op, from[lane], v[lane]);
    });
  }
  return warp.broadcast(v, 0);
}

struct DecoupledLookback {
  static constexpr int kItemsPerThread = 8;
  static constexpr int kMaxWindow = 32;  // predecessors one look-back window examines

  SCANVIZ_HD static PadMap padMap() { return PadMap{5}; }
  SCANVIZ_HD static int sectionSize(int threads) { return kItemsPerThread * threads; }
  SCANVIZ_HD static int sharedSlots(int threads) { return padMap().slots(sectionSize(threads)); }
  // A block of fewer than 32 threads looks back with all of its threads.
  SCANVIZ_HD static int windowWidth(int threads) {
    return threads < kMaxWindow ? threads : kMaxWindow;
  }
  // Steps the recorded tile produces: load, phase 1, log2(T) Kogge-Stone steps, phase 3, prefix.
  SCANVIZ_HD static int recordedSteps(int threads) {
    int strides = 0;
    for (int stride = 1; stride < threads; stride *= 2) ++strides;
    return 4 + strides;
  }

  // Stage 1, every thread: take a tile id, scan the tile, publish A (tile 0: P).
  template <class Ex, class Grid>
  SCANVIZ_HD static void scanTile(Ex& ex, Grid& grid, TileShared<typename Ex::Value>& sh,
                                  typename Ex::Value* xy, const typename Ex::Value* in,
                                  long long n) {
    scanThreePhaseTile(ex, grid, sh, xy, in, n, [&] { publishAggregate(grid, sh); });
  }

  // The tile scan of stage 1: take a tile id, then three phases (PMPP 8.5). Thread 0 calls
  // `aggregateKnown` as soon as sh.aggregate holds the tile's total, between phases 2 and 3, so
  // that a scheme can hand it on before the tile is finished (here: publish A; the cluster scan,
  // cluster_lookback.h, leaves it in shared memory for its cluster).
  template <class Ex, class Grid, class AggregateKnown>
  SCANVIZ_HD static void scanThreePhaseTile(Ex& ex, Grid& grid, TileShared<typename Ex::Value>& sh,
                                            typename Ex::Value* xy, const typename Ex::Value* in,
                                            long long n, AggregateKnown&& aggregateKnown) {
    using T = typename Ex::Value;
    constexpr int K = kItemsPerThread;
    const int threads = ex.threads();
    const int section = sectionSize(threads);
    const PadMap pad = padMap();
    beginSinglePassTile(ex, grid, sh, n, section);
    SectionIO<T> io;
    io.in = in + static_cast<long long>(sh.tile) * section;
    io.n = sh.valid;
    loadSection(ex, xy, io, section, pad);

    // Phase 1: each thread scans its K consecutive elements, keeping the running value in a
    // register.
    ex.parallel([&](int t) {
      const int first = t * K;
      T running = xy[pad(first)];
      for (int j = 1; j < K; ++j) {
        running = ex.combine(running, xy[pad(first + j)]);
        xy[pad(first + j)] = running;
        ex.edge(t, first + j, first + j - 1);
      }
    });
    ex.barrier(StepCode{StepKind::ThreadScan, 0}, xy, section, pad);

    // Phase 2: Kogge-Stone over the thread totals (the last element of each subsection). Reads go
    // to a register before a barrier and writes come after it, so no thread reads a total that
    // was already updated in the same iteration.
    const auto lastOf = [](int t) { return t * K + K - 1; };
    typename Ex::template Regs<T> left(ex);
    for (int stride = 1; stride < threads; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) left[t] = xy[pad(lastOf(t - stride))];
      });
      ex.sync();
      ex.parallel([&](int t) {
        if (t >= stride) {
          xy[pad(lastOf(t))] = ex.combine(left[t], xy[pad(lastOf(t))]);
          ex.edge(t, lastOf(t), lastOf(t - stride));
        }
      });
      ex.barrier(StepCode{StepKind::SubsectionScan, stride}, xy, section, pad);
    }

    // The tile's aggregate is now known: hand it on before phase 3, so that successors can use it
    // as early as possible ("decoupled": they need not wait for this tile's own look-back).
    ex.parallel([&](int t) {
      if (t != 0) return;
      sh.aggregate = xy[pad(section - 1)];  // padding is the identity: the tile's total
      if (sh.tile == 0) sh.prefix = ex.identity();
      aggregateKnown();
    });

    // Phase 3: each thread but the first combines the preceding subsection's total into its first
    // K-1 elements. No thread writes a subsection's last element, so the read cannot race.
    ex.parallel([&](int t) {
      if (t == 0) return;
      const int first = t * K;
      const T before = xy[pad(first - 1)];
      for (int j = 0; j < K - 1; ++j) {
        xy[pad(first + j)] = ex.combine(before, xy[pad(first + j)]);
        ex.edge(t, first + j, first - 1);
      }
    });
    ex.barrier(StepCode{StepKind::AddSubsection, 0}, xy, section, pad);
  }

  // One thread: publish the tile's aggregate as A, or for tile 0, which has no predecessor, as P
  // right away (its inclusive prefix is its aggregate).
  template <class Grid, class T>
  SCANVIZ_HD static void publishAggregate(Grid& grid, const TileShared<T>& sh) {
    const TileStatus flag = sh.tile == 0 ? TileStatus::Prefix : TileStatus::Aggregate;
    grid.storeStatus(sh.tile, packTileStatus(flag, valueBits(sh.aggregate)));
  }

  template <class T>
  SCANVIZ_HD static LookbackCursor<T> startLookback(const TileShared<T>& sh, Operator op) {
    return LookbackCursor<T>{sh.tile - 1, OpTraits<T>::identity(op), 0, -1};
  }

  // Stage 2, every lane of the looking warp: examine one window of predecessors. Waiting: a
  // predecessor that is needed has published nothing yet. Advanced: the whole window held
  // aggregates, which were combined; the next poll looks at the window before it. Done: a P was
  // met; sh.prefix holds the exclusive prefix and this tile's P is published.
  template <class Warp, class Grid, class T>
  SCANVIZ_HD static PollResult poll(Warp& warp, Grid& grid, TileShared<T>& sh, LookbackCursor<T>& c,
                                    Operator op) {
    if (sh.tile == 0) return PollResult::Done;  // tile 0 published P in scanTile
    const PollResult r = lookBackOneWindow(warp, grid, c, op);
    if (r != PollResult::Done) return r;
    warp.leader([&] {
      sh.prefix = c.exclusive;
      const T inclusivePrefix = OpTraits<T>::apply(op, c.exclusive, sh.aggregate);
      grid.storeStatus(sh.tile, packTileStatus(TileStatus::Prefix, valueBits(inclusivePrefix)));
      grid.countWork(1);
    });
    return PollResult::Done;
  }

  // The look-back itself, without the publication that ends it (the segmented look-back,
  // segmented_lookback.h, publishes differently): one window of predecessors, combined into
  // c.exclusive; Done when it met a P.
  template <class Warp, class Grid, class T>
  SCANVIZ_HD static PollResult lookBackOneWindow(Warp& warp, Grid& grid, LookbackCursor<T>& c,
                                                 Operator op) {
    const int width = warp.width();
    const T identity = OpTraits<T>::identity(op);
    typename Warp::template Lanes<uint64_t> word(warp);
    typename Warp::template Lanes<bool> invalid(warp);
    typename Warp::template Lanes<bool> inclusive(warp);
    warp.forLanes([&](int lane) {
      const int pred = c.next - lane;
      // Lanes before tile 0 read as a P of the identity. Tile 0 only ever publishes P, so a
      // window that reaches it stops there and never combines these lanes.
      word[lane] = pred >= 0 ? grid.loadStatus(pred)
                             : packTileStatus(TileStatus::Prefix, valueBits(identity));
      invalid[lane] = tileStatusFlag(word[lane]) == TileStatus::Invalid;
      inclusive[lane] = tileStatusFlag(word[lane]) == TileStatus::Prefix;
    });
    const unsigned invalidMask = warp.ballot(invalid);
    const unsigned inclusiveMask = warp.ballot(inclusive);
    // Lanes 0..last are needed: up to the nearest P, or the whole window when it holds none.
    // Predecessors beyond that P may still be X; they do not matter.
    const int last = inclusiveMask ? lowestLane(inclusiveMask) : width - 1;
    const unsigned needed = last >= 31 ? 0xffffffffu : (1u << (last + 1)) - 1u;
    if (invalidMask & needed) {
      c.waitingFor = c.next - lowestLane(invalidMask & needed);
      return PollResult::Waiting;
    }
    typename Warp::template Lanes<T> value(warp);
    warp.forLanes([&](int lane) {
      value[lane] = lane <= last ? valueFromBits<T>(tileStatusBits(word[lane])) : identity;
    });
    const T window = warpReduce<T>(warp, value, op);
    c.exclusive = OpTraits<T>::apply(op, window, c.exclusive);  // earlier tiles on the left
    c.inspected += last + 1;
    c.waitingFor = -1;
    if (inclusiveMask) return PollResult::Done;
    c.next -= width;
    return PollResult::Advanced;
  }

  // Stage 3, every thread, after a barrier that makes sh.prefix visible: combine and store.
  template <class Ex>
  SCANVIZ_HD static void finishTile(Ex& ex, const TileShared<typename Ex::Value>& sh,
                                    typename Ex::Value* xy, typename Ex::Value* out,
                                    bool exclusive) {
    addPrefixAndStoreTile(ex, sh, xy, sectionSize(ex.threads()), padMap(), out, exclusive);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<DecoupledLookback> =
    describeSinglePass<DecoupledLookback>({
        .key = "decoupled-lookback",
        .name = "Decoupled look-back",
        .paddedSharedMemory = true,
        .summary = "one launch; tiles publish aggregates early and look back over many "
                   "predecessors at once",
        .source = "Merrill & Garland 2016",
    });

}  // namespace scanviz
