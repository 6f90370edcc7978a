// The student's kernels once more on the GPU (kernel_gpu.h), beside the emulator's run of the
// same plan: the GPU's output judged as the emulator's was, and the recorded array after each
// barrier set beside the emulator's step that ended at that barrier.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/student/kernel_grader.h"
#include "app/core/student/kernel_plan.h"
#include "app/core/student/kernel_trace.h"

namespace scanviz::student {

struct GpuCheck {
  const KernelRequest& request;
  const Program& program;
  const LaunchPlan& plan;
  const PlanRun& run;                      // the emulator's
  const std::vector<StepOrigin>& origins;  // of the emulator's trace steps
  int sectionSize = 8;
  int blockSize = 8;
  bool exclusive = false;
  DType dtype = DType::Int32;
  const std::vector<uint8_t>& sectionHeads;  // empty: the output is the whole array's scan
};

GpuVerdict checkOnGpu(const GpuCheck& c);

}  // namespace scanviz::student
