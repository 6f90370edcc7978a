// Single-pass grid scans (single-pass-chained, decoupled-lookback) on both backends. The
// per-tile code lives in kernels/grid/ and is shared; what differs is how blocks wait: the GPU
// spins, the emulator's scheduler re-polls and can detect a deadlock.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/backends/backend.h"
#include "kernels/grid/lookback_tuning.h"

namespace scanviz {

// T: int32_t or float (both built in cpu_single_pass.cpp).
template <class T>
RunResult<T> runSinglePassOnCpu(const RunRequest& rq, const std::vector<T>& input);

// Defined in cuda_single_pass.cu; only called when the build has CUDA.
RunResult<int32_t> runSinglePassOnCuda(const RunRequest& rq, const std::vector<int32_t>& input);
RunResult<float> runSinglePassOnCuda(const RunRequest& rq, const std::vector<float>& input);
// The shape the production decoupled look-back runs on this GPU at this block size (the tuning
// table of lookback_tuning.h, read with the device's compute capability and name).
LookbackTuning productionLookbackTuning(int blockSize);

}  // namespace scanviz
