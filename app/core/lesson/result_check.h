// The end of a lesson: the scan's result as inclusive and as exclusive scan, each checked against
// the sequential scan (reference_scan.h). The trace holds one variant; the other is derived the
// way a kernel would (shift right by one, or combine with the input). Which of the two the kernel
// computed is said apart from which it stored: Kogge-Stone asked for an exclusive result computes
// the inclusive scan and stores it shifted right by one, so its exclusive row is the derived one.
#pragma once

#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/trace/trace.h"

namespace scanviz {

struct ResultRow {
  bool inclusive = true;
  bool fromTrace = true;  // false: derived from the other variant (not the stored output)
  // How the row came about where it is not the scan the kernel computed: "derived: shift right
  // by one", "derived: combine with the input", ... (per segment for a segmented scan); empty
  // for the kernel's own scan.
  std::string how;
  std::vector<double> values;
  Mismatch mismatch;  // index -1: matches the sequential scan
};

struct ResultCheck {
  ResultRow inclusive;
  ResultRow exclusive;
};

// Uses the input and output the trace stores (the first meta.storedValues elements).
ResultCheck checkResults(const Trace& t);

// a op b in the trace's operator and dtype (a float32 result rounds as the kernel's would).
double combineValues(const std::string& op, const std::string& dtype, double a, double b);

// The operator's identity as the trace's dtype holds it (what pads sections and starts an
// exclusive scan).
double identityValue(const std::string& op, const std::string& dtype);
// The identity as the cells show it, with its exact value where that differs: "0", "-inf
// (-2147483648)".
std::string identityText(const std::string& op, const std::string& dtype);

}  // namespace scanviz
