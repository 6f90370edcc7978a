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

// processors: P of Brent's bound W/P + D. realElements: the work rows, the bound and the speedup
// count the input's elements alone, the padding's applications stated beside (a run with padding).
std::vector<CounterRow> counterRows(const Trace& t, int step, int processors,
                                    bool realElements = false);
// True when the rows count padding work (the run has a partial section): the real-elements
// switch applies.
bool hasPaddingRow(const std::vector<CounterRow>& rows);

}  // namespace scanviz
