// Maps an algorithm id to the per-block scan its kernel type runs, from the registry, so that each
// backend writes its driver once as a template and calls it for whichever algorithm was chosen.
#pragma once

#include "app/core/algorithms/algorithm_kernels.h"
#include "app/core/backends/backend.h"

namespace scanviz {

// The block scan object of a kernel type the section driver runs: a composite (the hierarchical
// scan) runs its BlockScan, a coarsened scan is built with the request's coarsening.
template <class Kernel>
auto blockScanOf(const RunRequest& rq) {
  if constexpr (requires { typename Kernel::BlockScan; }) {
    return blockScanOf<typename Kernel::BlockScan>(rq);
  } else if constexpr (algorithmOf<Kernel>.coarsened()) {
    return Kernel{rq.coarsening};
  } else {
    return Kernel{};
  }
}

// Calls f(algo) with the block scan of the request and returns true; false for the algorithms
// another driver runs (AlgorithmDriver::SinglePass).
template <class F>
bool withBlockAlgorithm(const RunRequest& rq, F&& f) {
  bool ran = false;
  forEachAlgorithmKernel([&](AlgorithmId id, auto kernel, unsigned) {
    using Kernel = typename decltype(kernel)::type;
    if constexpr (algorithmOf<Kernel>.driver == AlgorithmDriver::Sections) {
      if (id == rq.algorithm) {
        f(blockScanOf<Kernel>(rq));
        ran = true;
      }
    }
  });
  return ran;
}

}  // namespace scanviz
