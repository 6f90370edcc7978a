// What a machine without a usable GPU says, in one short line (the details are
// cudaStatus().message, cuda_backend.h). Apart from cuda_backend.h so that the CUDA sources, which
// include that header, need not recompile when the wording changes.
#pragma once

#include <string>

namespace scanviz {

// The one short line shown where the backend is chosen when no GPU answers (most lecture
// laptops): cudaStatus().message holds the details, behind a (?) in the window and under
// --verbose on the command line. Empty when a GPU answers.
std::string noGpuSummary();

}  // namespace scanviz
