#include "app/core/backends/cpu_backend.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "app/core/backends/block_dispatch.h"
#include "app/core/backends/cpu_hierarchical.h"
#include "app/core/backends/single_pass.h"

namespace scanviz {

std::vector<int> emulatorLaunchOrder(const EmulatorOptions& emu, int blocks) {
  std::vector<int> order(static_cast<size_t>(blocks));
  std::iota(order.begin(), order.end(), 0);
  if (emu.order == LaunchOrder::Descending) std::reverse(order.begin(), order.end());
  if (emu.order == LaunchOrder::Random) {
    std::mt19937 rng(emu.seed);
    std::shuffle(order.begin(), order.end(), rng);
  }
  return order;
}

template <class T>
RunResult<T> runOnCpu(const RunRequest& rq, const std::vector<T>& input) {
  if (algorithmInfo(rq.algorithm).driver == AlgorithmDriver::SinglePass)
    return runSinglePassOnCpu(rq, input);
  RunResult<T> r;
  r.output.assign(input.size(), T{});
  r.run.timeIsRounds = true;
  const long long n = static_cast<long long>(input.size());
  const bool isBlock = withBlockAlgorithm(rq, [&](const auto& algo) {
    cpuScanHierarchically(algo, rq, input.data(), r.output.data(), n, rq.exclusive, r.run,
                          flagsFrom(rq, 0));
  });
  if (!isBlock) throw BackendError("the CPU emulator cannot run this algorithm");
  return r;
}

template RunResult<int32_t> runOnCpu(const RunRequest&, const std::vector<int32_t>&);
template RunResult<float> runOnCpu(const RunRequest&, const std::vector<float>&);

}  // namespace scanviz
