// Where a block spends its time, from the per-warp clocks a GPU capture records (clock64() of each
// warp at the end of every step): the cycles each warp spent in each step, the median and slowest
// warp per step, and the share of each phase. CPU traces have no clocks; the table is then empty.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

struct WarpClockStep {
  int step = 0;  // index into trace.steps
  std::string label;
  std::string phase;
  int64_t ops = 0;
  // Per warp: its clock at the end of this step minus at the end of the step before; NaN where
  // the difference cannot be trusted (a clock that went backwards).
  std::vector<double> cycles;
  double median = 0;
  double slowest = 0;
  double fastest = 0;
};

struct WarpClockPhase {
  std::string phase;
  double cycles = 0;  // sum of the steps' medians
  double share = 0;   // of the whole block's median time
};

struct WarpClockTable {
  int warps = 0;
  // Steps that have a predecessor with clocks of the same block: the load has no start to measure
  // from, so it is never here.
  std::vector<WarpClockStep> steps;
  std::vector<WarpClockPhase> phases;  // in order of first appearance
  double totalCycles = 0;              // sum of the steps' medians

  bool empty() const { return steps.empty(); }
  // The entry of trace step k, or nullptr.
  const WarpClockStep* forStep(int k) const;
};

WarpClockTable warpClockTable(const Trace& t);

// One series per warp over the steps of the table: x = trace step, y = cycles.
struct WarpClockSeries {
  int warp = 0;
  std::vector<double> step;
  std::vector<double> cycles;
};
std::vector<WarpClockSeries> warpClockSeries(const WarpClockTable& table);

}  // namespace scanviz
