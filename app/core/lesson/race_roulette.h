// The race roulette (issue 32): the seeds' one-barrier Kogge-Stone (kernels/lessons/
// kogge_stone_one_barrier.h) run under many schedules, to show that "it passed once" proves
// nothing. A run scans `sections` sections of ones (each section's right answer is 1, 2, 3, ...);
// on the emulator every run draws its own random warp order per statement from its seed
// (ThreadOrder::WarpsRandom), so any run can be replayed; on a GPU a run is one launch, scheduled
// by the hardware. Every run is judged by the same code: which sections are wrong, how many cells,
// and the first cell of the run that differs from the sequential scan. GUI-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanviz {

enum class RouletteSource { Emulator, Gpu };

struct RouletteRequest {
  int blockSize = 256;  // threads of a block, and cells of a section
  int sections = 16;    // sections (blocks) of a run
  int runs = 200;       // schedules: emulator seeds, or GPU launches
  uint64_t seed = 1;    // the emulator's run r draws its warp orders from seed + r
};

struct RouletteRun {
  uint64_t seed = 0;  // the emulator's seed of this run; 0 on a GPU
  int wrongSections = 0;
  int wrongCells = 0;
  long long firstWrongCell = -1;  // index in the run's array of the first wrong cell; -1: none
  int32_t expected = 0;           // at firstWrongCell: the sequential scan's value
  int32_t got = 0;                // and the run's
};

// How many runs had their first wrong cell at `cell` of its section; cell -1: runs that were
// right in every section.
struct RouletteBin {
  int cell = -1;
  int runs = 0;
};

// A few cells of a run around its first wrong cell, for the picture.
struct RouletteWindow {
  long long firstCell = 0;  // index in the run's array of expected[0] and got[0]
  std::vector<int32_t> expected;
  std::vector<int32_t> got;
};

struct RouletteResult {
  RouletteRequest rq;
  RouletteSource source = RouletteSource::Emulator;
  std::string device;  // the GPU's name, or the emulator's schedule in words
  std::vector<RouletteRun> runs;
  std::vector<RouletteBin> bins;  // the right runs first, then by ascending cell; sums to runs
  int shownRun = -1;              // the first wrong run, drawn cell by cell; -1: none was wrong
  RouletteWindow shown;

  long long totalSections() const;
  long long wrongSections() const;
  int wrongRuns() const;
};

// The section a run scans, of ones: the right answer at cell i of a section is i + 1.
int32_t rouletteExpected(long long cell, int blockSize);

// Adds one run's output to the result (both sources go through here).
void addRouletteRun(RouletteResult& r, const std::vector<int32_t>& out, uint64_t seed);

// One emulated run of the flawed kernel under the seeded random warp order: its output.
std::vector<int32_t> emulateRouletteRun(int blockSize, int sections, uint64_t seed);

// The roulette on the emulator: runs seed, seed + 1, ... Throws std::invalid_argument for a block
// size that is not a power of two in [32, 1024], or sections / runs below 1.
RouletteResult emulatorRoulette(const RouletteRequest& rq);

// The roulette on the GPU (cuda_race_roulette.h); throws BackendError without a device.
RouletteResult gpuRoulette(const RouletteRequest& rq);

// The GPU's when a CUDA device answers, the emulator's otherwise (or when the GPU run fails).
RouletteResult raceRoulette(const RouletteRequest& rq);

// The roulette at each block size (the lesson's 64, 256, 1024), the rest of `rq` as given.
std::vector<RouletteResult> raceRouletteSizes(RouletteRequest rq, const std::vector<int>& sizes);

// The roulette of the figure: the lesson's block sizes 64, 256 and 1024 (and `blockSize`, the one
// drawn, when it is none of them), from raceRoulette(): 200 runs of 16 sections on the emulator,
// 200 launches of 1024 sections on a GPU. `shown` receives blockSize's index.
std::vector<RouletteResult> lessonRoulette(int blockSize, size_t& shown);

// "GPU: NVIDIA H200, 200 launches" or "emulator: random warp order per statement, seeds 1..200".
std::string rouletteSourceLine(const RouletteResult& r);

}  // namespace scanviz
