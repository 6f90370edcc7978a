// Single-pass select (stream compaction) and split: seed 001's "where do I start writing my
// data?" answered in one launch. A kept element writes at the number of kept elements before it,
// the exclusive count of the flags; that count is a scan, and the decoupled look-back of
// decoupled_lookback.h (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", NVR-2016-002, section 5) lets every tile scatter as soon as it knows the count of
// the tiles before it, with no second pass.
// Idea, per tile: flags -> the tile's counts -> decoupled look-back of the counts -> scatter.
//  1. load the tile's values and keep-flags; the count row starts as the flags (0 or 1);
//  2. scan the count row within the tile, three phases as decoupled_lookback.h (each thread
//     counts its 4 consecutive flags, Kogge-Stone over the thread totals, each thread adds the
//     preceding total), and publish the tile's count as A as soon as it is known;
//  3. one warp looks back over the predecessors' counts (DecoupledLookback::poll, the protocol
//     itself, over int counts and +) and publishes this tile's P;
//  4. every element's address is the tiles' count before it plus the count within the tile
//     before it: prefix + inclusive - flag, the exclusive count;
//  5. scatter. Select (cub::DeviceSelect::Flagged): a kept element i goes to selected[s_i].
//     Split (one pass of a radix sort, Blelloch 1990 "split"): the kept elements as in select,
//     the others to rejected[i - s_i], both in their order: stable, as a radix sort needs.
//     The selected part's length (the last tile's prefix + its count) is known only after the
//     last tile, so the rejected ones go to an array of their own and follow the selected ones
//     in the result (as select_lookback_agent.cuh, the timed GPU agent, does).
// Work per tile of S = 4T elements (T threads), counted in additions of counts:
// (S - T) + (T log2 T - (T - 1)) + (T - 1) * 3 for the count scan, S for the addresses, 1 for
// the published prefix (tiles after the first): O(S), the scan's work on 0/1 values; the scatter
// moves each element once and applies no operator.
// Depth: log2(T) + 4 recorded steps per tile; the look-back ends at the nearest tile with its
// prefix, usually within one window.
// The values move unchanged (any 4-byte type); the counts are int32 (n < 2^31). Every recorded
// step holds the values, the keep-flags row and the count row (`second`), whose last step holds
// every element's address; a capture shows the count row as the steps' cells, as it is the array
// that changes (app/core/capture/capture.cpp, showCountRows). This is the teaching version,
// recorded step by step on both backends; the timed GPU agent (select_lookback_agent.cuh) moves 16
// elements per thread in warp-striped vectors and stages the tile in shared memory, but publishes
// and looks back with the same functions.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/grid/decoupled_lookback.h"

namespace scanviz {

// Where a select or split tile writes. `addresses[i]`: element i's exclusive count of flags
// (the kept element's place, or the number of kept elements before a rejected one).
template <class T>
struct SelectOutputs {
  T* selected = nullptr;
  T* rejected = nullptr;  // split only
  int32_t* addresses = nullptr;
  int32_t* selectedCount = nullptr;  // the tile holding element n-1 writes the total here
  long long n = 0;
};

template <bool kSplitRejected>
struct SelectLookbackScheme {
  static constexpr bool kSplit = kSplitRejected;
  static constexpr int kItemsPerThread = 4;
  using Count = int32_t;
  using Shared = TileShared<Count>;  // aggregate: the tile's kept count; prefix: before the tile

  SCANVIZ_HD static int sectionSize(int threads) { return kItemsPerThread * threads; }
  // The values, the count row (one int32 each) and the flags (one byte each), in 4-byte slots.
  SCANVIZ_HD static int sharedSlots(int threads) {
    return 2 * sectionSize(threads) + (sectionSize(threads) + 3) / 4;
  }
  SCANVIZ_HD static int windowWidth(int threads) { return DecoupledLookback::windowWidth(threads); }
  // Steps the recorded tile produces: load, phase 1, log2(T) Kogge-Stone steps, phase 3, address.
  SCANVIZ_HD static int recordedSteps(int threads) {
    return DecoupledLookback::recordedSteps(threads);
  }

  template <class T>
  SCANVIZ_HD static Count* countRowOf(T* xy, int threads) {
    static_assert(sizeof(T) == 4, "values and counts share 4-byte slots");
    return reinterpret_cast<Count*>(xy + sectionSize(threads));
  }
  template <class T>
  SCANVIZ_HD static uint8_t* flagRowOf(T* xy, int threads) {
    return reinterpret_cast<uint8_t*>(xy + 2 * sectionSize(threads));
  }

  // Stage 1, every thread: take a tile id, count the tile's flags, publish the count.
  template <class Ex, class Grid>
  SCANVIZ_HD static void scanTile(Ex& ex, Grid& grid, Shared& sh, typename Ex::Value* xy,
                                  const typename Ex::Value* in, const uint8_t* flags, long long n) {
    constexpr int K = kItemsPerThread;
    const int threads = ex.threads();
    const int section = sectionSize(threads);
    Count* count = countRowOf(xy, threads);
    uint8_t* keep = flagRowOf(xy, threads);
    const StepRows rows{keep, count, section};
    beginSinglePassTile(ex, grid, sh, n, section);
    const long long first = static_cast<long long>(sh.tile) * section;
    ex.parallel([&](int t) {
      for (int i = t; i < section; i += threads) {
        const bool real = i < sh.valid;
        xy[i] = real ? in[first + i] : typename Ex::Value{};
        ex.move(t, i, -1);
        keep[i] = real && flags && flags[first + i] ? 1 : 0;  // padding is never kept
        count[i] = keep[i];
      }
    });
    ex.barrier(StepCode{StepKind::Load, 0}, xy, section, PadMap{}, rows);

    // Phase 1: each thread counts its K consecutive flags.
    ex.parallel([&](int t) {
      for (int i = t * K + 1; i < t * K + K; ++i) {
        count[i] += count[i - 1];
        ex.edge(t, i, i - 1);
      }
    });
    ex.barrier(StepCode{StepKind::SelectThreadCount, 0}, xy, section, PadMap{}, rows);

    // Phase 2: Kogge-Stone over the thread totals; reads before the barrier, writes after it.
    const auto lastOf = [](int t) { return t * K + K - 1; };
    typename Ex::template Regs<Count> left(ex);
    for (int stride = 1; stride < threads; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) left[t] = count[lastOf(t - stride)];
      });
      ex.sync();
      ex.parallel([&](int t) {
        if (t < stride) return;
        count[lastOf(t)] += left[t];
        ex.edge(t, lastOf(t), lastOf(t - stride));
      });
      ex.barrier(StepCode{StepKind::SelectCountScan, stride}, xy, section, PadMap{}, rows);
    }

    // The tile's count is known: publish it at once (decoupled), before phase 3.
    ex.parallel([&](int t) {
      if (t != 0) return;
      sh.aggregate = count[section - 1];  // padding holds no kept element
      sh.prefix = 0;
      DecoupledLookback::publishAggregate(grid, sh);
    });

    // Phase 3: each thread but the first adds the preceding thread's total to its first K-1.
    ex.parallel([&](int t) {
      if (t == 0) return;
      const Count before = count[t * K - 1];
      for (int i = t * K; i < t * K + K - 1; ++i) {
        count[i] += before;
        ex.edge(t, i, t * K - 1);
      }
    });
    ex.barrier(StepCode{StepKind::SelectAddCount, 0}, xy, section, PadMap{}, rows);
  }

  SCANVIZ_HD static LookbackCursor<Count> startLookback(const Shared& sh, Operator) {
    return DecoupledLookback::startLookback(sh, Operator::Add);
  }

  // Stage 2, every lane of the looking warp: the look-back of the counts, exactly the scan's
  // (counts add whatever the request's operator: a count is a count).
  template <class Warp, class Grid>
  SCANVIZ_HD static PollResult poll(Warp& warp, Grid& grid, Shared& sh, LookbackCursor<Count>& c,
                                    Operator) {
    return DecoupledLookback::poll(warp, grid, sh, c, Operator::Add);
  }

  // Stage 3, every thread, after a barrier that makes sh.prefix visible: every element's address,
  // then the scatter (strided, consecutive threads on consecutive elements).
  template <class Ex>
  SCANVIZ_HD static void finishTile(Ex& ex, const Shared& sh, typename Ex::Value* xy,
                                    const SelectOutputs<typename Ex::Value>& out) {
    const int threads = ex.threads();
    const int section = sectionSize(threads);
    Count* count = countRowOf(xy, threads);
    const uint8_t* keep = flagRowOf(xy, threads);
    ex.parallel([&](int t) {
      for (int i = t; i < section; i += threads) {
        count[i] = sh.prefix + count[i] - keep[i];  // inclusive within the tile -> exclusive
        ex.edge(t, i, -1);
      }
    });
    ex.barrier(StepCode{StepKind::SelectAddress, 0}, xy, section, PadMap{},
               StepRows{keep, count, section});
    const long long first = static_cast<long long>(sh.tile) * section;
    ex.parallel([&](int t) {
      for (int i = t; i < sh.valid; i += threads) {
        const Count address = count[i];
        out.addresses[first + i] = address;
        if (keep[i])
          out.selected[address] = xy[i];
        else if (kSplit)
          out.rejected[first + i - address] = xy[i];  // the rejected elements before it
      }
      if (t == 0 && first + sh.valid == out.n) *out.selectedCount = sh.prefix + sh.aggregate;
    });
  }
};

// True for the select and split schemes: their drivers pass flags and SelectOutputs, and their
// look-back counts int32 whatever the values are.
template <class Algo>
inline constexpr bool kSelectsByFlags = requires {
  Algo::kSplit;
};

// Select: the kept elements, packed, in their order (stream compaction).
struct SelectLookback : SelectLookbackScheme<false> {};
// Split: the kept elements first, the others after them, each part in its order.
struct SplitLookback : SelectLookbackScheme<true> {};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SelectLookback> =
    describeSinglePass<SelectLookback>({
        .key = "select-lookback",
        .name = "Select (decoupled look-back)",
        .product = AlgorithmProduct::Select,
        .summary = "one launch: each tile counts its kept elements, looks back for the count "
                   "before it and writes them packed",
        .source = "Merrill & Garland 2016, 5; seed 001 (where do I start writing my data?)",
    });

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SplitLookback> =
    describeSinglePass<SplitLookback>({
        .key = "split-lookback",
        .name = "Split (decoupled look-back)",
        .product = AlgorithmProduct::Split,
        .summary =
            "one launch: the flagged elements first, the others after them, each in their order "
            "(one stable radix pass)",
        .source = "Merrill & Garland 2016, 5; Blelloch 1990 (split)",
    });

}  // namespace scanviz
