// Predict, then reveal: quiz questions generated from traces, checked against the traces on
// random inputs for every algorithm; a question the schedule decided (after a race) is never
// asked; the same seed gives the same sheet; `scanviz quiz --json` prints what it promises.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>

#include "app/cli/cli.h"
#include "app/core/capture/capture.h"
#include "app/core/lesson/lessons.h"
#include "app/core/lesson/quiz.h"
#include "tests/common/captures.h"

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
  return captureOnEmulator(id, input, /*blockSize=*/0, op);
}

int64_t lastEnd(const Trace& t) {
  int64_t end = 0;
  for (const TraceBlock& b : t.blocks) end = std::max(end, b.endNs);
  return end;
}

// The elements higher than every one before them, straight from the input (seed 001's line of
// sight with the exclusive max-scan).
std::vector<double> lineOfSight(const std::vector<double>& angles) {
  std::vector<double> visible;
  for (size_t i = 0; i < angles.size(); ++i) {
    bool higher = true;
    for (size_t j = 0; j < i; ++j) higher = higher && angles[i] > angles[j];
    if (higher) visible.push_back(static_cast<double>(i));
  }
  return visible;
}

// The threads that apply the operator, the answer to "which threads will apply the operator?".
void expectThreads(const QuizQuestion& q, const std::vector<int>& ids) {
  EXPECT_EQ(q.answer, std::vector<double>(ids.begin(), ids.end())) << q.text;
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
        expectThreads(q, operatorThreads(s));
        break;
      case QuestionKind::Operations:
        ASSERT_EQ(q.answer.size(), 1u);
        EXPECT_EQ(q.answer[0], static_cast<double>(s.ops)) << q.text;
        break;
      case QuestionKind::LastBlock: {
        ASSERT_EQ(q.answer.size(), 1u);
        EXPECT_EQ(t.meta.timeUnit, "round");  // the emulator's schedule, never a GPU's timing
        for (const TraceBlock& b : t.blocks) {
          if (b.id != static_cast<int>(q.answer[0])) {
            EXPECT_GT(lastEnd(t), b.endNs) << b.id;
          }
        }
        break;
      }
      case QuestionKind::Visible:
        EXPECT_EQ(q.answer, lineOfSight(t.input)) << q.text;
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

int countOf(const Trace& t, QuestionKind kind) {
  const auto qs = allQuestions(t);
  return static_cast<int>(
      std::count_if(qs.begin(), qs.end(), [&](const QuizQuestion& q) { return q.kind == kind; }));
}

TEST(Quiz, WhichBlockFinishesLastOnTheEmulatorsScheduleOnly) {
  for (LaunchOrder order : {LaunchOrder::Ascending, LaunchOrder::Descending, LaunchOrder::Random})
    for (unsigned seed : {1u, 2u, 3u}) {
      CaptureRequest rq;
      rq.algorithm = AlgorithmId::SinglePassChained;
      rq.backend = BackendChoice::Cpu;
      rq.input = randomInts(64 + 16 * seed, seed);
      rq.blockSize = 8;
      rq.emulator.order = order;
      rq.emulator.residentBlocks = 2;
      const Trace t = capture(rq).trace;
      ASSERT_GE(t.blocks.size(), 4u);
      // The chained scan hands its prefix on tile by tile: the last tile finishes last.
      ASSERT_EQ(countOf(t, QuestionKind::LastBlock), 1);
      expectAnswersMatchTheTrace(t);
      Trace gpu = t;
      gpu.meta.timeUnit = "ns";  // the same run as a GPU would time it: not asked
      EXPECT_EQ(countOf(gpu, QuestionKind::LastBlock), 0);
    }
}

TEST(Quiz, LineOfSightIsAskedOfMaxScansOnRandomInputs) {
  for (AlgorithmId id : {AlgorithmId::KoggeStone, AlgorithmId::Blelloch, AlgorithmId::BrentKung})
    for (unsigned seed = 1; seed <= 20; ++seed) {
      const Trace t = captureOf(id, randomInts(2 + seed % 30, seed), Operator::Max);
      ASSERT_EQ(countOf(t, QuestionKind::Visible), 1) << t.meta.algorithm << " seed " << seed;
      expectAnswersMatchTheTrace(t);
    }
  // Not of a sum, and not of a run whose output is not the max-scan of its input.
  EXPECT_EQ(countOf(captureOf(AlgorithmId::KoggeStone, randomInts(8, 1)), QuestionKind::Visible),
            0);
  Trace broken = captureOf(AlgorithmId::KoggeStone, {1, 5, 2, 7}, Operator::Max);
  broken.output[2] = 1;
  EXPECT_EQ(countOf(broken, QuestionKind::Visible), 0);
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
