// The per-block timeline of a grid-level scan (trace.blocks) as intervals on one time axis: each
// block's start and end and the part it spent spinning on its predecessors, in a swimlane per SM
// (or emulator slot) and, inside the lane, on a row of its own while other blocks are resident on
// the same SM. The timeline panel and exporters lay this out; no UI here.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/core/support/enum_keys.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// ns: the GPU's global timer; rounds: the emulator's scheduler (meta.timeUnit).
enum class TimelineUnit { Nanoseconds, Rounds };

// Swimlanes by SM (where blocks ran side by side: the look-back's overlap), or one lane per block
// in id order (the order the chain passes the prefix on: the chained scan's domino).
enum class LaneGrouping { BySm, ByBlock };
// Their names on the command line (--lanes) and in the settings.
inline constexpr EnumKey<LaneGrouping> kLaneGroupingKeys[] = {{LaneGrouping::BySm, "sm"},
                                                              {LaneGrouping::ByBlock, "block"}};

TimelineUnit timelineUnit(const TraceMeta& m);

struct BlockSpan {
  size_t block = 0;  // index into trace.blocks
  double start = 0;
  double end = 0;
  double waitStart = 0;  // waitEnd == waitStart: the block did not wait
  double waitEnd = 0;
  // The trace gives the wait's length only; where it lies is exact for the emulator (its
  // scheduler fixes the rounds) and estimated for GPU traces (see waitInterval).
  bool waitEstimated = false;
  size_t lane = 0;
  int row = 0;
};

struct SwimLane {
  int sm = -1;     // SM id, or the emulator's resident slot (by SM)
  int block = -1;  // the block's id (by block)
  int rows = 1;
  int blocks = 0;
};

struct BlockTimeline {
  TimelineUnit unit = TimelineUnit::Nanoseconds;
  LaneGrouping grouping = LaneGrouping::BySm;
  std::vector<SwimLane> lanes;   // ascending SM, or ascending block id
  std::vector<BlockSpan> spans;  // in trace.blocks order
  double start = 0;              // earliest start
  double end = 0;                // latest end
  int totalRows = 0;
  int smCount = 0;       // distinct SMs (or emulator slots), whatever the lanes are
  double blockTime = 0;  // sum of (end - start) over blocks
  double waitTime = 0;   // sum of waits
  int maxLookback = 0;
  double meanLookback = 0;
};

// Where the wait lies. Rounds: the emulator scans a tile in round `start` and polls from the next
// round on (app/core/backends/cpu_single_pass.cpp), so the wait is [start + 1, start + 1 + wait).
// Nanoseconds: the kernel spins after scanning its tile and before adding the prefix and
// storing; both are one pass over the tile in global memory, so the wait is placed in the middle
// of the block's non-waiting time. Clamped to [start, end].
void placeWait(const TraceBlock& b, TimelineUnit unit, BlockSpan& span);

BlockTimeline buildBlockTimeline(const Trace& t, LaneGrouping grouping = LaneGrouping::BySm);

// "SM 12", "slot 3" (the emulator's resident slots) or "block 17".
std::string laneLabel(const SwimLane& lane, TimelineUnit unit);

}  // namespace scanviz
