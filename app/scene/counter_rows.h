// The counters of the step on screen as label / value / explanation rows: the counters panel
// draws them and --dump-scene writes them. No ImGui here.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

struct CounterRow {
  std::string label;
  std::string value;
  std::string help;  // what the number means, in the (?) marker
};

// processors: P of Brent's bound W/P + D.
std::vector<CounterRow> counterRows(const Trace& t, int step, int processors);

}  // namespace scanviz
