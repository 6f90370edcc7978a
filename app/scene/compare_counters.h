// The few counters each Compare view carries, so that algorithms can be weighed side by side:
// the step against the total, the work so far against the sequential N - 1, the depth, and at
// the last step the check against the sequential scan. No ImGui here.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/counter_rows.h"

namespace scanviz {

std::vector<CounterRow> compareCounters(const Trace& t, int step);

// The rows as one line: "step 2 of 5 · work 10 of 17 (N - 1 = 7) · depth 5".
std::string countersLine(const std::vector<CounterRow>& rows);

}  // namespace scanviz
