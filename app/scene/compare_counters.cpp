#include "app/scene/compare_counters.h"

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/lesson/analysis.h"
#include "app/core/lesson/result_check.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

std::string resultText(const Trace& t) {
  const ResultCheck check = checkResults(t);
  const ResultRow& shown = t.meta.inclusive ? check.inclusive : check.exclusive;
  if (shown.mismatch.index < 0) return std::string(kTick) + " matches the sequential scan";
  return std::string(kCross) + " differs at " + shown.mismatch.describe();
}

// Which scan the view ran, and whether that is the algorithm's own: Blelloch's down-sweep
// leaves the exclusive scan, so its inclusive form pays a conversion the others do not.
std::string formText(const Trace& t) {
  const auto id = findAlgorithm(t.meta.algorithm);
  const bool exclusiveNature = id && exclusiveByNature(*id);
  const std::string form = t.meta.inclusive ? "inclusive" : "exclusive";
  if (t.meta.inclusive != exclusiveNature) return form + " scan, its natural form";
  if (t.meta.inclusive) return "inclusive scan, converted from its exclusive form";
  return "exclusive scan (its natural form is inclusive)";
}

// "= 2(N - 1) + 8 to inclusive": the formula the count stands next to, with its own value when
// the count differs from it.
std::string formulaText(const std::string& formula, double value, double conversion,
                        long long counted) {
  std::string s = " = " + formula;
  if (conversion > 0) s += " + " + formatQuantity(conversion) + " to inclusive";
  if (value != static_cast<double>(counted)) s += " (formula: " + formatQuantity(value) + ")";
  return s;
}

CounterRow workRow(const Trace& t, const StepMetrics& m, const std::optional<RunFormula>& f) {
  std::string value = formatCount(m.cumulativeWork) + " of " + formatCount(t.counters.work);
  if (f)
    value += formulaText(f->composed ? "its sections' formula, composed" : f->work, f->workValue,
                         f->conversionWork, t.counters.work);
  value += "  (sequential " + formatCount(t.counters.sequentialWork) + ")";
  return {"work", value,
          "Operator applications so far, of the run's total W, next to the algorithm's own "
          "formula and the sequential scan's N - 1."};
}

CounterRow depthRow(const RunCounts& c, const std::optional<RunFormula>& f) {
  std::string value = formatCount(c.depth);
  if (f)
    value += formulaText(f->composed ? "its levels' depths, summed" : f->depth, f->depthValue,
                         f->conversionDepth, c.depth);
  if (c.depth != c.barrierSteps) value += "  (" + formatCount(c.barrierSteps) + " barrier steps)";
  return {"depth", value,
          "The critical path of dependent operator applications, next to the algorithm's own "
          "formula; barrier steps are the steps that apply the operator."};
}

}  // namespace

std::vector<CounterRow> compareCounters(const Trace& t, int step) {
  std::vector<CounterRow> rows;
  const int last = static_cast<int>(t.steps.size()) - 1;
  if (step < 0 || step > last) return rows;
  const StepMetrics m = stepMetrics(t, step);
  const RunCounts c = countRun(t);
  const auto f = runFormula(t);
  rows.push_back({"step", formatCount(step) + " of " + formatCount(last),
                  "Steps of this algorithm; it stays at its last step once it has finished."});
  rows.push_back({"form", formText(t),
                  "Compare runs each algorithm in its natural form (Blelloch and "
                  "kogge-stone-exclusive exclusive, the others inclusive) unless one form is "
                  "chosen for all."});
  rows.push_back(workRow(t, m, f));
  rows.push_back(depthRow(c, f));
  if (step == last && !t.output.empty())
    rows.push_back({"result", resultText(t), "The output checked against the sequential scan."});
  return rows;
}

std::string countersLine(const std::vector<CounterRow>& rows) {
  std::string line;
  for (const CounterRow& r : rows) {
    if (!line.empty()) line += kDot;
    line += r.label == "result" || r.label == "form" ? r.value : r.label + " " + r.value;
  }
  return line;
}

}  // namespace scanviz
