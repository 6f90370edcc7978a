// The registry's rows (app/core/algorithms/algorithm_list.h) with their kernel types: what the
// catalog reads the descriptors from and what the backends dispatch on. Includes every kernel
// header, so only app/core's catalog and backends include it; the rest of the app reads
// app/core/algorithms/algorithm_catalog.h.
#pragma once

#include <type_traits>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/algorithm_list.h"
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
#include "kernels/grid/cluster_lookback.h"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/hierarchical.h"
#include "kernels/grid/segmented_hierarchical.h"
#include "kernels/grid/segmented_lookback.h"
#include "kernels/grid/select_lookback.h"
#include "kernels/grid/serial_lookback.h"
#include "kernels/grid/single_pass_chained.h"
#include "kernels/lessons/blelloch_down_sweep_log2n.h"
#include "kernels/lessons/blelloch_early_return.h"
#include "kernels/lessons/blelloch_offset_times_four.h"
#include "kernels/lessons/hierarchical_s_minus_one.h"
#include "kernels/lessons/hillis_steele_unguarded.h"
#include "kernels/lessons/int_accumulator.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"
#include "kernels/lessons/kogge_stone_unguarded_store.h"
#include "kernels/lessons/neighbour_sum_serial.h"

namespace scanviz {

// Calls f(id, std::type_identity<Kernel>{}, roles) for every row, in the registry's order.
template <class F>
constexpr void forEachAlgorithmKernel(F&& f) {
#define SCANVIZ_VISIT_ALGORITHM(id, Kernel, roles) \
  f(AlgorithmId::id, std::type_identity<Kernel>{}, static_cast<unsigned>(roles));
  SCANVIZ_ALGORITHMS(SCANVIZ_VISIT_ALGORITHM)
#undef SCANVIZ_VISIT_ALGORITHM
}

}  // namespace scanviz
