// select_shapes: the single-pass compaction and split (kernels/agent/select_lookback_agent.cuh)
// built in several tile shapes and memory hints, each checked against and timed beside
// cub::DeviceSelect::Flagged and cub::DevicePartition::Flagged in one run, to choose the shipped
// shape per device (docs/benchmarks.md, "single-pass compaction and split"). Built on its own
// (no CMake target: the shapes are an experiment, the shipped one lives in
// kernels/launch/select_kernels.cuh), on any machine with nvcc:
//   nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I. -o select_shapes
//   tools/select_shapes.cu
// Usage: select_shapes [--logs 24,26,28] [--samples 15] [--density 0.5] [--only NAME]
//                      [--check-only 1] [--rotate R]
// --rotate R: R copies of the input, each call reading the next, so that below twice the L2 a
// call reads from DRAM as `scanviz bench`'s rotation makes it (default 1: one input, which at 2^24
// partly stays in L2).
// Timing as `scanviz bench` times its rows: the median of batches of calls (each batch about 2^26
// elements), int32 values, random flags; CUB is timed before and after the shapes of each size,
// so that a drift of the clock shows. x CUB: CUB's median time over ours (above 1: faster).
#include <cub/device/device_partition.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "kernels/agent/select_lookback_agent.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/select_kernels.cuh"
#include "tools/experiment_harness.cuh"
#include "tools/lookback_probe_counters.cuh"

namespace scanviz {

namespace {

using CsVectorStores = SelectStreamingVectorStores;  // the shipped shapes' stores
// Round 3 (2026-11-25, the H100's split): one write loop for both runs (kOneWriteLoop), and
// windows of 64 or 128 predecessors per L2 round trip (lookBackTile).
template <class Base, int kWords>
struct Wide : Base {
  static constexpr int kLookbackWordsPerLane = kWords;
};

template <int kThreads, int kItems, int kMinBlocks, class Policy, bool kSplit>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    shapeKernel(const int32_t* in, const uint8_t* flags, int32_t* selected, int32_t* rejected,
                int* selectedCount, long long n, SinglePassDeviceArgs<int> args) {
  using Agent = SelectLookbackAgent<int32_t, kThreads, kItems, kSplit, Policy>;
  __shared__ typename Agent::Shared sh;
  Agent::run(in, flags, selected, rejected, selectedCount, n, args, sh);
}

using Kernel = void (*)(const int32_t*, const uint8_t*, int32_t*, int32_t*, int*, long long,
                        SinglePassDeviceArgs<int>);

struct Shape {
  std::string name;
  int threads;
  int items;
  int minBlocks;
  Kernel select;
  Kernel split;
  bool probed;  // counts the look-backs (lookback_probe_counters.cuh) instead of timing
  // PipelinedSelectAgent: persistent blocks, `tile` elements a tile, the staged tiles in
  // sharedBytes of dynamic shared memory.
  bool pipelined = false;
  long long tile = 0;
  size_t sharedBytes = 0;
};

template <class PShape>
Shape pipelinedShape(const char* name) {
  using Agent = PipelinedSelectAgent<int32_t, true, PShape>;
  return {name,
          PShape::kThreads,
          PShape::kItems,
          PShape::kMinBlocks,
          pipelinedSelectKernel<int32_t, PShape, false>,
          pipelinedSelectKernel<int32_t, PShape, true>,
          false,
          true,
          Agent::kTile,
          Agent::sharedBytes()};
}

template <int kThreads, int kItems, int kMinBlocks, class Policy = SelectLookbackPolicy>
Shape shape(const char* hints, bool probed = false) {
  std::ostringstream name;
  name << "t" << kThreads << "-i" << kItems << "-b" << kMinBlocks << hints;
  return {name.str(),
          kThreads,
          kItems,
          kMinBlocks,
          shapeKernel<kThreads, kItems, kMinBlocks, Policy, false>,
          shapeKernel<kThreads, kItems, kMinBlocks, Policy, true>,
          probed};
}

// The one-tile shapes that shipped until round 6 first (compaction 256 x 32 x 5, split 512 x 20 x
// 3 and 384 x 24 x 4 from 2^26 elements), then the candidates of this round; the rounds before
// are in docs/results/2026-11-25-h100-select/, docs/results/2026-11-25-s25-h100-probe/ (round 3:
// one write loop, windows of 128, the probe) and -s25-h100-early-id/ (round 4). Round 5: the
// shapes closest to the split's below 2^26, with the input rotated as `scanviz bench` rotates it.
// Round 6 (2026-11-27, session 8): persistent blocks with a look-back warp and a ring of staged
// tiles (PipelinedSelectAgent, select_pipelined_agent.cuh); pipe-24x3x3 ships
// (SelectPipelinedShape, kernels/launch/select_kernels.cuh).
std::vector<Shape> shapes() {
  return {
      shape<256, 32, 5, CsVectorStores>("-cs-v"),
      shape<512, 20, 3, CsVectorStores>("-cs-v"),
      shape<384, 24, 4, CsVectorStores>("-cs-v"),
      pipelinedShape<PipelinedSelectShape<24>>("pipe-24x3x3"),
      pipelinedShape<PipelinedSelectShape<28>>("pipe-28x3x3"),
      pipelinedShape<PipelinedSelectShape<16, 4, 3>>("pipe-16x4x3"),
      pipelinedShape<PipelinedSelectShape<20, 3, 4>>("pipe-20x3x4"),
  };
}

__global__ void fillInputs(int32_t* values, uint8_t* flags, long long n, unsigned threshold) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    uint32_t h = static_cast<uint32_t>(i) * 2654435761u ^ static_cast<uint32_t>(i >> 32);
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    values[i] = static_cast<int32_t>(h & 0x7fffffff);
    flags[i] = (h * 3266489917u >> 8) % 1000000u < threshold ? 1 : 0;
  }
}

__global__ void countDifferences(const int32_t* a, const int32_t* b, long long n, bool reversed,
                                 unsigned long long* bad) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    if (a[i] != b[reversed ? n - 1 - i : i]) atomicAdd(bad, 1ull);
}

int run(int argc, char** argv) {
  const ExperimentOptions opt(argc, argv, {24, 26, 28});
  const std::vector<int>& logs = opt.logs;
  const int samples = opt.samples;
  const std::string& only = opt.only;
  const char* given = nullptr;
  const double density = (given = opt.value("--density")) ? std::atof(given) : 0.5;
  const bool checkOnly = (given = opt.value("--check-only")) && std::atoi(given) != 0;
  const int rotate = (given = opt.value("--rotate")) ? std::max(1, std::atoi(given)) : 1;
  cudaDeviceProp prop{};
  cudaCheck(cudaGetDeviceProperties(&prop, 0), "device properties");
  const long long maxN = opt.largestN();
  DeviceArray<int32_t> values(maxN * rotate), selected(maxN), rejected(maxN), cubOut(maxN);
  DeviceArray<uint8_t> flags(maxN * rotate);
  long long calls = 0, n = 0;  // the next call reads copy calls % rotate of the input
  const auto next = [&] {
    const long long at = (calls++ % rotate) * n;
    return std::pair<const int32_t*, const uint8_t*>{values.get() + at, flags.get() + at};
  };
  DeviceArray<int> count(1), cubCount(1);
  DeviceArray<unsigned long long> bad(1);
  LaunchEpochs ws(maxN / (128 * 8) + 1);
  size_t selectTemp = 0, partitionTemp = 0;
  cudaCheck(cub::DeviceSelect::Flagged(nullptr, selectTemp, values.get(), flags.get(), cubOut.get(),
                                       cubCount.get(), maxN),
            "CUB select temp size");
  cudaCheck(cub::DevicePartition::Flagged(nullptr, partitionTemp, values.get(), flags.get(),
                                          cubOut.get(), cubCount.get(), maxN),
            "CUB partition temp size");
  DeviceArray<unsigned char> temp(std::max<size_t>({selectTemp, partitionTemp, 1}));
  const auto differences = [&](const int32_t* a, const int32_t* b, long long n, bool reversed) {
    bad.zero();
    if (n > 0) countDifferences<<<1024, 256>>>(a, b, n, reversed, bad.get());
    cudaCheck(cudaDeviceSynchronize(), "compare");
    return bad.toHost()[0];
  };
  std::printf("device: %s; int32 values, %.0f%% flagged; median of %d samples; %d input copies\n",
              prop.name, density * 100, samples, rotate);
  int failures = 0;
  for (const int lg : logs) {
    n = 1ll << lg;
    fillInputs<<<1024, 256>>>(values.get(), flags.get(), n, static_cast<unsigned>(density * 1e6));
    for (int r = 1; r < rotate; ++r) {
      cudaCheck(cudaMemcpy(values.get() + r * n, values.get(), n * sizeof(int32_t),
                           cudaMemcpyDeviceToDevice),
                "copy the input");
      cudaCheck(cudaMemcpy(flags.get() + r * n, flags.get(), n, cudaMemcpyDeviceToDevice),
                "copy the flags");
    }
    size_t t = selectTemp;
    cudaCheck(cub::DeviceSelect::Flagged(temp.get(), t, values.get(), flags.get(), cubOut.get(),
                                         cubCount.get(), n),
              "CUB select");
    cudaCheck(cudaDeviceSynchronize(), "CUB select");
    const int kept = cubCount.toHost()[0];
    const auto cubSelect = [&] {
      size_t tt = selectTemp;
      const auto [v, f] = next();
      cub::DeviceSelect::Flagged(temp.get(), tt, v, f, cubOut.get(), cubCount.get(), n);
    };
    const auto cubPartition = [&] {
      size_t tt = partitionTemp;
      const auto [v, f] = next();
      cub::DevicePartition::Flagged(temp.get(), tt, v, f, cubOut.get(), cubCount.get(), n);
    };
    double cubSel[2] = {0, 0}, cubPart[2] = {0, 0};
    if (!checkOnly) {
      cubSel[0] = medianMs(cubSelect, n, samples);
      cubPart[0] = medianMs(cubPartition, n, samples);
      std::printf("2^%d, %d kept: CUB select %.4f ms, partition %.4f ms\n", lg, kept, cubSel[0],
                  cubPart[0]);
      std::printf("%-20s | %9s %7s | %9s %7s | %s\n", "shape", "select ms", "x CUB", "split ms",
                  "x CUB", "check");
    }
    // The CUB outputs to compare with, computed once.
    DeviceArray<int32_t> cubSelected(static_cast<size_t>(std::max(1, kept))), cubParted(n);
    cubSelect();
    cudaCheck(cudaMemcpy(cubSelected.get(), cubOut.get(), sizeof(int32_t) * kept,
                         cudaMemcpyDeviceToDevice),
              "keep CUB select");
    cubPartition();
    cudaCheck(
        cudaMemcpy(cubParted.get(), cubOut.get(), sizeof(int32_t) * n, cudaMemcpyDeviceToDevice),
        "keep CUB partition");
    std::vector<std::pair<std::string, double>> results;
    for (const Shape& s : shapes()) {
      if (!only.empty() && s.name != only) continue;
      const long long tile = s.pipelined ? s.tile : static_cast<long long>(s.threads) * s.items;
      const long long tiles = (n + tile - 1) / tile;
      long long resident = tiles;  // one-tile agent: a block per tile
      if (s.pipelined) {
        const int perSm =
            std::min(residentBlocksPerSm(s.select, s.threads, s.sharedBytes, s.name + " select"),
                     residentBlocksPerSm(s.split, s.threads, s.sharedBytes, s.name + " split"));
        resident = static_cast<long long>(perSm) * prop.multiProcessorCount;
      }
      const auto blocks = static_cast<unsigned>(std::min(tiles, resident));
      const auto launch = [&](Kernel k, int32_t* rej) {
        const auto [v, f] = next();
        k<<<blocks, s.threads, s.sharedBytes>>>(v, f, selected.get(), rej, count.get(), n,
                                                ws.next());
      };
      if (s.probed) {
        if (checkOnly) continue;
        for (const bool split : {false, true}) {
          const Kernel k = split ? s.split : s.select;
          int32_t* rej = split ? rejected.get() : nullptr;
          launch(k, rej);  // warm
          cudaCheck(cudaDeviceSynchronize(), "probe warm-up");
          resetProbe();
          cudaEvent_t from, to;
          cudaEventCreate(&from);
          cudaEventCreate(&to);
          cudaEventRecord(from);
          launch(k, rej);
          cudaEventRecord(to);
          cudaCheck(cudaEventSynchronize(to), "probed launch");
          float ms = 0;
          cudaEventElapsedTime(&ms, from, to);
          cudaEventDestroy(from);
          cudaEventDestroy(to);
          std::printf("2^%d %s ", lg, split ? "split " : "select");
          printProbe(s.name.c_str(), ms);
        }
        continue;
      }
      launch(s.select, nullptr);
      cudaCheck(cudaDeviceSynchronize(), "select");
      bool ok = !ws.gaveUp() && count.toHost()[0] == kept &&
                differences(selected.get(), cubSelected.get(), kept, false) == 0;
      launch(s.split, rejected.get());
      cudaCheck(cudaDeviceSynchronize(), "split");
      ok = ok && !ws.gaveUp() && count.toHost()[0] == kept &&
           differences(selected.get(), cubParted.get(), kept, false) == 0 &&
           differences(rejected.get(), cubParted.get() + kept, n - kept, true) == 0;
      if (!ok) ++failures;
      if (checkOnly) {
        std::printf("2^%d %-20s %s\n", lg, s.name.c_str(), ok ? "equal to CUB" : "DIFFERS");
        continue;
      }
      const double sel = medianMs([&] { launch(s.select, nullptr); }, n, samples);
      const double spl = medianMs([&] { launch(s.split, rejected.get()); }, n, samples);
      std::printf("%-20s | %9.4f %6.3fx | %9.4f %6.3fx | %s\n", s.name.c_str(), sel,
                  cubSel[0] / sel, spl, cubPart[0] / spl, ok ? "equal to CUB" : "DIFFERS");
    }
    if (!checkOnly) {
      cubSel[1] = medianMs(cubSelect, n, samples);
      cubPart[1] = medianMs(cubPartition, n, samples);
      std::printf("2^%d CUB again: select %.4f ms, partition %.4f ms\n", lg, cubSel[1], cubPart[1]);
    }
  }
  return failures ? 1 : 0;
}

}  // namespace
}  // namespace scanviz

int main(int argc, char** argv) {
  return scanviz::experimentMain("select_shapes", scanviz::run, argc, argv);
}
