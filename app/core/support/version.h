// The version of this build: CMake's project() version, with `git describe` when it was built
// from a checkout, e.g. "0.1 (git 0e7e577-dirty)". `scanviz --version` prints it and every trace
// records it in its meta.
#pragma once

namespace scanviz {

const char* scanvizVersion();

}  // namespace scanviz
