// A student's kernel on the GPU: compiled at run time by NVRTC (the CUDA toolkit's runtime
// compiler) from its instrumented source (kernel_instrument.h), loaded and launched through the
// driver API, the recorded array copied out at every barrier of the recorded block. It runs in a
// child process under a time limit, so that a hang or an illegal address never takes the caller
// down. Built with CUDA only (kernel_gpu_cuda.cpp); elsewhere gpuKernelSupport() says why not.
#pragma once

#include <string>
#include <vector>

#include "app/core/student/kernel_instrument.h"
#include "app/core/student/kernel_machine.h"

namespace scanviz::student {

struct GpuKernelRequest {
  InstrumentedKernel kernel;
  std::vector<Argument> arguments;  // as the emulator got them, before the run
  LaunchShape shape;
  int sectionSize = 8;
  double timeLimitSeconds = 10;
};

enum class GpuRunStatus { Ran, CompileError, Fault, TimedOut, Unavailable };
const char* gpuRunStatusName(GpuRunStatus s);  // "ran", "compile error", "fault", ...

struct GpuKernelResult {
  GpuRunStatus status = GpuRunStatus::Unavailable;
  std::string message;  // the compiler's log, CUDA's error, or why there is no GPU
  std::string device;
  std::vector<std::vector<double>> buffers;    // each argument's buffer after the run
  std::vector<std::vector<double>> snapshots;  // the recorded array after barrier 1, 2, ...
  double compileMs = 0;                        // NVRTC
  double runMs = 0;                            // load, launch, synchronise, copy back
};

// Empty when this build can run students' kernels on a GPU, else why not.
std::string gpuKernelSupport();

// In a child process with the request's time limit.
GpuKernelResult runOnGpu(const GpuKernelRequest& rq);

// The same in this process (what the child runs).
GpuKernelResult runOnGpuHere(const GpuKernelRequest& rq);

}  // namespace scanviz::student
