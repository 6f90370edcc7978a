// The single-pass chained scan's hand-off as a protocol (issue 32; PMPP 8.7, kernels/grid/
// single_pass_chained.h): what each block publishes (its flag and the inclusive prefix of tiles
// 0..i), the fence that orders the value before the flag, when the flag becomes visible to the
// next block, and how long that block spun on it. Taken from the trace's blocks: a GPU trace's
// times in ns (the trace keeps each wait's length, not where it lies: it is placed as the timeline
// places it, block_timeline.h, and marked estimated), an emulator trace's scheduler rounds (exact:
// a word written in round r is visible from round r + 1, kernels/grid/cpu_grid_exec.h). GUI-free.
#pragma once

#include <string>
#include <vector>

#include "app/core/layouts/block_timeline.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// Blocks drawn at most: the chain's first tiles, where the hand-off starts.
constexpr int kMaxChainFlagBlocks = 8;

struct ChainFlagBlock {
  int tile = 0;          // the dynamic tile id (trace.blocks[].id), the chain's order
  bool hasSum = false;   // the stored input covers the tile (a large GPU trace keeps a prefix)
  double aggregate = 0;  // the tile's own reduction
  double inclusive = 0;  // what it publishes: the reduction of tiles 0..tile
  double start = 0;      // the block starts its tile
  double spinStart = 0;  // its leader starts polling flag[tile - 1] (tile 0 polls nothing)
  double publish = 0;    // it saw flag[tile - 1], wrote its value, fenced and set flag[tile]
  double visible = 0;    // from here every other block sees flag[tile] (and the value)
  double seenBy = -1;    // the successor stopped spinning on it; -1: no successor shown
  double end = 0;        // stored its tile
};

struct ChainFlags {
  TimelineUnit unit = TimelineUnit::Rounds;
  bool estimated = false;              // GPU: spin intervals placed by estimate
  int totalBlocks = 0;                 // blocks in the trace
  std::vector<ChainFlagBlock> blocks;  // tiles 0, 1, ... (at most kMaxChainFlagBlocks)
  double first = 0, last = 0;          // the time axis of the blocks shown
};

// Why the trace has no flags figure; empty when it has one.
std::string chainFlagsProblem(const Trace& t);

// Empty blocks when chainFlagsProblem(t) is not empty.
ChainFlags chainFlagsOf(const Trace& t, int maxBlocks = kMaxChainFlagBlocks);

}  // namespace scanviz
