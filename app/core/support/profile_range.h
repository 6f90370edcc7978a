// Named ranges on a profiler's timeline. In a CUDA build with the toolkit's NVTX3 headers an
// Nsight Systems profile of scanviz (nsys profile --trace=cuda,nvtx scanviz ...) shows "capture",
// "bench" and each grid phase ("scan sections, level 0", "add block sums, level 0", "single-pass
// scan", ...) over the kernels they launch. NVTX3 is header-only and costs a pointer test unless
// a profiler is attached; without CUDA the ranges compile to the test hook alone, and the build
// has no NVTX dependency. Ranges belong in host code: kernels/ stays free of them.
#pragma once

#include <string>

#include "app/core/support/non_copyable.h"

namespace scanviz {

class ProfileRange : NonCopyable {
 public:
  explicit ProfileRange(const std::string& name);
  ~ProfileRange();

 private:
  std::string name_;
};

// For tests: called with (name, true) as a range opens and (name, false) as it closes, on the
// thread that opened it; nullptr removes it.
using ProfileRangeObserver = void (*)(const std::string& name, bool opens);
void setProfileRangeObserver(ProfileRangeObserver observer);

// True when the ranges reach NVTX (a CUDA build with the NVTX3 headers).
bool profileRangesReachNvtx();

}  // namespace scanviz
