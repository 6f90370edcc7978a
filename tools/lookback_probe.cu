// lookback_probe: the production look-back scan (kernels/grid/lookback_agent.cuh, the pipelined
// agent) in several policies, each checked against and timed beside cub::DeviceScan::InclusiveSum
// and a device-to-device copy in one run, plus probed builds of some of them that count what the
// look-backs do (tools/lookback_probe_counters.cuh). It answers two questions of
// docs/notes/production-scan.md: are look-back walks long (windows of predecessors per tile), and
// does reading 64 or 128 predecessors per L2 round trip (kLookbackWordsPerLane 2, 4) help.
// Built on its own (no CMake target: the variants are an experiment; the shipped policies live in
// kernels/grid/lookback_tuning.h), on any machine with nvcc:
//   nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I. -o lookback_probe
//   tools/lookback_probe.cu
// Usage: lookback_probe [--logs 24,28,30] [--samples 15] [--only NAME]
// Timing as select_shapes times (a median of batches of about 2^26 elements, no L2 flush:
// `scanviz bench` is the record); int32 inclusive add; x copy and x CUB: their time over ours.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/grid/lookback_tuning.h"
#include "kernels/launch/single_pass_kernels.cuh"
#include "tools/experiment_harness.cuh"
#include "tools/lookback_probe_counters.cuh"

namespace scanviz {

namespace {

template <class Base, int kWords>
struct Wide : Base {
  static constexpr int kLookbackWordsPerLane = kWords;
};
template <class Base>
struct Late : Base {
  static constexpr bool kEarlyTileId = false;
};
template <class Base>
struct Overlap : Base {
  static constexpr bool kPass2DuringLoad = true;
};
template <class Base, long long kBytes>
struct EvictFirstUpTo : Base {
  static constexpr long long kEvictFirstMaxBytes = kBytes;
};
template <class Base, int kThreadsOf>
struct Threads : Base {
  static constexpr int kThreads = kThreadsOf;
  static constexpr int kMaxThreads = kThreadsOf;
};
template <class Base, int kItems, int kBuffersOf, int kBlocks>
struct Shaped : Base {
  static constexpr int kItemsPerThread = kItems;
  static constexpr int kBuffers = kBuffersOf;
  static constexpr int kMinBlocksPerSm = kBlocks;
};

using H100Row = LookbackPolicySm90Pipelined;      // 20 x 3 x 4
using H200Row = LookbackPolicySm90PipelinedH200;  // 28 x 3 x 3

using Kernel = void (*)(const int*, int*, long long, bool, int, bool, SinglePassDeviceArgs<int>);

struct Variant {
  std::string name;
  Kernel kernel;
  int tile;
  size_t sharedBytes;
  int threads;
  long long evictFirstMaxBytes;
  bool probed;
};

template <class Policy>
Variant variant(const std::string& name, bool probed = false) {
  using Agent = PipelinedLookbackAgent<int, Policy>;
  return {name,
          lookbackProductionKernel<int, Operator::Add, Policy>,
          Agent::tileElements(Policy::kThreads),
          Agent::sharedBytes(Policy::kThreads),
          Policy::kThreads,
          Policy::kEvictFirstMaxBytes,
          probed};
}

// Round 1 (04:06Z, H100): windows of 64 and 128, and the probe of the two rows and of four
// buffers (docs/results/2026-11-25-s25-h100-probe/). Round 2 (04:11Z): the next tile id asked for
// early (kEarlyTileId), then made the rows' default. Round 3 (04:18Z, 04:22Z): the rows against
// the late id. Round 4: blocks of other sizes (one look-back warp each, so 3 to 15 data warps).
// Round 5 (2026-11-27): kPass2DuringLoad, the oldest tile's pass 2 while this tile's copies fly,
// with three and four buffers; round 6: only when that tile's prefix is already there; the tile
// buffers 128-byte aligned (they were 16: 0.84-0.91 of the copy rate by where the static shared
// memory ended). Round 7: the shapes and eviction hints of the overlapped agent on both devices.
std::vector<Variant> variants() {
  return {
      variant<H100Row>("h100-row"),
      variant<H200Row>("h200-row"),
      variant<Overlap<H100Row>>("h100-row-ovl"),
      variant<Overlap<H200Row>>("h200-row-ovl"),
      variant<EvictFirstUpTo<Overlap<H200Row>, kAlwaysEvictFirst>>("28x3x3-ovl-ef"),
      variant<EvictFirstUpTo<Overlap<H200Row>, 0>>("28x3x3-ovl-noef"),
      variant<Late<Overlap<H200Row>>>("28x3x3-ovl-late"),
      variant<Overlap<Shaped<H100Row, 20, 4, 3>>>("20x4x3-ovl"),
      variant<Overlap<Shaped<H100Row, 16, 3, 5>>>("16x3x5-ovl"),
      variant<Overlap<Shaped<H100Row, 40, 3, 2>>>("40x3x2-ovl"),
      variant<Probed<Overlap<H200Row>>>("h200-row-ovl", true),
  };
}

__global__ void fillInput(int* values, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    uint32_t h = static_cast<uint32_t>(i) * 2654435761u ^ static_cast<uint32_t>(i >> 32);
    h ^= h >> 15;
    values[i] = static_cast<int>(h % 201u) - 100;
  }
}

__global__ void countDifferences(const int* a, const int* b, long long n, unsigned long long* bad) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    if (a[i] != b[i]) atomicAdd(bad, 1ull);
}

int run(int argc, char** argv) {
  const ExperimentOptions opt(argc, argv, {24, 28, 30});
  const std::vector<int>& logs = opt.logs;
  const int samples = opt.samples;
  const std::string& only = opt.only;
  cudaDeviceProp prop{};
  cudaCheck(cudaGetDeviceProperties(&prop, 0), "device properties");
  const long long maxN = opt.largestN();
  DeviceArray<int> in(maxN), out(maxN), cubOut(maxN);
  DeviceArray<unsigned long long> bad(1);
  LaunchEpochs epochs(maxN / 2048 + 2);
  size_t cubTemp = 0;
  cudaCheck(cub::DeviceScan::InclusiveSum(nullptr, cubTemp, in.get(), cubOut.get(), maxN),
            "CUB temp size");
  DeviceArray<unsigned char> temp(std::max<size_t>(cubTemp, 1));
  std::printf("device: %s (%d SMs); int32 inclusive add; median of %d samples\n", prop.name,
              prop.multiProcessorCount, samples);
  int failures = 0;
  for (const int lg : logs) {
    const long long n = 1ll << lg;
    fillInput<<<1024, 256>>>(in.get(), n);
    const auto cub = [&] {
      size_t t = cubTemp;
      cub::DeviceScan::InclusiveSum(temp.get(), t, in.get(), cubOut.get(), n);
    };
    const auto copy = [&] {
      cudaMemcpyAsync(out.get(), in.get(), n * sizeof(int), cudaMemcpyDeviceToDevice);
    };
    const double copyMs = medianMs(copy, n, samples), cubMs = medianMs(cub, n, samples);
    cub();
    std::printf("2^%d: copy %.4f ms, CUB %.4f ms (%.3f of the copy)\n", lg, copyMs, cubMs,
                copyMs / cubMs);
    for (const Variant& v : variants()) {
      if (!only.empty() && v.name != only) continue;
      const long long tiles = (n + v.tile - 1) / v.tile;
      const int perSm = residentBlocksPerSm(v.kernel, v.threads, v.sharedBytes, v.name);
      const auto blocks =
          static_cast<unsigned>(std::min<long long>(tiles, perSm * prop.multiProcessorCount));
      const bool evictFirst = n * 4ll <= v.evictFirstMaxBytes;
      const auto launch = [&] {
        v.kernel<<<blocks, v.threads, v.sharedBytes>>>(
            in.get(), out.get(), n, false, static_cast<int>(tiles), evictFirst, epochs.next());
      };
      if (v.probed) {
        launch();  // warm
        cudaCheck(cudaDeviceSynchronize(), "probe warm-up");
        resetProbe();
        cudaEvent_t a, b;
        cudaEventCreate(&a);
        cudaEventCreate(&b);
        cudaEventRecord(a);
        launch();
        cudaEventRecord(b);
        cudaCheck(cudaEventSynchronize(b), "probed launch");
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        std::printf("2^%d ", lg);
        printProbe(v.name.c_str(), ms, blocks, tiles);
        continue;
      }
      launch();
      cudaCheck(cudaDeviceSynchronize(), v.name.c_str());
      bad.zero();
      countDifferences<<<1024, 256>>>(out.get(), cubOut.get(), n, bad.get());
      const bool ok = bad.toHost()[0] == 0 && !epochs.gaveUp();
      if (!ok) ++failures;
      const double ms = medianMs(launch, n, samples);
      std::printf("2^%d %-16s %3d blocks/SM | %.4f ms | %.3f copy | %.3f CUB | %s\n", lg,
                  v.name.c_str(), perSm, ms, copyMs / ms, cubMs / ms,
                  ok ? "equal to CUB" : "DIFFERS");
    }
    std::printf("2^%d again: copy %.4f ms, CUB %.4f ms\n", lg, medianMs(copy, n, samples),
                medianMs(cub, n, samples));
  }
  return failures ? 1 : 0;
}

}  // namespace
}  // namespace scanviz

int main(int argc, char** argv) {
  return scanviz::experimentMain("lookback_probe", scanviz::run, argc, argv);
}
