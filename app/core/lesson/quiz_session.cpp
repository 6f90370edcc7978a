#include "app/core/lesson/quiz_session.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "app/core/support/whole_number.h"

namespace scanviz {

std::string_view quizPhaseKey(QuizPhase p) {
  return keyOf(kQuizPhaseKeys, p);
}

std::vector<double> parseTypedAnswer(const std::string& text, std::string* problem) {
  std::vector<double> values;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
      ++i;
      continue;
    }
    const size_t end = std::min(text.find_first_of(" ,\t", i), text.size());
    const std::string word = text.substr(i, end - i);
    const auto v = parseWholeNumber(word);
    if (!v || !std::isfinite(*v)) {
      if (problem) *problem = "'" + word + "' is not a number";
      return {};
    }
    values.push_back(*v);
    i = end;
  }
  if (problem) problem->clear();
  return values;
}

bool answerIsRight(const QuizQuestion& q, const std::vector<double>& given) {
  if (answerForm(q.kind) == AnswerForm::Indices)
    return std::set<double>(given.begin(), given.end()) ==
           std::set<double>(q.answer.begin(), q.answer.end());
  if (given.size() != 1 || q.answer.size() != 1) return false;
  // The trace holds float32 values as doubles: a typed "0.1" is right for 0.1f.
  const double want = q.answer[0];
  return std::abs(given[0] - want) <= 1e-6 * std::max(1.0, std::abs(want));
}

QuizSession::QuizSession(std::vector<QuizQuestion> questions, double countdownSeconds)
    : questions_(std::move(questions)), countdown_(countdownSeconds) {
  ask();
}

void QuizSession::ask() {
  phase_ = QuizPhase::Asking;
  secondsLeft_ = countdown_;
  typed_.clear();
  right_ = false;
}

void QuizSession::startCountdown() {
  if (empty() || phase_ == QuizPhase::Revealed) return;
  phase_ = QuizPhase::CountingDown;
  secondsLeft_ = countdown_;
}

void QuizSession::tick(double seconds) {
  if (phase_ != QuizPhase::CountingDown) return;
  secondsLeft_ = std::max(0.0, secondsLeft_ - seconds);
  if (secondsLeft_ == 0) reveal();
}

void QuizSession::reveal() {
  if (empty() || phase_ == QuizPhase::Revealed) return;
  phase_ = QuizPhase::Revealed;
  secondsLeft_ = 0;
  right_ = answerIsRight(question(), given());
  score_ += right_ ? 1 : 0;
  ++revealed_;
}

bool QuizSession::next() {
  if (index_ + 1 >= count()) return false;
  ++index_;
  ask();
  return true;
}

void QuizSession::restart() {
  index_ = 0;
  score_ = 0;
  revealed_ = 0;
  ask();
}

void QuizSession::setTyped(const std::string& text) {
  if (phase_ != QuizPhase::Revealed) typed_ = text;
}

void QuizSession::toggleIndex(int index) {
  if (phase_ == QuizPhase::Revealed) return;
  std::set<int> chosen;
  for (const double v : given()) chosen.insert(static_cast<int>(v));
  if (!chosen.erase(index)) chosen.insert(index);
  std::string text;
  for (const int i : chosen) text += (text.empty() ? "" : " ") + std::to_string(i);
  typed_ = text;
}

}  // namespace scanviz
