// The hierarchical driver (app/core/backends/hierarchical_driver.h) over a launcher that logs what
// it is asked to do and scans sections of 4 on the host: the order of the grid steps, the
// variant of each level, the flags handed up and the work recorded, for the plain scan, its
// segmented form and seed 000's flawed third kernel. The emulator's and the CUDA backend's
// launchers carry out the same calls (tests/unit/test_grid_algorithms.cpp and the GPU tests hold
// their results to the reference).
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/backends/hierarchical_driver.h"

namespace scanviz {
namespace {

// Only their types matter to the driver: kSegmented and kSeedThirdKernel choose the grid step.
struct PlainSections {};
struct SegmentedSections {
  static constexpr bool kSegmented = true;
};
struct SeedSections {
  static constexpr bool kSeedThirdKernel = true;
};

template <class SectionScan>
class LoggingLauncher {
 public:
  using Value = int;
  using Algo = SectionScan;
  static constexpr int kSection = 4;

  std::vector<std::string> log;

  int section() const { return kSection; }

  struct Totals {
    std::vector<int> s;
    std::vector<uint8_t> f;
    int* sums() { return s.empty() ? nullptr : s.data(); }
    uint8_t* flags() { return f.empty() ? nullptr : f.data(); }
  };
  Totals sectionTotals(long long sections, int, bool segmented) {
    Totals t;
    if (sections > 1) t.s.resize(static_cast<size_t>(sections));
    if (sections > 1 && segmented) t.f.resize(static_cast<size_t>(sections));
    return t;
  }
  struct Scanned {
    std::vector<int> v;
    int* values() { return v.data(); }
  };
  Scanned scannedTotals(long long sections, int, bool) {
    return Scanned{std::vector<int>(static_cast<size_t>(sections))};
  }

  // A plain sum scan of each section (flags are logged, not applied).
  void scanSections(const SectionLaunch<int>& l) {
    log.push_back("scan level " + std::to_string(l.level) + ": " + std::to_string(l.blocks) +
                  " sections, " + (l.exclusive ? "exclusive" : "inclusive") +
                  (l.flags ? ", with flags" : "") + (l.sums ? ", totals" : "") +
                  (l.sumFlags ? " and their flags" : ""));
    for (long long b = 0; b < l.blocks; ++b) {
      int running = 0;
      for (long long i = b * kSection; i < std::min<long long>(l.n, (b + 1) * kSection); ++i) {
        const int v = l.in[i];
        l.out[i] = l.exclusive ? running : running + v;
        running += v;
      }
      if (l.sums) l.sums[b] = running;
    }
  }
  void addBlockSums(int* out, const int* scanned, long long n, int level) {
    log.push_back("add block sums, level " + std::to_string(level));
    for (long long i = kSection; i < n; ++i) out[i] += scanned[i / kSection];
  }
  int64_t addSegmentCarries(int*, const uint8_t* flags, const int*, long long, int level) {
    log.push_back("add carries, level " + std::to_string(level) +
                  (flags ? ", with flags" : ", without flags"));
    return 7;
  }
  int64_t seedThirdKernel(int*, const int*, long long n, int level) {
    log.push_back("seed's third kernel, level " + std::to_string(level));
    return n;
  }
  void record(const GridStep& g, const int*) {
    std::string from;
    if (g.kind != StepKind::SectionsScanned)
      from = ", from element " + std::to_string(g.combinedFrom) + (g.flags ? ", with flags" : "");
    log.push_back("record " + std::string(stepKindName(g.kind)) + ", level " +
                  std::to_string(g.level) + ", " + std::to_string(g.n) + " elements, " +
                  std::to_string(g.ops) + " ops" + from);
  }
};

TEST(HierarchicalDriver, ScansSectionsThenTheirTotalsThenAddsBack) {
  LoggingLauncher<PlainSections> l;
  std::vector<int> in(37, 1), out(37);
  scanHierarchically(l, in.data(), out.data(), 37, /*exclusive=*/false, 0, nullptr);
  std::vector<int> expected(37);
  std::iota(expected.begin(), expected.end(), 1);
  EXPECT_EQ(out, expected);
  // 37 elements: 10 sections, whose 10 totals make 3 sections, whose 3 totals make one.
  EXPECT_EQ(l.log, (std::vector<std::string>{
                       "scan level 0: 10 sections, inclusive, totals",
                       "record SectionsScanned, level 0, 37 elements, 0 ops",
                       "scan level 1: 3 sections, exclusive, totals",
                       "record SectionsScanned, level 1, 10 elements, 0 ops",
                       "scan level 2: 1 sections, exclusive",
                       "add block sums, level 1",
                       "record AddBlockSums, level 1, 10 elements, 6 ops, from element 4",
                       "add block sums, level 0",
                       "record AddBlockSums, level 0, 37 elements, 33 ops, from element 4",
                   }));
}

TEST(HierarchicalDriver, AnExclusiveScanKeepsItsVariantOnLevelZeroOnly) {
  LoggingLauncher<PlainSections> l;
  std::vector<int> in(9, 2), out(9);
  scanHierarchically(l, in.data(), out.data(), 9, /*exclusive=*/true, 0, nullptr);
  EXPECT_EQ(out, (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 16}));
  EXPECT_EQ(l.log.front(), "scan level 0: 3 sections, exclusive, totals");
}

TEST(HierarchicalDriver, OneSectionIsOneLaunch) {
  LoggingLauncher<PlainSections> l;
  std::vector<int> in(4, 1), out(4);
  scanHierarchically(l, in.data(), out.data(), 4, false, 0, nullptr);
  EXPECT_EQ(l.log, (std::vector<std::string>{"scan level 0: 1 sections, inclusive"}));
}

TEST(HierarchicalDriver, ASegmentedScanHandsFlagsUpAndCarries) {
  LoggingLauncher<SegmentedSections> l;
  std::vector<int> in(20, 1), out(20);
  std::vector<uint8_t> heads(20, 0);
  heads[6] = 1;
  scanHierarchically(l, in.data(), out.data(), 20, false, 0, heads.data());
  EXPECT_EQ(l.log,
            (std::vector<std::string>{
                "scan level 0: 5 sections, inclusive, with flags, totals and their flags",
                "record SectionsScanned, level 0, 20 elements, 0 ops",
                // Inclusive: entry b-1 of the scanned totals is the carry into section b.
                "scan level 1: 2 sections, inclusive, with flags, totals and their flags",
                "record SectionsScanned, level 1, 5 elements, 0 ops",
                "scan level 2: 1 sections, inclusive, with flags",
                "add carries, level 1, with flags",
                "record SegmentCarry, level 1, 5 elements, 7 ops, from element 4, with flags",
                "add carries, level 0, with flags",
                "record SegmentCarry, level 0, 20 elements, 7 ops, from element 4, with flags",
            }));
}

TEST(HierarchicalDriver, SeedZeroZeroZeroScansTotalsInclusivelyAndRunsItsThirdKernel) {
  LoggingLauncher<SeedSections> l;
  std::vector<int> in(8, 1), out(8);
  scanHierarchically(l, in.data(), out.data(), 8, false, 0, nullptr);
  EXPECT_EQ(l.log, (std::vector<std::string>{
                       "scan level 0: 2 sections, inclusive, totals",
                       "record SectionsScanned, level 0, 8 elements, 0 ops",
                       "scan level 1: 1 sections, inclusive",
                       "seed's third kernel, level 0",
                       "record AddBlockSums, level 0, 8 elements, 8 ops, from element 0",
                   }));
}

}  // namespace
}  // namespace scanviz
