// The one-barrier Kogge-Stone of seeds 000 and 002 (kernels/lessons/kogge_stone_one_barrier.h) on
// a GPU, launched many times: the hardware's own warp schedules, for the race roulette
// (app/core/lesson/race_roulette.h). Every launch scans `sections` sections of ones; each
// launch's output goes to a callback, so that the emulator's runs and the GPU's are judged by the
// same code. Self-contained: no grid driver, no recorder (NullRecorder), as tools/lesson_probe.cu.
// Without CUDA (cuda_race_roulette_absent.cpp) every call throws BackendError.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace scanviz {

// Runs `launches` launches of `sections` blocks of `blockSize` threads over blockSize * sections
// ones and calls `eachLaunch` with every launch's output. Throws BackendError on a CUDA error.
void runOneBarrierKoggeStoneOnGpu(
    int blockSize, int sections, int launches,
    const std::function<void(const std::vector<int32_t>&)>& eachLaunch);

}  // namespace scanviz
