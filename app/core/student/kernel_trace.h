// A student's run (kernel_plan.h) as an ordinary Trace, so that every view, Compare and every
// export work on it: a step after each barrier interval of the recorded block that wrote the
// recorded array, with the threads that wrote and the arrows from the cells each value was made
// from. The hierarchical scan's run has the built-in hierarchical scan's shape: the first
// kernel's steps, the whole array with every section scanned, the second kernel's steps one
// level up, and the whole array once the third kernel added the sums.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/core/student/kernel_plan.h"
#include "app/core/trace/trace.h"
#include "kernels/scan_types.h"

namespace scanviz::student {

struct TraceSettings {
  std::string file;
  std::string algorithm;  // the trace's algorithm key: --like's, else the sequential scan's
  std::vector<double> input;
  Operator op = Operator::Add;
  DType dtype = DType::Int32;
  bool exclusive = false;
  int blockSize = 8;
  int sectionSize = 8;
  int recordedBlock = 0;
};

// Where a trace step came from: a launch's recorded interval, or (interval -1) the whole array
// after a launch of the hierarchical scan.
struct StepOrigin {
  int launch = 0;
  int interval = -1;
};

struct StudentTrace {
  Trace trace;
  std::vector<StepOrigin> origins;             // one per step
  std::vector<std::pair<int, int>> stepLines;  // one per step: its writes' first and last line
};

StudentTrace traceOfRun(const TraceSettings& settings, const LaunchPlan& plan, const PlanRun& run);

}  // namespace scanviz::student
