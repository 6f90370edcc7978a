#include "app/core/support/profile_range.h"

#include <atomic>

// Set by app/CMakeLists.txt for this file when CUDA::nvtx3 is found.
#ifndef SCANVIZ_WITH_NVTX
#define SCANVIZ_WITH_NVTX 0
#endif
#if SCANVIZ_WITH_NVTX
#include <nvtx3/nvToolsExt.h>
#endif

namespace scanviz {
namespace {

std::atomic<ProfileRangeObserver> gObserver{nullptr};

}  // namespace

ProfileRange::ProfileRange(const std::string& name) : name_(name) {
#if SCANVIZ_WITH_NVTX
  nvtxRangePushA(name_.c_str());
#endif
  if (const ProfileRangeObserver observe = gObserver.load()) observe(name_, true);
}

ProfileRange::~ProfileRange() {
#if SCANVIZ_WITH_NVTX
  nvtxRangePop();
#endif
  if (const ProfileRangeObserver observe = gObserver.load()) observe(name_, false);
}

void setProfileRangeObserver(ProfileRangeObserver observer) {
  gObserver.store(observer);
}

bool profileRangesReachNvtx() {
  return SCANVIZ_WITH_NVTX != 0;
}

}  // namespace scanviz
