// Class mode's model: a quiz over one trace played in front of a class. Each question is shown
// with the step before it (nothing of its answer), the lecturer starts a countdown, the class
// answers (typed, or cells and threads clicked), and at zero (or on the lecturer's word) the
// answer is revealed with the step, judged right or wrong, and the score kept. No ImGui and no
// clock here: the view passes the seconds that went by, so a test plays a quiz without a window.
#pragma once

#include <string>
#include <vector>

#include "app/core/lesson/quiz.h"
#include "app/core/support/enum_keys.h"

namespace scanviz {

enum class QuizPhase {
  Asking,        // the question and the step before it; answers may be given
  CountingDown,  // the same, with the countdown running
  Revealed,      // the step shown, the answer and right/wrong
};

// The phases' names (--class-at, the frame report), in QuizPhase's order.
inline constexpr EnumKey<QuizPhase> kQuizPhaseKeys[] = {{QuizPhase::Asking, "asking"},
                                                        {QuizPhase::CountingDown, "counting"},
                                                        {QuizPhase::Revealed, "revealed"}};
std::string_view quizPhaseKey(QuizPhase p);  // its row of kQuizPhaseKeys

// Numbers in a typed answer: separated by spaces or commas. Empty when the text holds something
// that is not a number (`problem` then names it).
std::vector<double> parseTypedAnswer(const std::string& text, std::string* problem = nullptr);

// Whether `given` answers `q`: one number within float rounding of the answer, or the same set of
// indices (threads, cells) in any order.
bool answerIsRight(const QuizQuestion& q, const std::vector<double>& given);

class QuizSession {
 public:
  QuizSession() = default;
  QuizSession(std::vector<QuizQuestion> questions, double countdownSeconds);

  bool empty() const { return questions_.empty(); }
  int count() const { return static_cast<int>(questions_.size()); }
  int index() const { return index_; }  // 0-based
  const QuizQuestion& question() const { return questions_[static_cast<size_t>(index_)]; }
  QuizPhase phase() const { return phase_; }

  // The lecturer's key: the countdown starts (again, from the full time, if it ran already).
  void startCountdown();
  // Time passes; at zero the answer is revealed.
  void tick(double seconds);
  double secondsLeft() const { return secondsLeft_; }
  double countdownSeconds() const { return countdown_; }
  // Reveals now: the given answer is judged and counted.
  void reveal();
  // The next question, asked afresh; false when this was the last.
  bool next();
  // Back to the first question with the score cleared.
  void restart();

  // The answer being given: typed text, or indices toggled by clicking (they replace the text).
  void setTyped(const std::string& text);
  void toggleIndex(int index);
  const std::string& typed() const { return typed_; }
  std::vector<double> given() const { return parseTypedAnswer(typed_); }

  // After the reveal: whether the given answer was right.
  bool right() const { return right_; }
  int score() const { return score_; }        // right answers so far
  int revealed() const { return revealed_; }  // questions revealed so far

 private:
  void ask();

  std::vector<QuizQuestion> questions_;
  double countdown_ = 20;
  int index_ = 0;
  QuizPhase phase_ = QuizPhase::Asking;
  double secondsLeft_ = 0;
  std::string typed_;
  bool right_ = false;
  int score_ = 0;
  int revealed_ = 0;
};

}  // namespace scanviz
