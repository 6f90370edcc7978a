// The spot-the-bug lessons (app/core/lesson/lessons.h) through the catalog, capture and the command
// line: every lesson names a flawed variant and a fix the catalog knows, each run parts from its
// fix where the lesson says, and list, capture and verify treat flawed variants as lessons.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <string_view>
#include <vector>

#include "app/core/lesson/lessons.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"
#include "tests/common/cli_run.h"
#include "tests/common/lessons.h"

namespace scanviz {
namespace {

TEST(Lessons, EveryLessonNamesAFlawedVariantAndItsFixInTheCatalog) {
  std::set<std::string_view> ids;
  for (const Lesson& l : allLessons()) {
    EXPECT_TRUE(ids.insert(l.id).second) << l.id;
    const auto flawed = findAlgorithm(l.flawedKey());
    const auto fixed = findAlgorithm(l.fixedKey());
    ASSERT_TRUE(flawed && fixed) << l.id;
    EXPECT_FALSE(fixedVersionOf(*fixed)) << l.id << ": a fix is never flawed itself";
    if (l.flawedKey() != l.fixedKey()) {
      EXPECT_EQ(l.id, l.flawedKey()) << "capture --algorithm takes the lesson id";
      EXPECT_EQ(fixedVersionOf(*flawed), fixed) << l.id;
    } else {
      EXPECT_TRUE(l.setup.staticBlockIds) << l.id << ": the mistake lies in the schedule";
    }
    for (auto text : {l.title, l.seed, l.seedLines, l.why, l.fixLines, l.emulatorNote})
      EXPECT_FALSE(text.empty()) << l.id;
  }
  // Every flawed algorithm has its lesson, and none is among the project's algorithms.
  for (const AlgorithmInfo& f : flawedAlgorithms()) {
    EXPECT_NE(lessonOfFlawedAlgorithm(f.key), nullptr) << f.key;
    for (const AlgorithmInfo& a : allAlgorithms()) EXPECT_NE(a.key, f.key);
  }
}

// A flawed variant's lesson is the one declared next to its kernel (lessonOf<Kernel>, which its
// descriptor points at), listed in the registry's order; a schedule lesson keeps its place after
// the lesson it follows, so that the menus' order is the one the lessons were added in.
TEST(Lessons, FlawedVariantsDeclareTheirLessonsInTheRegistrysOrder) {
  std::vector<std::string_view> variants, registry, all;
  for (const Lesson& l : allLessons()) {
    all.push_back(l.id);
    if (!l.scheduledAlgorithm.empty()) continue;
    variants.push_back(l.id);
    const auto id = findAlgorithm(l.id);
    ASSERT_TRUE(id && algorithmInfo(*id).lesson) << l.id;
    EXPECT_EQ(algorithmInfo(*id).lesson->why.data(), l.why.data()) << l.id << ": declared once";
  }
  for (const AlgorithmInfo& a : flawedAlgorithms()) registry.push_back(a.key);
  EXPECT_EQ(variants, registry);
  const std::vector<std::string_view> menu = {
      "kogge-stone-one-barrier",     "blelloch-early-return",      "blelloch-offset-times-four",
      "serial-neighbour-sum",        "sequential-int-accumulator", "chained-static-ids",
      "kogge-stone-unguarded-store", "hillis-steele-unguarded",    "hierarchical-s-minus-one",
      "blelloch-down-sweep-log2n"};
  EXPECT_EQ(all, menu);
}

TEST(Lessons, TheRaceLessonPartsAtStride1AtTheFirstLaneOfWarp1) {
  const LessonRun r = runLesson(catalogLesson("kogge-stone-one-barrier"));
  ASSERT_TRUE(r.flawed && r.fixed) << r.flawedError << r.fixedError;
  EXPECT_EQ(r.partingStep, 1);
  EXPECT_EQ(r.flawed->steps[1].label, r.fixed->steps[1].label);  // "stride 1" in both
  EXPECT_EQ(r.firstWrongCell, 32);
  EXPECT_EQ(differingCells(r, 1), (std::vector<int>{32}));
  EXPECT_TRUE(hasNote(*r.flawed, "its fix is kogge-stone")) << r.flawed->meta.notes[0];
  EXPECT_TRUE(hasNote(*r.flawed, "output differs from the sequential scan"));
  EXPECT_TRUE(hasNote(*r.fixed, "output matches the sequential scan"));
}

TEST(Lessons, TheEarlyReturnLessonReportsTheMismatchAndPartsWhereTheRootIsNotCleared) {
  const LessonRun r = runLesson(catalogLesson("blelloch-early-return"));
  ASSERT_TRUE(r.flawed && r.fixed);
  EXPECT_TRUE(hasNote(*r.flawed, "barrier mismatch in block 0: 6 of 8 threads"));
  ASSERT_GE(r.partingStep, 0);
  EXPECT_EQ(r.flawed->steps[static_cast<size_t>(r.partingStep)].phase,
            r.fixed->steps[static_cast<size_t>(r.partingStep)].phase);
  EXPECT_NE(r.flawed->steps[static_cast<size_t>(r.partingStep)].label.find("clear"),
            std::string::npos)
      << r.flawed->steps[static_cast<size_t>(r.partingStep)].label;
  EXPECT_EQ(r.firstWrongCell, 0);
  EXPECT_EQ(r.flawed->output, (std::vector<double>{21, 22, 24, 27, 31, 36}));
  EXPECT_EQ(r.fixed->output, (std::vector<double>{0, 1, 3, 6, 10, 15}));
}

TEST(Lessons, TheOffsetLessonPartsAtTheSkippedLevel) {
  const LessonRun r = runLesson(catalogLesson("blelloch-offset-times-four"));
  ASSERT_TRUE(r.flawed && r.fixed);
  EXPECT_EQ(r.partingStep, 2);
  EXPECT_EQ(r.fixed->steps[2].label, "up-sweep stride 2");
  EXPECT_EQ(r.flawed->steps[2].label, "up-sweep stride 4");
  EXPECT_EQ(r.firstWrongCell, 4);
}

TEST(Lessons, TheSerialAndIntLessonsPartAtTheirFirstStep) {
  const LessonRun n = runLesson(catalogLesson("serial-neighbour-sum"));
  ASSERT_TRUE(n.flawed && n.fixed);
  EXPECT_EQ(n.partingStep, 1);
  EXPECT_EQ(n.firstWrongCell, 0);
  EXPECT_EQ(n.flawed->output, (std::vector<double>{0, 4, 8, 7, 4, 5, 7, 9}));
  const LessonRun i = runLesson(catalogLesson("sequential-int-accumulator"));
  ASSERT_TRUE(i.flawed && i.fixed);
  EXPECT_EQ(i.flawed->meta.dtype, "float32");
  EXPECT_EQ(i.partingStep, 1);
  EXPECT_EQ(i.firstWrongCell, 0);
  EXPECT_EQ(i.flawed->output, (std::vector<double>{0, 0, 0, 0, 1, 3, 2, 5}));
}

TEST(Lessons, StaticIdsDeadlockOnTheSchedulerAndDynamicIdsFinish) {
  const LessonRun r = runLesson(catalogLesson("chained-static-ids"));
  EXPECT_EQ(r.flawed, nullptr);
  EXPECT_NE(r.flawedError.find("deadlock"), std::string::npos) << r.flawedError;
  EXPECT_NE(r.flawedError.find("can never get one of the 2 resident slots"), std::string::npos)
      << r.flawedError;
  ASSERT_NE(r.fixed, nullptr) << r.fixedError;
  EXPECT_TRUE(hasNote(*r.fixed, "output matches the sequential scan"));
}

TEST(LessonsCli, ListHasASpotTheBugSectionAfterTheAlgorithms) {
  const CapturedRun r = cli({"list"});
  ASSERT_EQ(r.code, 0) << r.err;
  const size_t section = r.out.find("Spot the bug");
  ASSERT_NE(section, std::string::npos) << r.out;
  for (const Lesson& l : allLessons()) {
    const size_t at = r.out.find("\n" + std::string(l.id) + " ");
    EXPECT_GT(at, section) << l.id;
  }
  for (const AlgorithmInfo& a : allAlgorithms())
    EXPECT_LT(r.out.find(std::string(a.key) + " "), section) << a.key;
}

TEST(LessonsCli, CaptureOfALessonUsesItsSetupAndTheTraceNamesTheFix) {
  const std::string out =
      (std::filesystem::temp_directory_path() / "scanviz-lesson-race.json").string();
  const CapturedRun r =
      cli({"capture", "--algorithm", "kogge-stone-one-barrier", "--backend", "cpu", "--out", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const Trace t = loadTrace(out);
  EXPECT_EQ(t.meta.algorithm, "kogge-stone-one-barrier");
  EXPECT_EQ(t.meta.n, 64);
  EXPECT_EQ(t.meta.blockSize, 64);
  EXPECT_EQ(t.output[32], 49);  // the race, under the lesson's warps-in-turn order
  EXPECT_TRUE(hasNote(t, "flawed variant on purpose"));
  EXPECT_TRUE(hasNote(t, "its fix is kogge-stone"));
  std::remove(out.c_str());
}

TEST(LessonsCli, EarlyReturnRefusesTheGpuAndTheDeadlockIsAClearError) {
  const CapturedRun gpu = cli({"capture", "--algorithm", "blelloch-early-return", "--backend",
                               "cuda", "--out", "/tmp/scanviz-never.json"});
  EXPECT_EQ(gpu.code, 2);
  EXPECT_NE(gpu.err.find("emulator only"), std::string::npos) << gpu.err;
  EXPECT_FALSE(std::filesystem::exists("/tmp/scanviz-never.json"));
  const CapturedRun dead = cli({"capture", "--algorithm", "chained-static-ids", "--backend", "cpu",
                                "--out", "/tmp/scanviz-never.json"});
  EXPECT_NE(dead.code, 0);
  EXPECT_NE(dead.err.find("deadlock"), std::string::npos) << dead.err;
  EXPECT_FALSE(std::filesystem::exists("/tmp/scanviz-never.json"));
}

TEST(LessonsCli, VerifyNeverRunsAFlawedVariant) {
  const CapturedRun flawed =
      cli({"verify", "--backend", "cpu", "--smoke", "--algorithm", "kogge-stone-one-barrier"});
  EXPECT_EQ(flawed.code, 2);
  EXPECT_NE(flawed.err.find("verify its fix, --algorithm kogge-stone"), std::string::npos)
      << flawed.err;
  const CapturedRun all = cli({"verify", "--backend", "cpu", "--smoke", "--quiet"});
  EXPECT_EQ(all.code, 0) << all.out << all.err;
  for (const AlgorithmInfo& f : flawedAlgorithms())
    EXPECT_EQ(all.out.find(std::string(f.key)), std::string::npos) << f.key;
}

}  // namespace
}  // namespace scanviz
