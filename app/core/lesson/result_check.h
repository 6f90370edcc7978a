// The end of a lesson: the scan's result as inclusive and as exclusive scan, each checked against
// the sequential scan (reference_scan.h). The trace holds one variant; the other is derived the
// way a kernel would (shift right by one, or combine with the input).
#pragma once

#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/trace/trace.h"

namespace scanviz {

struct ResultRow {
  bool inclusive = true;
  bool fromTrace = true;  // false: derived from the other variant
  std::vector<double> values;
  Mismatch mismatch;  // index -1: matches the sequential scan
};

struct ResultCheck {
  ResultRow inclusive;
  ResultRow exclusive;
};

// Uses the input and output the trace stores (the first meta.storedValues elements).
ResultCheck checkResults(const Trace& t);

// The operator's identity as the trace's dtype holds it (what pads sections and starts an
// exclusive scan).
double identityValue(const std::string& op, const std::string& dtype);

}  // namespace scanviz
