// The registry of scan algorithms: one row each, in the order lists show them. A row names the
// AlgorithmId enumerator, the kernel type (whose algorithmOf<> descriptor, declared next to the
// kernel, says everything else: docs/adding-an-algorithm.md) and the roles the app gives it.
// Only the tokens live here, so that the enum can be made from them without the kernels; the
// kernel headers are included by app/core/algorithms/algorithm_kernels.h.
#pragma once

// X(enumerator, kernel type, roles): roles are AlgorithmRole bits
// (app/core/algorithms/algorithm_catalog.h).
#define SCANVIZ_ALGORITHMS(X)                                                                      \
  X(Sequential, SequentialScan, kRoleBaseline)                                                     \
  X(KoggeStone, KoggeStoneScan,                                                                    \
    kRoleDefault | kRoleCompared | kRoleBrentPlot | kRoleWarpClockSample)                          \
  X(KoggeStoneExclusive, KoggeStoneExclusiveScan, kNoRole)                                         \
  X(HillisSteele, HillisSteeleScan, kNoRole)                                                       \
  X(BrentKung, BrentKungScan,                                                                      \
    kRoleCompared | kRoleBrentPlot | kRoleExample | kRoleWarpClockSample)                          \
  X(Blelloch, BlellochScan, kRoleBrentPlot)                                                        \
  X(BlellochConflictFree, BlellochConflictFreeScan, kNoRole)                                       \
  X(ThreePhase, ThreePhaseScan, kNoRole)                                                           \
  X(WarpShuffle, WarpShuffleScan, kRoleWarpClockSample)                                            \
  X(Hierarchical, HierarchicalScan<BrentKungScan>, kNoRole)                                        \
  X(SinglePassChained, SinglePassChained, kNoRole)                                                 \
  X(DecoupledLookback, DecoupledLookback, kRoleWarpClockSample)                                    \
  X(SerialLookback, SerialLookback, kNoRole)                                                       \
  X(ClusterLookback, ClusterLookback, kNoRole)                                                     \
  X(SegmentedKoggeStone, SegmentedKoggeStoneScan, kNoRole)                                         \
  X(SegmentedBlelloch, SegmentedBlellochScan, kNoRole)                                             \
  X(SegmentedHierarchical, SegmentedHierarchicalScan<SegmentedBlellochScan>, kNoRole)              \
  X(SegmentedLookback, SegmentedLookback, kNoRole)                                                 \
  /* Not scans: select and split by the flags, fused with their count's look-back */               \
  X(SelectLookback, SelectLookback, kNoRole)                                                       \
  X(SplitLookback, SplitLookback, kNoRole)                                                         \
  /* Flawed on purpose: the seeds' mistakes, shown beside their fix (app/core/lesson/lessons.h) */ \
  X(KoggeStoneOneBarrier, KoggeStoneOneBarrierScan, kNoRole)                                       \
  X(BlellochEarlyReturn, BlellochEarlyReturnScan, kNoRole)                                         \
  X(BlellochOffsetTimesFour, BlellochOffsetTimesFourScan, kNoRole)                                 \
  X(SerialNeighbourSum, NeighbourSumSerialScan, kNoRole)                                           \
  X(SequentialIntAccumulator, IntAccumulatorScan, kNoRole)                                         \
  X(KoggeStoneUnguardedStore, KoggeStoneUnguardedStoreScan, kNoRole)                               \
  X(HillisSteeleUnguarded, HillisSteeleUnguardedScan, kNoRole)                                     \
  X(HierarchicalSMinusOne, HierarchicalSMinusOneScan<BrentKungScan>, kNoRole)                      \
  X(BlellochDownSweepFromLog2N, BlellochDownSweepFromLog2NScan, kNoRole)
