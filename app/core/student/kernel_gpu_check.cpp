#include "app/core/student/kernel_gpu_check.h"

#include <algorithm>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_instrument.h"

namespace scanviz::student {

GpuVerdict checkOnGpu(const GpuCheck& c) {
  GpuKernelRequest gr;
  int64_t barriers = 0;
  for (const PlannedLaunch& l : c.plan.launches)
    barriers = std::max(barriers, l.shape.barrierBudget);
  gr.program = instrumentForSnapshots(c.program, c.request.name, c.request.source,
                                      static_cast<int>(std::min<int64_t>(barriers, 4096)));
  gr.plan = c.plan;
  gr.sectionSize = c.sectionSize;
  gr.blockSize = c.blockSize;
  gr.timeLimitSeconds = c.request.gpuTimeLimitSeconds;
  const GpuKernelResult r =
      c.request.gpuSession ? c.request.gpuSession->run(gr) : GpuSession().run(gr);

  GpuVerdict g;
  g.status = gpuRunStatusName(r.status);
  g.message = r.message;
  g.device = r.device;
  g.compileMs = r.compileMs;
  g.runMs = r.runMs;
  if (r.status != GpuRunStatus::Ran) return g;
  g.ran = true;
  const size_t out = static_cast<size_t>(c.plan.output);
  g.outputEqualsEmulator = r.buffers.at(out) == c.run.arguments.at(out).data;
  const int grid = c.plan.launches.front().shape.gridSize;
  g.wrongIndex =
      compareWithReference(c.request.input, r.buffers[out], c.request.op, c.exclusive, c.dtype,
                           grid, c.sectionHeads.empty() ? nullptr : &c.sectionHeads)
          .index;
  for (size_t s = 0; s < c.origins.size(); ++s) {
    const StepOrigin o = c.origins[s];
    if (o.interval < 0 || static_cast<size_t>(o.launch) >= r.snapshots.size()) continue;
    const RecordedInterval& iv =
        c.run.results[static_cast<size_t>(o.launch)].intervals[static_cast<size_t>(o.interval)];
    const std::vector<std::vector<double>>& shots = r.snapshots[static_cast<size_t>(o.launch)];
    if (iv.barrierIndex <= 0 || static_cast<size_t>(iv.barrierIndex) > shots.size()) continue;
    ++g.stepsCompared;
    if (shots[static_cast<size_t>(iv.barrierIndex) - 1] != iv.values && g.firstDifferentStep < 0)
      g.firstDifferentStep = static_cast<int>(s);
  }
  return g;
}

}  // namespace scanviz::student
