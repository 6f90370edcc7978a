// Every picture true to the lecture (issue 32, items 3 and 9): in every step of a block's section,
// a cell the step wrote has an arrow (an operator application or a move) and the thread that
// wrote it is active, and the step's ops equals its operator arrows. Checked over every
// algorithm, "spot the bug" lesson, select kernel and application of `scanviz list`, at several
// N, block sizes, inclusive and exclusive, segmented ones with several flag patterns.
// Steps of the global array (a grid scan's add-back, recorded by the host drivers between
// launches) show a window of all blocks' elements and list no arrows (docs/trace-format.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application.h"
#include "app/core/lesson/step_explainer.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "kernels/launch/backend_error.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/scan_types.h"
#include "tests/common/captures.h"

namespace scanviz {

// Names a parameter of the tests below by its key (gtest prints a descriptor's bytes otherwise).
void PrintTo(const AlgorithmInfo& info, std::ostream* os) {
  *os << info.key;
}

namespace {

bool sameValue(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

// The first break of the rule in a trace, or empty.
std::string ruleBreak(const Trace& t) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
    if (!isSectionStep(s)) continue;
    const std::string at = "step " + std::to_string(k) + " (" + s.label + "): ";
    if (s.ops != static_cast<int64_t>(s.edges.size()))
      return at + "ops " + std::to_string(s.ops) + " but " + std::to_string(s.edges.size()) +
             " operator arrows";
    if (s.edgeThreads.size() != s.edges.size() || s.moveThreads.size() != s.moves.size())
      return at + "an arrow without its thread";
    std::set<int> writers(s.edgeThreads.begin(), s.edgeThreads.end());
    writers.insert(s.moveThreads.begin(), s.moveThreads.end());
    if (std::vector<int>(writers.begin(), writers.end()) != s.active)
      return at + "the active threads are not those that wrote";
    std::set<int> written;
    for (const auto& e : s.edges) written.insert(e[0]);
    for (const auto& m : s.moves) written.insert(m[0]);
    const int before = previousStepOnSameArray(t, k);
    for (int i = 0; i < static_cast<int>(s.values.size()); ++i) {
      // With no step before it on the same array (a load), every element that holds input was
      // written; otherwise every element whose value changed.
      const bool mustBeWritten =
          before < 0
              ? i < validElements(t, k)
              : !sameValue(t.steps[static_cast<size_t>(before)].values[static_cast<size_t>(i)],
                           s.values[static_cast<size_t>(i)]);
      if (mustBeWritten && !written.count(i))
        return at + "XY[" + std::to_string(i) + "] was written without an arrow";
    }
  }
  return {};
}

std::vector<double> ramp(int n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = (i * 7 + 3) % 10;
  return v;
}

// Head flags: one segment, a head every `every` elements, every element a head, a pseudo-random
// pattern.
std::vector<std::vector<uint8_t>> flagPatterns(int n) {
  std::vector<std::vector<uint8_t>> out;
  for (int every : {0, 3, 1, -1}) {
    std::vector<uint8_t> f(static_cast<size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      const bool head = every > 0 ? i % every == 0 : every < 0 && (i * 37 + 11) % 5 == 0;
      f[static_cast<size_t>(i)] = head ? 1 : 0;
    }
    f[0] = 1;
    out.push_back(std::move(f));
  }
  return out;
}

struct Tally {
  int traces = 0;
  std::vector<std::string> breaks;
};

// Captures on the emulator and checks the rule; requests the algorithm cannot take are skipped.
void check(const CaptureRequest& rq, const std::string& what, Tally& tally) {
  Trace t;
  try {
    t = capture(rq).trace;
  } catch (const InputError&) {
    return;
  } catch (const BackendError&) {
    return;  // a lesson whose flawed run deadlocks reports that instead of a trace
  }
  ++tally.traces;
  const std::string b = ruleBreak(t);
  if (!b.empty() && tally.breaks.size() < 20) tally.breaks.push_back(what + ": " + b);
}

std::vector<AlgorithmInfo> everyCapturableAlgorithm() {
  std::vector<AlgorithmInfo> all = allAlgorithms();
  for (const auto* list : {&flawedAlgorithms(), &selectAlgorithms()})
    all.insert(all.end(), list->begin(), list->end());
  return all;
}

class StepRule : public ::testing::TestWithParam<AlgorithmInfo> {};

TEST_P(StepRule, EveryWrittenCellHasItsArrowAndItsThread) {
  const AlgorithmInfo& info = GetParam();
  Tally tally;
  for (int n : {1, 7, 8, 16, 33, 1023, 1025}) {
    for (int block : {0, 4, 64}) {
      for (bool exclusive : {false, true}) {
        CaptureRequest rq = emulatorRequest(info.id, ramp(n), Operator::Add, exclusive);
        rq.blockSize = block;
        if (info.lesson) rq.emulator.threadOrder = info.lesson->setup.threadOrder;
        const std::string what = std::string(info.key) + " n=" + std::to_string(n) +
                                 " block=" + std::to_string(block) +
                                 (exclusive ? " exclusive" : " inclusive");
        const bool flags = info.segmented || algorithmProduct(info.id) != AlgorithmProduct::Scan;
        if (!flags) {
          check(rq, what, tally);
          continue;
        }
        int pattern = 0;
        for (std::vector<uint8_t>& f : flagPatterns(n)) {
          rq.rows.flags = std::move(f);
          check(rq, what + " flags#" + std::to_string(pattern++), tally);
        }
      }
    }
  }
  EXPECT_GT(tally.traces, 0) << info.key << ": no request was accepted";
  for (const std::string& b : tally.breaks) ADD_FAILURE() << b;
}

INSTANTIATE_TEST_SUITE_P(Everything, StepRule, ::testing::ValuesIn(everyCapturableAlgorithm()),
                         [](const auto& p) {
                           std::string name(p.param.key);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(StepRule, EveryApplicationsScans) {
  for (const ApplicationInfo& app : allApplications()) {
    ApplicationOptions options;
    options.backend = BackendChoice::Cpu;
    const ApplicationRun run = runApplication(app.id, defaultApplicationInput(app.id), options);
    ASSERT_FALSE(run.scans.empty()) << app.key;
    for (const ApplicationScan& scan : run.scans)
      EXPECT_EQ(ruleBreak(scan.trace), "") << app.key << ", " << scan.purpose;
  }
}

// Issue 32's example: the segmented down-sweep at stride 2 changes four cells. Before the fix the
// step had ops 0, no active thread and no arrow.
TEST(StepRule, SegmentedBlellochDownSweepShowsItsWorkers) {
  CaptureRequest rq =
      emulatorRequest(*findAlgorithm("segmented-blelloch"), {3, 1, 7, 0, 4, 1, 6, 3});
  rq.rows.flags = {1, 0, 0, 1, 0, 1, 0, 0};
  const Trace t = capture(rq).trace;
  const auto it = std::find_if(t.steps.begin(), t.steps.end(), [](const TraceStep& s) {
    return s.kind == static_cast<int>(StepKind::SegDownSweep) && s.param == 2;
  });
  ASSERT_NE(it, t.steps.end());
  const int k = static_cast<int>(it - t.steps.begin());
  const TraceStep& before = t.steps[static_cast<size_t>(k - 1)];
  std::vector<int> changed;
  for (size_t i = 0; i < it->values.size(); ++i)
    if (it->values[i] != before.values[i]) changed.push_back(static_cast<int>(i));
  ASSERT_EQ(changed.size(), 4u);
  // Threads 0 and 1 own the pairs (1, 3) and (5, 7): each swaps, neither combines (the flags of
  // the left halves stop the prefix), so the step moves four values and applies no operator.
  EXPECT_EQ(it->active, (std::vector<int>{0, 1}));
  EXPECT_EQ(it->ops, 0);
  EXPECT_TRUE(it->edges.empty());
  EXPECT_EQ(writtenCells(t, k), changed);
  EXPECT_EQ(stepMetrics(t, k).activeThreads, 2);
  const std::vector<ThreadState> states = threadStates(t, k);
  EXPECT_EQ(states[0], ThreadState::Active);
  EXPECT_EQ(states[1], ThreadState::Active);
  // The swaps are drawn: each moved cell has its dashed arrow from the cell it came from.
  EXPECT_FALSE(stepMoves(*it).empty());
}

// Item 9: the load's copying threads are active, and the counter and the sentence agree.
TEST(StepRule, LoadCountsItsCopyingThreads) {
  for (const char* key : {"kogge-stone", "blelloch", "three-phase", "warp-shuffle"}) {
    const Trace t = lessonTrace(*findAlgorithm(key));
    const TraceStep& load = t.steps[0];
    ASSERT_EQ(load.kind, static_cast<int>(StepKind::Load)) << key;
    const int threads = t.meta.blockSize;
    EXPECT_EQ(stepMetrics(t, 0).activeThreads, threads) << key;
    EXPECT_NE(explainStep(t, 0).find(std::to_string(threads) + " threads copy 8 input values"),
              std::string::npos)
        << key << ": " << explainStep(t, 0);
    for (ThreadState s : threadStates(t, 0)) EXPECT_EQ(s, ThreadState::Active) << key;
  }
}

// Item 9: the clear step's thread is active (it stores the identity into the root).
TEST(StepRule, ClearShowsTheThreadThatClears) {
  const Trace t = lessonTrace(*findAlgorithm("blelloch"));
  const auto it = std::find_if(t.steps.begin(), t.steps.end(), [](const TraceStep& s) {
    return s.kind == static_cast<int>(StepKind::ClearLast);
  });
  ASSERT_NE(it, t.steps.end());
  const int k = static_cast<int>(it - t.steps.begin());
  const int last = t.meta.blockSize - 1;
  EXPECT_EQ(it->active, (std::vector<int>{last}));
  EXPECT_EQ(it->moves, (std::vector<std::array<int, 2>>{{7, -1}}));
  EXPECT_EQ(stepMetrics(t, k).activeThreads, 1);
  EXPECT_EQ(threadStates(t, k)[static_cast<size_t>(last)], ThreadState::Active);
}

// The moves and the thread of every write survive a file; a version 3 file cannot carry them.
TEST(StepRule, MovesAndWritersSurviveAFile) {
  const Trace t = lessonTrace(*findAlgorithm("blelloch"));
  const Trace back = traceFromJson(traceToJson(t));
  EXPECT_EQ(firstTraceDifference(t, back), "");
  EXPECT_EQ(ruleBreak(back), "");
  std::string old = traceToJson(t);
  old.replace(old.find("\"version\":4"), 11, "\"version\":3");
  try {
    traceFromJson(old);
    ADD_FAILURE() << "a version 3 trace with moves was read";
  } catch (const TraceFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("version 4 added"), std::string::npos) << e.what();
  }
}

// Sample traces written before version 4 still load, and their down-sweep still moves values.
TEST(StepRule, OlderTracesKeepTheirKindsMoves) {
  const Trace t = loadTrace(sampleTracePath("blelloch-lesson.json"));
  ASSERT_LT(t.version, 4);
  for (const TraceStep& s : t.steps)
    if (s.kind == static_cast<int>(StepKind::BlellochDown))
      EXPECT_EQ(stepMoves(s).size(), s.edges.size()) << s.label;
}

}  // namespace
}  // namespace scanviz
