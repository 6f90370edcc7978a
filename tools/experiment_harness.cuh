// What the stand-alone GPU experiments (tools/lookback_probe.cu, tools/select_shapes.cu) share:
// their options, a median timing of batched calls, and the look-back status words tagged by launch
// epochs (LaunchEpochs of kernels/launch/launch_epochs.cuh: one array for the smallest tile at the
// largest n serves every variant without a memset between launches). Each experiment is one
// translation unit that includes this header once; `scanviz bench` stays the record (it flushes L2
// and reports the spread), these only rank variants in one run.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/launch_epochs.cuh"

namespace scanviz {

// An experiment holds no memory pools: its DeviceArrays come from cudaMalloc (device_array.cuh).
void* deviceArrayPoolOfThisThread() {
  return nullptr;
}

// `--name value` pairs. --logs, --samples and --only are every experiment's; the rest are read
// with value().
struct ExperimentOptions {
  std::vector<int> logs;  // sizes, as powers of two
  int samples = 15;       // timed batches per median
  std::string only;       // run only the variant of this name
  std::vector<std::pair<std::string, std::string>> given;

  ExperimentOptions(int argc, char** argv, std::vector<int> defaultLogs)
      : logs(std::move(defaultLogs)) {
    for (int i = 1; i + 1 < argc; i += 2) given.emplace_back(argv[i], argv[i + 1]);
    if (const char* v = value("--logs")) {
      logs.clear();
      std::stringstream ss(v);
      for (std::string x; std::getline(ss, x, ',');) logs.push_back(std::atoi(x.c_str()));
    }
    if (const char* v = value("--samples")) samples = std::atoi(v);
    if (const char* v = value("--only")) only = v;
  }
  const char* value(const std::string& name) const {
    for (const auto& [n, v] : given)
      if (n == name) return v.c_str();
    return nullptr;
  }
  long long largestN() const { return 1ll << *std::max_element(logs.begin(), logs.end()); }
};

// The median over `samples` batches of calls, each batch about 2^26 elements so that a call of a
// few microseconds is not timed alone; two calls first to warm up.
inline double medianMs(const std::function<void()>& call, long long n, int samples) {
  for (int i = 0; i < 2; ++i) call();
  cudaCheck(cudaDeviceSynchronize(), "warm-up");
  const int batch = static_cast<int>(std::max(1ll, (1ll << 26) / std::max(1ll, n)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<double> ms;
  for (int s = 0; s < samples; ++s) {
    cudaEventRecord(start);
    for (int b = 0; b < batch; ++b) call();
    cudaEventRecord(stop);
    cudaCheck(cudaEventSynchronize(stop), "timed batch");
    float t = 0;
    cudaEventElapsedTime(&t, start, stop);
    ms.push_back(static_cast<double>(t) / batch);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// An experiment's main: runs it, and reports an exception (a CUDA error, a bad option) as one
// line naming the program, exit code 1.
inline int experimentMain(const char* program, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
    return 1;
  }
}

}  // namespace scanviz
