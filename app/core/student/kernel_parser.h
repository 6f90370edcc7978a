// Reads a student's CUDA kernel with libclang (Debian's libclang-dev: a real C++/CUDA front end,
// so the student's typing errors get the compiler's own messages) and turns the kernels into the
// emulator's program (kernel_program.h). The source is parsed, never compiled or run natively.
#pragma once

#include <stdexcept>
#include <string>

#include "app/core/student/kernel_program.h"

namespace scanviz::student {

// A compile error or a construct outside the subset: "FILE:LINE: what is wrong". Exit code 2.
struct KernelSourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
  int line = 0;
};

struct ParseSettings {
  int sectionSize = 8;  // what SECTION_SIZE is defined to
  int blockSize = 8;    // BLOCK_SIZE, for kernels that name the block's threads
};

// `name` is the file as messages name it; `source` its text (the window's editor passes its
// buffer). Throws KernelSourceError.
Program parseKernelSource(const std::string& name, const std::string& source,
                          const ParseSettings& settings);

// The declarations scanviz puts before every kernel: the built-in variables, __syncthreads() and
// the functions of the subset. docs/student-kernels.md lists the same.
const std::string& kernelPrelude();

}  // namespace scanviz::student
