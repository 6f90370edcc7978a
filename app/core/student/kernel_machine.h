// The emulator of a student's kernel: runs a parsed kernel (kernel_program.h) over a grid, block
// after block, each thread until its next __syncthreads(), and watches every access. Within one
// barrier interval two threads touching the same cell, one of them writing, is a race whatever
// the output says; an index outside an array stops the run; threads that leave a barrier behind
// are barrier divergence; a thread that runs on without end is a hang. For the recorded block it
// also reports, after each interval that wrote the recorded array, the array and every write with
// the cells its value was computed from: the trace's steps and arrows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/core/student/kernel_program.h"

namespace scanviz::student {

enum class FindingKind { Race, OutOfBounds, BarrierDivergence, Hang };
const char* findingKindName(FindingKind k);  // "race", "out of bounds", ...

struct Finding {
  FindingKind kind = FindingKind::Race;
  std::string message;  // one sentence naming threads, cell and lines
  int block = 0;
  int thread = -1;
  int otherThread = -1;
  int line = 0;
  int otherLine = 0;
  std::string array;
  int64_t cell = -1;
};

// A kernel argument: a global buffer (pointer parameters) or a number.
struct Argument {
  std::string name;          // for messages: "X", "Y"
  std::vector<double> data;  // a buffer's elements (numbers stored as the buffer's type)
  ValueType type = ValueType::Float32;
  bool isBuffer = true;
  double number = 0;  // a scalar parameter's value
};

struct LaunchShape {
  int gridSize = 1;
  int blockSize = 8;
  int recordedBlock = 0;
  // Without a __shared__ array, the argument whose buffer the steps show (-1: the output, the
  // second buffer); the hierarchical scan's third kernel adds into its first.
  int recordedArgument = -1;
  // A buffer whose every element's last writer is kept over all blocks (-1: none): the
  // hierarchical scan's whole-array steps draw each element's thread from it.
  int watchedArgument = -1;
  int64_t instructionBudget = 20'000'000;  // statements over the whole launch; past it, a hang
  int64_t barrierBudget = 1 << 16;         // barriers one block may pass
  int64_t threadBudget = 1 << 20;          // statements of one thread between two barriers
};

// One write to the recorded array, with the cells of that array its value came from.
struct RecordedWrite {
  int thread = 0;
  int64_t cell = 0;
  std::vector<int64_t> sources;  // cells of the recorded array read to make the value
  bool fromOutside = false;      // also built from something else (an input element, a constant)
  int operations = 0;            // operator applications between the reads and the write
  int line = 0;
};

// The last write to an element of a watched buffer: its thread within its block, its line, and
// whether the value applied the operator (an arrow) or was moved (a move).
struct ElementWrite {
  int thread = -1;
  int line = 0;
  bool combined = false;
};

struct RecordedInterval {
  int barrierLine = 0;         // the __syncthreads() that ended it (0: the kernel's end)
  int barrierIndex = 0;        // barriers the block had passed at its end, that one included
  std::vector<double> values;  // the recorded array after the interval
  std::vector<RecordedWrite> writes;
};

struct LaunchResult {
  std::vector<Argument> arguments;  // after the run
  std::vector<Finding> findings;    // at most one per kind, in the order found
  std::vector<RecordedInterval> intervals;
  std::string recordedArray;  // the first __shared__ array, or the output buffer without one
  int64_t recordedLength = 0;
  int64_t operations = 0;  // operator applications on data values, all blocks
  // LaunchShape::watchedArgument's elements, each one's last write (thread -1: none).
  std::vector<ElementWrite> lastWrites;
  bool stopped = false;  // an out-of-bounds access or a hang ended the run early
};

// The kernel's output: its second buffer argument (the first is the input); 0 without one.
size_t outputArgument(const std::vector<Argument>& arguments);

// The buffer a kernel without a __shared__ array records: the shape's, else the output.
size_t recordedArgument(const std::vector<Argument>& arguments, const LaunchShape& shape);

LaunchResult runKernel(const Function& kernel, std::vector<Argument> arguments,
                       const LaunchShape& shape);

}  // namespace scanviz::student
