// Single-pass chained scan (PMPP 8.7: stream-based scan with adjacent synchronisation).
// Idea: one launch; every block scans its tile (a Brent-Kung section of 2 * block size elements),
// then waits until its predecessor has published the running result of tiles 0..i-1, publishes
// the running result of tiles 0..i for its successor, and only then combines the received prefix
// into its tile and stores it. The hierarchical scan's second and third kernels disappear: the
// partial sums travel from block to block through global memory while the data is read once.
// Work: per tile the Brent-Kung work 2S - 2 - log2(S), plus one application for the running
// result and S for the prefix in every tile but the first. Depth: Brent-Kung's 2 log2(S) - 1
// steps plus the prefix step, but the chain of blocks is serial: tile i cannot finish before tile
// i-1 published, so the last tile waits for a domino of B-1 hand-overs.
// Two details of the text are done differently on purpose:
//  - Block ids are taken from an atomic counter when the block starts (the text's dynamic block
//    ids), so every tile a block waits for belongs to a block that already runs. With blockIdx.x
//    (static ids) a resident block can wait for one that never gets a slot: a deadlock, which the
//    emulator detects and reports.
//  - Memory ordering: the value is written first and the flag is then set with release semantics;
//    the reader acquires the flag before it reads the value (the grid object does this, with
//    cuda::atomic_ref on the GPU). The text says its __threadfence makes the value visible "to all
//    threads in the block"; what matters is the reading block, so the fence (here: the release)
//    must be device-wide, and the reader needs the matching acquire, which the text's
//    atomicAdd(&flags[bid], 0) spin does not give.
// Only the block's leader thread waits; the other threads wait at the barrier that follows, and
// the prefix reaches them through shared memory.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/brent_kung.h"
#include "kernels/grid/tile_common.h"

namespace scanviz {

struct SinglePassChained {
  using BlockScan = BrentKungScan;
  static constexpr int kItemsPerThread = BlockScan::kElementsPerThread;

  SCANVIZ_HD static int sectionSize(int threads) { return BlockScan::sectionSize(threads); }
  SCANVIZ_HD static int sharedSlots(int threads) { return BlockScan::sharedSlots(threads); }
  // Steps the recorded tile produces: Brent-Kung's load, log2(S) up-sweep and log2(S) - 1
  // down-sweep steps, and the tile prefix.
  SCANVIZ_HD static int recordedSteps(int threads) {
    int log2Section = 0;
    while ((1 << log2Section) < sectionSize(threads)) ++log2Section;
    return 2 * log2Section + 1;
  }

  // Stage 1, every thread: take a tile id, scan the tile in shared memory, and leave its aggregate
  // in sh.aggregate for the leader.
  template <class Ex, class Grid>
  SCANVIZ_HD static void scanTile(Ex& ex, Grid& grid, TileShared<typename Ex::Value>& sh,
                                  typename Ex::Value* xy, const typename Ex::Value* in,
                                  long long n) {
    const int section = sectionSize(ex.threads());
    beginSinglePassTile(ex, grid, sh, n, section);
    SectionIO<typename Ex::Value> io;
    io.in = in + static_cast<long long>(sh.tile) * section;
    // Brent-Kung ends by storing its result to io.out. Pointing io.out at the working array makes
    // that store a copy of each element onto itself, so the tile-local scan stays in shared memory
    // for the prefix step and global memory is written once, after the prefix is known.
    io.out = xy;
    io.n = sh.valid;
    io.exclusive = false;
    BlockScan::run(ex, xy, io);
    ex.sync();
    ex.parallel([&](int t) {
      if (t == 0) sh.aggregate = xy[section - 1];  // padding is the identity: the tile's total
    });
  }

  // Stage 2, the leader thread only: one look at the predecessor's flag. Done: sh.prefix holds the
  // combination of tiles 0..tile-1, and the running result of tiles 0..tile is published.
  template <class Grid, class T>
  SCANVIZ_HD static PollResult poll(Grid& grid, TileShared<T>& sh, Operator op) {
    if (sh.tile == 0) {
      sh.prefix = OpTraits<T>::identity(op);
      grid.publishInclusive(0, sh.aggregate);
      return PollResult::Done;
    }
    T before;
    if (!grid.tryReadInclusive(sh.tile - 1, before)) return PollResult::Waiting;
    sh.prefix = before;
    grid.publishInclusive(sh.tile, OpTraits<T>::apply(op, before, sh.aggregate));
    grid.countWork(1);
    return PollResult::Done;
  }

  // The tile this one waits for while poll() returns Waiting.
  SCANVIZ_HD static int waitsFor(int tile) { return tile - 1; }

  // Stage 3, every thread, after a barrier that makes sh.prefix visible: combine and store.
  template <class Ex>
  SCANVIZ_HD static void finishTile(Ex& ex, const TileShared<typename Ex::Value>& sh,
                                    typename Ex::Value* xy, typename Ex::Value* out,
                                    bool exclusive) {
    addPrefixAndStoreTile(ex, sh, xy, sectionSize(ex.threads()), PadMap{}, out, exclusive);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SinglePassChained> =
    describeSinglePass<SinglePassChained>({
        .key = "single-pass-chained",
        .name = "Single-pass, chained",
        .summary =
            "one launch; dynamic block ids; each block waits for its predecessor's running sum",
        .source = "PMPP 8.7",
    });

}  // namespace scanviz
