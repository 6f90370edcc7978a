// Segmented decoupled look-back scan: the single-pass scan of decoupled_lookback.h (Merrill &
// Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002) over
// Blelloch's segmented operator ("Prefix sums and their applications", 1990, section 1.5):
//   (a, fa) + (b, fb) = (fb ? b : a + b, fa | fb).
// Idea: every tile scans its elements as pairs (value, flag) and so learns two things at once:
// its aggregate, the segmented reduction of the tile (the part of its last segment that lies in
// it), and whether it holds a head (the OR of its flags). A tile that holds a head needs nothing
// from the tiles before it to know what it hands on: its aggregate already IS its inclusive
// prefix. So its status word says so at once, P instead of A, and every successor's look-back
// stops at it, exactly as at a tile whose prefix is complete: no value ever crosses a head,
// between tiles either. Only the elements before a tile's first head take the exclusive prefix
// the look-back finds; a tile whose first element is a head does not look back at all.
// Tile scan, 8 elements per thread (PMPP 8.5's three phases, as decoupled_lookback.h), each phase
// segmented like segmented_kogge_stone.h: a flag row says for every element whether a head lies
// within what it has combined so far, and a combination happens only while that flag is clear.
//  1. each thread scans its 8 consecutive elements, restarting at each head;
//  2. segmented Kogge-Stone over the thread totals (flags OR-ed);
//  3. each thread combines the preceding total into its elements before its own first head;
//  then the tile publishes A or P, looks back, and combines the prefix into its elements before
//  the tile's first head.
// Work per tile of S = 8T elements: at most that of the plain look-back scan's tile, (S - T) +
// (T log2 T - (T - 1)) + (T - 1) * 7 + S + 1, and fewer: no combination across a head.
// Depth: log2(T) + 3 recorded steps per tile, like the plain one; the look-back ends at the
// nearest tile that holds a head or has its prefix, so heads shorten it.
// This is the teaching version, recorded step by step on both backends. The timed GPU kernel
// (segmented_lookback_agent.cuh) moves its tiles differently but publishes and looks back with
// the functions below.
#pragma once

#include "kernels/grid/decoupled_lookback.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

// The per-tile state of a segmented tile: the plain one and what its flags said.
template <class T>
struct SegmentedTileShared : TileShared<T> {
  // Whole words (not bytes), so that the two never share a word that one thread writes while
  // others read the other (compute-sanitizer's racecheck tracks shared memory by the word).
  int holdsHead;     // some element of the tile starts a segment
  int startsAtHead;  // its first element does: the tile needs no prefix
};

// The status a tile publishes once its local scan is done: P when its value is final (tile 0, or
// a tile that holds a head), A otherwise. One thread.
template <class Grid, class T>
SCANVIZ_HD SCANVIZ_INLINE void publishSegmentedAggregate(Grid& grid, int tile, bool holdsHead,
                                                         T aggregate) {
  const bool final = tile == 0 || holdsHead;
  grid.storeStatus(tile, packTileStatus(final ? TileStatus::Prefix : TileStatus::Aggregate,
                                        valueBits(aggregate)));
}

// The look-back's last act, once lookBackOneWindow met a P: a tile without a head publishes its
// inclusive prefix (its own P went out already otherwise). One thread. Returns the operator
// applications (0 or 1).
template <class Grid, class T>
SCANVIZ_HD SCANVIZ_INLINE int publishSegmentedPrefix(Grid& grid, int tile, bool holdsHead,
                                                     T exclusive, T aggregate, Operator op) {
  if (holdsHead) return 0;
  const T inclusivePrefix = OpTraits<T>::apply(op, exclusive, aggregate);
  grid.storeStatus(tile, packTileStatus(TileStatus::Prefix, valueBits(inclusivePrefix)));
  return 1;
}

struct SegmentedLookback : DecoupledLookback {
  static constexpr bool kSegmented = true;

  // The padded values, then two rows of one byte per element: the OR-ed flags and the heads.
  SCANVIZ_HD static int valueSlots(int threads) { return padMap().slots(sectionSize(threads)); }
  SCANVIZ_HD static int sharedSlots(int threads) {
    return valueSlots(threads) + (2 * sectionSize(threads) + 3) / 4;
  }
  template <class T>
  SCANVIZ_HD static uint8_t* flagRowOf(T* xy, int threads, int row) {
    static_assert(sizeof(T) == 4, "flags are packed into 4-byte value slots");
    return reinterpret_cast<uint8_t*>(xy + valueSlots(threads)) + row * sectionSize(threads);
  }

  // Stage 1, every thread: take a tile id, scan the tile's (value, flag) pairs, publish A or P.
  // `flags`: the head flags of the whole input, null for none (one segment: the plain scan).
  template <class Ex, class Grid>
  SCANVIZ_HD static void scanTile(Ex& ex, Grid& grid, SegmentedTileShared<typename Ex::Value>& sh,
                                  typename Ex::Value* xy, const typename Ex::Value* in,
                                  const uint8_t* flags, long long n) {
    using T = typename Ex::Value;
    constexpr int K = kItemsPerThread;
    const int threads = ex.threads();
    const int section = sectionSize(threads);
    const PadMap pad = padMap();
    uint8_t* covered = flagRowOf(xy, threads, 0);  // a head lies within what i has combined
    uint8_t* head = flagRowOf(xy, threads, 1);     // i starts a segment
    beginSinglePassTile(ex, grid, sh, n, section);
    const long long first = static_cast<long long>(sh.tile) * section;
    ex.parallel([&](int t) {
      for (int i = t; i < section; i += threads) {
        const bool real = i < sh.valid;
        xy[pad(i)] = real ? in[first + i] : ex.identity();
        ex.move(t, i, -1);
        head[i] = real && flags ? flags[first + i] : 0;  // padding joins the last segment
        covered[i] = head[i];
      }
    });
    ex.barrier(StepCode{StepKind::Load, 0}, xy, section, pad, StepRows{covered, nullptr, section});

    // Phase 1: each thread scans its K consecutive elements; a head restarts the running value.
    ex.parallel([&](int t) {
      const int begin = t * K;
      T running = xy[pad(begin)];
      uint8_t seen = head[begin];
      for (int j = 1; j < K; ++j) {
        const int i = begin + j;
        if (head[i]) {
          running = xy[pad(i)];
        } else {
          running = ex.combine(running, xy[pad(i)]);
          xy[pad(i)] = running;
          ex.edge(t, i, i - 1);
        }
        seen |= head[i];
        covered[i] = seen;
      }
    });
    ex.barrier(StepCode{StepKind::SegThreadScan, 0}, xy, section, pad,
               StepRows{covered, nullptr, section});

    // Phase 2: segmented Kogge-Stone over the thread totals (the last element of each
    // subsection); reads before the barrier, writes after it, as in decoupled_lookback.h.
    const auto lastOf = [](int t) { return t * K + K - 1; };
    typename Ex::template Regs<T> left(ex);
    typename Ex::template Regs<uint8_t> leftCovered(ex);
    for (int stride = 1; stride < threads; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) {
          left[t] = xy[pad(lastOf(t - stride))];
          leftCovered[t] = covered[lastOf(t - stride)];
        }
      });
      ex.sync();
      ex.parallel([&](int t) {
        if (t < stride) return;
        if (!covered[lastOf(t)]) {
          xy[pad(lastOf(t))] = ex.combine(left[t], xy[pad(lastOf(t))]);
          ex.edge(t, lastOf(t), lastOf(t - stride));
        }
        covered[lastOf(t)] |= leftCovered[t];
      });
      ex.barrier(StepCode{StepKind::SegTotalsScan, stride}, xy, section, pad,
                 StepRows{covered, nullptr, section});
    }

    // The tile's aggregate and head flag are known: publish before phase 3, as early as possible.
    ex.parallel([&](int t) {
      if (t != 0) return;
      sh.aggregate = xy[pad(section - 1)];  // padding is the identity and holds no head
      sh.holdsHead = covered[section - 1];
      sh.startsAtHead = head[0];
      sh.prefix = ex.identity();
      publishSegmentedAggregate(grid, sh.tile, sh.holdsHead != 0, sh.aggregate);
    });

    // Phase 3: each thread but the first combines the preceding subsection's total into its
    // elements before its own first head. No thread writes a subsection's last element here.
    ex.parallel([&](int t) {
      if (t == 0) return;
      const int begin = t * K;
      const T before = xy[pad(begin - 1)];
      const uint8_t beforeCovered = covered[begin - 1];
      for (int j = 0; j < K - 1; ++j) {
        const int i = begin + j;
        if (!covered[i]) {
          xy[pad(i)] = ex.combine(before, xy[pad(i)]);
          ex.edge(t, i, begin - 1);
        }
        covered[i] |= beforeCovered;
      }
    });
    ex.barrier(StepCode{StepKind::SegAddTotal, 0}, xy, section, pad,
               StepRows{covered, nullptr, section});
  }

  // Stage 2, every lane of the looking warp: one window of the look-back. A tile that starts at a
  // head is done at once (its prefix stays the identity).
  template <class Warp, class Grid, class T>
  SCANVIZ_HD static PollResult poll(Warp& warp, Grid& grid, SegmentedTileShared<T>& sh,
                                    LookbackCursor<T>& c, Operator op) {
    if (sh.tile == 0 || sh.startsAtHead) return PollResult::Done;
    const PollResult r = lookBackOneWindow(warp, grid, c, op);
    if (r != PollResult::Done) return r;
    warp.leader([&] {
      sh.prefix = c.exclusive;
      grid.countWork(
          publishSegmentedPrefix(grid, sh.tile, sh.holdsHead != 0, c.exclusive, sh.aggregate, op));
    });
    return PollResult::Done;
  }

  // Stage 3, every thread, after a barrier that makes sh.prefix visible: combine the prefix into
  // the elements before the tile's first head, store (exclusive: the identity at every head).
  template <class Ex>
  SCANVIZ_HD static void finishTile(Ex& ex, const SegmentedTileShared<typename Ex::Value>& sh,
                                    typename Ex::Value* xy, typename Ex::Value* out,
                                    bool exclusive) {
    using T = typename Ex::Value;
    const int threads = ex.threads();
    const int section = sectionSize(threads);
    const PadMap pad = padMap();
    const uint8_t* covered = flagRowOf(xy, threads, 0);
    const uint8_t* head = flagRowOf(xy, threads, 1);
    const bool needsPrefix = sh.tile != 0 && !sh.startsAtHead;
    ex.parallel([&](int t) {
      if (!needsPrefix) return;
      for (int i = t; i < section && !covered[i]; i += threads) {
        xy[pad(i)] = ex.combine(sh.prefix, xy[pad(i)]);
        ex.edge(t, i, -1);
      }
    });
    ex.barrier(StepCode{StepKind::SegTilePrefix, 0}, xy, section, pad,
               StepRows{covered, nullptr, section});
    T* tileOut = out + static_cast<long long>(sh.tile) * section;
    ex.parallel([&](int t) {
      for (int i = t; i < sh.valid; i += threads) {
        if (!exclusive)
          tileOut[i] = xy[pad(i)];
        else if (head[i])
          tileOut[i] = ex.identity();
        else
          tileOut[i] = i == 0 ? sh.prefix : xy[pad(i - 1)];
      }
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SegmentedLookback> =
    describeSegmented<SegmentedLookback, DecoupledLookback>({
        .key = "segmented-lookback",
        .name = "Segmented decoupled look-back",
        .summary =
            "one launch; a tile that holds a head publishes its total as final, so no look-back "
            "passes it",
        .source = "Merrill & Garland 2016 with Blelloch 1990, 1.5",
    });

}  // namespace scanviz
