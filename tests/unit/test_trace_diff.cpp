// The GPU-vs-CPU diff's cell helper: which cells of a step differ between two traces, the
// summary over the whole trace, and a real H200 trace file against a fresh emulator capture.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "app/core/capture/capture.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/trace/trace_config.h"
#include "app/core/trace/trace_diff.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

TEST(TraceDiff, SameValueTreatsNaNAsEqualAndSignedZeroAsEqual) {
  EXPECT_TRUE(sameValue(1.5, 1.5));
  EXPECT_FALSE(sameValue(1.5, 1.25));
  EXPECT_TRUE(sameValue(std::nan(""), std::nan("")));
  EXPECT_FALSE(sameValue(std::nan(""), 0));
  EXPECT_TRUE(sameValue(0.0, -0.0));
}

TEST(TraceDiff, DifferingCellsListsChangedAndMissingIndices) {
  EXPECT_TRUE(differingCells({1, 2, 3}, {1, 2, 3}).empty());
  EXPECT_EQ(differingCells({1, 2, 3, 4}, {1, 9, 3, 5}), (std::vector<int>{1, 3}));
  EXPECT_EQ(differingCells({1, 2}, {1, 2, 7, 8}), (std::vector<int>{2, 3}));
}

TEST(TraceDiff, IdenticalTracesSayIdentical) {
  const Trace a = lessonTrace(AlgorithmId::BrentKung);
  const Trace b = lessonTrace(AlgorithmId::BrentKung);
  const TraceDiffSummary s = summarizeDiff(a, b);
  EXPECT_TRUE(s.identical());
  EXPECT_TRUE(s.stepsDiffering.empty());
  EXPECT_EQ(s.cellsDiffering, 0);
  EXPECT_EQ(describeDiff(s, a.steps.size()).rfind("identical", 0), 0u);
  for (int k = 0; k < static_cast<int>(a.steps.size()); ++k)
    EXPECT_TRUE(diffStep(a, b, k).identical()) << "step " << k;
  EXPECT_EQ(describeStepDiff(diffStep(a, b, 2)), "step 2: identical");
}

TEST(TraceDiff, ChangedCellsAreMarkedInTheirStepOnly) {
  const Trace a = lessonTrace(AlgorithmId::KoggeStone);
  Trace b = a;
  b.steps[2].values[5] += 1;
  b.steps[2].values[7] += 2;
  const StepCellDiff d = diffStep(a, b, 2);
  EXPECT_EQ(d.cells, (std::vector<int>{5, 7}));
  EXPECT_FALSE(d.layoutDiffers);
  EXPECT_FALSE(d.identical());
  EXPECT_TRUE(diffStep(a, b, 1).identical());
  EXPECT_TRUE(diffStep(a, b, 3).identical());
  EXPECT_EQ(describeStepDiff(d), "step 2: 2 cells differ ([5], [7])");
  const TraceDiffSummary s = summarizeDiff(a, b);
  EXPECT_FALSE(s.identical());
  EXPECT_NE(s.firstDifference.find("step 2"), std::string::npos) << s.firstDifference;
  EXPECT_EQ(s.stepsDiffering, (std::vector<int>{2}));
  EXPECT_EQ(s.cellsDiffering, 2);
  EXPECT_NE(describeDiff(s, a.steps.size()).find("2 differing cells in step 2"), std::string::npos)
      << describeDiff(s, a.steps.size());
}

TEST(TraceDiff, ActiveThreadsEdgesAndMissingStepsCount) {
  const Trace a = lessonTrace(AlgorithmId::KoggeStone);
  Trace b = a;
  b.steps[1].active.pop_back();
  b.steps[3].edges.pop_back();
  b.steps.pop_back();
  EXPECT_TRUE(diffStep(a, b, 1).activeDiffers);
  EXPECT_TRUE(diffStep(a, b, 1).cells.empty());
  EXPECT_TRUE(diffStep(a, b, 3).missing);
  EXPECT_EQ(describeStepDiff(diffStep(a, b, 3)), "step 3: only one trace has this step");
  EXPECT_EQ(summarizeDiff(a, b).stepsDiffering, (std::vector<int>{1, 3}));
}

TEST(TraceDiff, ShiftedSectionIsALayoutDifference) {
  const Trace a = lessonTrace(AlgorithmId::KoggeStone);
  Trace b = a;
  b.steps[1].block = 1;
  EXPECT_TRUE(diffStep(a, b, 1).layoutDiffers);
  EXPECT_NE(describeStepDiff(diffStep(a, b, 1)).find("different elements"), std::string::npos);
}

TEST(TraceDiff, H200TraceFileEqualsAFreshEmulatorCapture) {
  for (const char* name : {"kogge-stone-lesson.json", "brent-kung-1024.json",
                           "hierarchical-1024.json", "decoupled-lookback-1024.json"}) {
    const Trace gpu = loadTrace(sampleTracePath(name));
    ASSERT_EQ(gpu.meta.backend, "cuda") << name;
    const Trace cpu = capture(toCaptureRequest(configFromTrace(gpu, BackendChoice::Cpu))).trace;
    EXPECT_EQ(cpu.meta.backend, "cpu");
    const TraceDiffSummary s = summarizeDiff(gpu, cpu);
    EXPECT_TRUE(s.identical()) << name << ": " << s.firstDifference;
    EXPECT_TRUE(s.stepsDiffering.empty()) << name;
  }
}

TEST(TraceDiff, ConfigFromTraceRefusesTruncatedInputs) {
  const Trace big = loadTrace(sampleTracePath("single-pass-chained-1048576.json"));
  try {
    configFromTrace(big, BackendChoice::Cpu);
    FAIL() << "a trace keeping 65536 of 1048576 inputs cannot be recaptured";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("65536 of its 1048576"), std::string::npos) << e.what();
  }
}

TEST(TraceDiff, ExactValuesTextRoundTripsFloats) {
  const std::vector<double> v{0.1f, -3.25f, 1e-7f, 16777216.0f, 3.4e38f};
  const ScanOptions c = [&] {
    Trace t;
    t.meta.algorithm = "kogge-stone";
    t.meta.dtype = "float32";
    t.meta.n = static_cast<long long>(v.size());
    t.meta.blockSize = 8;
    t.input = v;
    return configFromTrace(t, BackendChoice::Cpu);
  }();
  EXPECT_EQ(c.source, InputSource::Typed);
  const CaptureRequest rq = toCaptureRequest(c);
  ASSERT_EQ(rq.input.size(), v.size());
  for (size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(static_cast<float>(rq.input[i]), static_cast<float>(v[i])) << i;
  EXPECT_EQ(exactValuesText({3, -1, 2147483647}, DType::Int32), "3 -1 2147483647");
}

}  // namespace
}  // namespace scanviz
