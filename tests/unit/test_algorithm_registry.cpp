// The algorithm registry (app/core/algorithms/algorithm_list.h) and the descriptors declared next
// to the kernels: every row is complete and consistent, so that a new algorithm's list entries, CLI
// validation, formulas and dispatch come from its one declaration.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/algorithm_kernels.h"
#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/block_dispatch.h"
#include "app/core/capture/capture.h"
#include "app/core/lesson/analysis.h"
#include "app/core/lesson/lessons.h"
#include "app/core/playback/compare_model.h"

namespace scanviz {
namespace {

// Every registered descriptor: the project's algorithms, the flawed variants, then the select
// and split kernels.
std::vector<AlgorithmInfo> registered() {
  std::vector<AlgorithmInfo> all = allAlgorithms();
  all.insert(all.end(), flawedAlgorithms().begin(), flawedAlgorithms().end());
  all.insert(all.end(), selectAlgorithms().begin(), selectAlgorithms().end());
  return all;
}

TEST(AlgorithmRegistry, OneRowPerIdInTheEnumsOrder) {
  ASSERT_EQ(registered().size(), static_cast<size_t>(AlgorithmId::Count));
  for (size_t i = 0; i < static_cast<size_t>(AlgorithmId::Count); ++i)
    EXPECT_EQ(algorithmInfo(static_cast<AlgorithmId>(i)).id, static_cast<AlgorithmId>(i)) << i;
  for (size_t i = 1; i < allAlgorithms().size(); ++i)
    EXPECT_LT(allAlgorithms()[i - 1].id, allAlgorithms()[i].id) << "lists keep the enum's order";
}

TEST(AlgorithmRegistry, EveryDescriptorIsNamedAndItsKeyFindsIt) {
  std::set<std::string_view> keys;
  for (const AlgorithmInfo& a : registered()) {
    EXPECT_TRUE(keys.insert(a.key).second) << "duplicate key " << a.key;
    EXPECT_EQ(findAlgorithm(a.key), a.id) << a.key;
    EXPECT_FALSE(a.name.empty()) << a.key;
    EXPECT_FALSE(a.family.empty()) << a.key;
    EXPECT_FALSE(a.summary.empty()) << a.key;
    EXPECT_FALSE(a.source.empty()) << a.key;
    EXPECT_EQ(a.key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"),
              std::string_view::npos)
        << "keys are lower-case words joined by '-' (file names are made of them): " << a.key;
    EXPECT_GE(a.elementsPerThread, 0) << a.key;
    if (a.sectionCost) {
      EXPECT_FALSE(a.costSource.empty()) << a.key;
    }
    if (a.costSectionCap) {
      EXPECT_NE(a.sections, nullptr) << a.key;
    }
  }
  EXPECT_EQ(findAlgorithm("bubble"), std::nullopt);
}

TEST(AlgorithmRegistry, RolesNameEnoughAlgorithms) {
  EXPECT_EQ(algorithmsWithRole(kRoleDefault).size(), 1u);
  EXPECT_EQ(defaultAlgorithm(), algorithmsWithRole(kRoleDefault).front());
  EXPECT_EQ(CaptureRequest{}.algorithm, defaultAlgorithm());
  ASSERT_EQ(algorithmsWithRole(kRoleBaseline).size(), 1u);
  // The baseline is P = 1: one thread, every application dependent on the one before.
  const AlgorithmInfo& base = algorithmInfo(algorithmsWithRole(kRoleBaseline).front());
  ASSERT_NE(base.sectionCost, nullptr);
  EXPECT_EQ(base.sectionCost(1024, 1).work.value, 1023);
  EXPECT_EQ(base.sectionCost(1024, 1).depth.value, 1023);
  EXPECT_GE(algorithmsWithRole(kRoleCompared).size(), CompareModel::kMinAlgorithms);
  EXPECT_LE(algorithmsWithRole(kRoleCompared).size(), CompareModel::kMaxAlgorithms);
  EXPECT_FALSE(algorithmsWithRole(kRoleExample).empty());
  EXPECT_FALSE(algorithmsWithRole(kRoleBrentPlot).empty());
  EXPECT_EQ(
      algorithmKeysWithRole(kRoleCompared, ","),
      algorithmKeysWithRole(kRoleCompared)[0] + "," + algorithmKeysWithRole(kRoleCompared)[1]);
}

// A flawed variant names its fix in its descriptor: the fix is one of the project's algorithms,
// the variant stays out of allAlgorithms(), and the lessons table (app/core/lesson/lessons.h) pairs
// the same two keys.
TEST(AlgorithmRegistry, FlawedVariantsNameTheirFix) {
  ASSERT_FALSE(flawedAlgorithms().empty());
  for (const AlgorithmInfo& a : allAlgorithms()) {
    EXPECT_FALSE(a.flawed()) << a.key;
    EXPECT_EQ(fixedVersionOf(a.id), std::nullopt) << a.key;
  }
  for (const AlgorithmInfo& a : flawedAlgorithms()) {
    ASSERT_TRUE(a.flawed()) << a.key;
    const std::optional<AlgorithmId> fix = fixedVersionOf(a.id);
    ASSERT_TRUE(fix.has_value()) << a.key;
    EXPECT_FALSE(algorithmInfo(*fix).flawed()) << a.key;
    EXPECT_EQ(algorithmInfo(*fix).key, a.fixedBy->key) << a.key;
  }
  // A lesson shows a flawed variant beside its fix, or a project algorithm with a flawed setup
  // (static block ids) beside its usual one.
  for (const Lesson& lesson : allLessons()) {
    const std::optional<AlgorithmId> flawed = findAlgorithm(lesson.flawedKey());
    ASSERT_TRUE(flawed.has_value()) << lesson.id;
    const AlgorithmId fix = fixedVersionOf(*flawed).value_or(*flawed);
    EXPECT_EQ(fix, findAlgorithm(lesson.fixedKey())) << lesson.id;
  }
  for (const AlgorithmInfo& a : flawedAlgorithms())
    EXPECT_NE(lessonOfFlawedAlgorithm(a.key), nullptr) << a.key << " has no lesson";
}

// The descriptor's segmented flag is the kernel's: the block scan it runs reads head flags.
TEST(AlgorithmRegistry, SegmentedDescriptorsRunSegmentedKernels) {
  int segmented = 0;
  forEachAlgorithmKernel([&](AlgorithmId id, auto kernel, unsigned) {
    using Kernel = typename decltype(kernel)::type;
    if constexpr (algorithmOf<Kernel>.driver == AlgorithmDriver::Sections) {
      using Block = decltype(blockScanOf<Kernel>(RunRequest{}));
      EXPECT_EQ(algorithmOf<Kernel>.segmented, kIsSegmentedScan<Block>) << algorithmOf<Kernel>.key;
    } else if constexpr (requires { Kernel::kSegmented; }) {
      // A single-pass protocol says itself whether its tiles carry head flags.
      EXPECT_EQ(algorithmOf<Kernel>.segmented, Kernel::kSegmented) << algorithmOf<Kernel>.key;
    } else {
      EXPECT_FALSE(algorithmOf<Kernel>.segmented) << algorithmOf<Kernel>.key;
    }
    EXPECT_EQ(isSegmentedAlgorithm(id), algorithmOf<Kernel>.segmented);
    segmented += algorithmOf<Kernel>.segmented ? 1 : 0;
  });
  EXPECT_GE(segmented, 3);
}

// A descriptor's code file is derived from the file that declares it (describe<> and its kin in
// kernels/algorithm_descriptor.h): it names a file of the tree, and the file each algorithm named
// when it was spelt out by hand. Flawed variants show none; the hierarchical schemes show their
// section scan's.
TEST(AlgorithmRegistry, CodeFilesAreTheDeclaringKernelFiles) {
  const std::map<std::string_view, std::string_view> expected = {
      {"sequential", "kernels/block/sequential.h"},
      {"kogge-stone", "kernels/block/kogge_stone.h"},
      {"kogge-stone-exclusive", "kernels/block/kogge_stone_exclusive.h"},
      {"hillis-steele", "kernels/block/hillis_steele.h"},
      {"brent-kung", "kernels/block/brent_kung.h"},
      {"blelloch", "kernels/block/blelloch.h"},
      {"blelloch-conflict-free", "kernels/block/blelloch.h"},
      {"three-phase", "kernels/block/three_phase.h"},
      {"warp-shuffle", "kernels/block/warp_shuffle.h"},
      {"hierarchical", "kernels/block/brent_kung.h"},
      {"single-pass-chained", "kernels/grid/single_pass_chained.h"},
      {"decoupled-lookback", "kernels/grid/decoupled_lookback.h"},
      {"serial-lookback", "kernels/grid/serial_lookback.h"},
      {"cluster-lookback", "kernels/grid/cluster_lookback.h"},
      {"segmented-kogge-stone", "kernels/block/segmented_kogge_stone.h"},
      {"segmented-blelloch", "kernels/block/segmented_blelloch.h"},
      {"segmented-hierarchical", "kernels/block/segmented_blelloch.h"},
      {"segmented-lookback", "kernels/grid/segmented_lookback.h"},
      {"select-lookback", "kernels/grid/select_lookback.h"},
      {"split-lookback", "kernels/grid/select_lookback.h"},
      {"hierarchical-s-minus-one", "kernels/block/brent_kung.h"},
  };
  for (const AlgorithmInfo& a : registered()) {
    const auto it = expected.find(a.key);
    EXPECT_EQ(a.codeFile, it == expected.end() ? "" : it->second) << a.key;
    if (a.codeFile.empty()) continue;
    EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::path(SCANVIZ_SOURCE_DIR) /
                                                 std::string(a.codeFile)))
        << a.key << ": " << a.codeFile;
  }
  EXPECT_EQ(pathFromKernels("/src/scanviz/kernels/block/blelloch.h"), "kernels/block/blelloch.h");
  EXPECT_EQ(pathFromKernels("../../kernels/grid/hierarchical.h"), "kernels/grid/hierarchical.h");
}

// The descriptor's section and variant are what a capture does: its section size, its default
// variant, and a seed formula that equals the counted work of a full section where the seeds
// count what the kernel does.
TEST(AlgorithmRegistry, DescriptorsAgreeWithTheirKernels) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    CaptureRequest rq;
    rq.algorithm = a.id;
    rq.backend = BackendChoice::Cpu;
    rq.exclusive = a.exclusiveByNature;
    rq.blockSize = 8;
    rq.input = std::vector<double>(static_cast<size_t>(sectionSize(a.id, 8)), 1.0);
    const Trace t = capture(rq).trace;
    EXPECT_EQ(t.meta.sectionSize, sectionSize(a.id, 8)) << a.key;
    EXPECT_EQ(t.meta.inclusive, !a.exclusiveByNature) << a.key;
    const std::vector<double> want = referenceScan(rq.input, Operator::Add, a.exclusiveByNature);
    EXPECT_EQ(t.output, want) << a.key;
  }
}

}  // namespace
}  // namespace scanviz
