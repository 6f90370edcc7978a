// The guard of issue 14: over every algorithm x operator x N x P, the numbers the analysis, the
// `scanviz analyze` command and the counters panel print never contradict each other or the
// algorithm's own formula; and (issue 32) Compare's views and the exported counters picture
// print the same numbers as the panel and `analyze` for the same run.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "app/cli/cli.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/analysis.h"
#include "app/core/lesson/step_explainer.h"
#include "app/core/playback/compare_model.h"
#include "app/core/trace/value_format.h"
#include "app/export/counters_picture.h"
#include "app/scene/compare_counters.h"
#include "app/scene/counter_rows.h"
#include "kernels/scan_types.h"
#include "tests/common/captures.h"
#include "tests/common/compare_lanes.h"

namespace scanviz {
namespace {

// Powers of two, their neighbours, odd lengths, and lengths of more than one section.
const std::vector<long long> kLengths = {1,    2,    3,    5,    7,    8,    9,    10,  16,   31,
                                         33,   64,   100,  127,  129,  255,  256,  513, 1000, 1023,
                                         1024, 1025, 2047, 2048, 2049, 3001, 4095, 4096};
const std::vector<int> kProcessors = {1, 4, 32, 1024, 1 << 20};
const std::vector<Operator> kOperators = {Operator::Add, Operator::Max, Operator::Min,
                                          Operator::Mul};

std::string what(const Trace& t, int p) {
  return t.meta.algorithm + " " + t.meta.op + (t.meta.inclusive ? " inclusive" : " exclusive") +
         " N=" + std::to_string(t.meta.n) + " block=" + std::to_string(t.meta.blockSize) +
         " P=" + std::to_string(p);
}

// A count as every front end prints it (value_format.h).
std::string people(long long v) {
  return formatQuantity(static_cast<double>(v));
}

std::string counterValue(const std::vector<CounterRow>& rows, const std::string& label) {
  for (const CounterRow& r : rows)
    if (r.label == label) return r.value;
  return "missing";
}

// The word that follows `label` in `scanviz analyze`'s output: the number on the label's line.
std::string wordAfter(const std::string& out, const std::string& label) {
  const size_t at = out.find(label);
  if (at == std::string::npos) return "missing";
  std::istringstream line(out.substr(at + label.size()));
  std::string v;
  line >> v;
  return v;
}

void checkRun(const Trace& t) {
  const auto id = findAlgorithm(t.meta.algorithm);
  ASSERT_TRUE(id.has_value());
  const RunCounts c = countRun(t);
  const auto f = runFormula(t);
  const long long n = t.meta.n;
  const double w = static_cast<double>(c.work), d = static_cast<double>(c.depth);
  const std::string base = what(t, 0);

  // Work: the algorithm's own formula, with the conversion named and counted apart.
  ASSERT_EQ(f.has_value(), seedFormulas(*id, 1024, 64).has_value()) << base;
  if (f) {
    EXPECT_DOUBLE_EQ(f->workValue, w) << base << ": " << describeWork(*f);
    EXPECT_DOUBLE_EQ(f->depthValue, d) << base << ": " << describeDepth(*f);
    EXPECT_DOUBLE_EQ(f->conversionWork, static_cast<double>(c.conversionWork)) << base;
    EXPECT_DOUBLE_EQ(f->conversionDepth, static_cast<double>(c.conversionDepth)) << base;
  }
  // A segmented scan over several sections scans the block sums inclusively (the carry a section
  // needs), so its block-sums level converts whichever result was asked for; the plain scans
  // convert only for the result.
  if (!isSegmentedAlgorithm(*id)) {
    EXPECT_EQ(c.conversionWork > 0, t.meta.inclusive && exclusiveByNature(*id)) << base;
  }
  // Padding: none without padding, never more than the work.
  EXPECT_LE(c.paddingWork + c.conversionWork, c.work) << base;
  if (n == t.meta.sectionSize) {
    EXPECT_EQ(c.paddingWork, 0) << base;
  }
  // Depth: the critical path is at least the barrier steps, and at least log2 N for the
  // parallel scans.
  EXPECT_GE(c.depth, c.barrierSteps) << base;
  if (*id != AlgorithmId::Sequential && n > 1) {
    EXPECT_GE(d, std::floor(std::log2(static_cast<double>(n)))) << base;
  }
  if (*id == AlgorithmId::Sequential && t.meta.blocksTotal == 1) {
    EXPECT_EQ(c.depth, std::max(0ll, n - 1)) << base;
  }

  for (int p : kProcessors) {
    const std::string at = what(t, p);
    // No predicted speedup beats the unlimited-processor one.
    EXPECT_LE(brentSpeedup(n, w, d, p), unlimitedSpeedup(n, d) + 1e-12) << at;
    const auto sf =
        seedFormulas(*id, t.meta.blocksTotal == 1 ? t.meta.sectionSize : n, t.meta.blockSize);
    if (sf) {
      EXPECT_LE(seedSpeedup(*sf, n, p), n / sf->depthValue + 1e-12) << at;
    }
    // The counters panel prints the same numbers.
    const std::vector<CounterRow> rows = counterRows(t, static_cast<int>(t.steps.size()) - 1, p);
    const std::string depthRow = counterValue(rows, "Depth D");
    EXPECT_EQ(depthRow.substr(0, depthRow.find(' ')), people(c.depth)) << at;
    if (c.barrierSteps != c.depth) {
      EXPECT_NE(depthRow.find("(" + people(c.barrierSteps) + " barrier steps)"), std::string::npos)
          << at << ": " << depthRow;
    }
    const std::string work = counterValue(rows, "Work so far");
    EXPECT_EQ(work.substr(work.find(" of ") + 4), people(c.work)) << at;
    if (f) {
      EXPECT_EQ(counterValue(rows, "Seed formula"), describeWork(*f)) << at;
    }
    EXPECT_EQ(counterValue(rows, "Work on padding") != "missing", c.paddingWork > 0) << at;
    const std::string brent = counterValue(rows, "Brent W/P + D");
    EXPECT_NE(brent.find(" + " + people(c.depth) + " = "), std::string::npos)
        << at << ": " << brent;
  }
}

TEST(NumbersAgree, EveryAlgorithmOperatorLengthAndProcessorCount) {
  size_t runs = 0;
  for (const AlgorithmInfo& a : allAlgorithms()) {
    for (size_t k = 0; k < kLengths.size(); ++k) {
      const long long n = kLengths[k];
      // Every operator on the short inputs; one operator each (in turn) on the longer ones, whose
      // work and depth do not depend on the operator anyway.
      std::vector<Operator> ops = kOperators;
      if (n > 64) ops = {kOperators[k % kOperators.size()]};
      for (Operator op : ops) {
        for (bool exclusive : {false, true}) {
          if (n > 64 && exclusive != exclusiveByNature(a.id)) continue;  // the default only
          const Trace t = captureOnes(a.id, n, op, exclusive);
          checkRun(t);
          ++runs;
          if (HasFailure()) return;  // one broken case says enough
        }
      }
    }
  }
  EXPECT_GT(runs, 500u);
}

// The three reproductions, with the numbers they must give now.
TEST(NumbersAgree, ThreePhaseDepthIsTheSeedsCriticalPath) {
  CaptureRequest rq =
      emulatorRequest(AlgorithmId::ThreePhase,
                      generateInput(InputPattern::Ones, 1024, 1, DType::Int32, Operator::Add));
  rq.blockSize = 64;
  rq.coarsening = 16;
  const Trace t = capture(rq).trace;
  const RunCounts c = countRun(t);
  EXPECT_EQ(c.depth, 15 + 6 + 15);  // N/T - 1 + log2 T + N/T - 1
  EXPECT_EQ(c.barrierSteps, 8);     // phase 1, six Kogge-Stone steps, phase 3
  EXPECT_NEAR(brentSpeedup(1024, 2226, 36, 1024), 1024 / (2226.0 / 1024 + 36), 1e-9);
  EXPECT_LT(brentSpeedup(1024, 2226, 36, 1024), unlimitedSpeedup(1024, 36));
}

TEST(NumbersAgree, HierarchicalCountsItsPaddingApartAndUsesItsOwnFormula) {
  const Trace t = captureOnes(AlgorithmId::Hierarchical, 4096, Operator::Add, false);
  const RunCounts c = countRun(t);
  EXPECT_EQ(c.work, 14297);
  // Level 1 scans 2 block sums in a 2048-element section: the up-sweep's 1023 + 511 + ... and
  // the down-sweep's applications that combine padding with padding.
  EXPECT_GT(c.paddingWork, 2000);
  EXPECT_LT(c.paddingWork, 4083);
  const auto f = runFormula(t);
  ASSERT_TRUE(f);
  EXPECT_DOUBLE_EQ(f->workValue, 2 * 4083 + 4083 + 2048);  // 2 sections, their sums, add-back
  EXPECT_EQ(f->work.find("2N - 2 - log2 N at N = 2,048") != std::string::npos, true) << f->work;
}

TEST(NumbersAgree, PaddingOfTenElementsInASectionOfSixteen) {
  // Kogge-Stone, strides 1, 2, 4, 8 over 16 slots of which 10 hold data: padding (+) padding is
  // 5 at stride 1 (dst 11..15), 3 at stride 2 (13..15; 11 and 12 now hold data), 0 after.
  const Trace t = captureOnes(AlgorithmId::KoggeStone, 10, Operator::Add, false);
  EXPECT_EQ(t.meta.sectionSize, 16);
  EXPECT_EQ(countRun(t).paddingWork, 8);
  EXPECT_EQ(countRun(t).work, 49);  // 16 log2 16 - 15
}

TEST(NumbersAgree, TheIdentityOfMaxIsNamedAsASymbolInTheLoadSentence) {
  const Trace t = captureOnes(AlgorithmId::KoggeStone, 5, Operator::Max, false);
  EXPECT_NE(explainStep(t, 0).find("the identity -\xE2\x88\x9E (-2147483648)"), std::string::npos)
      << explainStep(t, 0);
}

TEST(NumbersAgree, BlellochIsExclusiveByDefaultAndItsConversionIsAStep) {
  const Trace inclusive = captureOnes(AlgorithmId::Blelloch, 1024, Operator::Add, false);
  const RunCounts c = countRun(inclusive);
  EXPECT_EQ(c.work, 2046 + 1024);
  EXPECT_EQ(c.conversionWork, 1024);
  EXPECT_EQ(c.depth, 20 + 2);  // each of the 512 threads converts its two elements
  const auto f = runFormula(inclusive);
  ASSERT_TRUE(f);
  EXPECT_EQ(describeWork(*f),
            "2(N - 1) = 2,046  (N = 1,024)  + 1,024 exclusive -> inclusive = 3,070");
  // The step that converts says why it is there.
  bool explained = false;
  for (int k = 0; k < static_cast<int>(inclusive.steps.size()); ++k)
    if (inclusive.steps[static_cast<size_t>(k)].kind == static_cast<int>(StepKind::ToInclusive))
      explained = explainStep(inclusive, k).find("costs this extra step") != std::string::npos;
  EXPECT_TRUE(explained);
  // The command line's default for Blelloch is the exclusive scan.
  const Args a({"--algorithm", "blelloch", "--n", "16"}, captureValueOptions(), captureFlags());
  EXPECT_TRUE(captureRequestFromArgs(a).exclusive);
  const Args b({"--algorithm", "blelloch", "--n", "16", "--inclusive"}, captureValueOptions(),
               captureFlags());
  EXPECT_FALSE(captureRequestFromArgs(b).exclusive);
  const Args k({"--algorithm", "kogge-stone", "--n", "16"}, captureValueOptions(), captureFlags());
  EXPECT_FALSE(captureRequestFromArgs(k).exclusive);
}

// `scanviz analyze` prints the numbers the counters panel shows for the same run.
TEST(NumbersAgree, AnalyzeCommandAndCountersPanel) {
  struct Case {
    const char* algorithm;
    long long n;
  };
  for (const Case& k : {Case{"kogge-stone", 1000}, Case{"blelloch", 1024},
                        Case{"hierarchical", 4096}, Case{"brent-kung", 10}}) {
    testing::internal::CaptureStdout();
    const int code = runCli({"analyze", "--algorithm", k.algorithm, "--n", std::to_string(k.n),
                             "--processors", "32"})
                         .value_or(-1);
    const std::string out = testing::internal::GetCapturedStdout();
    ASSERT_EQ(code, 0) << out;
    const auto id = findAlgorithm(k.algorithm);
    const Trace t = captureOnes(*id, k.n, Operator::Add, exclusiveByNature(*id));
    const RunCounts c = countRun(t);
    EXPECT_EQ(wordAfter(out, "work (operator applications)"), people(c.work)) << out;
    EXPECT_EQ(wordAfter(out, "depth (dependent operator applications)"), people(c.depth)) << out;
    EXPECT_EQ(wordAfter(out, "of which on padding"), people(c.paddingWork)) << out;
    const std::vector<CounterRow> rows = counterRows(t, static_cast<int>(t.steps.size()) - 1, 32);
    const std::string brent = counterValue(rows, "Brent W/P + D");
    const std::string bound = brent.substr(brent.rfind("= ") + 2);
    const std::string expect =
        formatQuantity(brentBound(static_cast<double>(c.work), static_cast<double>(c.depth), 32));
    EXPECT_EQ(wordAfter(out, "Brent's bound on P units"), expect) << out;
    EXPECT_EQ(bound, expect + " steps") << brent;
  }
}

// Issue 32: for the same run, Compare's view, `scanviz analyze`, the exported counters picture and
// the window's counters panel print the same work, depth and bound.
TEST(NumbersAgree, CompareAnalyzeExportAndWindow) {
  CompareModel m;
  m.setAlgorithms({AlgorithmId::KoggeStone, AlgorithmId::BrentKung, AlgorithmId::Blelloch,
                   AlgorithmId::HillisSteele});
  const CompareBase base = lessonBase();
  settle(m, base);
  ASSERT_EQ(m.lanes().size(), 4u);
  for (const CompareLane& lane : m.lanes()) {
    ASSERT_TRUE(lane.trace) << lane.title << ": " << lane.error;
    const Trace& t = *lane.trace;
    const int last = static_cast<int>(t.steps.size()) - 1;
    const RunCounts c = countRun(t);
    // Compare's view: "work 14 of 14 = 2(N - 1)  (sequential 7)", "depth 6 = 2 log2 N".
    const std::vector<CounterRow> compare = compareCounters(t, last);
    const std::string work = counterValue(compare, "work");
    const size_t of = work.find(" of ");
    EXPECT_EQ(work.substr(of + 4, work.find(' ', of + 4) - of - 4), people(c.work)) << work;
    const std::string depth = counterValue(compare, "depth");
    EXPECT_EQ(depth.substr(0, depth.find(' ')), people(c.depth)) << depth;
    // The window's panel.
    const std::vector<CounterRow> panel = counterRows(t, last, 4);
    EXPECT_EQ(counterValue(panel, "Work so far"), people(c.work) + " of " + people(c.work));
    const std::string panelDepth = counterValue(panel, "Depth D");
    EXPECT_EQ(panelDepth.substr(0, panelDepth.find(' ')), people(c.depth));
    // The exported picture shows the panel's rows, value for value.
    const Scene picture = countersPicture(t, last, 4, PictureStyle{});
    std::vector<std::string> drawn, expected;
    for (const SceneText& text : picture.texts)
      if (text.role == "counter-value") drawn.push_back(text.text);
    for (const CounterRow& r : panel) expected.push_back(r.value);
    EXPECT_EQ(drawn, expected) << t.meta.algorithm;
    // `scanviz analyze` of the same algorithm, N and form (its default is the natural form, as
    // Compare's is).
    testing::internal::CaptureStdout();
    const int code = runCli({"analyze", "--algorithm", t.meta.algorithm, "--n",
                             std::to_string(t.meta.n), "--processors", "4"})
                         .value_or(-1);
    const std::string out = testing::internal::GetCapturedStdout();
    ASSERT_EQ(code, 0) << out;
    EXPECT_NE(out.find(t.meta.inclusive ? "inclusive scan" : "exclusive scan"), std::string::npos)
        << out;
    EXPECT_EQ(wordAfter(out, "work (operator applications)"), people(c.work)) << out;
    EXPECT_EQ(wordAfter(out, "depth (dependent operator applications)"), people(c.depth)) << out;
    const std::string brent = counterValue(panel, "Brent W/P + D");
    EXPECT_EQ(wordAfter(out, "Brent's bound on P units") + " steps",
              brent.substr(brent.rfind("= ") + 2))
        << out << brent;
  }
}

}  // namespace
}  // namespace scanviz
