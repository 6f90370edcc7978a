// The seeds' indices outside their arrays that scanviz runs as lessons: seed 000's third kernel of
// the hierarchical scan adding S[blockIdx.x-1] in block 0
// (kernels/lessons/hierarchical_s_minus_one.h) and seed 003's down-sweep pseudo-code starting at d
// = log2 n (kernels/lessons/blelloch_down_sweep_log2n.h). On the emulator nothing outside the
// arrays is read or written (sentinels there stay untouched and unseen), the read gives 0xDEADBEEF
// and the first offending thread is reported; the fixes give the right result on the same input;
// the lessons, capture, list and verify treat them as the other flawed variants.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/lesson/lessons.h"
#include "app/core/trace/trace_json.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/lessons/blelloch_down_sweep_log2n.h"
#include "kernels/lessons/hierarchical_s_minus_one.h"
#include "tests/common/captures.h"
#include "tests/common/cli_run.h"
#include "tests/common/lessons.h"

namespace scanviz {
namespace {

constexpr int32_t kSentinel = 777;
const double kUnmapped = static_cast<double>(unmappedValue<int32_t>());  // -559038737

// v + 0xDEADBEEF: the scans add the marker to small values, far from int32's ends.
std::vector<double> plusMarker(std::vector<double> v) {
  for (double& x : v) x += kUnmapped;
  return v;
}

// ---- seed 003's down-sweep from d = log2 n -------------------------------------------------

TEST(DownSweepFromLog2N, TheRootTakesTheMarkerPastTheArrayAndEveryCellCarriesIt) {
  const std::vector<int32_t> in = {3, 1, 7, 0, 4, 1, 6, 3};
  std::vector<int32_t> out(8, 0);
  // The working array's slack (the GPU's) holds sentinels the emulator must never touch.
  std::vector<int32_t> shared(static_cast<size_t>(BlellochDownSweepFromLog2NScan::sharedSlots(8)),
                              kSentinel);
  ASSERT_EQ(shared.size(), 16u);
  RecordedRun run;
  CpuStepSink sink;
  sink.run = &run;
  sink.recordSteps = true;
  CpuBlockExec<int32_t> ex(8, Operator::Add, sink);
  SectionIO<int32_t> io;
  io.in = in.data();
  io.out = out.data();
  io.n = 8;
  io.exclusive = true;
  BlellochDownSweepFromLog2NScan::run(ex, shared.data(), io);
  // The exclusive scan 0 3 4 11 11 15 16 22, each plus 0xDEADBEEF (the root after d = log2 8).
  const int32_t m = unmappedValue<int32_t>();
  EXPECT_EQ(out, (std::vector<int32_t>{m, m + 3, m + 4, m + 11, m + 11, m + 15, m + 16, m + 22}));
  for (size_t i = 8; i < shared.size(); ++i) EXPECT_EQ(shared[i], kSentinel) << "x[" << i << "]";
  EXPECT_EQ(sink.outOfBoundsReads, 1);
  EXPECT_EQ(sink.outOfBoundsWrites, 1);
  ASSERT_EQ(run.notes.size(), 2u);
  EXPECT_TRUE(hasNote(run.notes,
                      "out-of-bounds read in block 0: thread 0 read x[15] of its "
                      "section, which holds 8 elements"))
      << run.notes[0];
  EXPECT_TRUE(hasNote(run.notes, "out-of-bounds write in block 0: thread 0 wrote x[15]"))
      << run.notes[1];
  // The extra level is a step of its own, after the clear: d = log2 8 (offset 8), then 4, 2, 1.
  std::vector<int> downOffsets;
  for (const RecordedStep& s : run.steps)
    if (s.code.kind == StepKind::BlellochDown) downOffsets.push_back(s.code.param);
  EXPECT_EQ(downOffsets, (std::vector<int>{8, 4, 2, 1}));
}

TEST(DownSweepFromLog2N, TheLessonPartsAtTheExtraLevelAndTheFixIsTheExclusiveScan) {
  const LessonRun r = runLesson(catalogLesson("blelloch-down-sweep-log2n"));
  ASSERT_TRUE(r.flawed && r.fixed) << r.flawedError << r.fixedError;
  const std::vector<double> right = {0, 3, 4, 11, 11, 15, 16, 22};
  EXPECT_EQ(r.fixed->output, right);
  EXPECT_EQ(r.flawed->output, plusMarker(right));
  EXPECT_EQ(r.firstWrongCell, 0);
  // load, up-sweep 1 2 4, clear, then the flawed d = log2 8 where the fix's down-sweep begins.
  EXPECT_EQ(r.partingStep, 5);
  EXPECT_EQ(differingCells(r, 5), (std::vector<int>{3, 7}));  // the fix swapped x[3], x[7] there
  EXPECT_EQ(r.flawed->steps[5].values[7], kUnmapped);
  ASSERT_EQ(r.hazards.size(), 2u);
  EXPECT_NE(r.hazards[0].find("thread 0 read x[15]"), std::string::npos) << r.hazards[0];
  EXPECT_NE(r.hazards[1].find("thread 0 wrote x[15]"), std::string::npos) << r.hazards[1];
}

// ---- seed 000's third kernel: S[blockIdx.x-1] ----------------------------------------------

// Three sections of 8 (Brent-Kung in blocks of 4), the last one partial.
const std::vector<double> kThreeSections = {3, 1, 7, 0, 4, 1, 6, 3, 2, 5,
                                            1, 4, 0, 2, 3, 1, 5, 2, 3, 4};

std::vector<double> inclusiveScan(const std::vector<double>& v) {
  std::vector<double> out(v.size());
  double sum = 0;
  for (size_t i = 0; i < v.size(); ++i) out[i] = sum += v[i];
  return out;
}

Trace captureOnEmulator(std::string_view key, const std::vector<double>& input, bool exclusive) {
  CaptureRequest rq;
  rq.algorithm = *findAlgorithm(key);
  rq.backend = BackendChoice::Cpu;
  rq.blockSize = 4;
  rq.exclusive = exclusive;
  rq.input = input;
  return capture(rq).trace;
}

// On a GPU blockIdx.x is unsigned: block 0's S[blockIdx.x - 1] wraps and reads far past S, not
// S[-1]. The title says what the code says (before: "block 0 adds S[-1]"), as the why text does.
TEST(HierarchicalSMinusOne, TheTitleNamesTheIndexTheCodeUses) {
  const Lesson* lesson = findLesson("hierarchical-s-minus-one");
  ASSERT_NE(lesson, nullptr);
  const std::string title(lesson->title);
  EXPECT_EQ(title.find("S[-1]"), std::string::npos) << title;
  EXPECT_NE(title.find("S[blockIdx.x - 1] at block 0"), std::string::npos) << title;
  EXPECT_NE(std::string(lesson->why).find("blockIdx.x is unsigned"), std::string::npos);
}

TEST(HierarchicalSMinusOne, BlockZeroAddsTheMarkerAndTheOtherSectionsAreRight) {
  const Trace t = captureOnEmulator("hierarchical-s-minus-one", kThreeSections, false);
  const std::vector<double> right = inclusiveScan(kThreeSections);
  std::vector<double> expected = right;
  for (size_t i = 0; i < 8; ++i) expected[i] = right[i] + kUnmapped;
  EXPECT_EQ(t.output, expected);
  EXPECT_TRUE(hasNote(t.meta.notes,
                      "out-of-bounds read in block 0: thread 0 read S[-1], before the array's "
                      "first element (the array holds 3)"));
  EXPECT_FALSE(hasNote(t.meta.notes, "in block 1:"));  // blocks 1 and 2 read S[0] and S[1]
  EXPECT_FALSE(hasNote(t.meta.notes, "output matches"));
  // The fix on the same input and blocks.
  EXPECT_EQ(captureOnEmulator("hierarchical", kThreeSections, false).output, right);
}

TEST(HierarchicalSMinusOne, AnExclusiveRequestIsWrongInTheFirstSectionOnly) {
  const Trace t = captureOnEmulator("hierarchical-s-minus-one", kThreeSections, true);
  const Trace fix = captureOnEmulator("hierarchical", kThreeSections, true);
  ASSERT_EQ(t.output.size(), fix.output.size());
  for (size_t i = 0; i < t.output.size(); ++i)
    EXPECT_EQ(t.output[i], i < 8 ? fix.output[i] + kUnmapped : fix.output[i]) << i;
  EXPECT_EQ(fix.output[0], 0);
}

TEST(HierarchicalSMinusOne, OneSectionHasNoThirdKernelAndIsRight) {
  const std::vector<double> eight(kThreeSections.begin(), kThreeSections.begin() + 8);
  const Trace t = captureOnEmulator("hierarchical-s-minus-one", eight, false);
  EXPECT_EQ(t.output, inclusiveScan(eight));
  EXPECT_FALSE(hasNote(t.meta.notes, "out-of-bounds"));
}

TEST(HierarchicalSMinusOne, TheLessonPartsAtTheAddBackInCellZero) {
  const LessonRun r = runLesson(catalogLesson("hierarchical-s-minus-one"));
  ASSERT_TRUE(r.flawed && r.fixed) << r.flawedError << r.fixedError;
  EXPECT_EQ(r.fixed->output, inclusiveScan(r.fixed->input));
  EXPECT_EQ(r.firstWrongCell, 0);
  ASSERT_GE(r.partingStep, 0);
  EXPECT_EQ(r.partingStep, static_cast<int>(r.flawed->steps.size()) - 1);  // the last: add-back
  EXPECT_EQ(r.flawed->steps.size(), r.fixed->steps.size());
  const std::vector<int> cells = differingCells(r, r.partingStep);
  ASSERT_FALSE(cells.empty());
  EXPECT_EQ(cells.front(), 0);
  EXPECT_LT(cells.back(), 8);  // the first section only
  ASSERT_EQ(r.hazards.size(), 1u);
  EXPECT_NE(r.hazards[0].find("thread 0 read S[-1]"), std::string::npos) << r.hazards[0];
}

TEST(IndexLessons, ListCaptureAndVerifyTreatThemAsFlawedVariants) {
  const CapturedRun list = cli({"list"});
  ASSERT_EQ(list.code, 0) << list.err;
  const std::vector<std::string> ids = {"hierarchical-s-minus-one", "blelloch-down-sweep-log2n"};
  for (const std::string& id : ids) {
    EXPECT_NE(list.out.find("\n" + id + "  "), std::string::npos) << id;
    EXPECT_TRUE(isFlawedAlgorithm(id)) << id;
    const std::string out =
        (std::filesystem::temp_directory_path() / ("scanviz-" + id + ".json")).string();
    const CapturedRun r = cli({"capture", "--algorithm", id, "--backend", "cpu", "--out", out});
    ASSERT_EQ(r.code, 0) << id << ": " << r.err;
    const Trace t = loadTrace(out);
    EXPECT_EQ(t.meta.algorithm, id);
    EXPECT_TRUE(hasNote(t.meta.notes, "flawed variant on purpose")) << id;
    EXPECT_TRUE(hasNote(t.meta.notes, "out-of-bounds read in block 0: thread 0")) << id;
    std::remove(out.c_str());
    const CapturedRun verify = cli({"verify", "--backend", "cpu", "--smoke", "--algorithm", id});
    EXPECT_EQ(verify.code, 2) << id;
    EXPECT_NE(verify.err.find("verify its fix"), std::string::npos) << verify.err;
  }
}

}  // namespace
}  // namespace scanviz
