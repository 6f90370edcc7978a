// Class mode's model (app/core/lesson/quiz_session.h) played without a window: the countdown
// reveals at zero, an answer is judged once and counted, typed and clicked answers, and the order
// of a quiz.
#include <gtest/gtest.h>

#include "app/core/lesson/quiz_session.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

QuizQuestion numberQuestion(double answer) {
  return {1, QuestionKind::CellValue, 2, "which value?", {answer}};
}

QuizQuestion threadsQuestion(std::vector<double> threads) {
  return {1, QuestionKind::ActiveThreads, -1, "which threads?", std::move(threads)};
}

TEST(QuizSession, TheCountdownRevealsAtZeroAndCountsTheAnswerOnce) {
  QuizSession s({numberQuestion(12), numberQuestion(5)}, 10);
  s.setTyped("12");
  s.tick(3);  // not started: nothing moves
  EXPECT_EQ(s.phase(), QuizPhase::Asking);
  EXPECT_EQ(s.secondsLeft(), 10);
  s.startCountdown();
  s.tick(4);
  EXPECT_EQ(s.phase(), QuizPhase::CountingDown);
  EXPECT_EQ(s.secondsLeft(), 6);
  s.tick(7);
  EXPECT_EQ(s.phase(), QuizPhase::Revealed);
  EXPECT_TRUE(s.right());
  s.reveal();  // a second reveal counts nothing
  EXPECT_EQ(s.score(), 1);
  EXPECT_EQ(s.revealed(), 1);
  s.setTyped("999");  // too late
  EXPECT_EQ(s.typed(), "12");
  ASSERT_TRUE(s.next());
  EXPECT_EQ(s.phase(), QuizPhase::Asking);
  EXPECT_EQ(s.typed(), "");
  s.setTyped("4");
  s.reveal();
  EXPECT_FALSE(s.right());
  EXPECT_EQ(s.score(), 1);
  EXPECT_EQ(s.revealed(), 2);
  EXPECT_FALSE(s.next());  // the last question
  s.restart();
  EXPECT_EQ(s.index(), 0);
  EXPECT_EQ(s.score(), 0);
}

TEST(QuizSession, NoAnswerAndNonsenseAreWrong) {
  QuizSession s({numberQuestion(0), numberQuestion(3)}, 5);
  s.reveal();
  EXPECT_FALSE(s.right());  // nothing given is not 0
  s.next();
  s.setTyped("3 apples");
  s.reveal();
  EXPECT_FALSE(s.right());
}

TEST(QuizSession, ClickedThreadsToggleAndAreJudgedAsASet) {
  QuizSession s({threadsQuestion({1, 3, 5, 7})}, 5);
  for (int t : {7, 3, 2, 1, 5}) s.toggleIndex(t);
  s.toggleIndex(2);  // clicked again: taken back
  EXPECT_EQ(s.typed(), "1 3 5 7");
  s.reveal();
  EXPECT_TRUE(s.right());
}

TEST(QuizSession, TypedAnswers) {
  std::string problem;
  EXPECT_EQ(parseTypedAnswer("1, 2 3,,4", &problem), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_TRUE(problem.empty());
  EXPECT_TRUE(parseTypedAnswer("1 x", &problem).empty());
  EXPECT_EQ(problem, "'x' is not a number");
  // A float32 value held as a double is right when typed in decimal.
  EXPECT_TRUE(answerIsRight(numberQuestion(static_cast<float>(0.1)), {0.1}));
  EXPECT_FALSE(answerIsRight(numberQuestion(0.1), {0.2}));
  EXPECT_FALSE(answerIsRight(threadsQuestion({1, 2}), {1}));
}

TEST(QuizSession, AQuizOfATraceIsPlayedInStepOrder) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  QuizSession s(makeQuiz(t, 6, 3), 20);
  ASSERT_EQ(s.count(), 6);
  int last = 0;
  do {
    EXPECT_GE(s.question().step, last);
    last = s.question().step;
    s.setTyped(answerText(s.question(), t.meta.dtype));
    s.reveal();
    EXPECT_TRUE(s.right()) << s.question().text << " answered " << s.typed();
  } while (s.next());
  EXPECT_EQ(s.score(), 6);
}

}  // namespace
}  // namespace scanviz
