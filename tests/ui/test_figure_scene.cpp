// The structure figure (app/scene/figure_scene.h): PMPP Fig. 8.9 on the book's own input,
// 2 1 3 1 | 0 4 1 2 | 0 3 1 2 | 5 3 1 2 in four blocks of four. Worked by hand from the figure:
//   each block scanned   2 3 6 7 | 0 4 5 7 | 0 3 4 6 | 5 8 9 11
//   block sums S         7 7 6 11, scanned 7 14 20 31
//   Y                    2 3 6 7 | 7 11 12 14 | 14 17 18 20 | 25 28 29 31
#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/lesson/lessons.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/figure_scene.h"
#include "app/scene/palette.h"
#include "app/scene/spot_the_bug_scene.h"
#include "tests/common/captures.h"
#include "tests/common/figure_scenes.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

Trace pmppTrace(AlgorithmId id = AlgorithmId::Hierarchical) {
  return captureOnEmulator(id, kPmppInput, /*blockSize=*/2);  // sections of 4: the four blocks
}

using Texts = std::vector<std::string>;

float centreX(const SceneRect& r) {
  return r.x + 0.5f * r.w;
}

TEST(FigureScene, Figure8_9RowsOnThePmppInput) {
  const Trace t = pmppTrace();
  ASSERT_EQ(figureProblem(t), "");
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "x-value"), (Texts{"2", "1", "3", "1", "0", "4", "1", "2", "0", "3", "1",
                                          "2", "5", "3", "1", "2"}));
  EXPECT_EQ(textsOf(s, "scanned-value"), (Texts{"2", "3", "6", "7", "0", "4", "5", "7", "0", "3",
                                                "4", "6", "5", "8", "9", "11"}));
  EXPECT_EQ(textsOf(s, "sums-value"), (Texts{"7", "7", "6", "11"}));
  EXPECT_EQ(textsOf(s, "sums-scanned-value"), (Texts{"7", "14", "20", "31"}));
  EXPECT_EQ(textsOf(s, "result-value"), (Texts{"2", "3", "6", "7", "7", "11", "12", "14", "14",
                                               "17", "18", "20", "25", "28", "29", "31"}));
  const Texts labels = textsOf(s, "row-label");
  EXPECT_NE(std::find(labels.begin(), labels.end(), "block sums S"), labels.end());
  EXPECT_NE(std::find(labels.begin(), labels.end(), "S scanned"), labels.end());
  EXPECT_EQ(textsOf(s, "block-label"), (Texts{"block 0", "block 1", "block 2", "block 3"}));
}

// One arrow from each block's last element into S, and one from the S cell holding everything
// before a block into each of its elements: 12 for blocks 1 to 3, none into block 0.
TEST(FigureScene, ArrowsFromBlocksIntoSAndFromSIntoEveryLaterBlock) {
  const Scene s = figure(pmppTrace());
  const auto sums = linesWithRole(s, "sum-arrow");
  ASSERT_EQ(sums.size(), 4u);
  const auto scanned = s.rectsWithRole("scanned-cell");
  for (const SceneLine* l : sums)
    EXPECT_FLOAT_EQ(l->x1, centreX(*scanned[static_cast<size_t>(4 * l->index + 3)]));
  const auto addBack = linesWithRole(s, "addback-arrow");
  ASSERT_EQ(addBack.size(), 12u);
  const auto sCells = s.rectsWithRole("sums-scanned-cell");
  const auto yCells = s.rectsWithRole("result-cell");
  for (const SceneLine* l : addBack) {
    ASSERT_GE(l->index, 4);
    const int block = l->index / 4;
    // Inclusive scan of S: block b adds S[b - 1].
    EXPECT_NEAR(l->x1, centreX(*sCells[static_cast<size_t>(block - 1)]), 0.5f) << l->index;
    EXPECT_NEAR(l->x2, centreX(*yCells[static_cast<size_t>(l->index)]), 0.5f) << l->index;
  }
}

// Blelloch scans S exclusively (0 7 14 20): block b then adds S[b], found from the ranges.
TEST(FigureScene, ExclusiveScanOfSFeedsEachBlockFromItsOwnCell) {
  const Trace t = pmppTrace(AlgorithmId::Blelloch);
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "sums-scanned-value"), (Texts{"0", "7", "14", "20"}));
  const auto sCells = s.rectsWithRole("sums-scanned-cell");
  const auto addBack = linesWithRole(s, "addback-arrow");
  ASSERT_EQ(addBack.size(), 12u);
  for (const SceneLine* l : addBack)
    EXPECT_NEAR(l->x1, centreX(*sCells[static_cast<size_t>(l->index / 4)]), 0.5f) << l->index;
}

TEST(FigureScene, SymbolicRowsNameTheInputs) {
  const Scene s = figure(pmppTrace(), -1, /*symbolic=*/true);
  EXPECT_EQ(textsOf(s, "sums-value"), (Texts{"x0..x3", "x4..x7", "x8..x11", "x12..x15"}));
  EXPECT_EQ(textsOf(s, "sums-scanned-value"), (Texts{"x0..x3", "x0..x7", "x0..x11", "x0..x15"}));
  EXPECT_EQ(textsOf(s, "result-value")[9], "x0..x9");
}

// Before the block sums are scanned, their row and Y are empty cells: the figure fills in.
TEST(FigureScene, RowsOfLaterStepsAreEmptyUntilReached) {
  const Trace t = pmppTrace();
  int sumsLoad = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].level == 1 && sumsLoad < 0) sumsLoad = k;
  ASSERT_GT(sumsLoad, 0);
  const Scene s = figure(t, sumsLoad);
  EXPECT_EQ(textsOf(s, "sums-value"), (Texts{"7", "7", "6", "11"}));
  EXPECT_TRUE(textsOf(s, "sums-scanned-value").empty());
  EXPECT_TRUE(textsOf(s, "result-value").empty());
  EXPECT_EQ(s.rectsWithRole("sums-scanned-cell-pending").size(), 4u);
  EXPECT_EQ(s.rectsWithRole("result-cell-pending").size(), 16u);
  EXPECT_TRUE(linesWithRole(s, "addback-arrow").empty());
  // The size does not change as the rows fill in: an animation's frames stay in place.
  const Scene whole = figure(t);
  EXPECT_FLOAT_EQ(s.height, whole.height);
}

TEST(FigureScene, RunsOfOneBlockSayWhyThereIsNoFigure) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  EXPECT_NE(figureProblem(t).find("more than one block"), std::string::npos);
  EXPECT_TRUE(figure(t).texts.empty());
}

// PMPP 8.7 / seed 000's hand-off on the lesson input 3 1 7 0 | 4 1 6 3 | 2 5 1 4 | 0 2 3 1: the
// tiles scan to 11, 14, 12 and 6; block 0 hands 11 on, block 1 adds its 14 and hands 25 on, then
// 37 and 43. Every tile is scanned in round 0, block 0 publishes in round 1 and each further block
// receives one round after its predecessor (the emulator's domino: rounds 2, 3, 4).
const std::vector<double> kLesson = {3, 1, 7, 0, 4, 1, 6, 3, 2, 5, 1, 4, 0, 2, 3, 1};

Trace chainedTrace(Operator op = Operator::Add, bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::SinglePassChained, kLesson, op, exclusive);
  rq.blockSize = 2;
  return capture(rq).trace;
}

TEST(FigureScene, ChainedBlocksHandTheirRunningSumsOn) {
  const Trace t = chainedTrace();
  ASSERT_EQ(figureProblem(t), "");
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "title")[0].rfind("Block-to-block hand-off (PMPP 8.7)", 0), 0u);
  EXPECT_EQ(textsOf(s, "row-label"), (Texts{"input X", "each block scans its tile",
                                            "running sum handed on", "prefix added: Y"}));
  EXPECT_EQ(textsOf(s, "scanned-value"), (Texts{"3", "4", "11", "11", "4", "5", "11", "14", "2",
                                                "7", "8", "12", "0", "2", "5", "6"}));
  EXPECT_EQ(textsOf(s, "handoff-value"), (Texts{"11", "25", "37", "43"}));
  EXPECT_EQ(textsOf(s, "handoff-sum"), (Texts{"11 + 14 = 25", "25 + 12 = 37", "37 + 6 = 43"}));
  EXPECT_EQ(textsOf(s, "handoff-round"), (Texts{"round 2", "round 3", "round 4"}));
  EXPECT_EQ(textsOf(s, "result-value"), (Texts{"3", "4", "11", "11", "15", "16", "22", "25", "27",
                                               "32", "33", "37", "37", "39", "42", "43"}));
  // Each hand-off runs from one block's cell of the chain to the next one's, left to right.
  const auto chain = s.rectsWithRole("handoff-cell");
  const auto handoffs = linesWithRole(s, "handoff-arrow");
  ASSERT_EQ(chain.size(), 4u);
  ASSERT_EQ(handoffs.size(), 3u);
  for (size_t b = 1; b < 4; ++b) {
    EXPECT_NEAR(handoffs[b - 1]->x1, chain[b - 1]->x + chain[b - 1]->w, 1.0f);
    EXPECT_NEAR(handoffs[b - 1]->x2, chain[b]->x, 1.0f);
  }
  // The prefix of block b comes from block b - 1's cell, into each of its four elements.
  const auto addback = linesWithRole(s, "addback-arrow");
  ASSERT_EQ(addback.size(), 12u);
  for (const SceneLine* l : addback) {
    const int block = l->index / 4;
    EXPECT_NEAR(l->x1, centreX(*chain[static_cast<size_t>(block - 1)]), 0.5f) << l->index;
  }
}

TEST(FigureScene, ChainedExclusiveScanStoresItsRowShifted) {
  const Scene s = figure(chainedTrace(Operator::Add, /*exclusive=*/true));
  EXPECT_EQ(textsOf(s, "row-label").back(), "stored shifted: Y");
  EXPECT_EQ(textsOf(s, "shifted-value"), (Texts{"0", "3", "4", "11", "11", "15", "16", "22", "25",
                                                "27", "32", "33", "37", "37", "39", "42"}));
  EXPECT_EQ(linesWithRole(s, "shift-arrow").size(), 15u);
}

TEST(FigureScene, ChainedRowsFillInAsTheStepsGo) {
  const Trace t = chainedTrace();
  const Scene before = figure(t, static_cast<int>(t.steps.size()) - 2);
  EXPECT_EQ(textsOf(before, "scanned-value").size(), 16u);
  EXPECT_TRUE(textsOf(before, "handoff-value").empty());
  EXPECT_TRUE(linesWithRole(before, "handoff-arrow").empty());
  EXPECT_EQ(before.rectsWithRole("handoff-cell-pending").size(), 4u);
}

// --symbolic on the chain: the tiles scanned on their own (x4..x5), the running sums x0..x3 to
// x0..x15, and the hand-off says the ranges it joins: seed 000's "7 + 7 = 14" as Σ0..3 + Σ4..7.
TEST(FigureScene, ChainedSymbolicHandOffNamesTheRanges) {
  const Scene s = figure(chainedTrace(), -1, /*symbolic=*/true);
  EXPECT_EQ(textsOf(s, "handoff-value"), (Texts{"x0..x3", "x0..x7", "x0..x11", "x0..x15"}));
  EXPECT_EQ(textsOf(s, "handoff-sum"), (Texts{"\xE2\x88\x91"
                                              "0..3 + \xE2\x88\x91"
                                              "4..7 = \xE2\x88\x91"
                                              "0..7",
                                              "\xE2\x88\x91"
                                              "0..7 + \xE2\x88\x91"
                                              "8..11 = \xE2\x88\x91"
                                              "0..11",
                                              "\xE2\x88\x91"
                                              "0..11 + \xE2\x88\x91"
                                              "12..15 = \xE2\x88\x91"
                                              "0..15"}));
  const Texts scanned = textsOf(s, "scanned-value");
  ASSERT_EQ(scanned.size(), 16u);
  EXPECT_EQ(scanned[4], "x4");
  EXPECT_EQ(scanned[5], "x4..x5");
  EXPECT_EQ(textsOf(s, "result-value")[9], "x0..x9");
  // A max-scan's hand-off keeps the cells' notation.
  const Scene max = figure(chainedTrace(Operator::Max), -1, /*symbolic=*/true);
  EXPECT_EQ(textsOf(max, "handoff-sum")[0], "max(x0..x3, x4..x7) = x0..x7");
}

// Spot the bug's chained-static-ids: 4 tiles of 4, launched in descending blockIdx order with 2
// resident slots. Blocks 3 and 2 take the slots; 3 spins on 2, 2 spins on 1, and block 1 never
// gets a slot: the scheduler's round without progress, drawn.
DeadlockReport staticIdDeadlock() {
  try {
    capture(lessonRequest(*findLesson("chained-static-ids"), /*fixed=*/false));
  } catch (const DeadlockError& e) {
    return e.report;
  }
  ADD_FAILURE() << "the static-id lesson did not deadlock";
  return {};
}

std::vector<int> indicesOf(const Scene& s, const std::string& role) {
  std::vector<int> out;
  for (const SceneRect* r : s.rectsWithRole(role)) out.push_back(r->index);
  return out;
}

TEST(FigureScene, StaticIdDeadlockShowsBlocksWaitingOnOneWithoutASlot) {
  const DeadlockReport dead = staticIdDeadlock();
  EXPECT_EQ(dead.tiles, 4);
  EXPECT_EQ(dead.slots, 2);
  const Scene s =
      buildDeadlockScene(dead, 1200, ArraySceneStyle{}, viewPalette(Theme::Light, Palette::Classic),
                         approximateTextWidth);
  EXPECT_EQ(textsOf(s, "title"), (Texts{"Static block ids: a deadlock (PMPP 8.7)"}));
  EXPECT_EQ(indicesOf(s, "block-spinning"), (std::vector<int>{2, 3}));
  EXPECT_EQ(indicesOf(s, "block-not-started"), (std::vector<int>{0, 1}));
  EXPECT_TRUE(s.rectsWithRole("block-finished").empty());
  EXPECT_EQ(textsOf(s, "block-launch"),
            (Texts{"not launched", "not launched", "launched 2nd", "launched 1st"}));
  EXPECT_EQ(textsOf(s, "wait-label"), (Texts{"waits for block 2", "waits for block 1"}));
  // Each wait arrow ends on the block waited for; the one on block 1, which has no slot, is red.
  const ViewPalette pal = viewPalette(Theme::Light, Palette::Classic);
  for (const SceneLine* head : linesWithRole(s, "wait-arrow-head")) {
    const int target = head->index - 1;
    const SceneRect* box = nullptr;
    for (const SceneRect& r : s.rects)
      if (r.index == target && r.role.rfind("block-", 0) == 0) box = &r;
    ASSERT_NE(box, nullptr);
    EXPECT_GE(head->x2, box->x);
    EXPECT_LE(head->x2, box->x + box->w);
    EXPECT_NEAR(head->y2, box->y, 0.5f);
    EXPECT_EQ(head->color == pal.fail, target == 1) << "arrow into block " << target;
  }
  EXPECT_EQ(s.rectsWithRole("slot").size(), 2u);
  const Texts caption = textsOf(s, "caption");
  std::string said;
  for (const std::string& line : caption) said += line + " ";
  EXPECT_NE(said.find("block 1 has not started"), std::string::npos) << said;
}

// Issue 32: Blelloch scans each block exclusively, so a block's last scanned value leaves its last
// input out: on 3 1 7 0 4 1 6 3 | 2 5 1 4 0 2 3 1 (--block-size 4, sections of 8) block 0 ends
// with 22 and its sum S[0] is 22 + 3 = 25, block 1's 17 + 1 = 18. The figure draws both
// operands into S: the arrow from the last scanned value and the last input beside it.
TEST(FigureScene, ExclusiveBlocksBringTheirLastInputIntoS) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::Blelloch, kLesson, Operator::Add,
                                      /*exclusive=*/true);  // as the window runs Blelloch
  rq.blockSize = 4;
  const Trace t = capture(rq).trace;
  ASSERT_EQ(figureProblem(t), "");
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "scanned-value")[7], "22");
  EXPECT_EQ(textsOf(s, "sums-value"), (Texts{"25", "18"}));
  EXPECT_EQ(textsOf(s, "sum-input-value"), (Texts{"+ 3", "+ 1"}));
  const auto sCells = s.rectsWithRole("sums-cell");
  const auto inputs = linesWithRole(s, "sum-input-arrow");
  ASSERT_EQ(inputs.size(), 2u);
  for (const SceneLine* l : inputs) {
    const SceneRect& cell = *sCells[static_cast<size_t>(l->index)];
    EXPECT_GE(l->x2, cell.x);
    EXPECT_LE(l->x2, cell.x + cell.w);
    EXPECT_NEAR(l->y2, cell.y, 0.2f * ArraySceneStyle{}.labelSize);  // the bands' gap above it
  }
  const auto sums = linesWithRole(s, "sum-arrow");  // from 22 and from 17
  ASSERT_EQ(sums.size(), 2u);
  EXPECT_FLOAT_EQ(sums[0]->y2, inputs[0]->y2);
  // The band's sentence, beside the band or (too narrow) under the title at the sums' step.
  int sumsStep = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()) && sumsStep < 0; ++k)
    if (t.steps[static_cast<size_t>(k)].level == 1) sumsStep = k;
  const Scene atSums = figure(t, sumsStep);
  std::string said;
  for (const char* role : {"band-label", "step-caption"})
    for (const std::string& line : textsOf(atSums, role)) said += line + " ";
  EXPECT_NE(said.find("combined with that last input"), std::string::npos) << said;
  EXPECT_EQ(textsOf(figure(t, -1, /*symbolic=*/true), "sum-input-value"), (Texts{"+ x7", "+ x15"}));
  expectLegendShowsEveryArrowOnce(s);
  // An inclusive block scan ends with the block's sum: S takes nothing else.
  const Scene inclusive = figure(pmppTrace());
  EXPECT_TRUE(textsOf(inclusive, "sum-input-value").empty());
  expectLegendShowsEveryArrowOnce(inclusive);
  expectLegendShowsEveryArrowOnce(figure(chainedTrace(Operator::Add, /*exclusive=*/true)));
}

// Issue 32, spot the bug: what the emulator caught is drawn where it happened.
Scene spotTheBug(const LessonRun& run, int step) {
  SpotTheBugSceneRequest rq;
  rq.run = &run;
  rq.step = step;
  rq.width = 1600;
  rq.height = 900;
  return buildSpotTheBugScene(rq, ArraySceneStyle{}, viewPalette(Theme::Light, Palette::Classic),
                              approximateTextWidth);
}

// Static block ids deadlock: the flawed run's place holds the deadlock's figure, not a sentence.
TEST(SpotTheBugScene, TheDeadlockIsDrawnInTheFlawedRunsPlace) {
  const LessonRun run = runLesson(*findLesson("chained-static-ids"));
  ASSERT_FALSE(run.flawed);
  ASSERT_TRUE(run.flawedDeadlock);
  const Scene s = spotTheBug(run, 0);
  EXPECT_FALSE(s.rectsWithRole("block-spinning").empty());
  EXPECT_FALSE(textsOf(s, "wait-label").empty());
  EXPECT_TRUE(textsOf(s, "compare-error").empty());
  // The figure lies inside the flawed run's frame, the first.
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 2u);
  for (const SceneRect* box : s.rectsWithRole("block-spinning")) {
    EXPECT_GE(box->y, frames[0]->y);
    EXPECT_LE(box->y + box->h, frames[0]->y + frames[0]->h);
  }
}

// Seed 000's S[blockIdx.x-1]: block 0 adds 0xDEADBEEF. Its cells say "garbage" with the value on
// hover, and the other cells keep a legible size rather than shrinking to fit ten digits.
TEST(SpotTheBugScene, GarbageIsMarkedAndTheOtherCellsStayLegible) {
  const LessonRun run = runLesson(*findLesson("hierarchical-s-minus-one"));
  ASSERT_TRUE(run.flawed);
  const std::vector<int> garbage = garbageCells(run, run.partingStep);
  EXPECT_EQ(garbage, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  const Scene s = spotTheBug(run, run.partingStep);
  int marked = 0;
  for (const SceneText* t : s.textsWithRole("cell-value")) {
    EXPECT_GE(t->size, ArraySceneStyle{}.smallSize) << t->text;
    if (t->text != "garbage" && t->text != "?") continue;
    ++marked;
    EXPECT_NE(t->tooltip.find("-5590387"), std::string::npos) << t->tooltip;
    EXPECT_NE(t->tooltip.find("garbage"), std::string::npos) << t->tooltip;
  }
  EXPECT_EQ(marked, 8);
  // A run that read nothing outside its arrays has no garbage.
  const LessonRun race = runLesson(*findLesson("kogge-stone-one-barrier"));
  EXPECT_TRUE(garbageCells(race, race.partingStep).empty());
}

// Seed 002's unguarded store: threads 6 and 7 of a block of 8 store past the 6 elements of Y. The
// emulator notes the first; the flawed view draws it past a bar where Y ends.
TEST(SpotTheBugScene, WritesPastTheEndAreDrawnAsCells) {
  const LessonRun run = runLesson(*findLesson("kogge-stone-unguarded-store"));
  ASSERT_TRUE(run.flawed);
  const std::vector<StrayWrite> strays = strayWrites(run.flawed->meta.notes);
  // Threads 6 and 7 both write past Y's end: both cells are drawn.
  ASSERT_EQ(strays.size(), 2u);
  EXPECT_EQ(strays[0].array, "Y");
  EXPECT_EQ(strays[0].index, 6);
  EXPECT_EQ(strays[0].length, 6);
  EXPECT_EQ(strays[0].thread, 6);
  EXPECT_EQ(strays[1].index, 7);
  EXPECT_EQ(strays[1].thread, 7);
  const Scene s = spotTheBug(run, 0);
  EXPECT_EQ(indicesOf(s, "stray-write"), (std::vector<int>{6, 7}));
  EXPECT_EQ(textsOf(s, "stray-write-name"), (Texts{"Y[6]", "Y[7]"}));
  const auto end = linesWithRole(s, "array-end");
  ASSERT_EQ(end.size(), 1u);
  EXPECT_EQ(end[0]->index, 6);
  const Texts labels = textsOf(s, "row-label");
  EXPECT_NE(std::find(labels.begin(), labels.end(), "past Y's end"), labels.end());
}

}  // namespace
}  // namespace scanviz
