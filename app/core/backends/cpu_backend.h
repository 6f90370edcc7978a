// The CPU emulator backend: runs the same per-block algorithm code as the GPU, one block after
// another (or interleaved by a scheduler for single-pass scans), recording every step.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

RunResult<int32_t> runOnCpu(const RunRequest& rq, const std::vector<int32_t>& input);
RunResult<float> runOnCpu(const RunRequest& rq, const std::vector<float>& input);

}  // namespace scanviz
