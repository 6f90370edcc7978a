// A student's kernels on the GPU: compiled at run time by NVRTC (the CUDA toolkit's runtime
// compiler) from their instrumented source (kernel_instrument.h), loaded and launched through the
// driver API in the plan's order (kernel_plan.h), the recorded array copied out at every barrier
// of the recorded block. They run in a child process under a time limit, so that a hang or an
// illegal address never takes the caller down. Built with CUDA only (kernel_gpu_cuda.cpp);
// elsewhere gpuKernelSupport() says why not.
#pragma once

#include <string>
#include <vector>

#include "app/core/student/kernel_instrument.h"
#include "app/core/student/kernel_plan.h"

namespace scanviz::student {

struct GpuKernelRequest {
  InstrumentedProgram program;
  LaunchPlan plan;  // the launches and their arguments as the emulator got them, before the run
  int sectionSize = 8;
  int blockSize = 8;  // BLOCK_SIZE, the first launch's threads a block
  double timeLimitSeconds = 10;
};

enum class GpuRunStatus { Ran, CompileError, Fault, TimedOut, Unavailable };
const char* gpuRunStatusName(GpuRunStatus s);  // "ran", "compile error", "fault", ...

struct GpuKernelResult {
  GpuRunStatus status = GpuRunStatus::Unavailable;
  std::string message;  // the compiler's log, CUDA's error, or why there is no GPU
  std::string device;
  std::vector<std::vector<double>> buffers;  // each plan argument's buffer after the last launch
  // Per launch: the recorded array after its barrier 1, 2, ... in the recorded block.
  std::vector<std::vector<std::vector<double>>> snapshots;
  double compileMs = 0;  // NVRTC
  double runMs = 0;      // load, launch, synchronise, copy back
};

// Empty when this build can run students' kernels on a GPU, else why not.
std::string gpuKernelSupport();

// The child process that runs students' kernels on the GPU, kept between runs so that a verdict
// costs the compile and the run, not a new CUDA context and NVRTC's first load (~300 ms): a
// class's files graded in one call, or the editor's runs, share one. A run past its time limit
// kills the child, and so does a fault (CUDA's context is lost after an illegal address); the
// next run starts a new one. fork() rather than a new program, so that tests run it too; the
// child touches CUDA only after the fork, so the parent's threads and state never meet the
// driver. Not thread-safe: one run at a time.
class GpuSession {
 public:
  GpuSession() = default;
  GpuSession(const GpuSession&) = delete;
  GpuSession& operator=(const GpuSession&) = delete;
  ~GpuSession();

  GpuKernelResult run(const GpuKernelRequest& rq);
  int childrenStarted() const { return started_; }

 private:
  bool start();
  void stop();

  int child_ = -1;
  int toChild_ = -1;  // our end of the socket pair
  int started_ = 0;
};

// The same in this process (what the child runs).
GpuKernelResult runOnGpuHere(const GpuKernelRequest& rq);

}  // namespace scanviz::student
