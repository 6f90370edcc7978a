// The profiler ranges (NVTX in CUDA builds): a capture and a benchmark open named ranges that
// close again, nested as the work is (each bench task inside "bench"), counted through the test
// hook that every range calls whether or not NVTX is compiled in.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "app/core/bench/bench_engine.h"
#include "app/core/support/profile_range.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

struct Event {
  ProfileCategory category;
  std::string name;
  bool opens;
};

std::mutex gEventsMutex;
std::vector<Event> gEvents;

void record(ProfileCategory category, const std::string& name, bool opens) {
  const std::lock_guard<std::mutex> lock(gEventsMutex);
  gEvents.push_back({category, name, opens});
}

bool allIn(ProfileCategory category) {
  for (const Event& e : gEvents)
    if (e.category != category) return false;
  return !gEvents.empty();
}

class ProfileRanges : public ::testing::Test {
 protected:
  void SetUp() override {
    gEvents.clear();
    setProfileRangeObserver(record);
  }
  void TearDown() override { setProfileRangeObserver(nullptr); }

  // Every range closes, innermost first; returns the names in the order they opened.
  static std::vector<std::string> balancedRanges() {
    std::vector<std::string> open, opened;
    for (const Event& e : gEvents) {
      if (e.opens) {
        open.push_back(e.name);
        opened.push_back(e.name);
        continue;
      }
      EXPECT_FALSE(open.empty()) << e.name << " closed but was not open";
      if (open.empty()) continue;
      EXPECT_EQ(open.back(), e.name) << "ranges closed out of order";
      open.pop_back();
    }
    EXPECT_TRUE(open.empty()) << open.size() << " ranges left open";
    return opened;
  }
};

TEST_F(ProfileRanges, ACaptureIsOneNamedRange) {
  const Trace t = captureOnEmulator(AlgorithmId::BrentKung, {3, 1, 7, 0, 4, 1, 6, 3});
  ASSERT_EQ(t.meta.algorithm, "brent-kung");
  EXPECT_EQ(balancedRanges(), std::vector<std::string>{"capture brent-kung, N = 8"});
  EXPECT_TRUE(allIn(ProfileCategory::Capture));
}

// Nsight Systems filters by domain and category: scanviz's ranges are in the "scanviz" domain,
// apart from CUB's and Thrust's, each category named.
TEST_F(ProfileRanges, RangesAreInTheScanvizDomainByCategory) {
  EXPECT_STREQ(kProfileDomain, "scanviz");
  EXPECT_STREQ(profileCategoryName(ProfileCategory::Capture), "capture");
  EXPECT_STREQ(profileCategoryName(ProfileCategory::Bench), "bench");
  EXPECT_STREQ(profileCategoryName(ProfileCategory::GridPhase), "grid phase");
}

TEST_F(ProfileRanges, ABenchmarkHoldsOneRangePerMeasurement) {
  BenchConfig cfg;
  cfg.backend = BackendChoice::Cpu;
  cfg.algorithms = {AlgorithmId::KoggeStone};
  cfg.sizes = {1024};
  cfg.dtypes = {DType::Int32};
  cfg.repeats = 1;
  cfg.maxRepeats = 1;
  cfg.warmups = 0;
  cfg.captureMaxN = 0;
  cfg.targetSampleMs = 0.01;
  const BenchReport report = runBenchmark(cfg, {}, nullptr);
  const std::vector<std::string> ranges = balancedRanges();
  ASSERT_FALSE(ranges.empty());
  EXPECT_EQ(ranges.front(), "bench");
  EXPECT_EQ(gEvents.back().name, "bench") << "the whole run is inside 'bench'";
  EXPECT_TRUE(allIn(ProfileCategory::Bench));
  // One range per point measured, named by subject, size and type.
  ASSERT_EQ(ranges.size(), report.points.size() + 1);
  for (const BenchPoint& p : report.points) {
    const std::string name = "bench " + p.subject.key() + ", N = 1024, int32";
    EXPECT_NE(std::find(ranges.begin(), ranges.end(), name), ranges.end()) << name;
  }
}

TEST_F(ProfileRanges, NvtxIsCompiledInExactlyInCudaBuilds) {
#if SCANVIZ_WITH_CUDA
  EXPECT_TRUE(profileRangesReachNvtx()) << "a CUDA build without the toolkit's NVTX3 headers";
#else
  EXPECT_FALSE(profileRangesReachNvtx());
#endif
}

}  // namespace
}  // namespace scanviz
