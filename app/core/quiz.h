// Predict, then reveal: questions about the next step of any captured trace, generated from the
// trace itself (never written per algorithm), each with its answer, so that a student predicts
// before the step is shown. A question is only asked when what was shown before the step
// determines its answer: a cell's value only when recombining the previous step's values along
// the step's operator applications gives it (never after a race, whose result the schedule
// decided), the active threads and the number of applications always (the algorithm's structure).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/trace.h"

namespace scanviz {

enum class QuestionKind { CellValue, ActiveThreads, Operations };

std::string_view questionKindKey(QuestionKind k);  // "value", "active", "ops"

// How a question is answered: one number, or a set of indices (threads, cells) in any order.
enum class AnswerForm { Number, Indices };
AnswerForm answerForm(QuestionKind k);

struct QuizQuestion {
  int step = 0;  // asked while step - 1 is on screen; step `step` reveals the answer
  QuestionKind kind = QuestionKind::CellValue;
  int cell = -1;  // CellValue: which cell
  std::string text;
  std::vector<double> answer;  // one number, or a list (the active threads)
};

// The answer as a sheet or the class view writes it: "12", or "1, 2, 3" (indices).
std::string answerText(const QuizQuestion& q, const std::string& dtype);

// Every question the trace can answer, in step order.
std::vector<QuizQuestion> allQuestions(const Trace& t);

// `count` of them (all when fewer), chosen with `seed` (the same seed gives the same sheet), in
// step order.
std::vector<QuizQuestion> makeQuiz(const Trace& t, int count, unsigned seed);

}  // namespace scanviz
