// scanviz's own parser of the subset (docs/student-kernels.md), for builds without libclang: the
// page in the browser. It builds the program the libclang parser builds (kernel_parser.cpp),
// implicit conversions included: the usual arithmetic conversions of C++ over the subset's types,
// a condition made bool, an assignment's value made the variable's type. So the emulator's
// verdict does not depend on which parser read the kernel; tests/unit/test_kernel_parsers.cpp
// holds the two to the same programs for every file of tests/student_kernels/. Its messages name
// the file, line and column as a compiler's do, in clang's words where it can.
#pragma once

#include <string>

#include "app/core/student/kernel_parser.h"

namespace scanviz::student {

// Throws KernelSourceError.
Program parseKernelSubset(const std::string& name, const std::string& source,
                          const ParseSettings& settings);

}  // namespace scanviz::student
