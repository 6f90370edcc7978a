#include "app/scene/compare_counters.h"

#include "app/core/lesson/analysis.h"
#include "app/core/lesson/result_check.h"
#include "app/core/lesson/step_metrics.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

const char* const kDot = "  \xC2\xB7  ";  // U+00B7 between counters

std::string resultText(const Trace& t) {
  const ResultCheck check = checkResults(t);
  const ResultRow& shown = t.meta.inclusive ? check.inclusive : check.exclusive;
  if (shown.mismatch.index < 0) return std::string(kTick) + " matches the sequential scan";
  return std::string(kCross) + " differs at " + shown.mismatch.describe();
}

}  // namespace

std::vector<CounterRow> compareCounters(const Trace& t, int step) {
  std::vector<CounterRow> rows;
  const int last = static_cast<int>(t.steps.size()) - 1;
  if (step < 0 || step > last) return rows;
  const StepMetrics m = stepMetrics(t, step);
  rows.push_back({"step", std::to_string(step) + " of " + std::to_string(last),
                  "Steps of this algorithm; it stays at its last step once it has finished."});
  rows.push_back({"work",
                  std::to_string(m.cumulativeWork) + " of " + std::to_string(t.counters.work) +
                      " (N - 1 = " + std::to_string(t.counters.sequentialWork) + ")",
                  "Operator applications so far, of the run's total W, next to the sequential "
                  "scan's N - 1."});
  const RunCounts c = countRun(t);
  rows.push_back(
      {"depth",
       std::to_string(c.depth) + (c.depth == c.barrierSteps
                                      ? ""
                                      : " (" + std::to_string(c.barrierSteps) + " barrier steps)"),
       "The critical path of dependent operator applications; barrier steps are the "
       "steps that apply the operator."});
  if (step == last && !t.output.empty())
    rows.push_back({"result", resultText(t), "The output checked against the sequential scan."});
  return rows;
}

std::string countersLine(const std::vector<CounterRow>& rows) {
  std::string line;
  for (const CounterRow& r : rows) {
    if (!line.empty()) line += kDot;
    line += r.label == "result" ? r.value : r.label + " " + r.value;
  }
  return line;
}

}  // namespace scanviz
