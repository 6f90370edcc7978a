// Every picture true to the lecture (issue 32, items 3 and 9): in every step of a block's section,
// a cell the step wrote has an arrow (an operator application or a move) and the thread that
// wrote it is active, and the step's ops equals its operator arrows. Checked over every
// algorithm, "spot the bug" lesson, select kernel and application of `scanviz list`, at several
// N, block sizes, inclusive and exclusive, segmented ones with several flag patterns. The steps
// of the global array that the grid driver records between launches ("every section scanned",
// the add-back, the segmented carry) keep it too (app/core/backends/grid_step_writes.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ostream>
#include <set>
#include <stdexcept>
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
#include "tests/common/every_capture.h"

namespace scanviz {

namespace {

bool sameValue(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

// The first break of the rule in a trace, or empty.
std::string ruleBreak(const Trace& t) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
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
        return at + (isSectionStep(s) ? "XY[" : "Y[") + std::to_string(i) +
               "] was written without an arrow";
    }
  }
  return {};
}

class StepRule : public ::testing::TestWithParam<AlgorithmInfo> {};

TEST_P(StepRule, EveryWrittenCellHasItsArrowAndItsThread) {
  const AlgorithmInfo& info = GetParam();
  std::vector<std::string> breaks;
  const int traces = forEachCapture(info, {1, 7, 8, 16, 33, 1023, 1025}, {0, 4, 64},
                                    [&](const Trace& t, const std::string& what) {
                                      const std::string b = ruleBreak(t);
                                      if (!b.empty() && breaks.size() < 20)
                                        breaks.push_back(what + ": " + b);
                                    });
  EXPECT_GT(traces, 0) << info.key << ": no request was accepted";
  for (const std::string& b : breaks) ADD_FAILURE() << b;
}

INSTANTIATE_TEST_SUITE_P(Everything, StepRule, ::testing::ValuesIn(everyCapturableAlgorithm()),
                         algorithmTestName);

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

// The grid steps between launches: 16 elements in two sections of 8 (Brent-Kung, blocks of 4).
// Checked by hand: section 0 sums to 3+1+7+0+4+1+6+3 = 25, section 1 scans to 2, 7, 8, 12, 12,
// 14, 17, 18; adding S[0] = 25 into each of its 8 cells gives 27 ... 43, one application each,
// thread t of block 1 taking cells 8 + t and 12 + t. Before the fix the step had ops 8 and no
// arrow, no thread.
const TraceStep& gridStep(const Trace& t, StepKind kind) {
  const auto it = std::find_if(t.steps.begin(), t.steps.end(), [&](const TraceStep& s) {
    return s.kind == static_cast<int>(kind) && s.level == 0 && s.array == "global";
  });
  if (it == t.steps.end()) throw std::runtime_error("no such grid step");
  return *it;
}

const std::vector<double> kSixteen = {3, 1, 7, 0, 4, 1, 6, 3, 2, 5, 1, 4, 0, 2, 3, 1};

TEST(StepRule, AddBlockSumsDrawsTheSumIntoEveryCellOfTheNextBlock) {
  CaptureRequest rq = emulatorRequest(*findAlgorithm("hierarchical"), kSixteen);
  rq.blockSize = 4;
  const Trace t = capture(rq).trace;
  const TraceStep& scanned = gridStep(t, StepKind::SectionsScanned);
  EXPECT_EQ(scanned.values,
            (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25, 2, 7, 8, 12, 12, 14, 17, 18}));
  // Every cell stored by its section's block, thread i mod 4, from shared memory.
  ASSERT_EQ(scanned.moves.size(), 16u);
  EXPECT_TRUE(scanned.edges.empty());
  EXPECT_EQ(scanned.moves[9], (std::array<int, 2>{9, -1}));
  EXPECT_EQ(scanned.moveThreads[9], 1);
  EXPECT_EQ(scanned.active, (std::vector<int>{0, 1, 2, 3}));
  const TraceStep& add = gridStep(t, StepKind::AddBlockSums);
  EXPECT_EQ(add.values,
            (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25, 27, 32, 33, 37, 37, 39, 42, 43}));
  std::vector<std::array<int, 2>> into;
  for (int i = 8; i < 16; ++i) into.push_back({i, -1});
  EXPECT_EQ(add.edges, into);
  EXPECT_EQ(add.edgeThreads, (std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3}));
  EXPECT_EQ(add.active, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(add.ops, 8);
  EXPECT_EQ(ruleBreak(t), "");
}

// The carry stops at a section's first head (element 11): cells 8, 9 and 10 only.
TEST(StepRule, SegmentCarryDrawsTheCarryUpToTheFirstHead) {
  CaptureRequest rq = emulatorRequest(*findAlgorithm("segmented-hierarchical"), kSixteen);
  rq.blockSize = 4;
  rq.rows.flags.assign(16, 0);
  rq.rows.flags[0] = rq.rows.flags[11] = 1;
  const Trace t = capture(rq).trace;
  const TraceStep& carry = gridStep(t, StepKind::SegmentCarry);
  EXPECT_EQ(carry.edges, (std::vector<std::array<int, 2>>{{8, -1}, {9, -1}, {10, -1}}));
  EXPECT_EQ(carry.edgeThreads, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(carry.ops, 3);
  EXPECT_EQ(carry.values[10], 25 + 8);
  EXPECT_EQ(carry.values[11], 4);
  EXPECT_EQ(ruleBreak(t), "");
}

// Seed 000's third kernel adds into block 0 too (S[-1]): an arrow into every cell.
TEST(StepRule, TheSeedsThirdKernelWritesEveryCell) {
  CaptureRequest rq = emulatorRequest(*findAlgorithm("hierarchical-s-minus-one"), kSixteen);
  rq.blockSize = 4;
  const Trace t = capture(rq).trace;
  const TraceStep& add = gridStep(t, StepKind::AddBlockSums);
  EXPECT_EQ(add.edges.size(), 16u);
  EXPECT_EQ(add.ops, 16);
  EXPECT_EQ(add.edges.front(), (std::array<int, 2>{0, -1}));
  EXPECT_EQ(ruleBreak(t), "");
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
  // A Blelloch lesson captured on an H200 in trace version 2, before moves were recorded, kept for
  // this test.
  const Trace t = loadTrace(SCANVIZ_SOURCE_DIR "/tests/assets/traces/v2-blelloch-lesson.json");
  ASSERT_LT(t.version, 4);
  for (const TraceStep& s : t.steps)
    if (s.kind == static_cast<int>(StepKind::BlellochDown)) {
      EXPECT_EQ(stepMoves(s).size(), s.edges.size()) << s.label;
    }
}

}  // namespace
}  // namespace scanviz
