// How the single-pass drivers call a scheme's three stages (scan the tile, poll for its prefix,
// finish the tile), read from the scheme type itself, so that the emulator's scheduler
// (app/core/backends/cpu_single_pass.cpp) and the GPU kernel (kernels/launch/
// single_pass_kernels.cuh) run any scheme the registry lists without naming one. A scheme is one
// of two protocols (a third, the cluster scan of cluster_lookback.h, has stages of its own):
//   - chained (single_pass_chained.h): the leader thread polls its predecessor,
//     poll(grid, sh, op), and waitsFor(tile) names the tile it waits for;
//   - look-back (decoupled_lookback.h and the schemes built on it): a warp of windowWidth(threads)
//     lanes polls with a LookbackCursor, poll(warp, grid, sh, cursor, op), started by
//     startLookback(sh, op).
// and reads its input one of two ways: values only, or values and a flag per element (segmented:
// head flags, kSegmented; select and split: keep-flags, kSplit), and writes either an output
// array or SelectOutputs. Its per-block state is TileShared over what its look-back combines
// (the values, or int32 counts for select and split), SegmentedTileShared for a segmented scan.
#pragma once

#include <stdint.h>

#include <type_traits>

#include "kernels/block/segmented_io.h"
#include "kernels/grid/cluster_lookback.h"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/segmented_lookback.h"
#include "kernels/grid/select_lookback.h"

namespace scanviz {

template <class Scheme>
struct SinglePassTraits {
  // A warp looks back over a window of predecessors; otherwise one thread waits for the previous.
  static constexpr bool kLookback = requires { Scheme::windowWidth(1); };
  // Blocks run in thread-block clusters with stages between cluster barriers (cluster_lookback.h);
  // the drivers run such a scheme by its own stages, not by the three above.
  static constexpr bool kClustered = requires { Scheme::kClusterBlocks; };
  static constexpr bool kSegmented = kIsSegmentedScan<Scheme>;
  static constexpr bool kSelects = kSelectsByFlags<Scheme>;
  // scanTile reads a flag per element (head flags or keep-flags).
  static constexpr bool kTakesFlags = kSegmented || kSelects;
  // What the look-back combines: the values, or the kept counts of select and split.
  template <class T>
  using Counted = std::conditional_t<kSelects, int32_t, T>;
  template <class T>
  using Shared = std::conditional_t<
      kClustered, ClusterTileShared<T>,
      std::conditional_t<kSegmented, SegmentedTileShared<T>, TileShared<Counted<T>>>>;
};

// Stage 1, every thread: the scheme's scanTile with the flags where it reads them.
template <class Scheme, class Ex, class Grid, class Shared>
SCANVIZ_HD SCANVIZ_INLINE void singlePassScanTile(Ex& ex, Grid& grid, Shared& sh,
                                                  typename Ex::Value* xy,
                                                  const typename Ex::Value* in,
                                                  const uint8_t* flags, long long n) {
  if constexpr (SinglePassTraits<Scheme>::kTakesFlags)
    Scheme::scanTile(ex, grid, sh, xy, in, flags, n);
  else
    Scheme::scanTile(ex, grid, sh, xy, in, n);
}

// Stage 3, every thread: store the tile to `out` (a scan) or to `selectOut` (select and split).
template <class Scheme, class Ex, class Shared>
SCANVIZ_HD SCANVIZ_INLINE void singlePassFinishTile(
    Ex& ex, const Shared& sh, typename Ex::Value* xy, typename Ex::Value* out, bool exclusive,
    const SelectOutputs<typename Ex::Value>& selectOut) {
  if constexpr (SinglePassTraits<Scheme>::kSelects)
    Scheme::finishTile(ex, sh, xy, selectOut);
  else
    Scheme::finishTile(ex, sh, xy, out, exclusive);
}

}  // namespace scanviz
