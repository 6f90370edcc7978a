// Every picture true to the lecture (issue 32): in the array view, every cell a step writes has an
// arrow drawn into it from where its value came from: an operand or a moved cell of the row
// before, the input row of a load, or a chip naming a value from outside the array (the identity,
// an input element, the scanned total S[b-1] of a grid's add-back, a block's shared memory).
// Before, Blelloch's clear, a segment head's identity, the load's padding and every grid step
// showed written cells with no source at all. Checked over every algorithm, lesson and select
// kernel of `scanviz list`, on a 1920-pixel view where no arrow is thinned out.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "app/core/playback/step_writes.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "tests/common/every_capture.h"

namespace scanviz {

namespace {

const ViewPalette& light() {
  static const ViewPalette p = viewPalette(Theme::Light, Palette::Classic);
  return p;
}

// The arrows that bring a cell its value; the thin "own value" arrow does not: it shows the old
// value taking part, not where the new one came from.
bool bringsAValue(const SceneLine& l) {
  return l.arrow && (l.role == "arrow" || l.role == "move-arrow" || l.role == "load-arrow" ||
                     l.role == "chain-arrow" || l.role == "outside-arrow");
}

Scene arrayScene(const Trace& t, int step) {
  ArraySceneRequest rq;
  rq.trace = &t;
  rq.step = step;
  rq.width = 1920;
  return buildArrayScene(rq, ArraySceneStyle{}, light(), approximateTextWidth);
}

// The first written cell of a trace with no arrow into it, or empty.
std::string cellWithoutArrow(const Trace& t) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const Scene s = arrayScene(t, k);
    std::set<int> reached;
    for (const SceneLine& l : s.lines)
      if (bringsAValue(l)) reached.insert(l.index);
    for (int i : writtenCells(t, k))
      if (!reached.count(i))
        return "step " + std::to_string(k) + " (" + t.steps[static_cast<size_t>(k)].label +
               "): cell " + std::to_string(i) + " was written with no arrow into it";
  }
  return {};
}

class ArrowsDrawn : public ::testing::TestWithParam<AlgorithmInfo> {};

TEST_P(ArrowsDrawn, EveryWrittenCellHasAnArrowIntoIt) {
  const AlgorithmInfo& info = GetParam();
  std::vector<std::string> misses;
  const int traces =
      forEachCapture(info, {7, 16}, {4}, [&](const Trace& t, const std::string& what) {
        const std::string miss = cellWithoutArrow(t);
        if (!miss.empty() && misses.size() < 10) misses.push_back(what + ": " + miss);
      });
  EXPECT_GT(traces, 0) << info.key;
  for (const std::string& m : misses) ADD_FAILURE() << m;
}

INSTANTIATE_TEST_SUITE_P(Everything, ArrowsDrawn, ::testing::ValuesIn(everyCapturableAlgorithm()),
                         algorithmTestName);

// Blelloch's clear: a chip with the identity, its dashed arrow into the root (a move, no
// operation), and the legend's entry for it.
TEST(ArrowsDrawn, TheClearDrawsTheIdentityComingIn) {
  const Trace t = lessonTrace(*findAlgorithm("blelloch"));
  const auto it = std::find_if(t.steps.begin(), t.steps.end(), [](const TraceStep& s) {
    return s.kind == static_cast<int>(StepKind::ClearLast);
  });
  ASSERT_NE(it, t.steps.end());
  const Scene s = arrayScene(t, static_cast<int>(it - t.steps.begin()));
  const auto chips = s.textsWithRole("outside-source-text");
  ASSERT_EQ(chips.size(), 1u);
  EXPECT_EQ(chips[0]->text, "0");
  EXPECT_EQ(chips[0]->index, 7);
  int into = 0;
  for (const SceneLine& l : s.lines)
    if (l.role == "outside-arrow") {
      ++into;
      EXPECT_EQ(l.index, 7);
      EXPECT_TRUE(l.dashed);
    }
  EXPECT_EQ(into, 1);
  const auto legend = s.textsWithRole("legend");
  EXPECT_TRUE(std::any_of(legend.begin(), legend.end(), [](const SceneText* x) {
    return x->text.find("from outside the array") != std::string::npos;
  }));
}

// The add-back of 16 elements in two sections of 8 (hierarchical, blocks of 4): one chip over
// block 1, "S[0] = 25", with a solid arrow into each of its 8 cells.
TEST(ArrowsDrawn, AddBlockSumsFansTheSumIntoItsBlock) {
  CaptureRequest rq = emulatorRequest(*findAlgorithm("hierarchical"),
                                      {3, 1, 7, 0, 4, 1, 6, 3, 2, 5, 1, 4, 0, 2, 3, 1});
  rq.blockSize = 4;
  const Trace t = capture(rq).trace;
  const auto it = std::find_if(t.steps.begin(), t.steps.end(), [](const TraceStep& s) {
    return s.kind == static_cast<int>(StepKind::AddBlockSums) && s.level == 0;
  });
  ASSERT_NE(it, t.steps.end());
  const Scene s = arrayScene(t, static_cast<int>(it - t.steps.begin()));
  const auto chips = s.textsWithRole("outside-source-text");
  ASSERT_EQ(chips.size(), 1u);
  EXPECT_EQ(chips[0]->text, "S[0] = 25");
  std::vector<int> into;
  for (const SceneLine& l : s.lines)
    if (l.role == "outside-arrow") {
      into.push_back(l.index);
      EXPECT_FALSE(l.dashed);
    }
  EXPECT_EQ(into, (std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15}));
}

}  // namespace
}  // namespace scanviz
