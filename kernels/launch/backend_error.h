// The error of a backend run that the user must hear about (no device, a CUDA error, a deadlock,
// a capture limit). Declared with the launch code, which throws it, so that kernels/ needs nothing
// of app/; app/core/backends/backend.h hands it on to every backend and its callers.
#pragma once

#include <stdexcept>

namespace scanviz {

struct BackendError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace scanviz
