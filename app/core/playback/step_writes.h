// Which elements of a step's array the step wrote, and how, and where a section's padding
// begins: one rule for every view that marks writes (the cell view, Compare and the exported
// pictures through the array scene; the heat strip and the space-time image through
// writtenElements) and for tests.
//
// The trace records one edge (dst, src) per operator application and, from version 4, one move
// (dst, src) per write that applies no operator: the load, Blelloch's swap (XY[i-stride] = old
// XY[i]), the identity into the root, a double-buffered copy. Older traces have edges only; there
// the step kind tells which steps also moved values (the down-sweep's swap, one move per edge).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

// How a step wrote an element.
enum class CellWrite : uint8_t {
  None = 0,
  Combined,  // the operator's destination: its own old value combined with an operand
  Moved,     // another element's old value copied in, no operator (Blelloch's down-sweep swap)
  Set,       // a value stored without reading the array: the load, the identity into the root
  Changed,   // a step of an older trace that lists no edges (adding block sums): the value changed
};

// dst receives the value src held before the step.
struct CellMove {
  int dst = 0;
  int src = 0;
  bool operator==(const CellMove&) const = default;
};

// The step's moves within its array, the ones a view draws as arrows (a move of a value from
// outside the array, src -1, has no source cell: cellWrites marks it Set). Recorded from version 4
// on; for an older step, those its kind implies for its edges, in edge order: for the down-sweeps
// one per edge (dst i - stride, src i), none for every other kind.
std::vector<CellMove> stepMoves(const TraceStep& s);

// One entry per element of steps[step].values. The edges' destinations (Combined) and the moves
// of stepMoves (Moved, or Set for a value from outside the array); every valid element for the
// load and the shifted load of exclusive Kogge-Stone, and (in a trace before version 4, which
// records no moves) the root for Blelloch's clear (Set); for other steps without edges or moves,
// the elements whose value changed since the previous step on the same array (Changed). Empty for a
// step out of range.
std::vector<CellWrite> cellWrites(const Trace& t, int step);

// The indices cellWrites marks, ascending.
std::vector<int> writtenCells(const Trace& t, int step);

// cellWrites as 1 (written) or 0, for the views that only mark whether.
std::vector<uint8_t> writtenElements(const Trace& t, int step);

// One entry per element of steps[step].wholeBits (empty without a whole row): the step's writes
// in every block. For a section step, the recorded block's writtenElements repeated at the same
// place of every section (all blocks run the same steps); for any step, also every element whose
// value differs from the last earlier whole row, because a step can write in other blocks what it
// leaves alone in the recorded one (tile 0 adds no prefix; the others do).
std::vector<uint8_t> wholeWrittenElements(const Trace& t, int step);
// The same for one element, without building the whole row's marks (the heat view's tooltip).
bool wholeElementWritten(const Trace& t, int step, size_t element);

// The rule of wholeWrittenElements for one step, applied to a range of elements at a time: the
// heat view's grid marks 2^20 elements a row on several threads without building the row's marks.
class WholeRowWrites {
 public:
  WholeRowWrites(const Trace& t, int step);
  // out[i] = 1 when element first + i was written, else 0; first + count <= the row's length.
  template <class Out>
  void mark(size_t first, size_t count, Out* out) const {
    const size_t period = pattern_.size();
    size_t p = period ? first % period : 0;
    const bool compare = old_ != nullptr;
    const size_t oldEnd = compare ? std::min(first + count, old_->size()) : first;
    for (size_t i = 0; i < count; ++i) {
      const size_t g = first + i;
      bool written = period && pattern_[p];
      if (!written && compare && g < oldEnd) written = (*old_)[g] != (*row_)[g];
      out[i] = written ? Out{1} : Out{0};
      if (period && ++p == period) p = 0;
    }
  }

 private:
  std::vector<uint8_t> pattern_;  // the recorded block's writes, repeated in every section
  const std::vector<uint32_t>* old_ = nullptr;  // the last earlier whole row
  const std::vector<uint32_t>* row_ = nullptr;
};

// Elements of steps[step].values before the padding: a section past the end of its level's array
// is filled with the operator's identity. The whole array for steps that are not sections.
int validElements(const Trace& t, int step);

// The previous step when it shows the same array (same kind, block, level, offset and length):
// the "before" of this step, past the steps of other levels in between (a cluster scan's totals).
// For a grid step (the global array), the latest earlier one of that array, past the steps of
// the levels above it. -1 when there is none.
int previousStepOnSameArray(const Trace& t, int step);

}  // namespace scanviz
