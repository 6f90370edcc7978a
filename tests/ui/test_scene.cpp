// The array view's scene for known traces, without fonts or a window: which cells hold which
// values, which are highlighted, the arrows, the thread markers, warp and block boundaries,
// padding, eliding, and the result check at the last step.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/trace/value_format.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/counter_rows.h"
#include "app/scene/scene_text.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Scene sceneOf(const Trace& t, int step, float width = 1000) {
  ArraySceneRequest rq{.trace = &t, .step = step, .width = width};
  return buildArrayScene(rq, ArraySceneStyle{}, viewPalette(Theme::Dark, Palette::Classic),
                         approximateTextWidth);
}

std::vector<int> indicesOf(const std::vector<const SceneRect*>& rects) {
  std::vector<int> v;
  for (const SceneRect* r : rects) v.push_back(r->index);
  std::sort(v.begin(), v.end());
  return v;
}

// The value texts of the main row, ordered by index.
std::vector<std::string> cellValues(const Scene& s, const std::string& role = "cell-value") {
  std::vector<const SceneText*> texts = s.textsWithRole(role);
  std::sort(texts.begin(), texts.end(), [](auto* a, auto* b) { return a->index < b->index; });
  std::vector<std::string> v;
  for (const SceneText* t : texts) v.push_back(t->text);
  return v;
}

size_t countLines(const Scene& s, const std::string& role) {
  return static_cast<size_t>(
      std::count_if(s.lines.begin(), s.lines.end(), [&](auto& l) { return l.role == role; }));
}

bool hasTextContaining(const Scene& s, const std::string& role, const std::string& part) {
  for (const SceneText* t : s.textsWithRole(role))
    if (t->text.find(part) != std::string::npos) return true;
  return false;
}

TEST(ArrayScene, LessonLastStepShowsTheScan) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const Scene s = sceneOf(t, 3);
  EXPECT_EQ(cellValues(s),
            (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell-written")), (std::vector<int>{4, 5, 6, 7}));
  EXPECT_EQ(cellValues(s, "result-inclusive-value"),
            (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
  EXPECT_EQ(cellValues(s, "result-exclusive-value"),
            (std::vector<std::string>{"0", "3", "4", "11", "11", "15", "16", "22"}));
  EXPECT_EQ(s.textsWithRole("check-pass").size(), 2u);
  EXPECT_TRUE(s.textsWithRole("check-fail").empty());
  EXPECT_TRUE(hasTextContaining(s, "title", "Step 3 of 3"));
}

// The verdicts say which row is derived. Kogge-Stone asked for an exclusive result computes the
// inclusive scan (its working array holds it) and stores it shifted right by one: the derived row
// is the exclusive one. Blelloch computes the exclusive row: the inclusive one is derived. A
// segmented scan's exclusive row is shifted within each segment, not along the whole row.
TEST(ArrayScene, VerdictsNameTheRowThatIsDerived) {
  // The two verdicts, each of one or more wrapped lines: the exclusive one starts at its name.
  struct Verdicts {
    std::string inclusive, exclusive;
  };
  const auto verdicts = [](const Trace& t) {
    const Scene last = sceneOf(t, static_cast<int>(t.steps.size()) - 1);
    std::string said;
    for (const SceneText* text : last.textsWithRole("check-pass")) said += text->text + " ";
    const size_t exclusive = said.find(" exclusive matches");
    EXPECT_NE(exclusive, std::string::npos) << said;
    return exclusive == std::string::npos
               ? Verdicts{said, ""}
               : Verdicts{said.substr(0, exclusive), said.substr(exclusive)};
  };
  const auto has = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  Verdicts v = verdicts(capture(emulatorRequest(AlgorithmId::KoggeStone, defaultLessonInput(),
                                                Operator::Add, /*exclusive=*/true))
                            .trace);
  EXPECT_FALSE(has(v.inclusive, "derived")) << v.inclusive;
  EXPECT_TRUE(
      has(v.exclusive, "derived: the kernel stores its inclusive scan shifted right by one"))
      << v.exclusive;
  v = verdicts(capture(emulatorRequest(AlgorithmId::Blelloch, defaultLessonInput(), Operator::Add,
                                       /*exclusive=*/true))
                   .trace);
  EXPECT_TRUE(has(v.inclusive, "derived: combine with the input")) << v.inclusive;
  EXPECT_FALSE(has(v.exclusive, "derived")) << v.exclusive;
  v = verdicts(lessonTrace(AlgorithmId::KoggeStone));
  EXPECT_FALSE(has(v.inclusive, "derived")) << v.inclusive;
  EXPECT_TRUE(has(v.exclusive, "derived: shift right by one")) << v.exclusive;
  EXPECT_FALSE(has(v.exclusive, "segment")) << v.exclusive;
  CaptureRequest rq = emulatorRequest(AlgorithmId::SegmentedKoggeStone, defaultLessonInput());
  rq.rows.flags = defaultLessonFlags();
  v = verdicts(capture(rq).trace);
  EXPECT_TRUE(has(v.exclusive, "shift right by one within each segment")) << v.exclusive;
}

TEST(ArrayScene, LessonStepOneHighlightsAndArrows) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const Scene s = sceneOf(t, 1);
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell-written")), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell")), (std::vector<int>{0}));
  EXPECT_EQ(cellValues(s), (std::vector<std::string>{"3", "4", "8", "7", "4", "5", "7", "9"}));
  EXPECT_EQ(cellValues(s, "before-cell-value"),
            (std::vector<std::string>{"3", "1", "7", "0", "4", "1", "6", "3"}));
  EXPECT_EQ(countLines(s, "arrow"), 7u);
  EXPECT_EQ(countLines(s, "own-arrow"), 7u);
  // Every arrow goes from source i-1 (left) down to destination i.
  for (const SceneLine& l : s.lines) {
    if (l.role == "arrow") {
      EXPECT_LT(l.x1, l.x2);
      EXPECT_LT(l.y1, l.y2);
    }
  }
  EXPECT_EQ(indicesOf(s.rectsWithRole("thread-active")), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(indicesOf(s.rectsWithRole("thread-done")), (std::vector<int>{0}));
  EXPECT_TRUE(s.textsWithRole("check-pass").empty());  // results only at the last step
  EXPECT_TRUE(hasTextContaining(s, "warp-label", "8 of 32 lanes"));
}

TEST(ArrayScene, ArrowsLineUpWithTheirCells) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const Scene s = sceneOf(t, 2);  // stride 2: edges (i, i-2)
  const auto centre = [&](int index) {
    for (const auto& r : s.rects)
      if ((r.role.rfind("before-cell", 0) == 0) && r.index == index) return r.x + r.w / 2;
    return -1.0f;
  };
  for (const SceneLine& l : s.lines) {
    if (l.role == "arrow") {
      EXPECT_NEAR(l.x1, centre(l.index - 2), 0.5f) << "arrow into " << l.index;
    }
  }
}

TEST(ArrayScene, LoadStepShowsTheInputAndTheCopyingThreads) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const Scene s = sceneOf(t, 0);
  EXPECT_EQ(cellValues(s, "before-cell-value"),
            (std::vector<std::string>{"3", "1", "7", "0", "4", "1", "6", "3"}));
  EXPECT_EQ(countLines(s, "load-arrow"), 8u);
  EXPECT_EQ(countLines(s, "arrow"), 0u);
  // Every thread copies its element: active, as the counter and the explanation say (issue 32).
  EXPECT_EQ(s.rectsWithRole("thread-active").size(), 8u);
  EXPECT_EQ(s.rectsWithRole("thread-waiting").size(), 0u);
}

// A segmented scan: a bar on the left edge of each segment's first cell (but the first), on every
// step, while the flags row shows the flags as the scan ORs them.
TEST(ArrayScene, SegmentBoundariesAreDrawnOnTheCells) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::SegmentedKoggeStone, defaultLessonInput());
  rq.rows.flags = defaultLessonFlags();
  const Trace t = capture(rq).trace;
  for (int step = 0; step < static_cast<int>(t.steps.size()); ++step) {
    const Scene s = sceneOf(t, step);
    std::vector<int> at;
    for (const SceneLine& l : s.lines)
      if (l.role == "segment-boundary") at.push_back(l.index);
    EXPECT_EQ(at, (std::vector<int>{3, 5})) << step;
  }
  // After stride 1 every element whose left neighbour is a head has its flag set too.
  EXPECT_EQ(cellValues(sceneOf(t, 1), "flag-value"),
            (std::vector<std::string>{"1", "1", "0", "1", "1", "1", "1", "0"}));
}

// A problem with head flags (trace version 3) shows them as a row of 0 and 1 under the values,
// the 1s filled; a trace without flags has no such row.
TEST(ArrayScene, FlagsRowUnderTheValues) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::KoggeStone, defaultLessonInput());
  rq.rows.flags = {1, 0, 0, 1, 0, 1, 0, 0};
  const Trace t = capture(rq).trace;
  for (int step : {0, 2}) {
    const Scene s = sceneOf(t, step);
    EXPECT_EQ(indicesOf(s.rectsWithRole("flag-set")), (std::vector<int>{0, 3, 5})) << step;
    EXPECT_EQ(s.rectsWithRole("flag").size(), 5u) << step;
    EXPECT_EQ(cellValues(s, "flag-value"),
              (std::vector<std::string>{"1", "0", "0", "1", "0", "1", "0", "0"}));
    // The row lies under the values.
    EXPECT_GT(s.rectsWithRole("flag").front()->y, s.rectsWithRole("cell-written").empty()
                                                      ? s.rectsWithRole("cell").front()->y
                                                      : s.rectsWithRole("cell-written").front()->y);
  }
  const Scene plain = sceneOf(captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput()), 0);
  EXPECT_EQ(countLines(plain, "segment-boundary"), 0u);
  EXPECT_TRUE(plain.rectsWithRole("flag").empty());
  EXPECT_TRUE(plain.rectsWithRole("flag-set").empty());
}

TEST(ArrayScene, PaddingIsMarked) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, {5, 1, 4, 2, 3});  // section of 8
  const Scene s = sceneOf(t, 1);
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell-padding")), (std::vector<int>{5, 6, 7}));
  for (const SceneRect* r : s.rectsWithRole("cell-padding")) EXPECT_TRUE(r->hatched);
  EXPECT_TRUE(hasTextContaining(s, "legend", "padding"));
}

TEST(ArrayScene, WideValuesAreElidedWithTheValueInTheTooltip) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, {5, -7, 4, 2}, 0, Operator::Max);
  const Scene s = sceneOf(t, 0, 420);
  for (const SceneText* text : s.textsWithRole("cell-value")) {
    const float width = approximateTextWidth(text->text, text->size, text->bold);
    EXPECT_LE(width, text->hoverW) << text->text;  // never wider than its cell
    EXPECT_NE(text->tooltip.find("XY["), std::string::npos);
  }
  // Wide values in narrow cells: a prefix and an ellipsis, the whole value in the tooltip.
  const Trace wide = captureOnEmulator(
      AlgorithmId::KoggeStone, {-1999999999, -1999999, -99999, 4, 2, 1, 3, 5}, 0, Operator::Max);
  const Scene narrow = sceneOf(wide, 0, 300);
  bool elided = false;
  for (const SceneText* text : narrow.textsWithRole("cell-value")) {
    if (text->index != 0) continue;
    EXPECT_NE(text->text.find("\xE2\x80\xA6"), std::string::npos) << text->text;
    EXPECT_NE(text->tooltip.find("-1999999999"), std::string::npos) << text->tooltip;
    elided = true;
  }
  EXPECT_TRUE(elided);
}

// The identity of max and min reads as a symbol, not as an eleven-digit number that would widen
// every cell; the tooltip keeps the exact value.
TEST(ArrayScene, TheIdentityOfMaxIsMinusInfinity) {
  CaptureRequest rq{{.algorithm = AlgorithmId::KoggeStone, .backend = BackendChoice::Cpu}};
  rq.input = {5, -7, 4, 2, 1};  // padded to 8 with the identity
  rq.op = Operator::Max;
  rq.exclusive = true;
  const Trace ex = capture(rq).trace;
  const Scene last = sceneOf(ex, static_cast<int>(ex.steps.size()) - 1, 420);
  bool seen = false;
  for (const SceneText* text : last.textsWithRole("result-exclusive-value")) {
    if (text->index != 0) continue;
    EXPECT_EQ(text->text, "-\xE2\x88\x9E");
    EXPECT_NE(text->tooltip.find("-2147483648"), std::string::npos) << text->tooltip;
    EXPECT_NE(text->tooltip.find("the identity of max"), std::string::npos) << text->tooltip;
    seen = true;
  }
  EXPECT_TRUE(seen);
  const Scene load = sceneOf(ex, 0, 420);
  for (const SceneText* text : load.textsWithRole("cell-value"))
    if (text->index >= 5) {
      EXPECT_EQ(text->text, "-\xE2\x88\x9E") << text->index;
    }
  EXPECT_EQ(formatCellValue(2147483647, "min", "int32"), "+\xE2\x88\x9E");
  EXPECT_EQ(formatCellValue(-2147483648.0, "add", "int32"), "-2147483648");  // data, not identity
  EXPECT_EQ(formatCellValue(0, "add", "int32"), "0");
}

// Titles say what is scanned: the operator, the variant, the type.
TEST(ArrayScene, TheTitleNamesTheOperatorVariantAndType) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, {3, 1, 7, 0}, 0, Operator::Max);
  const Scene s = sceneOf(t, 1, 800);
  EXPECT_TRUE(hasTextContaining(s, "title", "inclusive max scan, int32"));
  const Trace sum = captureOnEmulator(AlgorithmId::KoggeStone, {3, 1, 7, 0});
  EXPECT_TRUE(hasTextContaining(sceneOf(sum, 1, 800), "title", "inclusive sum scan (+), int32"));
}

TEST(ArrayScene, FitTextKeepsAPrefixAndAnEllipsis) {
  EXPECT_EQ(fitText("25", 100, 10, false, approximateTextWidth), "25");
  // 6 px a glyph: five glyphs fit in 31 px, the ellipsis being one of them.
  EXPECT_EQ(fitText("-2147483648", 31, 10, false, approximateTextWidth), "-214\xE2\x80\xA6");
  EXPECT_EQ(fitText("123456", 1, 10, false, approximateTextWidth), "");
}

// The value a cell's tooltip names ("XY[5] = 25\n...").
std::string tooltipValue(const SceneText& t) {
  const size_t eq = t.tooltip.find(" = ");
  const size_t end = t.tooltip.find('\n');
  return eq == std::string::npos ? "" : t.tooltip.substr(eq + 3, end - eq - 3);
}

TEST(ArrayScene, ValuesTheLayoutSizedForAreDrawnInFull) {
  // 64 two-digit values: cells narrow enough that the value font shrinks to fit them. Wherever
  // it did not have to stop at the floor, every value fits and must be drawn, not dropped.
  std::vector<double> in;
  for (int i = 0; i < 64; ++i) in.push_back(10 + (i * 37) % 90);
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, in, 64);
  int checked = 0;
  for (float width = 700; width <= 3200; width += 11) {
    const Scene s = sceneOf(t, 0, width);
    const auto values = s.textsWithRole("cell-value");
    ASSERT_EQ(values.size(), 64u);
    const float size = values[0]->size;
    if (size <= 10.01f) continue;  // at the floor: eliding is expected
    ++checked;
    for (const char* role : {"cell-value", "before-cell-value"})
      for (const SceneText* v : s.textsWithRole(role))
        EXPECT_EQ(v->text, tooltipValue(*v))
            << role << " " << v->index << " at width " << width << ", font " << v->size;
  }
  EXPECT_GT(checked, 50);
}

TEST(ArrayScene, AValueIsDrawnExactlyWhenItFitsItsCell) {
  std::vector<double> in;
  for (int i = 0; i < 64; ++i) in.push_back(i % 3 == 0 ? -1000 - i : 10 + i);
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, in, 64);
  for (float width = 300; width <= 3200; width += 23) {
    const Scene s = sceneOf(t, 0, width);
    for (const SceneText* v : s.textsWithRole("cell-value")) {
      const std::string full = tooltipValue(*v);
      // The cell's box is the hover box; the margins are kCellTextMargin of the font.
      const float room = v->hoverW - kCellTextMargin * v->size;
      const bool fits = approximateTextWidth(full, v->size, v->bold) <= room + 1e-3f;
      if (fits) {
        EXPECT_EQ(v->text, full) << "width " << width;
      } else {
        EXPECT_NE(v->text, full) << "width " << width;
        EXPECT_LE(approximateTextWidth(v->text, v->size, v->bold), room + 1e-3f);
        EXPECT_FALSE(v->tooltip.empty());
      }
    }
  }
}

TEST(ArrayScene, BlellochDownSweepHighlightsBothEndsAndDrawsTheMove) {
  const Trace t = captureOnEmulator(AlgorithmId::Blelloch, defaultLessonInput());
  int first = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()) && first < 0; ++k)
    if (t.steps[static_cast<size_t>(k)].label.rfind("down-sweep stride 4", 0) == 0) first = k;
  ASSERT_GE(first, 0);
  const Scene s = sceneOf(t, first, 1200);
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell-written")), (std::vector<int>{3, 7}));
  EXPECT_EQ(cellValues(s), (std::vector<std::string>{"3", "4", "7", "0", "4", "5", "6", "11"}));
  // One operator application (XY[3] into XY[7]) and one move (the old XY[7] to XY[3]).
  EXPECT_EQ(countLines(s, "arrow"), 1u);
  ASSERT_EQ(countLines(s, "move-arrow"), 1u);
  // The own value flows into 7 only: 3's old value is overwritten, not combined.
  ASSERT_EQ(countLines(s, "own-arrow"), 1u);
  const auto centreOf = [&](const std::string& role, int index) {
    for (const SceneRect& r : s.rects)
      if (r.role.rfind(role, 0) == 0 && r.index == index) return r.x + 0.5f * r.w;
    return -1.0f;
  };
  for (const SceneLine& l : s.lines) {
    if (l.role == "own-arrow") {
      EXPECT_EQ(l.index, 7);
    }
    if (l.role == "arrow") {
      EXPECT_NEAR(l.x1, centreOf("before-cell", 3), 0.5f);
      EXPECT_NEAR(l.x2, centreOf("cell", 7), 0.5f);
    }
    if (l.role == "move-arrow") {
      EXPECT_TRUE(l.dashed);
      EXPECT_TRUE(l.arrow);
      EXPECT_EQ(l.index, 3);
      EXPECT_NEAR(l.x1, centreOf("before-cell", 7), 0.5f);
      EXPECT_NEAR(l.x2, centreOf("cell", 3), 0.5f);
      EXPECT_LT(l.y1, l.y2);
    }
  }
  EXPECT_TRUE(hasTextContaining(s, "legend", "moved"));
  bool movedTip = false;
  for (const SceneText* v : s.textsWithRole("cell-value"))
    if (v->index == 3) movedTip = v->tooltip.find("moved here") != std::string::npos;
  EXPECT_TRUE(movedTip);
  // Steps without moves keep their legend short.
  EXPECT_FALSE(hasTextContaining(sceneOf(t, 1, 1200), "legend", "moved"));
}

TEST(ArrayScene, BlellochClearWritesTheRootWithoutAnOwnArrow) {
  const Trace t = captureOnEmulator(AlgorithmId::Blelloch, defaultLessonInput());
  int clear = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].phase == "clear") clear = k;
  ASSERT_GE(clear, 0);
  const Scene s = sceneOf(t, clear, 1200);
  EXPECT_EQ(indicesOf(s.rectsWithRole("cell-written")), (std::vector<int>{7}));
  EXPECT_EQ(countLines(s, "own-arrow"), 0u);
}

TEST(ArrayScene, ALongStepTitleShrinksAndWrapsInsteadOfBeingClipped) {
  Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const Scene plain = sceneOf(t, 1, 1000);
  ASSERT_EQ(plain.textsWithRole("title").size(), 1u);
  EXPECT_EQ(plain.textsWithRole("title")[0]->size, ArraySceneStyle{}.titleSize);  // it fits
  t.steps[1].label = "phase 2: scan the subsection totals of every thread, stride 2, in place";
  for (float width : {900.0f, 600.0f, 420.0f}) {
    const Scene s = sceneOf(t, 1, width);
    const auto lines = s.textsWithRole("title");
    ASSERT_FALSE(lines.empty());
    std::string joined;
    for (const SceneText* line : lines) {
      const float right = line->x + approximateTextWidth(line->text, line->size, line->bold);
      EXPECT_LE(right, width) << "'" << line->text << "' at width " << width;
      EXPECT_GE(line->size, ArraySceneStyle{}.labelSize);  // shrunk no smaller than body text
      joined += line->text + " ";
    }
    EXPECT_NE(joined.find("Step 1 of 3"), std::string::npos) << joined;
    EXPECT_NE(joined.find("in place"), std::string::npos) << joined;
    // The rows start below the title's last line.
    const float titleBottom = lines.back()->y + lines.back()->size;
    for (const SceneText* index : s.textsWithRole("index")) EXPECT_GT(index->y, titleBottom);
  }
}

TEST(ArrayScene, WarpBoundariesForTwoWarps) {
  std::vector<double> in(64, 1);
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, in, 64);
  const Scene s = sceneOf(t, 1, 4000);
  EXPECT_EQ(countLines(s, "warp-boundary"), 1u);
  EXPECT_EQ(s.textsWithRole("warp-label").size(), 2u);
}

TEST(ArrayScene, GridStepsShowBlocks) {
  std::vector<double> in(20, 1);
  const Trace t = captureOnEmulator(AlgorithmId::Hierarchical, in, 4);  // sections of 8: 3 blocks
  int global = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].array == "global") global = k;
  ASSERT_GE(global, 0);
  const Scene s = sceneOf(t, global, 2000);
  EXPECT_EQ(countLines(s, "block-boundary"), 2u);
  EXPECT_TRUE(s.rectsWithRole("thread-active").empty());
  EXPECT_EQ(s.textsWithRole("cell-value").size(), 20u);
}

TEST(ArrayScene, MismatchIsMarked) {
  Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  t.output[5] = 15;
  const Scene s = sceneOf(t, 3);
  ASSERT_FALSE(s.textsWithRole("check-fail").empty());
  EXPECT_TRUE(hasTextContaining(s, "check-fail", "index 5: expected 16, got 15"));
  EXPECT_EQ(indicesOf(s.rectsWithRole("result-mismatch")), (std::vector<int>{5, 6}));
}

TEST(ArrayScene, LongArraysFitAsAnOverviewAndZoomScrolls) {
  std::vector<double> in(1024, 1);
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, in, 1024);
  ArraySceneRequest rq{.trace = &t, .step = 1, .width = 800};
  const ViewPalette pal = viewPalette(Theme::Dark, Palette::Classic);
  const Scene overview = buildArrayScene(rq, ArraySceneStyle{}, pal, approximateTextWidth);
  EXPECT_LE(overview.width, 800 + 1024 * kMinCellWidth);
  for (const SceneText* v : overview.textsWithRole("cell-value")) {
    EXPECT_TRUE(v->text.empty());  // no room for values: colour only, the value in the tooltip
    EXPECT_FALSE(v->tooltip.empty());
  }
  rq.zoom = 20;
  rq.visibleLeft = 0;
  rq.visibleRight = 800;
  const Scene zoomed = buildArrayScene(rq, ArraySceneStyle{}, pal, approximateTextWidth);
  EXPECT_GT(zoomed.width, 4000);  // scrolls
  const size_t cells =
      zoomed.rectsWithRole("cell").size() + zoomed.rectsWithRole("cell-written").size();
  EXPECT_GT(cells, 5u);
  EXPECT_LT(cells, 100u);  // culled to what is in view
  EXPECT_FALSE(zoomed.textsWithRole("cell-value")[0]->text.empty());
}

TEST(ArrayScene, GrowsToFillATallView) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  ArraySceneRequest rq{.trace = &t, .step = 1, .width = 1400};
  const ViewPalette pal = viewPalette(Theme::Light, Palette::OkabeIto);
  const Scene small = buildArrayScene(rq, ArraySceneStyle{}, pal, approximateTextWidth);
  rq.height = small.height * 1.6f;
  const Scene tall = buildArrayScene(rq, ArraySceneStyle{}, pal, approximateTextWidth);
  EXPECT_GT(tall.height, small.height * 1.2f);
  EXPECT_LE(tall.height, rq.height);
  EXPECT_GT(tall.rectsWithRole("cell")[0]->h, small.rectsWithRole("cell")[0]->h * 1.2f);
}

TEST(ArrayScene, PalettesDiffer) {
  const ViewPalette classic = viewPalette(Theme::Dark, Palette::Classic);
  const ViewPalette okabe = viewPalette(Theme::Dark, Palette::OkabeIto);
  EXPECT_EQ(okabe.writtenFill, rgb(0xe69f00));
  EXPECT_NE(classic.pass, okabe.pass);
  EXPECT_NE(viewPalette(Theme::Light, Palette::Classic).background, classic.background);
}

TEST(CounterRows, LessonStepOne) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, defaultLessonInput());
  const std::vector<CounterRow> rows = counterRows(t, 1, 4);
  const auto value = [&](const std::string& label) {
    for (const auto& r : rows)
      if (r.label == label) return r.value;
    return std::string("missing");
  };
  EXPECT_EQ(value("Step"), "1 of 3");
  EXPECT_EQ(value("Ops this step"), "7");
  EXPECT_EQ(value("Work so far"), "7 of 17");
  EXPECT_EQ(value("Seed formula"), "N log2 N - (N - 1) = 17  (N = 8)");
  EXPECT_EQ(value("Active threads"), "7 of 8");
  EXPECT_EQ(value("Warp efficiency"), "21.9%  (7 of 32 lanes)");
  EXPECT_EQ(value("Bank conflicts"), "none (conflict-free)");
  EXPECT_EQ(value("Brent W/P + D"), "17/4 + 3 = 7.25 steps");
}

// A conflicting step names the worst access's way first, then the replays over the step.
TEST(CounterRows, BankConflictsNameTheWayThenTheReplays) {
  std::vector<double> input(256);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<double>(i % 7);
  const Trace t = captureOnEmulator(AlgorithmId::BrentKung, input);
  bool seen = false;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    for (const CounterRow& r : counterRows(t, k, 4)) {
      if (r.label != "Bank conflicts" || r.value.find("-way") == std::string::npos) continue;
      seen = true;
      EXPECT_NE(r.value.find("-way (warp "), std::string::npos) << r.value;
      EXPECT_NE(r.value.find("in all"), std::string::npos) << r.value;
      EXPECT_NE(r.value.substr(0, 2), "1-") << "a 1-way access is no conflict: " << r.value;
    }
  }
  EXPECT_TRUE(seen) << "Brent-Kung on 256 elements has conflicting strides";
}

// The legend rows every view shares: items flow left to right, the next row starts where an item
// would pass the right edge, labels sit after their samples; without a scene it only measures.
TEST(LegendRows, ItemsWrapAtTheRightEdgeAndMeasuringAddsNothing) {
  const MeasureText measure = approximateTextWidth;
  const float size = 10;  // 6 px a character
  Scene scene;
  LegendRows rows(&scene, measure, 5, 200, 40, size, 1.5f, rgb(0x808080));
  const float d = rows.swatchSide();
  const auto first = rows.add(d, "0123456789");  // 10.5 + 4 + 60 + 14 = 88.5 wide
  const auto second = rows.add(d, "0123456789");
  const auto third = rows.add(2 * d, "0123456789");  // would end at 5 + 177 + 99 > 200
  EXPECT_FLOAT_EQ(first.x, 5);
  EXPECT_FLOAT_EQ(first.y, 40);
  EXPECT_FLOAT_EQ(second.x, 5 + 88.5f);
  EXPECT_FLOAT_EQ(second.y, 40);
  EXPECT_FLOAT_EQ(third.x, 5);
  EXPECT_FLOAT_EQ(third.y, 40 + 15);
  EXPECT_FLOAT_EQ(rows.bottom(), 40 + 30);
  ASSERT_EQ(scene.textsWithRole("legend").size(), 3u);
  EXPECT_FLOAT_EQ(scene.texts[2].x, 5 + 2 * d + 4);

  LegendRows measuring(nullptr, measure, 5, 200, 40, size, 1.5f, rgb(0x808080));
  for (int i = 0; i < 3; ++i) measuring.add(d, "0123456789");
  EXPECT_FLOAT_EQ(measuring.bottom(), rows.bottom());
}

// Symbolic ranges in 16 cells of a projected screen: "x12..x15" does not fit one line at the back
// row's size, so it goes on two ("x12.." over "x15"), every line at that size or more.
TEST(ArrayScene, SymbolicRangesTooWideForTheirCellTakeTwoLines) {
  std::vector<double> input(16);
  for (int i = 0; i < 16; ++i) input[static_cast<size_t>(i)] = i + 1;
  const Trace t = captureOnEmulator(AlgorithmId::BrentKung, input);
  // approximateTextWidth gives a glyph 0.65 em, wider than the UI font's "x12..": 2000 px here
  // is the room the real font needs in the 1876 px the window's view has at 1920 x 1080.
  ArraySceneRequest rq{.trace = &t, .step = 4, .width = 2000};
  rq.symbolic = true;
  const float presentation = 28.0f / 15.0f;  // presentationUiScale at 1080 lines
  const ArraySceneStyle style = ArraySceneStyle{}.scaled(presentation, presentation);
  const Scene s =
      buildArrayScene(rq, style, viewPalette(Theme::Dark, Palette::Classic), approximateTextWidth);
  const auto values = s.textsWithRole("cell-value");
  ASSERT_FALSE(values.empty());
  int split = 0;
  for (size_t k = 0; k < values.size(); ++k) {
    EXPECT_GE(values[k]->size, style.smallSize) << values[k]->text;
    if (values[k]->text.ends_with("..")) {
      ASSERT_LT(k + 1, values.size());
      EXPECT_EQ(values[k + 1]->index, values[k]->index);
      EXPECT_TRUE(values[k + 1]->text.starts_with("x")) << values[k + 1]->text;
      EXPECT_GT(values[k + 1]->y, values[k]->y);
      ++split;
    }
  }
  // Step 4 of Brent-Kung at N = 16 (up-sweep stride 8) holds 8 ranges: x0..x1, x0..x3, x4..x5,
  // x0..x7, x8..x9, x8..x11, x12..x13 and x0..x15.
  EXPECT_EQ(split, 8);
  // At the window's own scale, with room for one line, a range stays one text.
  const Scene plain = buildArrayScene(
      rq, ArraySceneStyle{}, viewPalette(Theme::Dark, Palette::Classic), approximateTextWidth);
  for (const SceneText* v : plain.textsWithRole("cell-value"))
    EXPECT_FALSE(v->text.ends_with(".."));
}

}  // namespace
}  // namespace scanviz
