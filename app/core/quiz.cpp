#include "app/core/quiz.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>

#include "app/core/scan_options.h"
#include "app/core/value_format.h"
#include "kernels/scan_types.h"

namespace scanviz {

std::string_view questionKindKey(QuestionKind k) {
  switch (k) {
    case QuestionKind::CellValue:
      return "value";
    case QuestionKind::ActiveThreads:
      return "active";
    case QuestionKind::Operations:
      return "ops";
  }
  return "?";
}

AnswerForm answerForm(QuestionKind k) {
  return k == QuestionKind::ActiveThreads ? AnswerForm::Indices : AnswerForm::Number;
}

std::string answerText(const QuizQuestion& q, const std::string& dtype) {
  std::string text;
  for (const double v : q.answer)
    text += (text.empty() ? "" : ", ") +
            formatValue(v, answerForm(q.kind) == AnswerForm::Indices ? "int32" : dtype);
  return text.empty() ? "none" : text;
}

namespace {

// The operator on two shown values, in the trace's element type.
double combine(const Trace& t, Operator op, double a, double b) {
  if (t.meta.dtype == "float32")
    return OpTraits<float>::apply(op, static_cast<float>(a), static_cast<float>(b));
  return OpTraits<int32_t>::apply(op, static_cast<int32_t>(a), static_cast<int32_t>(b));
}

// The cells of step k whose new value follows from step k-1's values and the step's operator
// applications (one per cell, from another cell of the same array), with that value.
std::map<int, double> determinedCells(const Trace& t, Operator op, size_t k) {
  std::map<int, double> cells;
  const TraceStep& prev = t.steps[k - 1];
  const TraceStep& s = t.steps[k];
  if (s.array != "section" || prev.array != "section" || prev.values.size() != s.values.size())
    return cells;
  std::map<int, int> into;  // applications into each cell
  for (const auto& e : s.edges) ++into[e[0]];
  const auto n = static_cast<int>(s.values.size());
  for (const auto& [dst, src] : s.edges) {
    if (into[dst] != 1 || src < 0 || src >= n || dst < 0 || dst >= n) continue;
    const auto d = static_cast<size_t>(dst);
    const double v = combine(t, op, prev.values[static_cast<size_t>(src)], prev.values[d]);
    if (v == s.values[d] && s.values[d] != prev.values[d]) cells[dst] = v;
  }
  return cells;
}

std::string stepName(const TraceStep& s, size_t k) {
  return "Step " + std::to_string(k) + " (" + s.label + ")";
}

}  // namespace

std::vector<QuizQuestion> allQuestions(const Trace& t) {
  std::vector<QuizQuestion> qs;
  const Operator op = parseOperator(t.meta.op).value_or(Operator::Add);
  for (size_t k = 1; k < t.steps.size(); ++k) {
    const TraceStep& s = t.steps[k];
    if (s.ops <= 0) continue;
    const int step = static_cast<int>(k);
    for (const auto& [cell, value] : determinedCells(t, op, k))
      qs.push_back(
          {step,
           QuestionKind::CellValue,
           cell,
           stepName(s, k) + ": which value will cell " + std::to_string(cell) + " hold after it?",
           {value}});
    if (!s.active.empty() && s.active.size() <= 16) {
      std::vector<double> threads(s.active.begin(), s.active.end());
      qs.push_back({step, QuestionKind::ActiveThreads, -1,
                    stepName(s, k) + ": which threads will apply the operator?", threads});
    }
    qs.push_back({step,
                  QuestionKind::Operations,
                  -1,
                  stepName(s, k) + ": how many operator applications will it make?",
                  {static_cast<double>(s.ops)}});
  }
  return qs;
}

std::vector<QuizQuestion> makeQuiz(const Trace& t, int count, unsigned seed) {
  std::vector<QuizQuestion> all = allQuestions(t);
  if (count >= 0 && static_cast<size_t>(count) < all.size()) {
    std::mt19937 rng(seed);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(static_cast<size_t>(count));
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const QuizQuestion& a, const QuizQuestion& b) { return a.step < b.step; });
  return all;
}

}  // namespace scanviz
