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

#include "app/core/trace/trace.h"

namespace scanviz {

// The questions a trace can answer. CellValue, ActiveThreads and Operations are about one step;
// LastBlock (which block finishes last, on the emulator's deterministic schedule) and Visible
// (line of sight over a max-scan: which elements are higher than everything before them) about
// the whole run, asked before its last step.
enum class QuestionKind { CellValue, ActiveThreads, Operations, LastBlock, Visible };

// "value", "active", "ops", "last-block", "visible"
std::string_view questionKindKey(QuestionKind k);

// How a question is answered: one number, or a set of indices (threads, cells) in any order.
enum class AnswerForm { Number, Indices };
AnswerForm answerForm(QuestionKind k);

struct QuizQuestion {
  int step = 0;  // asked while step - 1 is on screen; step `step` reveals the answer
  QuestionKind kind = QuestionKind::CellValue;
  int cell = -1;  // CellValue: which cell
  std::string text;
  std::vector<double> answer;  // one number, or a list (the active threads, the visible cells)
};

// The answer as a sheet or the class view writes it: "12", or "1, 2, 3" (indices).
std::string answerText(const QuizQuestion& q, const std::string& dtype);

// Every question the trace can answer, in step order.
std::vector<QuizQuestion> allQuestions(const Trace& t);

// `count` of them (all when fewer), chosen with `seed` (the same seed gives the same sheet), in
// step order.
std::vector<QuizQuestion> makeQuiz(const Trace& t, int count, unsigned seed);

// Where `scanviz quiz --out` puts the sheet and its answer key (both .svg or both .png).
struct QuizSheetFiles {
  std::string sheet;
  std::string key;
  int scale = 1;  // PNG: pixels per logical pixel
};

// Draws and writes both files, all or nothing (throws WriteError). The exporters are the window's
// (app/ui/export); the program's entry point hands this to `quiz`, a build without them has none.
using QuizSheetWriter = void (*)(const Trace& trace, const std::vector<QuizQuestion>& questions,
                                 unsigned seed, const QuizSheetFiles& files);

}  // namespace scanviz
