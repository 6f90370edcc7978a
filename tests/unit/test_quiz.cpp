// Predict, then reveal: quiz questions generated from traces, checked against the traces on
// random inputs for every algorithm; a question the schedule decided (after a race) is never
// asked; the same seed gives the same sheet; `scanviz quiz --json` prints what it promises.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "app/cli/cli.h"
#include "app/core/capture.h"
#include "app/core/lessons.h"
#include "app/core/quiz.h"

namespace scanviz {
namespace {

std::vector<double> randomInts(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-9, 9);
  std::vector<double> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

Trace captureOf(AlgorithmId id, const std::vector<double>& input, Operator op = Operator::Add) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.backend = BackendChoice::Cpu;
  rq.input = input;
  rq.op = op;
  return capture(rq).trace;
}

void expectAnswersMatchTheTrace(const Trace& t) {
  for (const QuizQuestion& q : allQuestions(t)) {
    ASSERT_GE(q.step, 1) << q.text;
    const TraceStep& s = t.steps[static_cast<size_t>(q.step)];
    EXPECT_NE(q.text.find(s.label), std::string::npos) << q.text;
    switch (q.kind) {
      case QuestionKind::CellValue:
        ASSERT_EQ(q.answer.size(), 1u);
        EXPECT_EQ(q.answer[0], s.values[static_cast<size_t>(q.cell)]) << t.meta.algorithm << q.text;
        // Only cells the step changed, from what the previous step showed.
        EXPECT_NE(q.answer[0], t.steps[static_cast<size_t>(q.step - 1)].values[q.cell]) << q.text;
        break;
      case QuestionKind::ActiveThreads:
        EXPECT_EQ(q.answer, std::vector<double>(s.active.begin(), s.active.end())) << q.text;
        break;
      case QuestionKind::Operations:
        ASSERT_EQ(q.answer.size(), 1u);
        EXPECT_EQ(q.answer[0], static_cast<double>(s.ops)) << q.text;
        break;
    }
  }
}

TEST(Quiz, AnswersEqualWhatTheTraceShowsForEveryAlgorithmOnRandomInputs) {
  for (const AlgorithmInfo& a : allAlgorithms())
    for (unsigned seed : {1u, 2u, 3u})
      for (Operator op : {Operator::Add, Operator::Max}) {
        const Trace t = captureOf(a.id, randomInts(5 + seed * 7, seed), op);
        expectAnswersMatchTheTrace(t);
      }
}

TEST(Quiz, ValueQuestionsCoverTheCellsAKoggeStoneStepChanges) {
  const Trace t = captureOf(AlgorithmId::KoggeStone, {3, 1, 7, 0, 4, 1, 6, 3});
  int values = 0;
  for (const QuizQuestion& q : allQuestions(t))
    if (q.kind == QuestionKind::CellValue && q.step == 1) ++values;
  // Stride 1 changes every cell but cell 0 and cell 4 (0 + 4 = 4): six questions.
  EXPECT_EQ(values, 6);
}

TEST(Quiz, NoValueQuestionAboutACellARaceDecided) {
  const Lesson& race = *findLesson("kogge-stone-one-barrier");
  const Trace t = capture(lessonRequest(race, false)).trace;
  for (const QuizQuestion& q : allQuestions(t))
    EXPECT_FALSE(q.kind == QuestionKind::CellValue && q.step == 1 && q.cell == 32) << q.text;
  expectAnswersMatchTheTrace(t);
}

TEST(Quiz, TheSameSeedGivesTheSameSheet) {
  const Trace t = captureOf(AlgorithmId::Blelloch, randomInts(16, 4));
  const auto texts = [&](unsigned seed) {
    std::vector<std::string> v;
    for (const auto& q : makeQuiz(t, 6, seed)) v.push_back(q.text);
    return v;
  };
  EXPECT_EQ(texts(7), texts(7));
  EXPECT_NE(texts(7), texts(8));
  EXPECT_EQ(texts(7).size(), 6u);
}

TEST(QuizCli, JsonListsStepQuestionKindAndAnswer) {
  testing::internal::CaptureStdout();
  const int code =
      runCli({"quiz", "--algorithm", "brent-kung", "--backend", "cpu", "--count", "5", "--json"})
          .value_or(-1);
  const std::string out = testing::internal::GetCapturedStdout();
  ASSERT_EQ(code, 0) << out;
  const auto j = nlohmann::json::parse(out);
  ASSERT_EQ(j.size(), 5u);
  for (const auto& q : j) {
    EXPECT_TRUE(q.contains("step") && q.contains("question") && q.contains("kind") &&
                q.contains("answer"))
        << q.dump();
    EXPECT_TRUE(q["answer"].is_number() || q["answer"].is_array()) << q.dump();
  }
}

}  // namespace
}  // namespace scanviz
