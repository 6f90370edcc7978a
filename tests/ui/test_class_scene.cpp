// Class mode's scene (app/scene/class_scene.h) without a window: before the reveal the picture is
// the step before the question's and no text of the answer is drawn; after it, the question's step,
// the answer and the verdict; a click on a thread answers "which threads".
#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/trace/value_format.h"
#include "app/scene/class_scene.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

const ViewPalette kPalette = viewPalette(Theme::Dark, Palette::Classic);

Scene sceneOf(const Trace& t, const QuizSession& s) {
  ClassSceneRequest rq;
  rq.trace = &t;
  rq.session = &s;
  rq.width = 1400;
  rq.height = 800;
  return buildClassScene(rq, ArraySceneStyle{}, kPalette, approximateTextWidth);
}

std::vector<std::string> valuesOf(const Scene& scene, const std::string& role, size_t n) {
  std::vector<std::string> v(n);
  for (const SceneText* t : scene.textsWithRole(role))
    if (t->index >= 0 && static_cast<size_t>(t->index) < n)
      v[static_cast<size_t>(t->index)] = t->text;
  return v;
}

std::vector<std::string> mainRow(const Scene& scene, size_t n) {
  std::vector<std::string> row = valuesOf(scene, "cell-value", n);
  const std::vector<std::string> written = valuesOf(scene, "cell-written-value", n);
  for (size_t i = 0; i < n; ++i)
    if (!written[i].empty()) row[i] = written[i];
  return row;
}

std::vector<std::string> formatted(const TraceStep& s, const Trace& t) {
  std::vector<std::string> v;
  for (double x : s.values) v.push_back(formatCellValue(x, t.meta.op, t.meta.dtype));
  return v;
}

TEST(ClassScene, NothingOfTheAnswerBeforeTheRevealTheStepAfterIt) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  std::vector<QuizQuestion> values;
  for (const QuizQuestion& q : allQuestions(t))
    if (q.kind == QuestionKind::CellValue) values.push_back(q);
  ASSERT_FALSE(values.empty());
  for (const QuizQuestion& q : values) {
    QuizSession s({q}, 20);
    const size_t n = t.steps[0].values.size();
    const Scene before = sceneOf(t, s);
    EXPECT_TRUE(before.textsWithRole("class-answer").empty());
    EXPECT_TRUE(before.textsWithRole("class-verdict").empty());
    EXPECT_EQ(mainRow(before, n), formatted(t.steps[static_cast<size_t>(q.step - 1)], t)) << q.text;
    const auto asked = before.rectsWithRole("class-asked");
    ASSERT_EQ(asked.size(), 1u) << q.text;
    EXPECT_EQ(asked[0]->index, q.cell);
    EXPECT_EQ(asked[0]->stroke, kPalette.askedStroke) << "the asked cell has its own colour";
    s.setTyped(answerText(q, t.meta.dtype));
    s.reveal();
    const Scene after = sceneOf(t, s);
    EXPECT_EQ(mainRow(after, n), formatted(t.steps[static_cast<size_t>(q.step)], t)) << q.text;
    const auto answer = after.textsWithRole("class-answer");
    ASSERT_EQ(answer.size(), 1u);
    EXPECT_EQ(answer[0]->text, "The answer: " + formatValue(q.answer[0], t.meta.dtype));
    const auto verdict = after.textsWithRole("class-verdict");
    ASSERT_EQ(verdict.size(), 1u);
    EXPECT_EQ(verdict[0]->text, "Right!");
  }
}

TEST(ClassScene, TheAskedCellsColourIsNoOperandsInAnyThemeOrPalette) {
  for (Theme theme : {Theme::Dark, Theme::Light})
    for (Palette palette : {Palette::OkabeIto, Palette::Classic}) {
      const ViewPalette p = viewPalette(theme, palette);
      for (Color other : {p.sourceStroke, p.arrow, p.accent, p.writtenFill, p.pass, p.fail})
        EXPECT_NE(p.askedStroke, other);
    }
}

TEST(ClassScene, TheCountdownAndTheScoreAreDrawn) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  QuizSession s(makeQuiz(t, 3, 1), 15);
  s.startCountdown();
  s.tick(4.5);
  const Scene counting = sceneOf(t, s);
  const auto count = counting.textsWithRole("class-countdown");
  ASSERT_EQ(count.size(), 1u);
  EXPECT_EQ(count[0]->text, "11");
  s.tick(20);
  const Scene revealed = sceneOf(t, s);
  EXPECT_TRUE(revealed.textsWithRole("class-countdown").empty());
  ASSERT_EQ(revealed.textsWithRole("class-score").size(), 1u);
  EXPECT_EQ(revealed.textsWithRole("class-score")[0]->text, "Score 0 / 1");
}

TEST(ClassScene, ClickingAThreadAnswersWhichThreads) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  const auto all = allQuestions(t);
  const auto threads = std::find_if(all.begin(), all.end(), [](const QuizQuestion& q) {
    return q.kind == QuestionKind::ActiveThreads;
  });
  ASSERT_NE(threads, all.end());
  QuizSession s({*threads}, 20);
  const Scene scene = sceneOf(t, s);
  const auto buttons = scene.rectsWithRole("class-thread");
  ASSERT_EQ(buttons.size(), static_cast<size_t>(t.meta.blockSize));
  for (const SceneRect* r : buttons) {
    EXPECT_EQ(clickedIndex(scene, *threads, r->x + 0.5f * r->w, r->y + 0.5f * r->h), r->index);
    s.toggleIndex(clickedIndex(scene, *threads, r->x + 0.5f * r->w, r->y + 0.5f * r->h));
  }
  // Every thread chosen: each button is filled, and after the reveal only the answer's are green.
  const Scene chosen = sceneOf(t, s);
  for (const SceneRect* r : chosen.rectsWithRole("class-thread"))
    EXPECT_EQ(r->fill, kPalette.accent);
  s.reveal();
  const Scene revealed = sceneOf(t, s);
  for (const SceneRect* r : revealed.rectsWithRole("class-thread")) {
    const bool answer = std::find(threads->answer.begin(), threads->answer.end(), r->index) !=
                        threads->answer.end();
    EXPECT_EQ(r->fill, answer ? kPalette.pass : kPalette.fail) << r->index;
  }
  // A value question is typed: no buttons, and a click there chooses nothing.
  const auto value = std::find_if(all.begin(), all.end(), [](const QuizQuestion& q) {
    return q.kind == QuestionKind::CellValue;
  });
  QuizSession v({*value}, 20);
  const Scene typed = sceneOf(t, v);
  EXPECT_TRUE(typed.rectsWithRole("class-thread").empty());
  EXPECT_EQ(clickedIndex(typed, *value, buttons[0]->x + 1, buttons[0]->y + 1), -1);
}

}  // namespace
}  // namespace scanviz
