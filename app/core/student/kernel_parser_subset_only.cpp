// A build without libclang (the page in the browser): students' kernels are read by scanviz's own
// parser of the subset, which makes the program the libclang parser makes.
#include "app/core/student/kernel_parser.h"
#include "app/core/student/kernel_subset_parser.h"

namespace scanviz::student {

Program parseKernelSource(const std::string& name, const std::string& source,
                          const ParseSettings& settings) {
  return parseKernelSubset(name, source, settings);
}

}  // namespace scanviz::student
