#include "app/core/lesson/quiz.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <random>

#include "app/core/algorithms/scan_options.h"
#include "app/core/lesson/lessons.h"
#include "app/core/support/enum_keys.h"
#include "app/core/trace/value_format.h"
#include "kernels/scan_types.h"

namespace scanviz {

constexpr EnumKey<QuestionKind> kQuestionKinds[] = {{QuestionKind::CellValue, "value"},
                                                    {QuestionKind::ActiveThreads, "active"},
                                                    {QuestionKind::Operations, "ops"},
                                                    {QuestionKind::LastBlock, "last-block"},
                                                    {QuestionKind::Visible, "visible"}};

std::string_view questionKindKey(QuestionKind k) {
  return keyOf(kQuestionKinds, k);
}

AnswerForm answerForm(QuestionKind k) {
  return k == QuestionKind::ActiveThreads || k == QuestionKind::Visible ? AnswerForm::Indices
                                                                        : AnswerForm::Number;
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

// The last step, which completes the run, and the question asked before it.
std::string lastStepName(const Trace& t) {
  const size_t k = t.steps.size() - 1;
  return stepName(t.steps[k], k) + " completes the run. ";
}

// Questions about one element each or a set of them stay small enough to click and to check.
constexpr long long kMostVisibleCells = 32;

// Which block finishes last: asked on the emulator, whose scheduler rounds follow from the launch
// order and the resident blocks alone, and only when one block ends strictly last. A GPU's block
// timing is the hardware's choice, and a flawed variant's run is not what its schedule promises.
std::optional<QuizQuestion> lastBlockQuestion(const Trace& t) {
  if (t.meta.timeUnit != "round" || t.blocks.size() < 2 || t.steps.size() < 2 ||
      isFlawedAlgorithm(t.meta.algorithm))
    return std::nullopt;
  const auto last =
      std::max_element(t.blocks.begin(), t.blocks.end(),
                       [](const auto& a, const auto& b) { return a.endNs < b.endNs; });
  const auto ties = std::count_if(t.blocks.begin(), t.blocks.end(),
                                  [&](const TraceBlock& b) { return b.endNs == last->endNs; });
  if (ties != 1) return std::nullopt;
  return QuizQuestion{static_cast<int>(t.steps.size()) - 1,
                      QuestionKind::LastBlock,
                      -1,
                      lastStepName(t) + "Of the " + std::to_string(t.blocks.size()) + " blocks (" +
                          t.meta.device + "), which one finishes last?",
                      {static_cast<double>(last->id)}};
}

// Line of sight (seed 001): with the inputs as the angles seen from the viewer, element i is
// visible when its angle is larger than every angle before it, i.e. than the exclusive max-scan
// at i. Asked of a max-scan's trace whose output is the scan of its input (never of a run the
// schedule broke), before its last step: the answer follows from the scan the step completes.
std::optional<QuizQuestion> visibleQuestion(const Trace& t) {
  const auto n = static_cast<size_t>(t.meta.n);
  if (t.meta.op != "max" || t.meta.n < 2 || t.meta.n > kMostVisibleCells ||
      t.meta.storedValues != t.meta.n || t.output.size() != n || t.steps.size() < 2 ||
      isFlawedAlgorithm(t.meta.algorithm))
    return std::nullopt;
  std::vector<double> visible;
  for (size_t i = 0; i < n; ++i) {
    // The largest angle before i, read from the scan's own output.
    const double before = t.meta.inclusive ? (i == 0 ? -INFINITY : t.output[i - 1]) : t.output[i];
    const double reference =
        i == 0 ? -INFINITY : *std::max_element(t.input.begin(), t.input.begin() + i);
    if (i > 0 && before != reference) return std::nullopt;  // the run is not a max-scan
    if (i == 0 || t.input[i] > before) visible.push_back(static_cast<double>(i));
  }
  return QuizQuestion{static_cast<int>(t.steps.size()) - 1, QuestionKind::Visible, -1,
                      lastStepName(t) +
                          "Line of sight: reading the inputs as the angles seen from the viewer, "
                          "which elements are visible (higher than every angle before them)?",
                      visible};
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
    if (const std::vector<int> ids = operatorThreads(s); !ids.empty() && ids.size() <= 16) {
      std::vector<double> threads(ids.begin(), ids.end());
      qs.push_back({step, QuestionKind::ActiveThreads, -1,
                    stepName(s, k) + ": which threads will apply the operator?", threads});
    }
    qs.push_back({step,
                  QuestionKind::Operations,
                  -1,
                  stepName(s, k) + ": how many operator applications will it make?",
                  {static_cast<double>(s.ops)}});
  }
  for (const auto& whole : {lastBlockQuestion(t), visibleQuestion(t)})
    if (whole) qs.push_back(*whole);
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
