// Compare's model: lanes captured in the background on the lesson's input, one playback over
// the synchronisation plan, the requested position applied once every lane has arrived, and the
// GPU-vs-CPU diff of a trace file against a fresh emulator capture.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/config_json.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/playback/compare_model.h"
#include "app/core/support/app_settings.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/compare_lanes.h"

namespace scanviz {
namespace {

CompareBase fileBase(const std::string& name) {
  const std::string dir = sampleTraceDirectory();
  EXPECT_FALSE(dir.empty());
  CompareBase base;
  base.traceFile = (std::filesystem::path(dir) / name).string();
  base.lesson = std::make_shared<const Trace>(loadTrace(base.traceFile));
  return base;
}

TEST(CompareModel, TwoAlgorithmsOnTheLessonStepTogether) {
  CompareModel m;
  m.setAlgorithms({AlgorithmId::KoggeStone, AlgorithmId::BrentKung, AlgorithmId::KoggeStone});
  EXPECT_EQ(m.algorithms().size(), 2u) << "duplicates are dropped";
  const CompareBase base = lessonBase();
  settle(m, base);
  ASSERT_EQ(m.lanes().size(), 2u);
  EXPECT_EQ(m.lanes()[0].title, "Kogge-Stone");
  ASSERT_TRUE(m.lanes()[0].trace && m.lanes()[1].trace) << m.lanes()[0].error;
  EXPECT_EQ(m.lanes()[1].trace->meta.algorithm, "brent-kung");
  EXPECT_EQ(m.lanes()[1].trace->input, base.lesson->input);
  EXPECT_EQ(m.playback.stepCount(), 6) << "Brent-Kung's 6 steps set the length";
  m.playback.setStep(5);
  EXPECT_EQ(m.laneStep(0), 3);
  EXPECT_EQ(m.laneStep(1), 5);
  EXPECT_EQ(m.lanes()[0].trace->steps[3].values,
            (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_FALSE(m.update(base)) << "nothing changed, nothing recaptured";
}

TEST(CompareModel, SwitchingToTimeKeepsThePlaceAndSaysWhy) {
  CompareModel m;
  const CompareBase base = lessonBase();
  settle(m, base);
  m.playback.setStep(5);
  m.setSync(CompareSync::ByTime);
  m.update(base);
  EXPECT_EQ(m.plan().basis, SyncBasis::Fraction) << "emulator traces carry no GPU clocks";
  EXPECT_EQ(m.playback.step(), m.playback.lastStep());
  EXPECT_EQ(m.laneStep(0), 3);
  EXPECT_EQ(m.laneStep(1), 5);
}

TEST(CompareModel, RequestedPositionWaitsForTheLanes) {
  CompareModel m;
  m.requestPosition(2);
  m.update(CompareBase{});  // no lesson yet: nothing to apply it to
  const CompareBase base = lessonBase();
  settle(m, base);
  EXPECT_EQ(m.playback.step(), 2);
  EXPECT_EQ(m.laneStep(0), 2);
}

TEST(CompareModel, ANewLessonRecapturesEveryLane) {
  CompareModel m;
  m.setAlgorithms({AlgorithmId::HillisSteele, AlgorithmId::Blelloch, AlgorithmId::Sequential});
  CompareBase base = lessonBase();
  settle(m, base);
  ASSERT_EQ(m.lanes().size(), 3u);
  base.config.source = InputSource::Typed;
  base.config.typedValues = "5 6 7 8";
  settle(m, base);
  for (const CompareLane& lane : m.lanes()) {
    ASSERT_TRUE(lane.trace) << lane.title << ": " << lane.error;
    EXPECT_EQ(lane.trace->input, (std::vector<double>{5, 6, 7, 8})) << lane.title;
  }
}

TEST(CompareModel, ABadLaneSaysWhyAndTheOthersStay) {
  CompareModel m;
  CompareBase base = lessonBase();
  base.config.blockSize = 3;  // not a power of two
  settle(m, base);
  ASSERT_EQ(m.lanes().size(), 2u);
  EXPECT_FALSE(m.lanes()[0].trace);
  EXPECT_FALSE(m.lanes()[0].error.empty());
}

TEST(CompareModel, ASampleTraceBringsItsSiblingsAndRealTime) {
  CompareModel m;
  m.setSync(CompareSync::ByTime);
  const CompareBase base = fileBase("kogge-stone-lesson.json");
  m.update(base);
  EXPECT_FALSE(m.busy()) << "sibling traces are read, not captured";
  ASSERT_EQ(m.lanes().size(), 2u);
  EXPECT_EQ(m.lanes()[0].trace, base.lesson);
  ASSERT_TRUE(m.lanes()[1].trace);
  EXPECT_EQ(m.lanes()[1].trace->meta.backend, "cuda");
  EXPECT_NE(m.lanes()[1].origin.find("brent-kung-lesson.json"), std::string::npos);
  EXPECT_EQ(m.plan().basis, SyncBasis::Cycles);
  m.playback.setStep(positionIndexNear(m.plan(), 3112));
  EXPECT_EQ(m.laneStep(0), 3) << "Kogge-Stone has finished at 3112 cycles";
  EXPECT_EQ(m.laneStep(1), 2) << "Brent-Kung is still in its up-sweep";
}

TEST(CompareModel, ATruncatedSampleComparesWithItsSiblingAndExplainsTheRest) {
  CompareModel m;
  m.setAlgorithms(
      {AlgorithmId::SinglePassChained, AlgorithmId::DecoupledLookback, AlgorithmId::KoggeStone});
  m.update(fileBase("single-pass-chained-1048576.json"));
  ASSERT_EQ(m.lanes().size(), 3u);
  ASSERT_TRUE(m.lanes()[1].trace);
  EXPECT_EQ(m.lanes()[1].trace->meta.algorithm, "decoupled-lookback");
  EXPECT_FALSE(m.lanes()[2].trace);
  EXPECT_NE(m.lanes()[2].error.find("65536"), std::string::npos) << m.lanes()[2].error;
  EXPECT_TRUE(m.problem().empty());
}

TEST(SiblingTraces, NamesFollowTheSampleTraces) {
  EXPECT_EQ(siblingTracePath("/t/kogge-stone-lesson.json", "kogge-stone", AlgorithmId::BrentKung),
            "/t/brent-kung-lesson.json");
  EXPECT_EQ(siblingTracePath("/t/kogge-stone-exclusive-1024.json", "kogge-stone-exclusive",
                             AlgorithmId::Blelloch),
            "/t/blelloch-1024.json");
  EXPECT_EQ(siblingTracePath("/t/my-run.json", "kogge-stone", AlgorithmId::BrentKung), "");
  EXPECT_EQ(siblingTracePath("/t/kogge-stone.json", "kogge-stone", AlgorithmId::BrentKung), "");
  Trace a, b;
  a.input = b.input = {1, 2};
  EXPECT_TRUE(sameRun(a, b));
  b.meta.op = "max";
  EXPECT_FALSE(sameRun(a, b));
}

TEST(CompareModel, DiffOfAnH200TraceFileAgainstTheEmulatorIsIdentical) {
  CompareModel m;
  m.setKind(CompareKind::BackendDiff);
  m.setSync(CompareSync::ByTime);
  EXPECT_EQ(m.effectiveSync(), CompareSync::ByStep);
  const CompareBase base = fileBase("brent-kung-lesson.json");
  settle(m, base);
  ASSERT_EQ(m.lanes().size(), 2u);
  EXPECT_EQ(m.lanes()[0].trace, base.lesson) << "the file is shown as it is";
  ASSERT_TRUE(m.lanes()[1].trace) << m.lanes()[1].error;
  EXPECT_EQ(m.lanes()[1].trace->meta.backend, "cpu");
  ASSERT_TRUE(m.diff());
  EXPECT_TRUE(m.diff()->identical()) << m.diff()->firstDifference;
  m.playback.setStep(3);
  EXPECT_TRUE(m.shownStepDiff().identical());
  EXPECT_EQ(m.shownStepDiff().step, 3);
}

TEST(CompareModel, DiffOfATruncatedTraceNamesTheProblem) {
  CompareModel m;
  m.setKind(CompareKind::BackendDiff);
  m.update(fileBase("decoupled-lookback-1048576.json"));
  EXPECT_TRUE(m.lanes().empty());
  EXPECT_NE(m.problem().find("65536"), std::string::npos) << m.problem();
}

TEST(CompareModel, TheLayoutRemembersTheViewsAndTheirChoices) {
  AppSettings s;
  s.layout.centerView = CenterView::Timeline;
  s.layout.compareAlgorithms = {"blelloch", "warp-shuffle", "sequential"};
  s.layout.compareSync = "time";
  s.layout.timelineLanes = "block";
  const AppSettings back = settingsFromJson(settingsToJson(s), "settings.json");
  EXPECT_EQ(back.layout.centerView, CenterView::Timeline);
  EXPECT_EQ(back.layout.compareAlgorithms, s.layout.compareAlgorithms);
  EXPECT_EQ(back.layout.compareSync, "time");
  EXPECT_EQ(back.layout.timelineLanes, "block");
  EXPECT_EQ(settingsFromJson("{}", "settings.json").layout.centerView, CenterView::Lesson);
  EXPECT_THROW(settingsFromJson(R"({"layout": {"center_view": "plots"}})", "settings.json"),
               ConfigFormatError);
  EXPECT_EQ(valueOf(kCenterViewKeys, keyOf(kCenterViewKeys, CenterView::Compare)),
            CenterView::Compare);
}

TEST(CompareModel, ClassModeIsNeverRestoredTheLecturerOpensIt) {
  AppSettings s;
  s.layout.centerView = CenterView::Class;
  EXPECT_EQ(settingsFromJson(settingsToJson(s), "settings.json").layout.centerView,
            CenterView::Lesson);
  EXPECT_EQ(settingsFromJson(R"({"layout": {"center_view": "class"}})", "settings.json")
                .layout.centerView,
            CenterView::Lesson);
}

TEST(CompareModel, DiffWithoutAGpuOrTraceFileSaysWhatToDo) {
  if (cudaStatus().available) GTEST_SKIP() << "a CUDA device answers here";
  CompareModel m;
  m.setKind(CompareKind::BackendDiff);
  m.update(lessonBase());
  EXPECT_TRUE(m.lanes().empty());
  EXPECT_NE(m.problem().find("Open sample trace"), std::string::npos) << m.problem();
}

}  // namespace
}  // namespace scanviz
