// Filmstrips: one row per step with its name, arrows between rows, the check under the last
// row; taller with every step; the same columns as the array view.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/export/filmstrip.h"
#include "app/export/picture.h"
#include "app/export/text_metrics.h"
#include "app/scene/scene_geometry.h"
#include "app/ui/shell/command_line.h"
#include "tests/common/captures.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

TEST(Filmstrip, OneLabelledRowPerStep) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const int last = static_cast<int>(t.steps.size()) - 1;
  const Scene s = filmstripPicture(t, 0, last, PictureStyle{});
  std::vector<std::string> expected;
  for (int k = 0; k <= last; ++k) expected.push_back("step " + std::to_string(k));
  EXPECT_EQ(textsOf(s, "step-label"), expected);
  std::vector<std::string> details;
  for (const TraceStep& st : t.steps) details.push_back(st.label);
  EXPECT_EQ(textsOf(s, "step-detail"), details);
  // Every step's cells: n per row, plus the input row the load reads from.
  const size_t cells = s.rectsWithRole("cell").size() + s.rectsWithRole("cell-written").size();
  EXPECT_EQ(cells, t.steps.size() * 8);
  EXPECT_EQ(s.rectsWithRole("before-cell").size(), 8u);
  // The worked example's answer is the last row, and it is checked.
  std::vector<const SceneText*> values = s.textsWithRole("cell-value");
  std::vector<const SceneText*> lastRow(values.end() - 8, values.end());
  std::sort(lastRow.begin(), lastRow.end(), [](auto* a, auto* b) { return a->index < b->index; });
  std::vector<std::string> answer;
  for (const SceneText* v : lastRow) answer.push_back(v->text);
  EXPECT_EQ(answer, (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
  EXPECT_FALSE(s.textsWithRole("check-pass").empty());
  EXPECT_TRUE(s.textsWithRole("check-fail").empty());
}

// A segmented scan's strip draws the window's segment bars: one per segment start but the
// first, on the left edge of that cell, through every row from the input to the result.
TEST(Filmstrip, SegmentedScansDrawTheSegmentBars) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::SegmentedKoggeStone, defaultLessonInput());
  rq.rows.flags = defaultLessonFlags();  // 1,0,0,1,0,1,0,0: segments start at 3 and 5
  const Trace t = capture(rq).trace;
  const int last = static_cast<int>(t.steps.size()) - 1;
  const Scene s = filmstripPicture(t, 0, last, PictureStyle{});
  std::vector<const SceneLine*> bars;
  for (const SceneLine& l : s.lines)
    if (l.role == "segment-boundary") bars.push_back(&l);
  ASSERT_FALSE(bars.empty());
  std::set<int> starts;
  float top = s.height, bottom = 0;
  for (const SceneLine* b : bars) {
    starts.insert(b->index);
    top = std::min(top, b->y1);
    bottom = std::max(bottom, b->y2);
    // On the left edge of the cell that starts the segment, in every row it crosses.
    for (const SceneRect& c : s.rects)
      if (c.index == b->index && (c.role == "cell" || c.role == "cell-written") && c.y >= b->y1 &&
          c.y + c.h <= b->y2) {
        EXPECT_NEAR(b->x1, c.x, 0.5f * c.w) << "bar " << b->index;
      }
  }
  EXPECT_EQ(starts, (std::set<int>{3, 5}));
  // From the input row to the last result row: every cell lies between the bars' ends.
  for (const SceneRect& c : s.rects)
    if (c.role == "cell" || c.role == "cell-written" || c.role == "before-cell") {
      EXPECT_TRUE(c.y >= top - 0.5f && c.y + c.h <= bottom + 0.5f) << c.role << " " << c.index;
    }
  EXPECT_FALSE(textsOf(s, "legend").empty());
  bool legendSaysSegment = false;
  for (const std::string& text : textsOf(s, "legend"))
    legendSaysSegment |= text.find("segment starts") != std::string::npos;
  EXPECT_TRUE(legendSaysSegment);
  // A step picture (PNG, SVG, a GIF's frame) draws them as the window does.
  std::set<int> stepBars;
  for (const SceneLine& l : stepPicture(t, 1, PictureStyle{}).lines)
    if (l.role == "segment-boundary") stepBars.insert(l.index);
  EXPECT_EQ(stepBars, (std::set<int>{3, 5}));
  // A plain scan draws none.
  const Scene plain = filmstripPicture(lessonTrace(AlgorithmId::KoggeStone), 0, 2, PictureStyle{});
  for (const SceneLine& l : plain.lines) EXPECT_NE(l.role, "segment-boundary");
}

// `scanviz export --algorithm ... --segments` (and the window) capture with the segments given,
// and an application's --segments reach its flags.
TEST(Filmstrip, CommandLineSegmentsReachTheCapture) {
  const LaunchOptions o =
      parseLaunchOptions({"--algorithm", "segmented-kogge-stone", "--segments", "3,2,3"});
  ASSERT_TRUE(o.captureError.empty()) << o.captureError;
  const CaptureRequest rq = toCaptureRequest(o.config);
  EXPECT_EQ(rq.rows.flags, (std::vector<uint8_t>{1, 0, 0, 1, 0, 1, 0, 0}));
  const Trace t = capture(rq).trace;
  std::set<int> bars;
  for (const SceneLine& l : filmstripPicture(t, 0, 1, PictureStyle{}).lines)
    if (l.role == "segment-boundary") bars.insert(l.index);
  EXPECT_EQ(bars, (std::set<int>{3, 5}));
  // Values of another count drop them (the controls changed the input) for the segments a
  // segmented scan gets when none are given: random ones, as `capture --n` makes.
  LaunchOptions other = o;
  other.config.source = InputSource::Typed;
  other.config.typedValues = "1,2,3";
  EXPECT_EQ(toCaptureRequest(other.config).rows.flags, randomHeadFlags(3, other.config.seed));
  const LaunchOptions app =
      parseLaunchOptions({"--application", "quicksort-step", "--segments", "5,4,3"});
  ASSERT_TRUE(app.application.has_value()) << app.captureError;
  EXPECT_EQ(app.application->input.flags,
            (std::vector<uint8_t>{1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}));
}

// Issue 32: Blelloch's strip draws the down-sweep's moves dashed, so its legend has the dashed
// "moved" sample, as the window's does; every arrow's look has its sample.
TEST(Filmstrip, TheLegendShowsEveryKindOfArrowTheStripDraws) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::Blelloch, defaultLessonInput());
  rq.exclusive = true;
  const Trace t = capture(rq).trace;
  const Scene s = filmstripPicture(t, 0, static_cast<int>(t.steps.size()) - 1, PictureStyle{});
  ASSERT_FALSE(linesWithRole(s, "move-arrow").empty());
  std::set<std::tuple<int, int, int, long, bool>> samples, drawn;
  for (const SceneLine& l : s.lines) {
    if (!l.arrow) continue;
    auto look = std::make_tuple(int{l.color.r}, int{l.color.g}, int{l.color.b},
                                std::lround(l.width * 100), l.dashed);
    (l.role == "legend-arrow" ? samples : drawn).insert(look);
  }
  for (const auto& look : drawn) EXPECT_EQ(samples.count(look), 1u);
  const std::vector<std::string> legend = textsOf(s, "legend");
  EXPECT_NE(std::find(legend.begin(), legend.end(), "moved, no operation"), legend.end());
  // The legend wraps within the strip rather than widening it.
  for (const SceneText* text : s.textsWithRole("legend")) EXPECT_LT(text->x, s.width);
}

TEST(Filmstrip, GrowsWithEveryStep) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  float previous = 0;
  for (int last = 0; last < static_cast<int>(t.steps.size()); ++last) {
    const Scene s = filmstripPicture(t, 0, last, PictureStyle{});
    EXPECT_GT(s.height, previous) << "steps 0.." << last;
    previous = s.height;
  }
}

TEST(Filmstrip, ArrowsRunBetweenConsecutiveRows) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  const int last = static_cast<int>(t.steps.size()) - 1;
  const Scene s = filmstripPicture(t, 0, last, PictureStyle{});
  size_t operands = 0;
  for (const TraceStep& st : t.steps)
    for (const auto& e : st.edges) operands += e[1] >= 0;
  size_t arrows = 0;
  for (const SceneLine& l : s.lines) {
    if (l.role != "arrow") continue;
    ++arrows;
    EXPECT_LT(l.y1, l.y2) << "arrows point down, from a row to the next";
  }
  EXPECT_EQ(arrows, operands);
}

TEST(Filmstrip, ColumnsLineUpAcrossRows) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const Scene s = filmstripPicture(t, 0, static_cast<int>(t.steps.size()) - 1, PictureStyle{});
  std::set<int> xs;
  for (const SceneRect& r : s.rects)
    if (r.role.rfind("cell", 0) == 0 && r.index == 5) xs.insert(static_cast<int>(r.x * 100));
  EXPECT_EQ(xs.size(), 1u);
}

TEST(Filmstrip, ARangeNamesItsSteps) {
  const Trace t = lessonTrace(AlgorithmId::Blelloch);
  const Scene s = filmstripPicture(t, 2, 4, PictureStyle{});
  EXPECT_EQ(textsOf(s, "step-label"), (std::vector<std::string>{"step 2", "step 3", "step 4"}));
  ASSERT_FALSE(s.textsWithRole("title").empty());
  EXPECT_NE(s.textsWithRole("title").front()->text.find("steps 2"), std::string::npos);
  // The first row of a range shows what it read.
  EXPECT_FALSE(s.rectsWithRole("before-cell").empty());
}

TEST(Filmstrip, FitsItsContent) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const Scene s = filmstripPicture(t, 0, 2, PictureStyle{});
  const SceneBox box = sceneContentBox(s, TextMetrics::embedded().measure());
  EXPECT_GE(box.left, 0);
  EXPECT_GE(box.top, 0);
  EXPECT_LE(box.right, s.width + 0.5f);
  EXPECT_LE(box.bottom, s.height + 0.5f);
  EXPECT_LT(s.width - box.right, 30);  // no empty band on the right
}

TEST(StepPicture, NarrowedToItsContentAndScaledExactly) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  PictureStyle wide;
  wide.width = 3000;
  const Scene s = stepPicture(t, 1, wide);
  EXPECT_LT(s.width, 1600);  // eight cells do not need 3000 pixels
  const Scene twice = scaledScene(s, 2);
  EXPECT_FLOAT_EQ(twice.width, 2 * s.width);
  EXPECT_FLOAT_EQ(twice.texts[0].size, 2 * s.texts[0].size);
  EXPECT_FLOAT_EQ(twice.rects[0].x, 2 * s.rects[0].x);
}

Trace randomRun(AlgorithmId id, int n) {
  CaptureRequest rq =
      emulatorRequest(id, generateInput(InputPattern::Random, n, 7, DType::Int32, Operator::Add));
  return capture(rq).trace;
}

// Cell values drawn blank or cut short ("1…"), over every row of a picture.
std::vector<std::string> unreadableValues(const Scene& s) {
  std::vector<std::string> out;
  for (const SceneText& t : s.texts) {
    const bool value = t.role.size() > 6 && t.role.compare(t.role.size() - 6, 6, "-value") == 0;
    if (value && (t.text.empty() || t.text.find("\xE2\x80\xA6") != std::string::npos))
      out.push_back(t.role + " " + std::to_string(t.index) + " '" + t.text + "'");
  }
  return out;
}

TEST(StepPicture, LongerValuesWidenTheLayoutInsteadOfLeavingHoles) {
  // 64 small random values: the sums grow to three digits in the later steps, among rows of one
  // and two digits. At the default 1200 pixels the view leaves those cells blank or cuts them
  // ("1…"); a slide has no tooltip, so the picture is laid out wider until every value shows.
  for (AlgorithmId id : {AlgorithmId::Hierarchical, AlgorithmId::KoggeStone}) {
    const Trace t = randomRun(id, 64);
    const int last = static_cast<int>(t.steps.size()) - 1;
    EXPECT_FALSE(unreadableValues(stepPicture(t, last, PictureStyle{})).empty())
        << "the case no longer needs widening: choose longer values";
    PictureStyle s;
    s.width = legibleWidth(t, 0, last, PictureStyle{});
    EXPECT_GT(s.width, 1200);
    EXPECT_LE(s.width, 1200 * 1.75f + 1);
    const Scene strip = filmstripPicture(t, 0, last, s);
    const auto holes = unreadableValues(strip);
    EXPECT_TRUE(holes.empty()) << holes.size() << " unreadable, e.g. " << holes.front();
    for (int k = 0; k <= last; ++k)
      EXPECT_TRUE(unreadableValues(stepPicture(t, k, s)).empty()) << "step " << k;
  }
}

// Sums with three digits appear only in the later steps; on their own those steps get a smaller
// value font than the first ones. In a filmstrip every row has the same digits.
TEST(Filmstrip, EveryRowHasOneValueSize) {
  const Trace t = randomRun(AlgorithmId::ThreePhase, 32);
  const int last = static_cast<int>(t.steps.size()) - 1;
  const auto sizes = [](const Scene& s) {
    std::set<float> out;
    for (const SceneText* x : s.textsWithRole("cell-value")) out.insert(x->size);
    return out;
  };
  const std::set<float> first = sizes(stepPicture(t, 0, PictureStyle{}));
  const std::set<float> lastAlone = sizes(stepPicture(t, last, PictureStyle{}));
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(lastAlone.size(), 1u);
  EXPECT_GT(*first.begin(), *lastAlone.begin())
      << "the case no longer has longer values later: choose other values";
  const std::set<float> strip = sizes(filmstripPicture(t, 0, last, PictureStyle{}));
  EXPECT_EQ(strip.size(), 1u);
  PictureStyle ranged;
  ranged.sizeFirst = 0;
  ranged.sizeLast = last;
  EXPECT_EQ(sizes(stepPicture(t, 0, ranged)), sizes(stepPicture(t, last, ranged)));
}

TEST(StepPicture, AnOverviewOfALongArrayIsNotWidened) {
  // 1024 cells in 1200 pixels show no values at all: an overview, kept at the asked width.
  const Trace t = randomRun(AlgorithmId::KoggeStone, 1024);
  const int last = static_cast<int>(t.steps.size()) - 1;
  EXPECT_FLOAT_EQ(legibleWidth(t, 0, last, PictureStyle{}), 1200);
}

TEST(StepPicture, CommonCanvasHoldsEveryStep) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  const int last = static_cast<int>(t.steps.size()) - 1;
  const CanvasSize c = commonCanvas(t, 0, last, PictureStyle{});
  for (int k = 0; k <= last; ++k) {
    const Scene s = stepPicture(t, k, PictureStyle{});
    EXPECT_LE(s.width, c.width);
    EXPECT_LE(s.height, c.height);
  }
}

}  // namespace
}  // namespace scanviz
