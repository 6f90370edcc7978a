// How a value of a trace is written in a cell, a tooltip or a sentence.
#pragma once

#include <string>

namespace scanviz {

// int32: the integer; float32: up to 6 significant digits, no trailing zeros; "inf", "-inf".
std::string formatValue(double v, bool integral);
// Same, from the trace's dtype name ("int32" | "float32").
std::string formatValue(double v, const std::string& dtype);

// The text a cell shows: the value, except the identity of max (the type's smallest value) and
// of min (its largest), which pad sections and start exclusive scans: they read -∞ and +∞
// instead of an eleven-digit -2147483648 that widens every cell. Add's 0 and mul's 1 are short
// already. op: "add" | "max" | "min" | "mul".
std::string formatCellValue(double v, const std::string& op, const std::string& dtype);
// True when v is what formatCellValue writes as a symbol.
bool isIdentitySymbol(double v, const std::string& op, const std::string& dtype);

// What a run scans, for titles: "inclusive sum scan (+), int32", "exclusive max scan, float32".
// A max-scan must not look like a sum.
std::string scanDescription(const std::string& op, bool inclusive, const std::string& dtype);

// A number printed for people (a counter, a formula's value, a bound, a speedup): the one
// formatter of the CLI, the counters panel and picture, Compare and the Brent tab. A whole number
// has its thousands grouped ("20,971,520", never "2.09715e+07"); any other keeps about three
// significant digits ("74.0" for 73.9688, "2.09", "0.914"), never in exponent notation above 1e-4.
std::string formatQuantity(double v);
// A count (work, steps, threads) as formatQuantity writes it.
inline std::string formatCount(long long v) {
  return formatQuantity(static_cast<double>(v));
}

// A count with its thousands separated by commas: "1,048,576" reads at a glance.
std::string groupedCount(long long n);

}  // namespace scanviz
