// Issue 32, "Every picture true to the lecture": Compare runs each algorithm in its natural form
// and sets its counters next to its own formula; export and sessions take the counters' P; numbers
// are printed for people by one formatter; `scanviz list` states exact formulas; the Brent tab's
// sequential row is the baseline, not a prediction against itself; the padding's work can be left
// out; `analyze` says which run it counted and offers the seeds' model.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

#include "app/cli/cli.h"
#include "app/core/algorithms/brent_table.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/capture/session.h"
#include "app/core/lesson/analysis.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/playback/compare_model.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"
#include "app/core/trace/value_format.h"
#include "app/scene/compare_counters.h"
#include "app/scene/counter_rows.h"
#include "app/ui/export/export_command.h"
#include "tests/common/captures.h"
#include "tests/common/compare_lanes.h"

namespace scanviz {
namespace {

std::map<std::string, std::string> byLabel(const std::vector<CounterRow>& rows) {
  std::map<std::string, std::string> m;
  for (const CounterRow& r : rows) m[r.label] = r.value;
  return m;
}

std::string runCommand(const std::vector<std::string>& args, int* code = nullptr) {
  testing::internal::CaptureStdout();
  const int rc = runCli(args).value_or(-1);
  const std::string out = testing::internal::GetCapturedStdout();
  if (code) *code = rc;
  return out;
}

const CompareLane* laneOf(const CompareModel& m, const std::string& key) {
  for (const CompareLane& l : m.lanes())
    if (l.trace && l.trace->meta.algorithm == key) return &l;
  return nullptr;
}

std::map<std::string, std::string> lastCounters(const CompareLane& lane) {
  return byLabel(compareCounters(*lane.trace, static_cast<int>(lane.trace->steps.size()) - 1));
}

// Item 1: `--compare kogge-stone,brent-kung,blelloch,hillis-steele` on the lesson of 8 values.
TEST(TrueToLecture, CompareRunsEachAlgorithmInItsNaturalForm) {
  CompareModel m;
  m.setAlgorithms({AlgorithmId::KoggeStone, AlgorithmId::BrentKung, AlgorithmId::Blelloch,
                   AlgorithmId::HillisSteele});
  const CompareBase base = lessonBase();
  ASSERT_TRUE(base.lesson->meta.inclusive) << "the lesson is Kogge-Stone's inclusive scan";
  settle(m, base);
  const CompareLane* blelloch = laneOf(m, "blelloch");
  const CompareLane* ks = laneOf(m, "kogge-stone");
  ASSERT_TRUE(blelloch && ks);
  EXPECT_FALSE(blelloch->trace->meta.inclusive) << "Blelloch's down-sweep is exclusive";
  EXPECT_EQ(countRun(*blelloch->trace).work, 14);
  EXPECT_EQ(countRun(*blelloch->trace).depth, 6);
  auto rows = lastCounters(*blelloch);
  EXPECT_EQ(rows["form"], "exclusive scan, its natural form");
  EXPECT_EQ(rows["work"], "14 of 14 = 2(N - 1)  (sequential 7)");
  EXPECT_EQ(rows["depth"], "6 = 2 log2 N");
  rows = lastCounters(*ks);
  EXPECT_EQ(rows["form"], "inclusive scan, its natural form");
  EXPECT_EQ(rows["work"], "17 of 17 = N log2 N - (N - 1)  (sequential 7)");
  EXPECT_EQ(rows["depth"], "3 = log2 N");
  EXPECT_NE(rows["result"].find("matches the sequential scan"), std::string::npos)
      << rows["result"];

  // One form for all: Blelloch pays its conversion, counted and named next to its formula.
  m.setForm(CompareForm::Inclusive);
  settle(m, base);
  blelloch = laneOf(m, "blelloch");
  ASSERT_TRUE(blelloch);
  EXPECT_TRUE(blelloch->trace->meta.inclusive);
  rows = lastCounters(*blelloch);
  EXPECT_EQ(rows["form"], "inclusive scan, converted from its exclusive form");
  EXPECT_EQ(rows["work"], "22 of 22 = 2(N - 1) + 8 to inclusive  (sequential 7)");
  EXPECT_EQ(rows["depth"], "8 = 2 log2 N + 2 to inclusive  (7 barrier steps)");
  m.setForm(CompareForm::Exclusive);
  settle(m, base);
  ASSERT_TRUE(laneOf(m, "kogge-stone"));
  EXPECT_EQ(lastCounters(*laneOf(m, "kogge-stone"))["form"],
            "exclusive scan (its natural form is inclusive)");
}

TEST(TrueToLecture, CompareFindsTheSampleTraceOfEachNaturalForm) {
  CompareModel m;
  m.setAlgorithms({AlgorithmId::KoggeStone, AlgorithmId::Blelloch});
  CompareBase base;
  base.traceFile =
      (std::filesystem::path(sampleTraceDirectory()) / "kogge-stone-lesson.json").string();
  base.lesson = std::make_shared<const Trace>(loadTrace(base.traceFile));
  m.update(base);
  EXPECT_FALSE(m.busy()) << "both lanes are sample traces, read rather than captured";
  ASSERT_EQ(m.lanes().size(), 2u);
  ASSERT_TRUE(m.lanes()[1].trace);
  EXPECT_EQ(m.lanes()[1].trace->meta.backend, "cuda");
  EXPECT_FALSE(m.lanes()[1].trace->meta.inclusive);
  EXPECT_NE(m.lanes()[1].origin.find("blelloch-lesson.json"), std::string::npos);
}

// Item 7: numbers for people.
TEST(TrueToLecture, NumbersArePrintedForPeople) {
  EXPECT_EQ(formatQuantity(73.96875), "74.0");
  EXPECT_EQ(formatQuantity(20971520), "20,971,520");
  EXPECT_EQ(formatQuantity(-559039000), "-559,039,000");
  EXPECT_EQ(formatQuantity(17), "17");
  EXPECT_EQ(formatQuantity(0.914), "0.914");
  EXPECT_EQ(formatQuantity(2.0947), "2.09");
  EXPECT_EQ(formatQuantity(1234.56), "1,234.6");
  EXPECT_EQ(formatQuantity(-12.25), "-12.3");
  const std::string tp =
      runCommand({"analyze", "--algorithm", "three-phase", "--n", "1024", "--block-size", "64"});
  EXPECT_NE(tp.find("= 74.0"), std::string::npos) << tp;
  EXPECT_EQ(tp.find("e+"), std::string::npos) << tp;
  const std::string big = runCommand({"analyze", "--algorithm", "kogge-stone", "--n", "1048576"});
  EXPECT_EQ(big.find("e+"), std::string::npos) << big;
  EXPECT_NE(big.find("1,048,576"), std::string::npos) << big;
}

// Item 7: export and sessions take the counters' P.
TEST(TrueToLecture, ExportAndSessionsTakeTheProcessors) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("scanviz-i32-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string svg = (dir / "c.svg").string();
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  int rc = runExportCommand({"--algorithm", "kogge-stone", "--backend", "cpu", "--panel",
                             "counters", "--processors", "32", "--out", svg, "--quiet"});
  std::string err = testing::internal::GetCapturedStderr();
  testing::internal::GetCapturedStdout();
  ASSERT_EQ(rc, 0) << err;
  // Kogge-Stone of 8: W = 17, D = 3.
  EXPECT_NE(readWholeFile(svg).find("17/32 + 3 = 3.53 steps"), std::string::npos);

  Session s;
  s.config.backend = BackendChoice::Cpu;
  s.processors = 16;
  const Session back = sessionFromJson(sessionToJson(s), "s.json");
  EXPECT_EQ(back.processors, 16);
  EXPECT_THROW(
      sessionFromJson(R"({"kind": "scanviz-session", "counters": {"processors": 0}})", "s.json"),
      ConfigFormatError);
  const std::string session = (dir / "s.json").string();
  saveSession(s, session);
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  rc = runExportCommand({"--session", session, "--panel", "counters", "--out", svg, "--quiet"});
  err = testing::internal::GetCapturedStderr();
  testing::internal::GetCapturedStdout();
  ASSERT_EQ(rc, 0) << err;
  EXPECT_NE(readWholeFile(svg).find("17/16 + 3 = 4.06 steps"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// Item 10: the list's work and steps are the descriptors' exact formulas.
TEST(TrueToLecture, ListStatesTheExactFormulas) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    const std::string summary(a.summary);
    if (!a.sectionCost || summary.find("about") != std::string::npos) continue;
    const SectionCost c = a.sectionCost(16, 4);
    if (summary.find(" work") != std::string::npos) {
      EXPECT_NE(summary.find(std::string(c.work.formula) + " work"), std::string::npos)
          << a.key << ": " << summary;
    }
    if (summary.find(" steps") != std::string::npos) {
      EXPECT_NE(summary.find(std::string(c.depth.formula) + " "), std::string::npos)
          << a.key << ": " << summary;
    }
  }
  const std::string list = runCommand({"list"});
  EXPECT_NE(list.find("2N - 2 - log2 N work, 2 log2 N - 1 steps"), std::string::npos) << list;
  const Trace t = captureOnes(AlgorithmId::BrentKung, 16, Operator::Add, false);
  EXPECT_EQ(countRun(t).work, 26);  // 2 * 16 - 2 - 4
  EXPECT_EQ(countRun(t).depth, 7);  // 2 * 4 - 1
}

// Item 11: the sequential row is the yardstick.
TEST(TrueToLecture, TheBrentTabsSequentialRowIsTheBaseline) {
  const BrentTable table = brentTable(1024, 32, 64, nullptr, DType::Int32);
  bool seen = false;
  for (const BrentRow& r : table.rows) {
    if (r.id != AlgorithmId::Sequential) continue;
    seen = true;
    EXPECT_TRUE(r.baseline);
    EXPECT_DOUBLE_EQ(r.predictedSpeedup, 1.0);
    EXPECT_DOUBLE_EQ(r.seedSpeedup, 1.0);
  }
  EXPECT_TRUE(seen);
}

// Item 13: hierarchical at N = 4096 counts 2,036 applications on padding.
TEST(TrueToLecture, TheRealElementsWorkAloneWithThePaddingsShareBeside) {
  const Trace t = captureOnes(AlgorithmId::Hierarchical, 4096, Operator::Add, false);
  const RunCounts c = countRun(t);
  ASSERT_EQ(c.work, 14297);
  ASSERT_EQ(c.paddingWork, 2036);
  EXPECT_EQ(c.realWork(), 12261);
  const int last = static_cast<int>(t.steps.size()) - 1;
  auto rows = byLabel(counterRows(t, last, 4, /*realElements=*/true));
  // The steps are the recorded block's: so far, its applications less its padding's.
  const int64_t recorded = stepMetrics(t, last).cumulativeWork;
  EXPECT_EQ(rows["Work so far"],
            formatQuantity(static_cast<double>(recorded - 2036)) + " of 12,261  (real elements)");
  EXPECT_EQ(rows["Padding, left out"], "2,036 = 14.2% of W = 14,297");
  EXPECT_EQ(rows.count("Work on padding"), 0u);
  EXPECT_NE(rows["Brent W/P + D"].find("12,261/4 + "), std::string::npos) << rows["Brent W/P + D"];
  rows = byLabel(counterRows(t, last, 4));
  EXPECT_EQ(rows["Work so far"], formatQuantity(static_cast<double>(recorded)) + " of 14,297");
  EXPECT_EQ(rows["Work on padding"], "2,036 = 14.2% of W = 14,297");
  EXPECT_TRUE(hasPaddingRow(counterRows(t, last, 4)));
  // Part way, the real work so far leaves out only the padding of the steps so far.
  for (int k = 0; k <= last; ++k) {
    const std::string v = byLabel(counterRows(t, k, 4, true))["Work so far"];
    EXPECT_NE(v.find(" of 12,261"), std::string::npos) << k << ": " << v;
  }
  const std::string out =
      runCommand({"analyze", "--algorithm", "hierarchical", "--n", "4096", "--real-elements"});
  EXPECT_NE(out.find("work on the input's elements"), std::string::npos) << out;
  EXPECT_NE(out.find("12,261"), std::string::npos) << out;
  EXPECT_NE(out.find("2.99x"), std::string::npos) << out;
  EXPECT_NE(out.find("14.2% of W = 14,297"), std::string::npos) << out;
  const std::string all = runCommand({"analyze", "--algorithm", "hierarchical", "--n", "4096"});
  EXPECT_NE(all.find("3.49x"), std::string::npos) << all;
}

// Item 14: Hillis-Steele at a size no block holds: the run counted is hierarchical, and the
// seeds' one-section model (the lecture's "a factor of log n") is offered beside it.
TEST(TrueToLecture, AnalyzeSaysWhichRunItCountedAndOffersTheModel) {
  const std::string out = runCommand({"analyze", "--algorithm", "hillis-steele", "--n", "1048576"});
  EXPECT_NE(out.find("runs hierarchically"), std::string::npos) << out;
  EXPECT_NE(out.find("one section of all N = 1,048,576 elements"), std::string::npos) << out;
  // N log2 N - (N - 1) = 20,971,520 - 1,048,575; over the sequential N - 1: 19.0x.
  EXPECT_NE(out.find("19,922,945"), std::string::npos) << out;
  EXPECT_NE(out.find("19.0x"), std::string::npos) << out;
  const std::string small = runCommand({"analyze", "--algorithm", "hillis-steele", "--n", "1024"});
  EXPECT_NE(small.find("one section of 1,024 elements"), std::string::npos) << small;
  EXPECT_EQ(small.find("runs hierarchically"), std::string::npos) << small;
}

}  // namespace
}  // namespace scanviz
