// Which inputs each cell of each step combines: PMPP Fig. 8.5's "x0..x3" and seed 003's
// "a0+a1+a2+a3", for every algorithm. The ranges are replayed from the trace itself, never from a
// per-algorithm formula: a load puts x_i (or, above level 0, a section's total) into its cell; an
// operator application (an edge) joins the ranges of its operands, read before the step, or along
// the row for a sequential pass; a move (Blelloch's swap) copies one; the identity is the empty
// range; a step that adds a block's prefix without edges extends a cell back to x0. Every range
// is then checked against the recorded value (the operator applied to those inputs): a cell whose
// range does not give its value, or whose operands do not join into one run of inputs, is
// Unknown, and a figure shows its number rather than a symbol that would be wrong.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

struct InputRange {
  enum class Kind { Identity, Range, Unknown };
  Kind kind = Kind::Unknown;
  long long first = 0;  // x_first .. x_last of the level-0 input, both included (Kind::Range)
  long long last = -1;

  static InputRange identity() { return {Kind::Identity, 0, -1}; }
  static InputRange of(long long first, long long last) { return {Kind::Range, first, last}; }
  static InputRange unknown() { return {}; }
  bool operator==(const InputRange&) const = default;
};

// The operator applied to two ranges: one run of inputs when they meet (in either order: every
// operator here is commutative), Unknown when they overlap or leave a gap.
InputRange combineRanges(InputRange a, InputRange b);

// Symbolic values go up to this many elements: beyond it no cell is wide enough for "x12..x4095".
constexpr long long kMaxSymbolicElements = 4096;

// Why this trace has no symbolic values (too long, inputs not stored); empty when it has them.
std::string symbolicProblem(const Trace& t);

// The ranges of every cell of steps[0..last] (values' order), replayed as above; empty when
// symbolicProblem is not empty. The whole trace when last < 0.
std::vector<std::vector<InputRange>> symbolicSteps(const Trace& t, int last = -1);

// `ranges` with every one that does not give its value (the operator applied to those inputs)
// made Unknown: a row whose ranges come from the scan's definition rather than a replay (the
// chained scan's tiles) is checked the same way. Empty when symbolicProblem is not empty.
std::vector<InputRange> checkedRanges(const Trace& t, std::vector<InputRange> ranges,
                                      const std::vector<double>& values);

// The ranges of the result rows, by the definition of the scan: x0..xi inclusive, x0..x(i-1)
// (element 0: the identity) exclusive.
std::vector<InputRange> scanRanges(long long n, bool inclusive);

// "x3", "x0..x3", or the operator's identity symbol ("0", "1", "-∞", "+∞"); "?" for Unknown.
std::string symbolicText(const InputRange& r, const std::string& op, const std::string& dtype);

}  // namespace scanviz
