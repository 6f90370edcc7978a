// Maps a block-level algorithm id to its per-block algorithm type, so that each backend writes
// its driver once as a template and calls it for whichever algorithm was chosen.
#pragma once

#include "app/core/algorithm_catalog.h"
#include "app/core/backends/backend.h"
#include "kernels/block/blelloch.h"
#include "kernels/block/brent_kung.h"
#include "kernels/block/hillis_steele.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/kogge_stone_exclusive.h"
#include "kernels/block/segmented_blelloch.h"
#include "kernels/block/segmented_kogge_stone.h"
#include "kernels/block/sequential.h"
#include "kernels/block/three_phase.h"
#include "kernels/block/warp_shuffle.h"
#include "kernels/lessons/blelloch_early_return.h"
#include "kernels/lessons/blelloch_offset_times_four.h"
#include "kernels/lessons/int_accumulator.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"
#include "kernels/lessons/neighbour_sum_serial.h"

namespace scanviz {

// Calls f(algo) with the block algorithm of the request and returns true; false for grid-level
// ids. Hierarchical runs Brent-Kung sections (PMPP 8.6 uses it to reach 2048 elements a block).
template <class F>
bool withBlockAlgorithm(const RunRequest& rq, F&& f) {
  switch (rq.algorithm) {
    case AlgorithmId::Sequential:
      f(SequentialScan{});
      return true;
    case AlgorithmId::KoggeStone:
      f(KoggeStoneScan{});
      return true;
    case AlgorithmId::KoggeStoneExclusive:
      f(KoggeStoneExclusiveScan{});
      return true;
    case AlgorithmId::HillisSteele:
      f(HillisSteeleScan{});
      return true;
    case AlgorithmId::BrentKung:
    case AlgorithmId::Hierarchical:
      f(BrentKungScan{});
      return true;
    case AlgorithmId::Blelloch:
      f(BlellochScan{});
      return true;
    case AlgorithmId::BlellochConflictFree:
      f(BlellochConflictFreeScan{});
      return true;
    case AlgorithmId::ThreePhase:
      f(ThreePhaseScan{rq.coarsening});
      return true;
    case AlgorithmId::WarpShuffle:
      f(WarpShuffleScan{});
      return true;
    case AlgorithmId::KoggeStoneOneBarrier:
      f(KoggeStoneOneBarrierScan{});
      return true;
    case AlgorithmId::BlellochEarlyReturn:
      f(BlellochEarlyReturnScan{});
      return true;
    case AlgorithmId::BlellochOffsetTimesFour:
      f(BlellochOffsetTimesFourScan{});
      return true;
    case AlgorithmId::SerialNeighbourSum:
      f(NeighbourSumSerialScan{});
      return true;
    case AlgorithmId::SequentialIntAccumulator:
      f(IntAccumulatorScan{});
      return true;
    case AlgorithmId::SegmentedKoggeStone:
      f(SegmentedKoggeStoneScan{});
      return true;
    case AlgorithmId::SegmentedBlelloch:
    case AlgorithmId::SegmentedHierarchical:
      f(SegmentedBlellochScan{});
      return true;
    default:
      return false;
  }
}

}  // namespace scanviz
