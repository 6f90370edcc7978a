// Maps an algorithm id to what its kernel type runs, from the registry, so that each backend writes
// its drivers once as templates and calls them for whichever algorithm was chosen: the per-block
// scan the hierarchical driver runs (hierarchical_driver.h), or the single-pass scheme the
// single-pass drivers run (cpu_single_pass.cpp, cuda_single_pass.cu). No driver names an
// algorithm: a new row of app/core/algorithms/algorithm_list.h is dispatched by its descriptor's
// driver.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

// Calls f(std::type_identity<Scheme>{}) with the single-pass scheme of the request and returns
// true; false for the algorithms the hierarchical driver runs.
template <class F>
bool withSinglePassScheme(AlgorithmId algorithm, F&& f) {
  bool ran = false;
  forEachAlgorithmKernel([&](AlgorithmId id, auto kernel, unsigned) {
    using Kernel = typename decltype(kernel)::type;
    if constexpr (algorithmOf<Kernel>.driver == AlgorithmDriver::SinglePass) {
      if (id == algorithm) {
        f(kernel);
        ran = true;
      }
    }
  });
  return ran;
}

// "a, b and c": the keys of the single-pass schemes, for the error that names what runs.
inline std::string singlePassSchemeKeys() {
  std::vector<std::string_view> keys;
  forEachAlgorithmKernel([&](AlgorithmId, auto kernel, unsigned) {
    using Kernel = typename decltype(kernel)::type;
    if constexpr (algorithmOf<Kernel>.driver == AlgorithmDriver::SinglePass)
      keys.push_back(algorithmOf<Kernel>.key);
  });
  std::string list;
  for (size_t i = 0; i < keys.size(); ++i)
    list += (i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + std::string(keys[i]);
  return list;
}

}  // namespace scanviz
