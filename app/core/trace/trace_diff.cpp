#include "app/core/trace/trace_diff.h"

#include <algorithm>
#include <cmath>

namespace scanviz {
namespace {

// Lists are cut here in sentences: a projector line holds about this many indices.
constexpr size_t kListedItems = 8;

bool sameLayout(const TraceStep& x, const TraceStep& y) {
  return x.label == y.label && x.block == y.block && x.level == y.level && x.array == y.array &&
         x.offset == y.offset;
}

std::string joinInts(const std::vector<int>& v, const std::string& prefix,
                     const std::string& suffix) {
  std::string out;
  for (size_t i = 0; i < v.size() && i < kListedItems; ++i)
    out += (i ? ", " : "") + prefix + std::to_string(v[i]) + suffix;
  if (v.size() > kListedItems) out += ", ...";
  return out;
}

}  // namespace

bool sameValue(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

std::vector<int> differingCells(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<int> cells;
  const size_t n = std::max(a.size(), b.size());
  for (size_t i = 0; i < n; ++i)
    if (i >= a.size() || i >= b.size() || !sameValue(a[i], b[i]))
      cells.push_back(static_cast<int>(i));
  return cells;
}

StepCellDiff diffStep(const Trace& a, const Trace& b, int step) {
  StepCellDiff d;
  d.step = step;
  const auto k = static_cast<size_t>(step);
  if (step < 0 || k >= a.steps.size() || k >= b.steps.size()) {
    d.missing = true;
    return d;
  }
  const TraceStep& x = a.steps[k];
  const TraceStep& y = b.steps[k];
  d.layoutDiffers = !sameLayout(x, y);
  d.cells = differingCells(x.values, y.values);
  // A file before version 4 names only the threads that applied the operator, and no moves.
  const bool legacy = a.version < 4 || b.version < 4;
  d.activeDiffers = legacy ? operatorThreads(x) != operatorThreads(y) : x.active != y.active;
  d.edgesDiffers = x.edges != y.edges || (!legacy && x.moves != y.moves);
  return d;
}

TraceDiffSummary summarizeDiff(const Trace& a, const Trace& b) {
  TraceDiffSummary s;
  s.firstDifference = firstTraceDifference(a, b);
  const size_t steps = std::max(a.steps.size(), b.steps.size());
  for (size_t k = 0; k < steps; ++k) {
    const StepCellDiff d = diffStep(a, b, static_cast<int>(k));
    if (d.identical()) continue;
    s.stepsDiffering.push_back(static_cast<int>(k));
    s.cellsDiffering += static_cast<long long>(d.cells.size());
  }
  return s;
}

std::string describeDiff(const TraceDiffSummary& s, size_t stepCount) {
  if (s.identical())
    return "identical: all " + std::to_string(stepCount) +
           " steps agree in every value, active thread and operand, and in the result";
  std::string text = "they differ: " + s.firstDifference;
  if (!s.stepsDiffering.empty())
    text += "; " + std::to_string(s.cellsDiffering) +
            (s.cellsDiffering == 1 ? " differing cell in " : " differing cells in ") +
            (s.stepsDiffering.size() == 1 ? "step " : "steps ") +
            joinInts(s.stepsDiffering, "", "");
  return text;
}

std::string describeStepDiff(const StepCellDiff& d) {
  const std::string at = "step " + std::to_string(d.step) + ": ";
  if (d.missing) return at + "only one trace has this step";
  if (d.identical()) return at + "identical";
  std::vector<std::string> parts;
  if (d.layoutDiffers) parts.push_back("the steps work on different elements");
  if (!d.cells.empty())
    parts.push_back(std::to_string(d.cells.size()) + (d.cells.size() == 1 ? " cell" : " cells") +
                    " differ (" + joinInts(d.cells, "[", "]") + ")");
  if (d.activeDiffers) parts.push_back("different active threads");
  if (d.edgesDiffers) parts.push_back("different operands or moves");
  std::string text = at;
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? "; " : "") + parts[i];
  return text;
}

}  // namespace scanviz
