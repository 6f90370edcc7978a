// The structure views of one block (issue 14): Blelloch and Brent-Kung on their tree
// (tree_figure_scene.h), on the seeds' own inputs: seed 003's 3 1 7 0 4 1 6 3 and PMPP's
// 2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2. Every node's value is compared with the trace's value at the
// node's element in the row's step, and a few rows with the seeds' tables worked by hand:
//   Blelloch up-sweep   4 7 5 9 | 11 14 | 25;  down-sweep 0 | 0 11 | 0 4 11 16 | 0 3 4 11 11 15 16
//   22
#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/trace/value_format.h"
#include "app/scene/figure_scene.h"
#include "app/scene/palette.h"
#include "app/scene/section_figure_scene.h"
#include "app/scene/tree_figure_scene.h"
#include "tests/common/captures.h"
#include "tests/common/figure_scenes.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

using Texts = std::vector<std::string>;

const std::vector<double> kSeed003 = {3, 1, 7, 0, 4, 1, 6, 3};

Trace treeTrace(AlgorithmId id, const std::vector<double>& input, bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(id, input);
  rq.exclusive = exclusive;
  return capture(rq).trace;
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// The texts of one half's nodes ("up" or "down"), highlighted or not, in drawing order: row by
// row, left to right.
Texts nodeTexts(const Scene& s, const std::string& half) {
  Texts out;
  for (const SceneText& t : s.texts)
    if (startsWith(t.role, half + "-node") && t.role.size() > 6 &&
        t.role.compare(t.role.size() - 6, 6, "-value") == 0)
      out.push_back(t.text);
  return out;
}

// Every node shows the trace's value at the last element of its range, in its row's step.
void expectNodesAreTheTraces(const Trace& t) {
  const Scene s = figure(t);
  Texts expected[2];
  for (const TreeRow& row : treeRows(t))
    for (int m = 0; m < (t.meta.sectionSize >> row.level); ++m)
      expected[row.half == TreeRow::Half::Up ? 0 : 1].push_back(
          formatCellValue(t.steps[static_cast<size_t>(row.step)]
                              .values[static_cast<size_t>(treeNodeElement(row.level, m))],
                          t.meta.op, t.meta.dtype));
  EXPECT_EQ(nodeTexts(s, "up"), expected[0]);
  EXPECT_EQ(nodeTexts(s, "down"), expected[1]);
}

TEST(TreeFigure, BlellochNodesHoldTheTracesValuesAndSeed003sTables) {
  const Trace t = treeTrace(AlgorithmId::Blelloch, kSeed003, /*exclusive=*/true);
  ASSERT_EQ(figureProblem(t), "");
  expectNodesAreTheTraces(t);
  const Scene s = figure(t);
  EXPECT_EQ(nodeTexts(s, "up"),
            (Texts{"3", "1", "7", "0", "4", "1", "6", "3", "4", "7", "5", "9", "11", "14", "25"}));
  EXPECT_EQ(nodeTexts(s, "down"), (Texts{"0", "0", "11", "0", "4", "11", "16", "0", "3", "4", "11",
                                         "11", "15", "16", "22"}));
  EXPECT_EQ(textsOf(s, "title")[0].rfind("Blelloch's tree", 0), 0u);
}

TEST(TreeFigure, BrentKungNodesHoldTheTracesValues) {
  expectNodesAreTheTraces(treeTrace(AlgorithmId::BrentKung, kPmppInput));
  expectNodesAreTheTraces(treeTrace(AlgorithmId::Blelloch, kPmppInput, /*exclusive=*/false));
  expectNodesAreTheTraces(treeTrace(AlgorithmId::BrentKung, {5, 2, 9, 1, 7, 3, 8, 4, 6, 2}));
}

// Each up-sweep node gets an arrow from each of its two children, each down-sweep node of
// Blelloch one from its parent (its own value to the right child, the move to the left one).
TEST(TreeFigure, ArrowsJoinChildrenAndParents) {
  const Scene s = figure(treeTrace(AlgorithmId::Blelloch, kSeed003, /*exclusive=*/true));
  const auto operands = linesWithRole(s, "operand-arrow");
  EXPECT_EQ(operands.size(), 7u);                        // 4 + 2 + 1 up-sweep nodes
  EXPECT_EQ(linesWithRole(s, "own-arrow").size(), 14u);  // the 7 up-sweep and 7 right children
  EXPECT_EQ(linesWithRole(s, "move-arrow").size(), 7u);  // into the 7 left children
  // The root's operand comes from the left child's centre (node 0 of level 2) into the root.
  const auto up = s.rectsWithRole("up-node-cell");
  ASSERT_EQ(up.size(), 15u);
  const SceneLine* root = operands.back();
  EXPECT_NEAR(root->x1, up[12]->x + 0.5f * up[12]->w, 0.5f);
  EXPECT_NEAR(root->x2, up[14]->x + 0.5f * up[14]->w, 0.5f);
  EXPECT_NEAR(root->y2, up[14]->y, 0.5f);
  // Each right child's other operand, the left child's up-sweep sum, beside its arrow.
  EXPECT_EQ(textsOf(s, "left-sum"), (Texts{"+ 11", "+ 4", "+ 5", "+ 3", "+ 7", "+ 4", "+ 6"}));
}

// PMPP Fig. 8.5 and 8.6 on the tree: the reduction tree's ranges, then the distribution tree's
// prefixes, x0..x(2m+1) at stride 2.
TEST(TreeFigure, BrentKungSymbolicIsFigure8_5And8_6) {
  const Scene s = figure(treeTrace(AlgorithmId::BrentKung, kPmppInput), -1, /*symbolic=*/true);
  const Texts up = nodeTexts(s, "up");
  ASSERT_EQ(up.size(), 31u);
  EXPECT_EQ(Texts(up.begin() + 16, up.begin() + 24),
            (Texts{"x0..x1", "x2..x3", "x4..x5", "x6..x7", "x8..x9", "x10..x11", "x12..x13",
                   "x14..x15"}));
  EXPECT_EQ(up.back(), "x0..x15");
  const Texts down = nodeTexts(s, "down");
  // after the up-sweep (2), stride 4 (4), stride 2 (8), stride 1 (16)
  ASSERT_EQ(down.size(), 30u);
  EXPECT_EQ(
      Texts(down.begin() + 6, down.begin() + 14),
      (Texts{"x0..x1", "x0..x3", "x0..x5", "x0..x7", "x0..x9", "x0..x11", "x0..x13", "x0..x15"}));
}

// Rows of later steps are empty until reached, the figure keeps its size, and the nodes the
// shown step writes are highlighted.
TEST(TreeFigure, FillsInAsTheStepsGoAndHighlightsTheStep) {
  const Trace t = treeTrace(AlgorithmId::Blelloch, kSeed003, /*exclusive=*/true);
  const Scene atStride2 = figure(t, 2);
  EXPECT_EQ(atStride2.rectsWithRole("up-node-written-cell").size(), 2u);
  EXPECT_EQ(atStride2.rectsWithRole("up-node-cell-pending").size(), 1u);  // the root
  EXPECT_EQ(atStride2.rectsWithRole("down-node-cell-pending").size(), 15u);
  EXPECT_TRUE(nodeTexts(atStride2, "down").empty());
  EXPECT_FLOAT_EQ(atStride2.height, figure(t).height);
  const Scene cleared = figure(t, 4);
  EXPECT_EQ(textsOf(cleared, "down-node-written-value"), (Texts{"0"}));
}

TEST(TreeFigure, LargeSectionsSayWhy) {
  std::vector<double> input(64, 1);
  const Trace t = treeTrace(AlgorithmId::Blelloch, input);
  EXPECT_NE(figureProblem(t).find("up to 32 elements"), std::string::npos) << figureProblem(t);
  EXPECT_TRUE(figure(t).texts.empty());
}

// The texts of the cells whose role starts with `prefix` ("buffer-", "global"), in drawing order.
Texts cellTexts(const Scene& s, const std::string& prefix) {
  Texts out;
  for (const SceneText& t : s.texts)
    if (startsWith(t.role, prefix) && t.role.size() > 6 &&
        t.role.compare(t.role.size() - 6, 6, "-value") == 0)
      out.push_back(t.text);
  return out;
}

Texts valuesOfStep(const Trace& t, int k) {
  Texts out;
  for (double v : t.steps[static_cast<size_t>(k)].values)
    out.push_back(formatCellValue(v, t.meta.op, t.meta.dtype));
  return out;
}

// Hillis-Steele on seed 003's input: the load into A, then B, A, B, each row the trace's values,
// each band saying which buffer is read and which written; the threads below the stride copy.
TEST(SectionFigure, HillisSteeleAlternatesItsTwoBuffers) {
  const Trace t = treeTrace(AlgorithmId::HillisSteele, kSeed003);
  ASSERT_EQ(figureProblem(t), "");
  EXPECT_EQ(bufferWritten(t), (std::vector<char>{'A', 'B', 'A', 'B'}));
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "buffer-name"), (Texts{"A", "B", "A", "B"}));
  EXPECT_EQ(textsOf(s, "row-label"), (Texts{"buffer A: load", "buffer B: stride 1",
                                            "buffer A: stride 2", "buffer B: stride 4"}));
  Texts all;
  for (int k = 0; k < 4; ++k) {
    const Texts v = valuesOfStep(t, k);
    all.insert(all.end(), v.begin(), v.end());
  }
  EXPECT_EQ(cellTexts(s, "buffer-"), all);
  EXPECT_EQ(Texts(all.end() - 8, all.end()), (Texts{"3", "4", "11", "11", "15", "16", "22", "25"}));
  std::string said;
  for (const std::string& line : textsOf(s, "band-label")) said += line + " ";
  EXPECT_NE(said.find("reads buffer A, writes buffer B"), std::string::npos) << said;
  EXPECT_NE(said.find("reads buffer B, writes buffer A"), std::string::npos) << said;
  EXPECT_EQ(linesWithRole(s, "copy-arrow").size(), 7u);      // 1 + 2 + 4 below the stride
  EXPECT_EQ(linesWithRole(s, "operand-arrow").size(), 17u);  // 7 + 6 + 4
}

// Three-phase on PMPP's 16 values with 4 threads of 4: in each pass the threads read
// consecutive addresses, and the load's and the owner's colours show the turn.
TEST(SectionFigure, ThreePhaseLoadIsCoalescedThenEachThreadScansItsSubsection) {
  const Trace t = captureOnEmulator(AlgorithmId::ThreePhase, kPmppInput, /*blockSize=*/4);
  ASSERT_EQ(figureProblem(t), "");
  const auto passes = cornerTurnedLoad(t);
  ASSERT_EQ(passes.size(), 4u);
  std::vector<int> loaded(16, 0);
  for (size_t p = 0; p < passes.size(); ++p) {
    ASSERT_EQ(passes[p].size(), 4u);
    for (size_t j = 0; j < passes[p].size(); ++j) {
      EXPECT_EQ(passes[p][j].thread, static_cast<int>(j));
      EXPECT_EQ(passes[p][j].element, static_cast<int>(4 * p + j));  // consecutive addresses
      ++loaded[static_cast<size_t>(passes[p][j].element)];
    }
  }
  EXPECT_EQ(loaded, std::vector<int>(16, 1));
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "global-thread"), (Texts{"t0", "t1", "t2", "t3", "t0", "t1", "t2", "t3",
                                                "t0", "t1", "t2", "t3", "t0", "t1", "t2", "t3"}));
  EXPECT_EQ(textsOf(s, "global-bracket-label"), (Texts{"pass 0", "pass 1", "pass 2", "pass 3"}));
  EXPECT_EQ(textsOf(s, "subsections-bracket-label"),
            (Texts{"thread 0", "thread 1", "thread 2", "thread 3"}));
  EXPECT_EQ(cellTexts(s, "global"), (Texts{"2", "1", "3", "1", "0", "4", "1", "2", "0", "3", "1",
                                           "2", "5", "3", "1", "2"}));
  EXPECT_EQ(cellTexts(s, "subsections"), (Texts{"2", "3", "6", "7", "0", "4", "5", "7", "0", "3",
                                                "4", "6", "5", "8", "9", "11"}));
  // Straight down into shared memory; the phase 1 chain runs along the row, 3 links a thread.
  const auto loads = linesWithRole(s, "load-arrow");
  ASSERT_EQ(loads.size(), 16u);
  for (const SceneLine* l : loads) EXPECT_FLOAT_EQ(l->x1, l->x2);
  EXPECT_EQ(linesWithRole(s, "chain-arrow-head").size(), 12u);
  // Element i is loaded by thread i % 4 (the global row's colour) and owned by thread i / 4.
  const auto global = s.rectsWithRole("global-cell");
  const auto owned = s.rectsWithRole("subsections-cell");
  ASSERT_EQ(global.size(), 16u);
  ASSERT_EQ(owned.size(), 16u);
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(owned[i]->fill, global[i / 4]->fill) << i;
  EXPECT_NE(global[0]->fill, global[1]->fill);
}

// PMPP Fig. 8.3: the identity, then x0 .. x(n-2), each moved one place right from the input.
TEST(SectionFigure, ExclusiveKoggeStoneShiftedRowHoldsTheIdentityThenTheInput) {
  const Trace t = treeTrace(AlgorithmId::KoggeStoneExclusive, kSeed003, /*exclusive=*/true);
  ASSERT_EQ(figureProblem(t), "");
  const Scene s = figure(t);
  EXPECT_EQ(cellTexts(s, "x-"), (Texts{"3", "1", "7", "0", "4", "1", "6", "3"}));
  EXPECT_EQ(cellTexts(s, "shifted"), (Texts{"0", "3", "1", "7", "0", "4", "1", "6"}));
  const auto inputs = s.rectsWithRole("x-cell");
  const auto shifts = linesWithRole(s, "shift-arrow");
  ASSERT_EQ(shifts.size(), 7u);
  for (const SceneLine* l : shifts)
    EXPECT_NEAR(l->x1,
                inputs[static_cast<size_t>(l->index - 1)]->x +
                    0.5f * inputs[static_cast<size_t>(l->index - 1)]->w,
                0.5f);
  const Scene sym = figure(t, -1, /*symbolic=*/true);
  EXPECT_EQ(cellTexts(sym, "shifted"), (Texts{"0", "x0", "x1", "x2", "x3", "x4", "x5", "x6"}));
  CaptureRequest rq = emulatorRequest(AlgorithmId::KoggeStoneExclusive, kSeed003);
  rq.exclusive = true;
  rq.op = Operator::Max;
  const Scene max = figure(capture(rq).trace);
  EXPECT_EQ(cellTexts(max, "shifted").front(), "-\xE2\x88\x9E");
}

// Issue 32: a value moved one place right is not the other operand. The shift is dashed and
// quiet, as every move of the figures is, and the legend shows each look once.
TEST(SectionFigure, TheShiftAndTheOperandLookApartAndTheLegendSaysBoth) {
  const Scene s = figure(treeTrace(AlgorithmId::KoggeStoneExclusive, kSeed003, true));
  const auto shifts = linesWithRole(s, "shift-arrow");
  const auto operands = linesWithRole(s, "operand-arrow");
  ASSERT_FALSE(shifts.empty());
  ASSERT_FALSE(operands.empty());
  EXPECT_TRUE(shifts.front()->dashed);
  EXPECT_FALSE(operands.front()->dashed);
  expectLegendShowsEveryArrowOnce(s);
  const Texts legend = textsOf(s, "legend");
  EXPECT_NE(std::find(legend.begin(), legend.end(), "moved one place right, no operation"),
            legend.end());
}

// Brent-Kung's tree edges are drawn, so the legend names them; Blelloch's tree draws none.
TEST(TreeFigure, TheLegendNamesEveryMarkTheTreeDraws) {
  const Scene bk = figure(treeTrace(AlgorithmId::BrentKung, kSeed003));
  ASSERT_FALSE(linesWithRole(bk, "tree-edge").empty());
  EXPECT_EQ(linesWithRole(bk, "legend-edge").size(), 1u);
  expectLegendShowsEveryArrowOnce(bk);
  const Scene blelloch = figure(treeTrace(AlgorithmId::Blelloch, kSeed003, true));
  EXPECT_TRUE(linesWithRole(blelloch, "tree-edge").empty());
  EXPECT_TRUE(linesWithRole(blelloch, "legend-edge").empty());
  expectLegendShowsEveryArrowOnce(blelloch);
}

TEST(SectionFigure, LongSectionsSayWhy) {
  const Trace t = treeTrace(AlgorithmId::HillisSteele, std::vector<double>(128, 1));
  EXPECT_NE(figureProblem(t).find("up to 64"), std::string::npos) << figureProblem(t);
  EXPECT_TRUE(figure(t).texts.empty());
}

}  // namespace
}  // namespace scanviz
