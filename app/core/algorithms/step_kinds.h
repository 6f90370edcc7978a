// Everything the host says or computes about a step kind, in one table (step_kinds.cpp) with a
// row per StepKind: the label and phase the trace carries, the explanation's wording where the
// edges do not tell the story, which elements the step writes, and whether it touches shared
// memory. The kinds themselves are listed once, in kernels/scan_types.h; a kind without a row, or
// rows out of order, fail to compile.
#pragma once

#include <string>
#include <string_view>

#include "app/core/trace/trace.h"
#include "kernels/scan_types.h"

namespace scanviz {

inline constexpr int kStepKindCount = static_cast<int>(StepKind::Count);

// Which elements of its array a step writes (cell highlights, the heat view's write marks).
enum class StepWrites {
  FromEdges,          // its edges' destinations (and its moves'); without edges, what changed
  EveryValidElement,  // every element that holds input (a load, the exclusive shift)
  LastElement,        // the root of a down-sweep, cleared to the identity
};

struct StepKindInfo {
  StepKind kind = StepKind::Count;  // a row left out keeps this default: a compile error
  std::string_view label;           // the trace's label; "{}" stands for the step's param
  std::string_view phase;           // the phase name the trace carries
  StepWrites writes = StepWrites::FromEdges;
  bool movesOldValue = false;  // each operator application also moves the old XY[i] to XY[src]
  bool registersOnly = false;  // no shared-memory access: bank conflicts do not apply
  // Its array is the totals of the recorded tile's cluster, one per block of the cluster
  // (kernels/grid/cluster_lookback.h), not a section of the level below.
  bool clusterTotals = false;
  // The explanation's sentence where the edges alone do not tell what happened: `sentence` where
  // it depends on the step, else `workSentence` followed by the step's operation count in
  // brackets (neither: it is read from the edges). Then what it adds after the sentence: `suffix`
  // where that depends on the step, else `fixedSuffix` (neither: nothing).
  std::string (*sentence)(const Trace& t, const TraceStep& s) = nullptr;
  std::string_view workSentence;
  std::string (*suffix)(const TraceStep& s) = nullptr;
  std::string_view fixedSuffix;
};

// "3 operations": the step's operator applications, as the explanation's sentences count them.
std::string operationCount(const TraceStep& s);

// The row of a kind; null for a number that names no kind (a newer trace, a damaged file).
const StepKindInfo* findStepKind(int kind);
const StepKindInfo& stepKindInfo(StepKind kind);

// The enumerator as the kernel sources spell it ("KoggeStone"): the code panel finds a step's
// lines by "StepKind::" + this name.
std::string_view stepKindName(StepKind kind);

}  // namespace scanviz
