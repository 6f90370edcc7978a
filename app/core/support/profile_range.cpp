#include "app/core/support/profile_range.h"

#include <atomic>
#include <cstdint>

// Set by app/CMakeLists.txt for this file when CUDA::nvtx3 is found.
#ifndef SCANVIZ_WITH_NVTX
#define SCANVIZ_WITH_NVTX 0
#endif
#if SCANVIZ_WITH_NVTX
#include <nvtx3/nvToolsExt.h>
#endif

namespace scanviz {
namespace {

struct CategoryInfo {
  ProfileCategory category;
  const char* name;
};

constexpr CategoryInfo kCategories[] = {
    {ProfileCategory::Capture, "capture"},
    {ProfileCategory::Bench, "bench"},
    {ProfileCategory::GridPhase, "grid phase"},
};
static_assert(sizeof kCategories / sizeof kCategories[0] ==
                  static_cast<size_t>(ProfileCategory::GridPhase),
              "every category has a name");

std::atomic<ProfileRangeObserver> gObserver{nullptr};

#if SCANVIZ_WITH_NVTX
// Created on first use, with its categories named, and kept for the process (NVTX's domains are
// never destroyed while a profiler may still read them).
nvtxDomainHandle_t scanvizDomain() {
  static const nvtxDomainHandle_t domain = [] {
    const nvtxDomainHandle_t d = nvtxDomainCreateA(kProfileDomain);
    for (const CategoryInfo& c : kCategories)
      nvtxDomainNameCategoryA(d, static_cast<uint32_t>(c.category), c.name);
    return d;
  }();
  return domain;
}
#endif

}  // namespace

const char* profileCategoryName(ProfileCategory c) {
  for (const CategoryInfo& info : kCategories)
    if (info.category == c) return info.name;
  return "scanviz";
}

ProfileRange::ProfileRange(ProfileCategory category, const std::string& name)
    : category_(category), name_(name) {
#if SCANVIZ_WITH_NVTX
  nvtxEventAttributes_t attributes{};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.category = static_cast<uint32_t>(category_);
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = name_.c_str();
  nvtxDomainRangePushEx(scanvizDomain(), &attributes);
#endif
  if (const ProfileRangeObserver observe = gObserver.load()) observe(category_, name_, true);
}

ProfileRange::~ProfileRange() {
#if SCANVIZ_WITH_NVTX
  nvtxDomainRangePop(scanvizDomain());
#endif
  if (const ProfileRangeObserver observe = gObserver.load()) observe(category_, name_, false);
}

void setProfileRangeObserver(ProfileRangeObserver observer) {
  gObserver.store(observer);
}

bool profileRangesReachNvtx() {
  return SCANVIZ_WITH_NVTX != 0;
}

}  // namespace scanviz
