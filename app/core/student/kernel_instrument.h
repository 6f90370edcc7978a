// The student's kernels as the GPU runs them (kernel_gpu.h): the same source with each kernel's
// recorded array copied out after every __syncthreads() of the recorded block, so that the GPU's
// steps can be set beside the emulator's. The rewrite adds three parameters to each kernel (where
// the copies go, where the recorded block's barrier count goes, which block records), a counter,
// and replaces each barrier by barrier, copy, barrier; a `#line` keeps the student's line numbers
// in the compiler's messages.
// Plain text in, plain text out: no CUDA here.
#pragma once

#include <string>
#include <vector>

#include "app/core/student/kernel_program.h"

namespace scanviz::student {

// What one kernel copies out: its first __shared__ array.
struct InstrumentedKernel {
  std::string kernelName;
  std::string recordedArray;  // empty: the kernel has no __shared__ array, nothing is copied
  ValueType recordedType = ValueType::Float32;
  int64_t recordedLength = 0;
};

struct InstrumentedProgram {
  std::string source;
  std::vector<InstrumentedKernel> kernels;  // as Program::kernels
  int maxSnapshots = 0;                     // copies a launch keeps at most
};

InstrumentedProgram instrumentForSnapshots(const Program& program, const std::string& fileName,
                                           const std::string& source, int maxSnapshots);

// The C type of a value type as CUDA spells it ("float", "unsigned int").
const char* cudaTypeName(ValueType t);

}  // namespace scanviz::student
