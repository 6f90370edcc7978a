// What a backend hands back after an instrumented run, before it becomes a Trace: raw steps in
// the order they happened, operator applications as (thread, destination, source), and block
// timing. Host-only; both the CPU emulator and the CUDA backend fill it the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/scan_types.h"

namespace scanviz {

// Which array a step's `values` show. Block-level steps show the working (shared-memory) array;
// grid-level steps show a window of the global array or the block sums.
enum class ArrayKind : int { Section = 0, Global = 1, BlockSums = 2 };

// An operator application (thread, destination, source), or a move: a value copied into dst with
// no operator (the load, Blelloch's swap, the identity into the root).
struct RecordedEdge {
  int thread;
  int dst;
  int src;  // -1: a value from outside the array (an input element, the identity, a register)
};

struct RecordedStep {
  StepCode code{StepKind::Load, 0};
  int block = 0;  // logical block (tile) id the step belongs to
  int level = 0;  // recursion level of a hierarchical scan (0: the input, 1: its block sums...)
  ArrayKind array = ArrayKind::Section;
  int offset = 0;  // index of values[0] in that array
  std::vector<double> values;
  std::vector<RecordedEdge> edges;
  std::vector<RecordedEdge> moves;  // the step's writes that apply no operator
  int64_t ops = -1;  // operator applications; -1: edges.size() (global steps record no edges)
  std::vector<int64_t> warpClock;   // GPU only: clock64() per warp when the step ended
  std::vector<uint32_t> wholeBits;  // a level-0 global step: the whole array (raw 32 bits)
  // The step's other rows (StepRows), one entry per value, empty when the step records none.
  std::vector<uint8_t> flags;
  std::vector<int32_t> second;
};

// The whole level-0 array after each step of a multi-block launch: row k holds every block's
// section after that block's k-th step, each at its place in the array (the last block's padding
// past n included, so that any block's section can be shown as it was). One block's steps explain
// how a section is scanned; these rows let the heat view draw all N elements of every step. Both
// backends fill them under the same budget (CaptureLimits::maxWholeArrayValues), so their traces
// stay comparable.
struct WholeArrayRows {
  long long length = 0;    // elements of a row: blocks * sectionWidth, padding included; 0: none
  long long elements = 0;  // the array's n (a global step's whole array has this many)
  int sectionWidth = 0;    // values a block's step shows; steps of another width are not kept
  int capacity = 0;        // rows the budget allows
  bool overflow = false;   // some block took more steps than `capacity`: the rows are dropped
  std::vector<std::vector<uint32_t>> rows;  // by step index within a block; raw 32-bit values
};

struct RecordedBlock {
  int id = 0;           // logical (dynamic) block id
  int launchIndex = 0;  // hardware blockIdx.x
  int sm = -1;          // SM id on the GPU; resident slot in the emulator
  int64_t startNs = 0;  // GPU: global timer; emulator: scheduler rounds
  int64_t waitNs = 0;   // time spent spinning on predecessors
  int64_t endNs = 0;
  int lookback = 0;  // predecessors inspected (decoupled look-back)
};

struct RecordedRun {
  std::vector<RecordedStep> steps;
  std::vector<RecordedBlock> blocks;
  int64_t work = 0;                // operator applications over all blocks, recorded or not
  bool timeIsRounds = false;       // emulator: block times are scheduler rounds, not nanoseconds
  std::vector<std::string> notes;  // e.g. "steps shown for block 0 of 35"
  WholeArrayRows whole;
};

}  // namespace scanviz
