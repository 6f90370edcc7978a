#include "app/core/playback/step_writes.h"

#include <algorithm>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/playback/thread_states.h"

namespace scanviz {
namespace {

// Elements the array of `level` holds: the input, then one block sum per section below.
long long levelLength(const Trace& t, int level) {
  long long len = t.meta.n;
  const long long section = std::max(1, t.meta.sectionSize);
  for (int l = 0; l < level; ++l) len = (len + section - 1) / section;
  return len;
}

bool inRange(const Trace& t, int step) {
  return step >= 0 && step < static_cast<int>(t.steps.size());
}

}  // namespace

int validElements(const Trace& t, int step) {
  if (!inRange(t, step)) return 0;
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const int count = static_cast<int>(s.values.size());
  if (!isSectionStep(s)) return count;
  // A cluster's totals: one per block of the cluster, those past the last tile are padding.
  const StepKindInfo* kind = findStepKind(s.kind);
  if (kind && kind->clusterTotals && count > 0) {
    const long long first = static_cast<long long>(s.block) / count * count;
    return static_cast<int>(std::clamp<long long>(t.meta.blocksTotal - first, 0, count));
  }
  const long long start = static_cast<long long>(s.block) * std::max(1, t.meta.sectionSize);
  return static_cast<int>(std::clamp<long long>(levelLength(t, s.level) - start, 0, count));
}

int previousStepOnSameArray(const Trace& t, int step) {
  if (!inRange(t, step) || step == 0) return -1;
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const auto same = [&](const TraceStep& p) {
    return p.array == s.array && p.block == s.block && p.level == s.level && p.offset == s.offset &&
           p.values.size() == s.values.size();
  };
  if (isSectionStep(s)) return same(t.steps[static_cast<size_t>(step - 1)]) ? step - 1 : -1;
  // A grid step's array was last shown before the levels above it ran (the add-back follows
  // the scan of the block sums): the latest step of the same array, however far back.
  for (int k = step - 1; k >= 0; --k)
    if (same(t.steps[static_cast<size_t>(k)])) return k;
  return -1;
}

std::vector<CellMove> stepMoves(const TraceStep& s) {
  std::vector<CellMove> moves;
  if (recordsWriters(s)) {
    for (const auto& [dst, src] : s.moves)
      if (src >= 0) moves.push_back({dst, src});
    return moves;
  }
  const StepKindInfo* kind = findStepKind(s.kind);
  if (!kind || !kind->movesOldValue) return moves;
  // Thread t at i = (t + 1) * 2 * stride - 1 records the edge (i, i - stride) for
  // XY[i] = XY[i] op XY[i - stride]; in the same step it moved the old XY[i] to XY[i - stride]
  // (kernels/block/blelloch.h).
  moves.reserve(s.edges.size());
  for (const auto& [dst, src] : s.edges)
    if (src >= 0) moves.push_back({src, dst});
  return moves;
}

std::vector<CellWrite> cellWrites(const Trace& t, int step) {
  if (!inRange(t, step)) return {};
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const size_t count = s.values.size();
  std::vector<CellWrite> writes(count, CellWrite::None);
  const auto mark = [&](int i, CellWrite how) {
    if (i >= 0 && static_cast<size_t>(i) < count) writes[static_cast<size_t>(i)] = how;
  };
  // The root's clear is a recorded move from version 4 on (a flawed kernel whose thread returned
  // early clears nothing); before it, the kind says what the clear wrote.
  const StepKindInfo* kind = findStepKind(s.kind);
  StepWrites how = kind ? kind->writes : StepWrites::FromEdges;
  if (how == StepWrites::LastElement && t.version >= 4) how = StepWrites::FromEdges;
  if (how == StepWrites::EveryValidElement) {
    // Both store every valid element from the input (the shifted load one place to the right).
    for (int i = 0; i < validElements(t, step); ++i) mark(i, CellWrite::Set);
    return writes;
  }
  if (how == StepWrites::LastElement) {
    // The identity replaces the root even where the root already held it (an all-zero sum).
    mark(static_cast<int>(count) - 1, CellWrite::Set);
    return writes;
  }
  const std::vector<CellMove> moves = stepMoves(s);
  for (const CellMove& m : moves) mark(m.dst, CellWrite::Moved);
  for (const auto& [dst, src] : s.moves)
    if (src < 0) mark(dst, CellWrite::Set);  // the identity, an input: from outside the array
  for (const auto& [dst, src] : s.edges) mark(dst, CellWrite::Combined);
  const int before = previousStepOnSameArray(t, step);
  if (!s.edges.empty() || !s.moves.empty() || !moves.empty() || before < 0) return writes;
  // Steps that list no edges (an older trace's add-back): what changed is what was
  // written.
  const std::vector<double>& old = t.steps[static_cast<size_t>(before)].values;
  for (size_t i = 0; i < count; ++i)
    if (old[i] != s.values[i]) writes[i] = CellWrite::Changed;
  return writes;
}

std::vector<int> writtenCells(const Trace& t, int step) {
  const std::vector<CellWrite> writes = cellWrites(t, step);
  std::vector<int> cells;
  for (size_t i = 0; i < writes.size(); ++i)
    if (writes[i] != CellWrite::None) cells.push_back(static_cast<int>(i));
  return cells;
}

std::vector<uint8_t> writtenElements(const Trace& t, int step) {
  const std::vector<CellWrite> writes = cellWrites(t, step);
  std::vector<uint8_t> written(writes.size(), 0);
  for (size_t i = 0; i < writes.size(); ++i) written[i] = writes[i] != CellWrite::None ? 1 : 0;
  return written;
}

namespace {

// The recorded block's writes, to be repeated in every section (empty for a global step).
std::vector<uint8_t> sectionPattern(const Trace& t, int step) {
  return isSectionStep(t.steps[static_cast<size_t>(step)]) ? writtenElements(t, step)
                                                           : std::vector<uint8_t>{};
}

// The last whole-array row before `step`, or null.
const std::vector<uint32_t>* previousWholeRow(const Trace& t, int step) {
  for (int p = step - 1; p >= 0; --p) {
    const std::vector<uint32_t>& old = t.steps[static_cast<size_t>(p)].wholeBits;
    if (!old.empty()) return &old;
  }
  return nullptr;
}

}  // namespace

WholeRowWrites::WholeRowWrites(const Trace& t, int step) {
  if (!inRange(t, step)) return;
  row_ = &t.steps[static_cast<size_t>(step)].wholeBits;
  pattern_ = sectionPattern(t, step);
  // A section row and a global one differ only in the last block's padding, so elements past
  // the shorter row compare as unchanged.
  old_ = previousWholeRow(t, step);
}

std::vector<uint8_t> wholeWrittenElements(const Trace& t, int step) {
  if (!inRange(t, step)) return {};
  std::vector<uint8_t> written(t.steps[static_cast<size_t>(step)].wholeBits.size());
  WholeRowWrites(t, step).mark(0, written.size(), written.data());
  return written;
}

bool wholeElementWritten(const Trace& t, int step, size_t element) {
  if (!inRange(t, step) || element >= t.steps[static_cast<size_t>(step)].wholeBits.size())
    return false;
  uint8_t written = 0;
  WholeRowWrites(t, step).mark(element, 1, &written);
  return written != 0;
}

}  // namespace scanviz
