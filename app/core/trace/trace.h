// The Trace: an immutable record of one run, everything the UI shows and the files hold
// (DESIGN.md "Trace contract"). No UI or GPU types here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace scanviz {

// Version 2 added whole-array rows (TraceStep::wholeBits), version 3 the problem's other rows
// (ElementRows: head flags, a second array), version 4 a step's moves and the thread of each edge
// and move (TraceStep::moves, edgeThreads, moveThreads); older files still load.
constexpr int kTraceVersion = 4;

// The problem model beside the values (issue 13 item 5): per-element flags (1: the element starts
// a segment, or a predicate bit of a compaction) and a second int32 array (keys, scatter indices).
// Each is empty when the problem has none, else it holds one entry per element (in a Trace, one
// per stored input value).
struct ElementRows {
  std::vector<uint8_t> flags;
  std::vector<int32_t> second;
  std::string secondName;  // what the second array holds ("keys", "indices"); empty without one
  bool empty() const { return flags.empty() && second.empty(); }
};

// The second array's name in a select or split trace (select_lookback.h): there it is not input
// but what the kernel computed, every element's write address (the exclusive count of the flags).
inline constexpr const char* kWriteAddressRowName = "write addresses";

struct TraceMeta {
  std::string algorithm;  // catalog key
  long long n = 0;
  int blockSize = 0;
  int sectionSize = 0;
  std::string op = "add";       // add | max | min | mul
  std::string dtype = "int32";  // int32 | float32
  bool inclusive = true;
  std::string backend = "cpu";  // cuda | cpu
  std::string device;           // GPU name, or a description of the emulator
  std::string timeUnit = "ns";  // ns (GPU global timer) | round (emulator scheduler)
  int blocksTotal = 1;          // blocks of the level-0 launch
  int recordedBlock = 0;        // the block whose section steps are recorded
  long long storedValues = 0;   // input/output elements kept (== n unless truncated)
  std::vector<std::string> notes;
};

struct TraceStep {
  std::string label;  // "up-sweep stride 2"
  std::string phase;  // "load", "up-sweep", ...
  int kind = 0;       // StepKind code, for tools that need more than the label
  int param = 0;
  int block = 0;
  int level = 0;
  std::string array = "section";  // section | global | block-sums
  int offset = 0;
  std::vector<double> values;
  // Threads that wrote in the step, by an operator application or a move, ascending (files before
  // version 4: the threads that applied the operator).
  std::vector<int> active;
  std::vector<std::array<int, 2>> edges;  // (dst, src), sorted; src -1: the thread's own input
  // Writes that apply no operator (version 4): dst receives src's value from before the step, or,
  // for src -1, a value from outside the array (an input element, the identity). Sorted.
  std::vector<std::array<int, 2>> moves;
  // The thread of each edge and of each move, in their order (version 4; empty in older files).
  std::vector<int> edgeThreads;
  std::vector<int> moveThreads;
  int64_t ops = 0;
  std::vector<int64_t> warpClock;  // GPU only
  // The whole level-0 array after this step: every block's section at its place, or the global
  // array of a level-0 grid step. Kept for runs of more than one block within the capture budget,
  // empty otherwise. Raw 32-bit values of meta.dtype: exact, and half the memory of doubles.
  std::vector<uint32_t> wholeBits;
  // The step's flags and second array (version 3), one per value, empty when the step records
  // none: kernels record a row when it changes, and flagsShown() finds the latest one.
  std::vector<uint8_t> flags;
  std::vector<int32_t> second;
};

struct TraceBlock {
  int id = 0;
  int launchIndex = 0;
  int sm = -1;
  int64_t startNs = 0;
  int64_t waitNs = 0;
  int64_t endNs = 0;
  int lookback = 0;
};

struct TraceCounters {
  int64_t work = 0;            // operator applications, all blocks
  int64_t depth = 0;           // steps that applied the operator (barrier steps; the
                               // critical path is countRun(t).depth, app/core/lesson/analysis.h)
  int64_t sequentialWork = 0;  // n - 1
};

struct Trace {
  int version = kTraceVersion;
  TraceMeta meta;
  std::vector<double> input;
  std::vector<double> output;
  ElementRows rows;  // the input's flags and second array (version 3), prefix like `input`
  std::vector<TraceStep> steps;
  std::vector<TraceBlock> blocks;
  TraceCounters counters;
};

// One write of a step as the recorder reports it, before the step's arrays are sorted.
struct StepArrow {
  int thread = 0;
  int dst = 0;
  int src = -1;
};

// Fills s.edges / s.edgeThreads from the operator applications and s.moves / s.moveThreads from
// the moves, each sorted by (dst, src, thread), and s.active with every thread of either: the
// same arrays whatever order a backend recorded them in.
void setStepArrows(TraceStep& s, const std::vector<StepArrow>& edges,
                   const std::vector<StepArrow>& moves);

// True when the step says which thread made each write (version 4); older steps have the edges'
// destinations and sources only, and their moves follow from the step kind (stepMoves()).
bool recordsWriters(const TraceStep& s);

// The threads that applied the operator in the step, ascending: those of its edges where the
// trace names them (version 4, whose active threads also hold those that only moved values), else
// the active threads.
std::vector<int> operatorThreads(const TraceStep& s);

// A value of meta.dtype ("int32" or "float32") from its raw 32 bits, and back.
double decodeValueBits(uint32_t bits, const std::string& dtype);
// The same with the dtype decided once (a loop over a whole row asks once, not per element).
double decodeValueBits(uint32_t bits, bool isFloat);
uint32_t encodeValueBits(double v, const std::string& dtype);

// Elements of a step's whole-array row before the last block's padding (0 without one).
size_t wholeValidElements(const Trace& t, const TraceStep& s);

// True when some step holds the whole array (a run of more than one block).
bool hasWholeArrayRows(const Trace& t);

// The flags (second array) a step shows: its own, else those of the latest earlier step of the
// same block, level and array with as many values; null when none was recorded.
const std::vector<uint8_t>* flagsShown(const Trace& t, size_t step);
const std::vector<int32_t>* secondShown(const Trace& t, size_t step);
// Where segments start in the array a step shows: the flags of the first step of the same block,
// level and array that recorded any (the load's: the section's head flags before a segmented
// scan ORs them up); null without flags.
const std::vector<uint8_t>* segmentStartsShown(const Trace& t, size_t step);

// Compares the parts two backends must agree on (everything but timing, device names and the
// look-back depths, which depend on scheduling). Empty when equal, else the first difference.
std::string firstTraceDifference(const Trace& a, const Trace& b);

}  // namespace scanviz
