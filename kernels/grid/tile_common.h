// What the two single-pass grid scans (single_pass_chained.h, decoupled_lookback.h) share: the
// per-tile state, the tile status word, and the last two stages of a tile (combine the exclusive
// prefix of all earlier tiles into the tile, store it).
//
// A single-pass scan is one launch in which every block scans one tile (section) and then learns
// the combined value of all earlier tiles from the blocks that scanned them. The per-tile code is
// written once over two small interfaces, so the GPU kernel and the CPU emulator run the same code:
//   - an executor (CpuBlockExec / GpuBlockExec), as for the block algorithms;
//   - a "grid" object, the inter-block side:
//       int  acquireTileId()          leader thread: atomic counter, or blockIdx.x for static ids
//       void beginTile(int tile)      every thread: the tile id is known (recorder selection)
//       void countWork(int64_t ops)   operator applications that are no edge of a section step
//       bool tryReadInclusive(int tile, T& v) / void publishInclusive(int tile, T v)   (chained)
//       uint64_t loadStatus(int tile) / void storeStatus(int tile, uint64_t word)      (look-back)
// Waiting is a poll function that returns at once; the GPU calls it in a spin loop, the emulator's
// scheduler calls it once per round (and can therefore see a deadlock instead of hanging).
#pragma once

#include <stdint.h>

#include "kernels/block/section_io.h"
#include "kernels/scan_types.h"

namespace scanviz {

// Per-block state of a single-pass tile. On the GPU it lives in shared memory (so it has no
// constructor), in the emulator in the block's state.
template <class T>
struct TileShared {
  int tile;     // logical (dynamic) tile id: which section this block scans
  int valid;    // real elements in the tile (the rest is padded with the identity)
  T aggregate;  // reduction of this tile's section
  T prefix;     // combination of all earlier tiles (the identity for tile 0)
};

// What one poll of the inter-block protocol achieved. The emulator treats Advanced as progress
// (the look-back moved to an earlier window) and Waiting as none (deadlock detection).
enum class PollResult { Waiting, Advanced, Done };

// The raw 32 bits of an int32 or float32, so that a value fits beside a flag in one 64-bit word.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE uint32_t valueBits(T v) {
  static_assert(sizeof(T) == 4, "tile status words hold 32-bit values");
  uint32_t bits;
  __builtin_memcpy(&bits, &v, sizeof bits);
  return bits;
}

template <class T>
SCANVIZ_HD SCANVIZ_INLINE T valueFromBits(uint32_t bits) {
  T v;
  __builtin_memcpy(&v, &bits, sizeof v);
  return v;
}

// Tile status (Merrill & Garland 2016): X (invalid: nothing published yet), A (the tile's own
// aggregate) or P (the inclusive prefix: all tiles up to and including this one). Flag and value
// share one 64-bit word that is written and read atomically, so a reader never sees a flag with
// a stale value. Zeroed memory reads as X.
enum class TileStatus : uint32_t { Invalid = 0, Aggregate = 1, Prefix = 2 };

SCANVIZ_HD SCANVIZ_INLINE uint64_t packTileStatus(TileStatus s, uint32_t bits) {
  return (static_cast<uint64_t>(s) << 32) | bits;
}
SCANVIZ_HD SCANVIZ_INLINE TileStatus tileStatusFlag(uint64_t word) {
  return static_cast<TileStatus>(static_cast<uint32_t>(word >> 32));
}
SCANVIZ_HD SCANVIZ_INLINE uint32_t tileStatusBits(uint64_t word) {
  return static_cast<uint32_t>(word);
}

// Valid elements of `tile` when n elements are cut into sections of `section`.
SCANVIZ_HD SCANVIZ_INLINE int tileValidCount(long long n, int section, int tile) {
  const long long left = n - static_cast<long long>(tile) * section;
  return left < section ? static_cast<int>(left) : section;
}

// Takes the tile id (leader thread) and hands it to every thread. Must be the first thing a tile
// does: with dynamic ids, the order in which blocks get here decides which tile each one scans.
template <class Ex, class Grid, class T>
SCANVIZ_HD void beginSinglePassTile(Ex& ex, Grid& grid, TileShared<T>& sh, long long n,
                                    int section) {
  ex.parallel([&](int t) {
    if (t == 0) {
      sh.tile = grid.acquireTileId();
      sh.valid = tileValidCount(n, section, sh.tile);
    }
  });
  ex.sync();
  grid.beginTile(sh.tile);
}

// Stage 3 of a single-pass tile whose working array holds the tile-local inclusive scan, run by
// every thread after the barrier that makes sh.prefix visible: combine the exclusive prefix of
// the earlier tiles into every slot, then write the tile's results.
// The prefix goes into all `section` slots, padding included, as the block algorithms also apply
// the operator to padding (work is the same for every tile) and the recorded step then shows one
// consistent row. Tile 0's prefix is the identity, so it applies nothing. Recorded as one
// TilePrefix step with edges (t, i, -1): -1 is the prefix the thread holds.
// The `valid` results are written with coalesced accesses; the exclusive result is the array
// shifted right by one, whose first element is the prefix itself (no operator application).
template <class Ex>
SCANVIZ_HD void addPrefixAndStoreTile(Ex& ex, const TileShared<typename Ex::Value>& sh,
                                      typename Ex::Value* xy, int section, PadMap pad,
                                      typename Ex::Value* out, bool exclusive) {
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    if (sh.tile == 0) return;
    for (int i = t; i < section; i += threads) {
      xy[pad(i)] = ex.combine(sh.prefix, xy[pad(i)]);
      ex.edge(t, i, -1);
    }
  });
  ex.barrier(StepCode{StepKind::TilePrefix, 0}, xy, section, pad);
  typename Ex::Value* const tileOut = out + static_cast<long long>(sh.tile) * section;
  ex.parallel([&](int t) {
    for (int i = t; i < sh.valid; i += threads)
      tileOut[i] = exclusive ? (i == 0 ? sh.prefix : xy[pad(i - 1)]) : xy[pad(i)];
  });
}

}  // namespace scanviz
