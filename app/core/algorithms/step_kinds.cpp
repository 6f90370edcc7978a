#include "app/core/algorithms/step_kinds.h"

#include <array>

#include "app/core/lesson/result_check.h"
#include "app/core/trace/value_format.h"

namespace scanviz {
namespace {

// The explanations of the kinds whose edges do not tell what happened.

std::string shiftSentence(const Trace& t, const TraceStep&) {
  return "each thread moves XY[i-1] into XY[i] and XY[0] gets the identity " +
         identityText(t.meta.op, t.meta.dtype) + ", so the scan that follows is exclusive";
}

std::string clearLastSentence(const Trace& t, const TraceStep& s) {
  return "the identity " + identityText(t.meta.op, t.meta.dtype) + " replaces the root XY[" +
         std::to_string(s.values.size() - 1) + "]; the down-sweep pushes prefixes down from it";
}

std::string sectionsScannedSentence(const Trace& t, const TraceStep&) {
  return "each of the " + std::to_string(t.meta.blocksTotal) + " blocks scanned its own " +
         std::to_string(t.meta.sectionSize) + " elements; the last element of a section is its sum";
}

// The swap's second write is the half a student misses; it is a move, not an operation.
std::string blellochSwapSuffix(const TraceStep& s) {
  return "; " + std::string(s.active.size() == 1 ? "it" : "each") +
         " also moves the old XY[i] into XY[i-" + std::to_string(s.param) +
         "] (a move, not an operation)";
}

// Segmented scans: what the flags did in the step, which the edges alone do not show.
constexpr std::string_view kSegmentedSuffix =
    "; an element whose flag is set (a segment starts within what it covers) takes nothing from "
    "its left, and every flag ORs in its partner's";

std::string segmentedDownSuffix(const TraceStep& s) {
  return "; each also moves the old XY[i] into XY[i-" + std::to_string(s.param) +
         "], and a right half that starts a segment gets the identity, one after a head in the "
         "left half gets the left half's sum alone";
}

// Select and split: where each element is written (a split also places the rejected ones).
std::string selectAddressSentence(const Trace& t, const TraceStep& s) {
  const bool split = t.meta.algorithm == "split-lookback";
  return "each element's write address: the kept elements of the tiles before (the look-back's "
         "count) plus those before it in the tile, the exclusive count of the flags (" +
         operationCount(s) + "); a kept element writes there" +
         (split ? ", a rejected one at its index minus that count, after all kept ones"
                : ", the others are dropped");
}

// The cluster's gather: no operator, a read of each neighbour's shared memory.
std::string clusterGatherSentence(const Trace&, const TraceStep& s) {
  return "thread r reads the total of block r of this cluster (" + std::to_string(s.values.size()) +
         " blocks) straight from that block's shared memory (distributed shared memory, after a "
         "cluster barrier): no trip through global memory";
}

using K = StepKind;
using W = StepWrites;

// One row per kind, in the enum's order; what a row leaves out is the default of StepKindInfo.
constexpr std::array<StepKindInfo, kStepKindCount> kStepKinds = {{
    {.kind = K::Load, .label = "load", .phase = "load", .writes = W::EveryValidElement},
    {.kind = K::KoggeStone, .label = "stride {}", .phase = "scan"},
    {.kind = K::KoggeStoneShift,
     .label = "shift right by one",
     .phase = "shift",
     .writes = W::EveryValidElement,
     .sentence = shiftSentence},
    {.kind = K::DoubleBuffered,
     .label = "stride {} (swap buffers)",
     .phase = "scan",
     .fixedSuffix = "; the other threads copy their value and the two buffers swap"},
    {.kind = K::UpSweep, .label = "up-sweep stride {}", .phase = "up-sweep"},
    {.kind = K::DownSweep, .label = "down-sweep stride {}", .phase = "down-sweep"},
    {.kind = K::ClearLast,
     .label = "clear last element",
     .phase = "clear",
     .writes = W::LastElement,
     .sentence = clearLastSentence},
    {.kind = K::BlellochDown,
     .label = "down-sweep stride {} (swap and add)",
     .phase = "down-sweep",
     .movesOldValue = true,
     .suffix = blellochSwapSuffix},
    {.kind = K::ToInclusive,
     .label = "add own input (exclusive to inclusive)",
     .phase = "to-inclusive",
     // The conversion is a step of its own, counted in the work and the depth.
     .fixedSuffix = "; the algorithm's own result is the exclusive scan, so the inclusive one "
                    "asked for costs this extra step (--exclusive, or the exclusive radio button, "
                    "skips it)"},
    {.kind = K::ThreadScan,
     .label = "phase 1: each thread scans its subsection",
     .phase = "phase 1",
     .workSentence = "each thread scans its own subsection sequentially"},
    {.kind = K::SubsectionScan,
     .label = "phase 2: scan subsection totals, stride {}",
     .phase = "phase 2"},
    {.kind = K::AddSubsection,
     .label = "phase 3: add preceding subsection total",
     .phase = "phase 3"},
    {.kind = K::WarpShuffle,
     .label = "warp shuffle delta {}",
     .phase = "warp scan",
     .registersOnly = true,
     .fixedSuffix = ", lane to lane with __shfl_up_sync (registers, no shared memory)"},
    {.kind = K::WarpTotals, .label = "scan warp totals, delta {}", .phase = "warp totals"},
    {.kind = K::AddWarpPrefix, .label = "add preceding warps' total", .phase = "add warp prefix"},
    {.kind = K::SequentialStep, .label = "element {}", .phase = "sequential"},
    {.kind = K::SectionsScanned,
     .label = "every section scanned",
     .phase = "scan sections",
     .sentence = sectionsScannedSentence},
    {.kind = K::AddBlockSums,
     .label = "add scanned block sums",
     .phase = "add block sums",
     .workSentence = "every block after the first adds the scanned sum of the sections before it "
                     "to its elements"},
    {.kind = K::TilePrefix,
     .label = "add tile prefix",
     .phase = "tile prefix",
     .workSentence = "each tile adds the combined total of all tiles before it"},
    {.kind = K::SegKoggeStone,
     .label = "stride {} (segmented)",
     .phase = "scan",
     .fixedSuffix = kSegmentedSuffix},
    {.kind = K::SegUpSweep,
     .label = "up-sweep stride {} (flags OR-ed)",
     .phase = "up-sweep",
     .fixedSuffix = kSegmentedSuffix},
    {.kind = K::SegDownSweep,
     .label = "down-sweep stride {} (segment-aware)",
     .phase = "down-sweep",
     .movesOldValue = true,
     .suffix = segmentedDownSuffix},
    {.kind = K::SegmentCarry,
     .label = "add carry up to each section's first head",
     .phase = "add block sums",
     .workSentence = "every section after the first combines the scanned total before it into its "
                     "elements up to its first segment head; a head stops the carry"},
    {.kind = K::SegThreadScan,
     .label = "phase 1: each thread scans its subsection, restarting at heads",
     .phase = "phase 1",
     .workSentence = "each thread scans its own subsection sequentially and starts again at every "
                     "segment head"},
    {.kind = K::SegTotalsScan,
     .label = "phase 2: segmented scan of subsection totals, stride {}",
     .phase = "phase 2",
     .fixedSuffix = kSegmentedSuffix},
    {.kind = K::SegAddTotal,
     .label = "phase 3: add preceding subsection total up to the first head",
     .phase = "phase 3"},
    {.kind = K::SegTilePrefix,
     .label = "add tile prefix up to the tile's first head",
     .phase = "tile prefix",
     .workSentence = "each tile combines the prefix its look-back found into its elements before "
                     "its first segment head; a tile that holds a head published its own total as "
                     "final, so no look-back went past it"},
    {.kind = K::SelectThreadCount,
     .label = "phase 1: each thread counts its kept elements",
     .phase = "count",
     .workSentence =
         "each thread counts the kept elements of its own subsection, running from left to right"},
    {.kind = K::SelectCountScan,
     .label = "phase 2: scan the thread counts, stride {}",
     .phase = "count",
     // The cells are the count row (capture's showCountRows), not the values.
     .fixedSuffix =
         " (the cells are counts of kept elements: the values move only in the scatter)"},
    {.kind = K::SelectAddCount,
     .label = "phase 3: add the preceding threads' count",
     .phase = "count",
     .workSentence = "each thread but the first adds the count of all threads before it to its "
                     "elements; the tile's count went out to the look-back before this step"},
    {.kind = K::SelectAddress,
     .label = "write addresses: count before the tile + count before the element",
     .phase = "address",
     .sentence = selectAddressSentence},
    // A student kernel's step (app/core/student): what its threads wrote up to a barrier; the
    // edges, drawn from the reads behind each write, tell the rest.
    {.kind = K::StudentInterval, .label = "up to the barrier at line {}", .phase = "kernel"},
    // The cluster level (kernels/grid/cluster_lookback.h): its array is the cluster's tile totals.
    {.kind = K::ClusterGather,
     .label = "gather the cluster's tile totals (DSMEM)",
     .phase = "cluster",
     .clusterTotals = true,
     .sentence = clusterGatherSentence},
    {.kind = K::ClusterScan,
     .label = "scan the cluster's totals, stride {}",
     .phase = "cluster",
     .clusterTotals = true,
     .fixedSuffix = "; every block of the cluster scans the same totals, so none waits for another "
                    "to hand out the result"},
}};

// A row left out leaves a default row behind (kind Count, no label): caught here.
constexpr bool everyKindHasItsRow() {
  for (int i = 0; i < kStepKindCount; ++i) {
    const StepKindInfo& row = kStepKinds[static_cast<size_t>(i)];
    if (static_cast<int>(row.kind) != i || row.label.empty() || row.phase.empty()) return false;
  }
  return true;
}
static_assert(everyKindHasItsRow(), "kStepKinds needs one row per StepKind, in the enum's order");

#define SCANVIZ_STEP_KIND_NAME(name) #name,
constexpr std::array<std::string_view, kStepKindCount> kStepKindNames = {
    SCANVIZ_STEP_KINDS(SCANVIZ_STEP_KIND_NAME)};
#undef SCANVIZ_STEP_KIND_NAME

}  // namespace

std::string operationCount(const TraceStep& s) {
  return std::to_string(s.ops) + " operation" + (s.ops == 1 ? "" : "s");
}

const StepKindInfo* findStepKind(int kind) {
  if (kind < 0 || kind >= kStepKindCount) return nullptr;
  return &kStepKinds[static_cast<size_t>(kind)];
}

const StepKindInfo& stepKindInfo(StepKind kind) {
  return *findStepKind(static_cast<int>(kind));
}

std::string_view stepKindName(StepKind kind) {
  return kStepKindNames[static_cast<size_t>(kind)];
}

}  // namespace scanviz
