// Cluster look-back scan: the decoupled look-back (decoupled_lookback.h) one level up, over
// Hopper's thread-block clusters (CUDA programming guide, "Thread Block Clusters" and
// "Distributed Shared Memory"). The hierarchy of PMPP Fig. 8.9 gains a level between the block
// and the grid: the blocks of a cluster run at the same time on neighbouring SMs, can wait for
// each other at a cluster barrier, and can read each other's shared memory (DSMEM).
// Idea: a cluster of kClusterBlocks blocks takes one ticket from the tile counter, so its tiles
// are consecutive. Every block scans its tile (the three phases of the decoupled look-back) and
// leaves the total in its shared memory. After a cluster barrier each block gathers the
// cluster's totals from its neighbours' shared memory and scans them, one level up (the block
// sums S of Fig. 8.9, here C of them, without a trip through global memory). Only the cluster's
// last block then looks back, over the status words of the earlier clusters instead of the
// earlier tiles, and publishes the cluster's inclusive prefix. After a second cluster barrier each
// block reads that prefix from the last block's shared memory, combines it with the totals of the
// blocks before it in the cluster, and finishes its tile. A third barrier keeps every block's
// shared memory alive until its neighbours have read it.
// What it buys: one status word, and one look-back, per cluster instead of per tile: a DSMEM
// round trip (about 340 ns on an H200, assets/ladder/h200.json) replaces a flag through L2 (about
// 850 ns) for all but one block of each cluster.
// Work per tile of S = 8T elements: the decoupled look-back's tile scan, (S - T) +
// (T log2 T - (T - 1)) + (T - 1) * 7; the scan of the C gathered totals, C log2 C - (C - 1); one
// application for the prefix in every block but a cluster's first, of every cluster but the
// first; S for the prefix in every tile but tile 0; and one a cluster but the first for its
// inclusive prefix. A last cluster that reaches past the end does all of this for its empty
// blocks too (their tiles hold only the identity and store nothing).
// Depth: log2(T) + 3 steps of the tile, 1 + log2(C) steps of the cluster level, the look-back.
// Recorded at level 1 (the array of the cluster's C totals): the gather and the scan of the
// totals; the other steps are the tile's, at level 0.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/grid/decoupled_lookback.h"

namespace scanviz {

// The per-block state of a cluster tile, in shared memory, where the cluster's other blocks read
// `aggregate` (after the first barrier) and the last block's `clusterPrefix` (after the second).
template <class T>
struct ClusterTileShared : TileShared<T> {
  static constexpr int kMaxClusterBlocks = 8;  // the portable cluster size
  T sums[kMaxClusterBlocks];  // the cluster's tile totals, gathered, then scanned in place
  T left[kMaxClusterBlocks];  // the scan's operands, read before the barrier that precedes its
                              // writes
  T clusterPrefix;            // the last block's: all tiles of the earlier clusters
};

struct ClusterLookback {
  static constexpr int kClusterBlocks = 4;
  static_assert(kClusterBlocks <= ClusterTileShared<int>::kMaxClusterBlocks);
  static constexpr int kItemsPerThread = DecoupledLookback::kItemsPerThread;

  SCANVIZ_HD static PadMap padMap() { return DecoupledLookback::padMap(); }
  SCANVIZ_HD static int sectionSize(int threads) { return DecoupledLookback::sectionSize(threads); }
  SCANVIZ_HD static int sharedSlots(int threads) { return DecoupledLookback::sharedSlots(threads); }
  // The last block looks back over the earlier clusters with one warp (or its whole block).
  SCANVIZ_HD static int windowWidth(int threads) { return DecoupledLookback::windowWidth(threads); }
  SCANVIZ_HD static int clusterLevelSteps() {
    int strides = 0;
    for (int stride = 1; stride < kClusterBlocks; stride *= 2) ++strides;
    return 1 + strides;
  }
  SCANVIZ_HD static int recordedSteps(int threads) {
    return DecoupledLookback::recordedSteps(threads) + clusterLevelSteps();
  }
  SCANVIZ_HD static bool isLastOfCluster(int rank) { return rank == kClusterBlocks - 1; }

  // Stage 1, every thread of every block: scan the tile (its id is the cluster's ticket times
  // kClusterBlocks plus the block's rank: the grid hands it out) and keep its total.
  template <class Ex, class Grid>
  SCANVIZ_HD static void scanTile(Ex& ex, Grid& grid, ClusterTileShared<typename Ex::Value>& sh,
                                  typename Ex::Value* xy, const typename Ex::Value* in,
                                  long long n) {
    DecoupledLookback::scanThreePhaseTile(ex, grid, sh, xy, in, n, [] {});
  }

  // Stage 2, every thread, after a cluster barrier: thread r reads block r's total from that
  // block's shared memory (a block of fewer than C threads reads several); then a Kogge-Stone
  // scan of the C totals. sums[r] ends as the
  // combination of the totals of blocks 0..r, the same in every block of the cluster. The last
  // block publishes the cluster's total as its status: A, or P for the first cluster.
  template <class Ex, class Grid>
  SCANVIZ_HD static void gatherClusterTotals(Ex& ex, Grid& grid,
                                             ClusterTileShared<typename Ex::Value>& sh) {
    constexpr int C = kClusterBlocks;
    const int threads = ex.threads();  // a block of 2 threads takes two totals each
    grid.recordLevel(1);
    ex.parallel([&](int t) {
      for (int r = t; r < C; r += threads) {
        sh.sums[r] = grid.peer(r).aggregate;
        ex.move(t, r, -1);  // from block r's shared memory: no operator, but a written cell
      }
    });
    ex.barrier(StepCode{StepKind::ClusterGather, 0}, sh.sums, C);
    for (int stride = 1; stride < C; stride *= 2) {
      ex.parallel([&](int t) {
        for (int r = t; r < C; r += threads)
          if (r >= stride) sh.left[r] = sh.sums[r - stride];
      });
      ex.sync();  // every read before any write
      ex.parallel([&](int t) {
        for (int r = t; r < C; r += threads) {
          if (r < stride) continue;
          sh.sums[r] = ex.combine(sh.left[r], sh.sums[r]);
          ex.edge(t, r, r - stride);
        }
      });
      ex.barrier(StepCode{StepKind::ClusterScan, stride}, sh.sums, C);
    }
    grid.recordLevel(0);
    ex.parallel([&](int t) {
      if (t != 0 || !isLastOfCluster(grid.clusterRank())) return;
      const int cluster = sh.tile / C;
      const TileStatus flag = cluster == 0 ? TileStatus::Prefix : TileStatus::Aggregate;
      grid.storeStatus(cluster, packTileStatus(flag, valueBits(sh.sums[C - 1])));
    });
  }

  template <class T>
  SCANVIZ_HD static LookbackCursor<T> startLookback(const ClusterTileShared<T>& sh, Operator op) {
    return LookbackCursor<T>{sh.tile / kClusterBlocks - 1, OpTraits<T>::identity(op), 0, -1};
  }

  // Stage 3, the looking warp of the cluster's last block only: one window of earlier clusters'
  // status words (decoupled_lookback.h's look-back, over clusters). Done: sh.clusterPrefix holds
  // the combination of all earlier clusters, and this cluster's P is published.
  template <class Warp, class Grid, class T>
  SCANVIZ_HD static PollResult poll(Warp& warp, Grid& grid, ClusterTileShared<T>& sh,
                                    LookbackCursor<T>& c, Operator op) {
    const int cluster = sh.tile / kClusterBlocks;
    if (cluster == 0) {
      warp.leader([&] { sh.clusterPrefix = OpTraits<T>::identity(op); });
      return PollResult::Done;  // the first cluster published P in gatherClusterTotals
    }
    const PollResult r = DecoupledLookback::lookBackOneWindow(warp, grid, c, op);
    if (r != PollResult::Done) return r;
    warp.leader([&] {
      sh.clusterPrefix = c.exclusive;
      const T inclusive = OpTraits<T>::apply(op, c.exclusive, sh.sums[kClusterBlocks - 1]);
      grid.storeStatus(cluster, packTileStatus(TileStatus::Prefix, valueBits(inclusive)));
      grid.countWork(1);
    });
    return PollResult::Done;
  }

  // Stage 4, thread 0 of every block, after a cluster barrier: the tile's exclusive prefix, the
  // earlier clusters' (from the last block's shared memory) and then the blocks before this one
  // in the cluster.
  template <class Ex, class Grid>
  SCANVIZ_HD static void takeClusterPrefix(Ex& ex, Grid& grid,
                                           ClusterTileShared<typename Ex::Value>& sh) {
    ex.parallel([&](int t) {
      if (t != 0) return;
      const int rank = grid.clusterRank();
      const typename Ex::Value earlier = grid.peer(kClusterBlocks - 1).clusterPrefix;
      const bool firstCluster = sh.tile < kClusterBlocks;
      if (rank == 0) {
        sh.prefix = earlier;
      } else if (firstCluster) {
        sh.prefix = sh.sums[rank - 1];
      } else {
        sh.prefix = ex.combine(earlier, sh.sums[rank - 1]);
        grid.countWork(1);
      }
    });
  }

  // Stage 5, every thread, after the barrier that makes sh.prefix visible: combine and store.
  template <class Ex>
  SCANVIZ_HD static void finishTile(Ex& ex, const ClusterTileShared<typename Ex::Value>& sh,
                                    typename Ex::Value* xy, typename Ex::Value* out,
                                    bool exclusive) {
    addPrefixAndStoreTile(ex, sh, xy, sectionSize(ex.threads()), padMap(), out, exclusive);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<ClusterLookback> =
    describeSinglePass<ClusterLookback>({
        .key = "cluster-lookback",
        .name = "Cluster look-back",
        .paddedSharedMemory = true,
        .summary = "one launch in clusters of 4 blocks: the blocks of a cluster share their "
                   "totals through distributed shared memory, one look-back per cluster",
        .source = "Hopper thread-block clusters",
    });

}  // namespace scanviz
