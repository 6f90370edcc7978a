// How a value of a trace is written in a cell, a tooltip or a sentence.
#pragma once

#include <string>

namespace scanviz {

// int32: the integer; float32: up to 6 significant digits, no trailing zeros; "inf", "-inf".
std::string formatValue(double v, bool integral);
// Same, from the trace's dtype name ("int32" | "float32").
std::string formatValue(double v, const std::string& dtype);

// A count with its thousands separated by commas: "1,048,576" reads at a glance.
std::string groupedCount(long long n);

}  // namespace scanviz
