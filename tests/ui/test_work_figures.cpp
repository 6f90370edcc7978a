// The bank-conflict figure (app/scene/bank_conflict_scene.h) and the dependence graph with Brent's
// schedule (app/scene/dependence_graph_scene.h), checked against values worked by hand.
//
// Blelloch on N = 256 (block 128, four warps; XY[i] in slot i): at up-sweep stride s thread t
// writes XY[(t+1)2s - 1] and reads XY[(t+1)2s - 1 - s]. Stride 1: each warp's 32 destinations
// 1, 3, ..., 63 fall in the 16 odd banks, two each (1 and 33): 2-way, and so are its sources: a
// replay for the src read and two for the dst read and write, 3 a warp, 12 for the four warps.
// Stride 2: two warps, destinations 3, 7, ..., 127 in 8 banks, 4 each: 4-way, 2 x 3 x 3 = 18.
// Strides 4, 8, 16: one warp, 8 addresses in a bank: 8-way, 3 x 7 = 21. Stride 32: four threads
// in bank 31: 4-way, 9. Stride 64: 2-way, 3. Stride 128: one thread, none. The down-sweep walks
// the strides back with the same pattern. With one padding slot after every 32 elements (slot
// i + i/32) every one of these accesses is conflict-free.
//
// Kogge-Stone on N = 8: strides 1, 2, 4 apply 7 + 6 + 4 = 17 operators (W), every application of
// stride s reads one written at stride s/2, so the levels are the steps and D = 3. Brent's
// schedule: P = 1 takes 17 units (bound 17 + 3 = 20); P = 2 takes 4 + 3 + 2 = 9 (bound 11.5);
// P = 4 takes 2 + 2 + 1 = 5 (bound 7.25).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/core/lesson/analysis.h"
#include "app/core/lesson/bank_accesses.h"
#include "app/core/lesson/dependence_graph.h"
#include "app/scene/bank_conflict_scene.h"
#include "app/scene/dependence_graph_scene.h"
#include "app/scene/figure_kinds.h"
#include "app/scene/palette.h"
#include "app/scene/scene_text.h"
#include "tests/common/captures.h"
#include "tests/common/headless_ui.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

using Texts = std::vector<std::string>;

std::vector<double> ramp(int n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = i % 7;
  return v;
}

Scene figureOf(FigureKind kind, const Trace& t, int step, int processors = 4) {
  FigureRequest rq;
  rq.trace = &t;
  rq.step = step;
  rq.width = 1920;
  rq.processors = processors;
  return figureKindInfo(kind).build(
      rq, ArraySceneStyle{}, viewPalette(Theme::Light, Palette::Classic), approximateTextWidth);
}

int stepLabelled(const Trace& t, const std::string& label) {
  for (size_t k = 0; k < t.steps.size(); ++k)
    if (t.steps[k].label == label) return static_cast<int>(k);
  ADD_FAILURE() << "no step '" << label << "'";
  return 0;
}

struct StepConflict {
  std::string label;
  std::string total;  // the plain layout's total, as the figure prints it
  int replays;
};

TEST(BankFigure, BlellochN256ConflictsPerStepAgreeWithTheCounter) {
  const Trace t = captureOnEmulator(AlgorithmId::Blelloch, ramp(256), 128);
  ASSERT_EQ(t.meta.sectionSize, 256);
  const std::vector<StepConflict> expected = {
      {"up-sweep stride 1", "worst 2-way  \xC2\xB7  12 replays", 12},
      {"up-sweep stride 2", "worst 4-way  \xC2\xB7  18 replays", 18},
      {"up-sweep stride 4", "worst 8-way  \xC2\xB7  21 replays", 21},
      {"up-sweep stride 8", "worst 8-way  \xC2\xB7  21 replays", 21},
      {"up-sweep stride 16", "worst 8-way  \xC2\xB7  21 replays", 21},
      {"up-sweep stride 32", "worst 4-way  \xC2\xB7  9 replays", 9},
      {"up-sweep stride 64", "worst 2-way  \xC2\xB7  3 replays", 3},
      {"up-sweep stride 128", "conflict-free  \xC2\xB7  0 replays", 0},
  };
  for (const StepConflict& e : expected) {
    const int k = stepLabelled(t, e.label);
    const Scene s = figureOf(FigureKind::BankConflicts, t, k);
    const Texts totals = textsOf(s, "bank-total");
    ASSERT_EQ(totals.size(), 2u) << e.label;
    EXPECT_EQ(totals[0], e.total) << e.label;
    EXPECT_EQ(totals[1], "conflict-free  \xC2\xB7  0 replays") << e.label << ", padded";
    // The counter (counters panel, step_metrics.h) counts the same accesses.
    const BankConflicts counter = bankConflicts(t.steps[static_cast<size_t>(k)], "blelloch");
    EXPECT_EQ(counter.extraCycles, e.replays) << e.label;
    EXPECT_EQ(bankConflicts(t.steps[static_cast<size_t>(k)], "blelloch-conflict-free").extraCycles,
              0)
        << e.label;
  }
}

// Stride 1: four warps, each a src row and a dst row; 32 addresses a row, in 16 banks, two a bank.
TEST(BankFigure, EveryAccessIsABoxInItsBank) {
  const Trace t = captureOnEmulator(AlgorithmId::Blelloch, ramp(256), 128);
  const Scene s = figureOf(FigureKind::BankConflicts, t, stepLabelled(t, "up-sweep stride 1"));
  EXPECT_EQ(textsOf(s, "bank-row-label"), (Texts{"w0 src", "w0 dst", "w1 src", "w1 dst", "w2 src",
                                                 "w2 dst", "w3 src", "w3 dst"}));
  EXPECT_EQ(textsOf(s, "bank-way-plain"), Texts(8, "2-way"));
  EXPECT_EQ(textsOf(s, "bank-way-padded"), Texts(8, kTick));
  // 8 rows x 32 addresses: every one in a 2-way bank in the plain layout, alone in the padded one.
  EXPECT_EQ(s.rectsWithRole("bank-conflict").size(), 256u);
  EXPECT_EQ(s.rectsWithRole("bank-address").size(), 256u);
  // Warp 0's destinations 1 and 33 share bank 1: their boxes stand in one column, one above the
  // other.
  const auto boxes = s.rectsWithRole("bank-conflict");
  const auto at = [&](int element) {
    for (const SceneRect* r : boxes)
      if (r->index == element) return r;
    return static_cast<const SceneRect*>(nullptr);
  };
  ASSERT_TRUE(at(1) && at(33) && at(3));
  EXPECT_FLOAT_EQ(at(1)->x, at(33)->x);
  EXPECT_LT(at(33)->y, at(1)->y);
  EXPECT_GT(at(3)->x, at(1)->x);
}

TEST(BankFigure, TheKernelsOwnLayoutIsNamedAndAStepWithoutAccessesSaysSo) {
  const Trace t = captureOnEmulator(AlgorithmId::BlellochConflictFree, ramp(256), 128);
  const Scene s = figureOf(FigureKind::BankConflicts, t, stepLabelled(t, "up-sweep stride 4"));
  const Texts titles = textsOf(s, "bank-panel-title");
  ASSERT_EQ(titles.size(), 2u);
  EXPECT_NE(titles[1].find("(this kernel)"), std::string::npos);
  EXPECT_NE(titles[0].find("(what padding does)"), std::string::npos);
  const Scene load = figureOf(FigureKind::BankConflicts, t, 0);
  EXPECT_FALSE(load.textsWithRole("bank-none").empty());  // a sentence, wrapped
  EXPECT_TRUE(load.rectsWithRole("bank-conflict").empty());
  // -1: the step that replays most in the kernel's layout; for the plain kernel a 8-way one.
  const Trace plain = captureOnEmulator(AlgorithmId::Blelloch, ramp(256), 128);
  EXPECT_EQ(textsOf(figureOf(FigureKind::BankConflicts, plain, -1), "bank-total")[0],
            "worst 8-way  \xC2\xB7  21 replays");
}

TEST(BankFigure, ARunWithoutSharedAccessesHasNone) {
  Trace t;
  t.steps = {TraceStep{.label = "load", .array = "section", .values = {1, 2}}};
  EXPECT_NE(bankFigureProblem(t), "");
  EXPECT_EQ(bankFigureProblem(captureOnEmulator(AlgorithmId::KoggeStone, ramp(64))), "");
}

// ---- the dependence graph -----------------------------------------------------------------------

TEST(DependenceGraph, KoggeStoneN8WorkDepthAndBrent) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  ASSERT_EQ(dependenceGraphProblem(t), "");
  const DependenceGraph g = dependenceGraph(t);
  EXPECT_EQ(g.work(), 17);
  EXPECT_EQ(g.work(), t.counters.work);
  EXPECT_EQ(g.depth, 3);
  EXPECT_EQ(g.depth, countRun(t).depth);
  EXPECT_EQ(g.nodesPerLevel, (std::vector<int>{7, 6, 4}));
  ASSERT_EQ(g.criticalPath.size(), 3u);
  // The chain ends in XY[7] at stride 4 and runs through XY[7] at stride 2 and XY[7] or XY[5] at 1.
  EXPECT_EQ(g.nodes[static_cast<size_t>(g.criticalPath.back())].element, 7);
  for (size_t i = 1; i < g.criticalPath.size(); ++i) {
    const std::vector<int> preds = g.predecessors(g.criticalPath[i]);
    EXPECT_NE(std::find(preds.begin(), preds.end(), g.criticalPath[i - 1]), preds.end());
  }
  const int expectedTime[] = {17, 9, 5};
  const double expectedBound[] = {20, 11.5, 7.25};
  for (int i = 0; i < 3; ++i) {
    const int p = 1 << i;
    const BrentSchedule b = brentSchedule(g, p);
    EXPECT_EQ(b.time(), expectedTime[i]) << "P = " << p;
    EXPECT_DOUBLE_EQ(b.bound, expectedBound[i]) << "P = " << p;
    EXPECT_DOUBLE_EQ(b.bound, brentBound(17, 3, p));  // the counters' bound
    for (const auto& unit : b.units) EXPECT_LE(static_cast<int>(unit.size()), p);
  }
}

TEST(DependenceGraph, FigureShowsWorkDepthAndTheBoundForP) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const Scene s = figureOf(FigureKind::DependenceGraph, t, -1, 2);
  EXPECT_EQ(s.rectsWithRole("graph-node").size(), 17u);
  EXPECT_EQ(s.rectsWithRole("graph-input").size(), 8u);
  EXPECT_EQ(textsOf(s, "graph-work"), Texts{"W = 17 applications (nodes)"});
  EXPECT_EQ(textsOf(s, "graph-depth"), Texts{"D = 3 (the lit chain)"});
  EXPECT_EQ(textsOf(s, "brent-time"), Texts{"P = 2:  T_P = 9"});
  EXPECT_EQ(textsOf(s, "brent-bound"), Texts{"\xE2\x89\xA4 W/P + D = 17/2 + 3 = 11.5"});
  EXPECT_EQ(s.rectsWithRole("schedule-slot").size(), 17u);
  EXPECT_EQ(linesWithRole(s, "graph-critical").size(), 2u);  // D nodes, D - 1 arrows between
  // Each operand from a node or an input is an arrow: 2 per application (no identity here).
  EXPECT_EQ(linesWithRole(s, "graph-edge").size() + 2u, 34u);
  // P moves, the figure follows.
  EXPECT_EQ(textsOf(figureOf(FigureKind::DependenceGraph, t, -1, 4), "brent-time"),
            Texts{"P = 4:  T_P = 5"});
  EXPECT_EQ(textsOf(figureOf(FigureKind::DependenceGraph, t, -1, 1), "brent-bound"),
            Texts{"\xE2\x89\xA4 W/P + D = 17/1 + 3 = 20"});
  // Stepping through: at step 1 only stride 1's seven applications are drawn filled.
  EXPECT_EQ(figureOf(FigureKind::DependenceGraph, t, 1).rectsWithRole("graph-node").size(), 7u);
  EXPECT_EQ(figureOf(FigureKind::DependenceGraph, t, 1).rectsWithRole("graph-node-pending").size(),
            10u);
}

// Brent-Kung and Blelloch on 8 elements: their barrier steps (5 and 6) are more than the graph's
// longest chain. Brent-Kung: XY[1], XY[3] (up-sweep), XY[5] (down stride 2), XY[6] (down stride
// 1): 4. Blelloch: XY[1], XY[3] (up), XY[7] at down stride 4 reads XY[3] and the identity, then
// XY[7] at stride 2 and stride 1: 5.
TEST(DependenceGraph, TreeScansChainsAreShorterThanTheirBarrierSteps) {
  const Trace bk = lessonTrace(AlgorithmId::BrentKung);
  const DependenceGraph gb = dependenceGraph(bk);
  EXPECT_EQ(gb.work(), 11);
  EXPECT_EQ(gb.work(), bk.counters.work);
  EXPECT_EQ(gb.depth, 4);
  EXPECT_EQ(countRun(bk).depth, 5);
  CaptureRequest rq = emulatorRequest(AlgorithmId::Blelloch, defaultLessonInput(), Operator::Add,
                                      /*exclusive=*/true);
  const Trace bl = capture(rq).trace;
  const DependenceGraph gl = dependenceGraph(bl);
  EXPECT_EQ(gl.work(), 14);
  EXPECT_EQ(gl.depth, 5);
  EXPECT_EQ(countRun(bl).depth, 6);
  // The swap moves values without an application: XY[7] at stride 2 reads XY[5]'s moved value,
  // the root's application at stride 4.
  const Scene s = figureOf(FigureKind::DependenceGraph, bl, -1);
  EXPECT_FALSE(s.textsWithRole("graph-barriers").empty());  // a sentence, wrapped
}

// Every one-block algorithm: a node per counted application, a chain no longer than the run's
// depth, and Brent's schedule within its bound and above its lower bounds.
TEST(DependenceGraph, EveryOneBlockAlgorithmKeepsBrentsBound) {
  for (AlgorithmId id :
       {AlgorithmId::Sequential, AlgorithmId::KoggeStone, AlgorithmId::KoggeStoneExclusive,
        AlgorithmId::HillisSteele, AlgorithmId::BrentKung, AlgorithmId::Blelloch,
        AlgorithmId::BlellochConflictFree, AlgorithmId::ThreePhase}) {
    for (int n : {8, 13, 32}) {
      const Trace t = captureOnEmulator(id, ramp(n));
      if (!dependenceGraphProblem(t).empty()) continue;  // a section of more than 32 elements
      const DependenceGraph g = dependenceGraph(t);
      const std::string what = t.meta.algorithm + " n=" + std::to_string(n);
      EXPECT_EQ(g.work(), t.counters.work) << what;
      EXPECT_LE(g.depth, countRun(t).depth) << what;
      EXPECT_EQ(static_cast<int>(g.criticalPath.size()), g.depth) << what;
      for (int p : {1, 2, 3, 8}) {
        const BrentSchedule b = brentSchedule(g, p);
        EXPECT_LE(b.time(), b.bound) << what << " P=" << p;
        EXPECT_GE(b.time(), std::max<long long>(g.depth, (g.work() + p - 1) / p)) << what;
      }
    }
  }
  EXPECT_EQ(dependenceGraph(lessonTrace(AlgorithmId::Sequential)).depth, 7);
}

TEST(DependenceGraph, GridRunsAndLongSectionsHaveNone) {
  EXPECT_NE(dependenceGraphProblem(captureOnEmulator(AlgorithmId::Hierarchical, ramp(64), 8)), "");
  EXPECT_NE(dependenceGraphProblem(captureOnEmulator(AlgorithmId::KoggeStone, ramp(64))), "");
}

// ---- in the window ------------------------------------------------------------------------------

// The figure view draws the figure its kind names, with the counters' P: moving P changes T_P.
class WorkFiguresInTheWindow : public HeadlessLayoutTest {
 protected:
  const Scene& figureScene() { return ui_.report.panelScenes.at("figure"); }
};

TEST_F(WorkFiguresInTheWindow, TheGraphFollowsPAndTheBanksTheStep) {
  AppSettings settings;
  settings.layout.centerView = CenterView::Figure;
  settings.brentProcessors = 2;
  AppState state(settings, "");
  state.config.algorithm = AlgorithmId::KoggeStone;
  state.config.backend = BackendChoice::Cpu;
  ASSERT_TRUE(captureNow(state)) << state.banner().text;
  ui_.views.figure = FigureKind::DependenceGraph;
  frame(state);
  EXPECT_EQ(textsOf(figureScene(), "brent-time"), Texts{"P = 2:  T_P = 9"});
  EXPECT_EQ(ui_.report.panels["figure"]["kind"], "Dependence graph (work, depth, Brent)");
  settings.brentProcessors = 4;
  state.updateSettings(settings, /*persist=*/false);
  frame(state);
  EXPECT_EQ(textsOf(figureScene(), "brent-time"), Texts{"P = 4:  T_P = 5"});
  // In a view smaller than a slide the labels shrink, never below the window's own label size.
  for (const SceneText* t : figureScene().textsWithRole("graph-work"))
    EXPECT_GE(t->size, ArraySceneStyle{}.labelSize);

  ui_.views.figure = FigureKind::BankConflicts;
  state.playback.setStep(1);
  frame(state);
  // Kogge-Stone's stride 1 on one warp: its src and dst accesses, both conflict-free.
  EXPECT_EQ(textsOf(figureScene(), "bank-way-plain"), Texts(2, kTick));
  EXPECT_EQ(ui_.report.panels["figure"]["kind"], "Bank conflicts");
}

}  // namespace
}  // namespace scanviz
