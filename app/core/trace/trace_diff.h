// Where two traces of one configuration differ, cell by cell: the GPU-vs-CPU diff marks every
// differing cell of the step on screen and says "identical" only when nothing differs.
// firstTraceDifference (trace.h) gives the first difference in words; this adds the cells. No UI.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

// Equal values, or both NaN: a NaN in both traces is the same outcome, not a difference.
bool sameValue(double a, double b);

// Indices where the arrays differ, ascending; an index present in only one array differs too.
std::vector<int> differingCells(const std::vector<double>& a, const std::vector<double>& b);

struct StepCellDiff {
  int step = 0;
  bool missing = false;  // the step exists in only one trace
  // Label, block, level, array or offset differ: the cells hold different elements.
  bool layoutDiffers = false;
  std::vector<int> cells;  // differing values of the step's array, ascending
  bool activeDiffers = false;
  bool edgesDiffers = false;

  bool identical() const {
    return !missing && !layoutDiffers && cells.empty() && !activeDiffers && !edgesDiffers;
  }
};

StepCellDiff diffStep(const Trace& a, const Trace& b, int step);

struct TraceDiffSummary {
  // firstTraceDifference's words; empty when the traces agree on everything the backends must.
  std::string firstDifference;
  std::vector<int> stepsDiffering;  // steps whose StepCellDiff is not identical, ascending
  long long cellsDiffering = 0;     // differing cells over all steps

  bool identical() const { return firstDifference.empty(); }
};

TraceDiffSummary summarizeDiff(const Trace& a, const Trace& b);

// One line for the user: "identical: ..." or "they differ: <first difference>; cells differ in
// steps 2, 3".
std::string describeDiff(const TraceDiffSummary& s, size_t stepCount);
// The shown step in words: "step 2: identical" or "step 2: 3 cells differ (XY[1], XY[4], ...)".
std::string describeStepDiff(const StepCellDiff& d);

}  // namespace scanviz
