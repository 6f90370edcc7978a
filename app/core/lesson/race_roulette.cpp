#include "app/core/lesson/race_roulette.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/cuda_race_roulette.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/launch/backend_error.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"

namespace scanviz {
namespace {

// Cells shown either side of the first wrong cell.
constexpr int kWindowBefore = 4;
constexpr int kWindowAfter = 7;

constexpr int kGpuRouletteSections = 1024;

// An empty result of a checked request, for the runs of `source` to fill.
RouletteResult emptyResult(const RouletteRequest& rq, RouletteSource source, std::string device) {
  const int b = rq.blockSize;
  if (b < 32 || b > 1024 || (b & (b - 1)) != 0)
    throw std::invalid_argument(
        "the race roulette's block size must be a power of two from 32 "
        "to 1024, not " +
        std::to_string(b));
  if (rq.sections < 1 || rq.runs < 1)
    throw std::invalid_argument("the race roulette needs at least one section and one run");
  RouletteResult r;
  r.rq = rq;
  r.source = source;
  r.device = std::move(device);
  return r;
}

void rebuildBins(RouletteResult& r) {
  std::map<int, int> byCell;  // -1 (right) sorts first
  for (const RouletteRun& run : r.runs)
    ++byCell[run.firstWrongCell < 0 ? -1 : static_cast<int>(run.firstWrongCell % r.rq.blockSize)];
  r.bins.clear();
  if (!byCell.count(-1)) r.bins.push_back({-1, 0});  // the right runs always have their bar
  for (const auto& [cell, runs] : byCell) r.bins.push_back({cell, runs});
}

void keepWindow(RouletteResult& r, const std::vector<int32_t>& out, long long first) {
  r.shownRun = static_cast<int>(r.runs.size()) - 1;
  const long long section = first / r.rq.blockSize * r.rq.blockSize;
  const long long from = std::max(section, first - kWindowBefore);
  const long long to = std::min(section + r.rq.blockSize, first + kWindowAfter + 1);
  r.shown.firstCell = from;
  for (long long i = from; i < to; ++i) {
    r.shown.expected.push_back(rouletteExpected(i, r.rq.blockSize));
    r.shown.got.push_back(out[static_cast<size_t>(i)]);
  }
}

}  // namespace

long long RouletteResult::totalSections() const {
  return static_cast<long long>(runs.size()) * rq.sections;
}

long long RouletteResult::wrongSections() const {
  long long n = 0;
  for (const RouletteRun& r : runs) n += r.wrongSections;
  return n;
}

int RouletteResult::wrongRuns() const {
  return static_cast<int>(
      std::count_if(runs.begin(), runs.end(), [](const RouletteRun& r) { return r.wrongCells; }));
}

int32_t rouletteExpected(long long cell, int blockSize) {
  return static_cast<int32_t>(cell % blockSize) + 1;
}

void addRouletteRun(RouletteResult& r, const std::vector<int32_t>& out, uint64_t seed) {
  RouletteRun run;
  run.seed = seed;
  const int b = r.rq.blockSize;
  for (int s = 0; s < r.rq.sections; ++s) {
    int wrong = 0;
    for (int i = 0; i < b; ++i) {
      const long long cell = static_cast<long long>(s) * b + i;
      if (out[static_cast<size_t>(cell)] == rouletteExpected(cell, b)) continue;
      if (run.firstWrongCell < 0) {
        run.firstWrongCell = cell;
        run.expected = rouletteExpected(cell, b);
        run.got = out[static_cast<size_t>(cell)];
      }
      ++wrong;
    }
    run.wrongCells += wrong;
    run.wrongSections += wrong > 0;
  }
  r.runs.push_back(run);
  if (r.shownRun < 0 && run.firstWrongCell >= 0) keepWindow(r, out, run.firstWrongCell);
  rebuildBins(r);
}

std::vector<int32_t> emulateRouletteRun(int blockSize, int sections, uint64_t seed) {
  const size_t n = static_cast<size_t>(blockSize) * static_cast<size_t>(sections);
  const std::vector<int32_t> ones(n, 1);
  std::vector<int32_t> out(n, 0);
  std::vector<int32_t> xy(static_cast<size_t>(KoggeStoneOneBarrierScan::sharedSlots(blockSize)));
  CpuStepSink sink;  // records nothing
  for (int s = 0; s < sections; ++s) {
    // Each block its own stream of warp orders, all fixed by the run's seed.
    CpuBlockExec<int32_t> ex(blockSize, Operator::Add, sink, ThreadOrder::WarpsRandom,
                             seed * 0x100000001B3ull + static_cast<uint64_t>(s));
    SectionIO<int32_t> io;
    io.in = ones.data() + static_cast<size_t>(s) * static_cast<size_t>(blockSize);
    io.out = out.data() + static_cast<size_t>(s) * static_cast<size_t>(blockSize);
    io.n = blockSize;
    KoggeStoneOneBarrierScan::run(ex, xy.data(), io);
  }
  return out;
}

RouletteResult emulatorRoulette(const RouletteRequest& rq) {
  RouletteResult r = emptyResult(rq, RouletteSource::Emulator, "CPU emulator");
  for (int k = 0; k < rq.runs; ++k) {
    const uint64_t seed = rq.seed + static_cast<uint64_t>(k);
    addRouletteRun(r, emulateRouletteRun(rq.blockSize, rq.sections, seed), seed);
  }
  return r;
}

RouletteResult gpuRoulette(const RouletteRequest& rq) {
  RouletteResult r = emptyResult(rq, RouletteSource::Gpu, cudaStatus().device);
  runOneBarrierKoggeStoneOnGpu(rq.blockSize, rq.sections, rq.runs,
                               [&](const std::vector<int32_t>& out) { addRouletteRun(r, out, 0); });
  return r;
}

RouletteResult raceRoulette(const RouletteRequest& rq) {
  if (cudaStatus().available) {
    try {
      return gpuRoulette(rq);
    } catch (const BackendError& e) {
      // The emulator's counts instead, and the picture says why.
      RouletteResult r = emulatorRoulette(rq);
      r.device = std::string("CPU emulator (the GPU run failed: ") + e.what() + ")";
      return r;
    }
  }
  return emulatorRoulette(rq);
}

std::vector<RouletteResult> raceRouletteSizes(RouletteRequest rq, const std::vector<int>& sizes) {
  std::vector<RouletteResult> out;
  for (const int b : sizes) {
    rq.blockSize = b;
    out.push_back(raceRoulette(rq));
  }
  return out;
}

std::vector<RouletteResult> lessonRoulette(int blockSize, size_t& shown) {
  std::vector<int> sizes = {64, 256, 1024};
  if (std::find(sizes.begin(), sizes.end(), blockSize) == sizes.end()) {
    sizes.push_back(blockSize);
    std::sort(sizes.begin(), sizes.end());
  }
  shown = static_cast<size_t>(std::find(sizes.begin(), sizes.end(), blockSize) - sizes.begin());
  RouletteRequest rq;
  // A GPU runs a launch of 1024 sections in microseconds, and a full grid is how the hardware
  // schedules in practice (docs/gpu-results.md measured it so); the emulator keeps 16 a run.
  if (cudaStatus().available) rq.sections = kGpuRouletteSections;
  return raceRouletteSizes(rq, sizes);
}

std::string rouletteSourceLine(const RouletteResult& r) {
  const std::string runs = std::to_string(r.runs.size());
  if (r.source == RouletteSource::Gpu)
    return "GPU: " + r.device + ", " + runs + " launches of " + std::to_string(r.rq.sections) +
           " sections, the hardware's warp schedules";
  return r.device + ": a random warp order per statement, seeds " + std::to_string(r.rq.seed) +
         ".." + std::to_string(r.rq.seed + r.runs.size() - 1) + ", " +
         std::to_string(r.rq.sections) + " sections a run (no GPU here)";
}

}  // namespace scanviz
