// Named ranges on a profiler's timeline. In a CUDA build with the toolkit's NVTX3 headers an
// Nsight Systems profile of scanviz (nsys profile --trace=cuda,nvtx scanviz ...) shows "capture",
// "bench" and each grid phase ("scan sections, level 0", "add block sums, level 0", "single-pass
// scan", ...) over the kernels they launch. NVTX3 is header-only and costs a pointer test unless
// a profiler is attached; without CUDA the ranges compile to the test hook alone, and the build
// has no NVTX dependency. The ranges live in the "scanviz" domain, by category (capture, bench,
// grid phase): `nsys stats --report nvtx_sum` lists them apart from CUB's. Ranges belong in host
// code: kernels/ stays free of them.
#pragma once

#include <string>

#include "app/core/support/non_copyable.h"

namespace scanviz {

// The NVTX domain of every range, so that Nsight Systems shows and filters scanviz's ranges
// apart from CUB's and Thrust's, and the categories within it (named once, in profile_range.cpp).
constexpr const char* kProfileDomain = "scanviz";
enum class ProfileCategory { Capture = 1, Bench, GridPhase };
// "capture", "bench", "grid phase": the category's name in the profiler.
const char* profileCategoryName(ProfileCategory c);

class ProfileRange : NonCopyable {
 public:
  ProfileRange(ProfileCategory category, const std::string& name);
  ~ProfileRange();

 private:
  ProfileCategory category_;
  std::string name_;
};

// For tests: called with (category, name, true) as a range opens and (category, name, false) as
// it closes, on the thread that opened it; nullptr removes it.
using ProfileRangeObserver = void (*)(ProfileCategory category, const std::string& name,
                                      bool opens);
void setProfileRangeObserver(ProfileRangeObserver observer);

// True when the ranges reach NVTX (a CUDA build with the NVTX3 headers).
bool profileRangesReachNvtx();

}  // namespace scanviz
