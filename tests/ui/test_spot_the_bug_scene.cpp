// "Spot the bug" read from the back row, without fonts or a window: the focus window that a long
// array shows in presentation mode (its range, its elision marks, the true indices of its cells,
// threads and arrows), the code wrapped to a column, and the lesson's scene with the seed's lines,
// the fix and why in it, so that the slide built from it has them.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "app/core/lesson/lessons.h"
#include "app/scene/scene_text.h"
#include "app/scene/spot_the_bug_scene.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

const ViewPalette kPalette = viewPalette(Theme::Dark, Palette::Classic);

// Presentation mode's sizes at 1080 lines (view_style.cpp): 28 px at least.
ArraySceneStyle backRow() {
  ArraySceneStyle s;
  s.valueSize = 80;
  s.labelSize = 40;
  s.smallSize = 32;
  s.titleSize = 58;
  s.minTextSize = 28;
  return s;
}

std::set<int> indicesOf(const Scene& s, const std::string& role) {
  std::set<int> out;
  for (const SceneText* t : s.textsWithRole(role)) out.insert(t->index);
  return out;
}

std::vector<std::string> textsOf(const Scene& s, const std::string& role) {
  std::vector<std::string> out;
  for (const SceneText* t : s.textsWithRole(role)) out.push_back(t->text);
  return out;
}

TEST(FocusWindow, CentresOnTheFocusAndStaysInTheArray) {
  EXPECT_EQ(focusWindow(64, 32, 18), (CellWindow{24, 18}));  // 8 before, 9 after
  EXPECT_EQ(focusWindow(64, 32, 17), (CellWindow{24, 17}));
  EXPECT_EQ(focusWindow(64, 0, 10), (CellWindow{0, 10}));
  EXPECT_EQ(focusWindow(64, 63, 10), (CellWindow{54, 10}));
  EXPECT_EQ(focusWindow(64, 60, 10), (CellWindow{54, 10}));
  EXPECT_EQ(focusWindow(64, -5, 10), (CellWindow{0, 10}));   // no focus: the array's start
  EXPECT_EQ(focusWindow(64, 99, 10), (CellWindow{54, 10}));  // past the end: its end
  EXPECT_TRUE(focusWindow(8, 3, 8).all());
  EXPECT_TRUE(focusWindow(8, 3, 20).all());
  EXPECT_TRUE(focusWindow(8, 3, 0).all());
}

// Kogge-Stone at N = 64, stride 1, cells 24..41: the true indices, an elision mark each side
// naming the cells left out, the arrows of the shown cells only (one enters from cell 23).
TEST(FocusWindow, ShowsItsCellsWithTrueIndicesAndMarksWhatIsLeftOut) {
  const Trace t = captureOnes(AlgorithmId::KoggeStone, 64, Operator::Add, false);
  ASSERT_EQ(t.steps[1].values.size(), 64u);
  ArraySceneRequest rq{.trace = &t, .step = 1, .width = 1400, .compact = true};
  rq.window = {24, 18};
  const Scene s = buildArrayScene(rq, backRow(), kPalette, approximateTextWidth);
  std::set<int> cells;
  for (const SceneRect* r : s.rectsWithRole("cell-written")) cells.insert(r->index);
  std::set<int> want;
  for (int i = 24; i < 42; ++i) want.insert(i);
  EXPECT_EQ(cells, want);
  EXPECT_EQ(indicesOf(s, "cell-value"), want);
  EXPECT_EQ(indicesOf(s, "before-cell-value"), want);
  const std::set<int> indexLabels = indicesOf(s, "index");
  EXPECT_TRUE(std::includes(want.begin(), want.end(), indexLabels.begin(), indexLabels.end()));
  EXPECT_TRUE(indexLabels.count(24) && indexLabels.count(32));
  for (const SceneText* label : s.textsWithRole("index"))
    EXPECT_EQ(label->text, std::to_string(label->index));
  EXPECT_EQ(textsOf(s, "elided-cells"), (std::vector<std::string>{"0\xE2\x80\x93"
                                                                  "23",
                                                                  "42\xE2\x80\x93"
                                                                  "63"}));
  EXPECT_EQ(s.textsWithRole("elided-mark").size(), 6u);  // before, after and threads, each side
  const auto marks = s.textsWithRole("elided-cells");
  ASSERT_EQ(marks.size(), 2u);
  EXPECT_EQ(marks[0]->tooltip.rfind("24 cells", 0), 0u) << marks[0]->tooltip;
  EXPECT_EQ(marks[1]->tooltip.rfind("22 cells", 0), 0u) << marks[1]->tooltip;
  EXPECT_LT(marks[0]->x, s.rectsWithRole("cell-written").front()->x);
  EXPECT_GT(marks[1]->x, s.rectsWithRole("cell-written").back()->x);
  // Threads under their own cells: the shown threads are the shown cells.
  std::set<int> threads;
  for (const SceneRect* r : s.rectsWithRole("thread-active")) threads.insert(r->index);
  EXPECT_EQ(threads, want);
  // Stride 1: an arrow into every shown cell, the one into 24 from cell 23 cut at the edge;
  // none into cell 42, which is left out. Every arrow stays over the shown columns.
  const float left = s.rectsWithRole("cell-written").front()->x - 5;
  const float right = s.rectsWithRole("cell-written").back()->x + 100;
  std::set<int> arrows;
  for (const SceneLine& l : s.lines)
    if (l.role == "arrow") {
      arrows.insert(l.index);
      EXPECT_GE(std::min(l.x1, l.x2), left - 60) << l.index;
      EXPECT_LE(std::max(l.x1, l.x2), right) << l.index;
    }
  EXPECT_EQ(arrows, want);
  // Every text of the window at the back row's size.
  for (const SceneText& text : s.texts)
    EXPECT_GE(text.size, 28.0f) << text.role << " " << text.text;
  // The warp boundary between cells 31 and 32 is drawn; warp 0 and 1 both named.
  EXPECT_EQ(textsOf(s, "warp-label"), (std::vector<std::string>{"warp 0", "warp 1"}));
}

TEST(FocusWindow, LegibleColumnsFollowTheValuesWidth) {
  const Trace t = captureOnes(AlgorithmId::KoggeStone, 64, Operator::Add, false);
  ArraySceneRequest rq{.trace = &t, .step = 1, .width = 900, .compact = true};
  const int small = legibleColumns(rq, backRow(), approximateTextWidth, 33.6f);
  const int large = legibleColumns(rq, backRow(), approximateTextWidth, 60.0f);
  EXPECT_GT(small, large);
  EXPECT_GE(large, 1);
  EXPECT_LT(small, 64);
  rq.width = 40000;
  EXPECT_GE(legibleColumns(rq, backRow(), approximateTextWidth, 33.6f), 64);
}

TEST(SpotTheBugCode, LongLinesWrapAtSpacesKeepingTheIndentation) {
  EXPECT_EQ(wrapCodeLine("    __syncthreads();", 40),
            (std::vector<std::string>{"    __syncthreads();"}));
  EXPECT_EQ(wrapCodeLine("    if (t >= s) XY[t] += XY[t-s];", 20),
            (std::vector<std::string>{"    if (t >= s)", "        XY[t] +=", "        XY[t-s];"}));
  for (const std::string& line : wrapCodeLine(std::string(50, 'x'), 20))
    EXPECT_LE(line.size(), 20u);
}

Scene spotTheBug(const LessonRun& run, int step, const ArraySceneStyle& style) {
  SpotTheBugSceneRequest rq;
  rq.run = &run;
  rq.step = step;
  rq.width = 1847;
  rq.height = 880;
  return buildSpotTheBugScene(rq, style, kPalette, approximateTextWidth);
}

// The one-barrier Kogge-Stone at N = 64: side by side, both runs show the same cells around 32,
// the seed's lines, the fix and why are in the scene, monospaced code, nothing under 28 px.
TEST(SpotTheBugScene, PresentationShowsTheWrongCellAndTheCodeLegibly) {
  const LessonRun run = runLesson(*findLesson("kogge-stone-one-barrier"));
  const Scene s = spotTheBug(run, run.partingStep, backRow());
  for (const SceneText& t : s.texts) EXPECT_GE(t.size, 28.0f) << t.role << " " << t.text;
  const auto frames = s.rectsWithRole("compare-view");
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_EQ(frames[0]->y, frames[1]->y);  // side by side
  std::vector<std::set<int>> shown(2);
  for (const SceneRect* r : s.rectsWithRole("cell-written"))
    shown[r->x < frames[1]->x ? 0 : 1].insert(r->index);
  EXPECT_EQ(shown[0], shown[1]);
  EXPECT_TRUE(shown[0].count(32));
  EXPECT_LT(shown[0].size(), 64u);
  EXPECT_EQ(*shown[0].rbegin() - *shown[0].begin() + 1, static_cast<int>(shown[0].size()));
  EXPECT_EQ(s.textsWithRole("elided-cells").size(), 4u);
  std::string seed, fix, why;
  for (const SceneText* t : s.textsWithRole("code-seed")) {
    EXPECT_TRUE(t->mono);
    seed += t->text + "\n";
  }
  for (const SceneText* t : s.textsWithRole("code-fix")) fix += t->text + "\n";
  for (const SceneText* t : s.textsWithRole("why")) why += t->text + " ";
  EXPECT_NE(seed.find("XY[threadIdx.x] +="), std::string::npos) << seed;
  EXPECT_NE(fix.find("__syncthreads();  // every read before any write"), std::string::npos) << fix;
  EXPECT_NE(why.find("across warps"), std::string::npos) << why;
  // Every code line within its frame.
  for (const char* role : {"code-seed", "code-fix"})
    for (const SceneText* t : s.textsWithRole(role)) {
      const auto boxes = s.rectsWithRole("code-frame");
      const bool inside = std::any_of(boxes.begin(), boxes.end(), [&](const SceneRect* b) {
        return t->x >= b->x && t->x + monoTextWidth(t->text, t->size) <= b->x + b->w;
      });
      EXPECT_TRUE(inside) << t->text;
    }
}

// At normal size the window shows every cell, as before, and the code under the runs.
TEST(SpotTheBugScene, NormalSizeShowsEveryCell) {
  const LessonRun run = runLesson(*findLesson("kogge-stone-one-barrier"));
  const Scene s = spotTheBug(run, run.partingStep, ArraySceneStyle{});
  EXPECT_EQ(indicesOf(s, "cell-value").size(), 64u);
  EXPECT_TRUE(s.textsWithRole("elided-cells").empty());
  EXPECT_FALSE(s.textsWithRole("code-fix").empty());
  EXPECT_FALSE(s.textsWithRole("schedule").empty());
}

// Seed 000's S[-1]: the garbage (ten digits) does not narrow the window; block 0 is in it.
TEST(SpotTheBugScene, GarbageDoesNotNarrowTheFocusWindow) {
  const LessonRun run = runLesson(*findLesson("hierarchical-s-minus-one"));
  const Scene s = spotTheBug(run, run.partingStep, backRow());
  const std::set<int> cells = indicesOf(s, "cell-value");
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(cells.count(i)) << i;
  for (const SceneText& t : s.texts) EXPECT_GE(t.size, 28.0f) << t.role << " " << t.text;
}

}  // namespace
}  // namespace scanviz
