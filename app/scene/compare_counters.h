// The few counters each Compare view carries, so that algorithms can be weighed side by side:
// the step against the total, which scan the view ran (its natural form, or the one chosen for
// all), the work so far of the run's W next to the algorithm's own formula and the sequential
// N - 1, the depth next to its formula, and at the last step the check against the sequential
// scan. No ImGui here.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/counter_rows.h"

namespace scanviz {

std::vector<CounterRow> compareCounters(const Trace& t, int step);

// The rows as one line: "step 2 of 5 · inclusive scan, its natural form · work 10 of 17 =
// N log2 N - (N - 1)  (sequential 7) · depth 3 = log2 N".
std::string countersLine(const std::vector<CounterRow>& rows);

}  // namespace scanviz
