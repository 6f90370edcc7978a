// The launches a student's file makes, in order, over the arguments they share. A file of one
// kernel is one launch over each section (PMPP Fig. 8.2). A file of two or three kernels is the
// hierarchical scan (PMPP 8.6): the first kernel scans each section and leaves its total in S;
// the second scans S in one block (the first kernel again when the file has two); the third adds
// to each section the scanned total of the sections before it, with SECTION_SIZE threads a block
// as the textbook launches it. The emulator (runPlan) and the GPU (kernel_gpu.h) run the same
// plan, so what one found the other can be set beside.
#pragma once

#include <string>
#include <vector>

#include "app/core/student/kernel_machine.h"
#include "app/core/student/kernel_program.h"

namespace scanviz::student {

struct PlannedLaunch {
  int kernel = 0;              // an index into Program::kernels
  std::string role;            // "the first kernel (scan_kernel)", as messages name it
  LaunchShape shape;           // grid, block and the recorded block of this launch
  std::vector<int> arguments;  // per parameter: an index into LaunchPlan::arguments
};

struct LaunchPlan {
  std::vector<Argument> arguments;  // buffers and numbers; a buffer two launches name is shared
  std::vector<PlannedLaunch> launches;
  int input = 0;   // the argument holding the input
  int output = 1;  // the argument holding the scan when the last launch ends
  bool hierarchical() const { return launches.size() > 1; }
};

struct PlanShape {
  int blockSize = 8;
  int sectionSize = 8;
  int recordedBlock = 0;
};

// Throws InputError, naming the kernel and what scanviz expected, when the file's kernels make
// neither plan, or when the hierarchy's totals do not fit in the one block that scans them.
LaunchPlan planLaunches(const Program& program, const std::vector<double>& input,
                        const PlanShape& shape);

// The arguments one launch is called with, taken from the plan's (or from them after a run).
std::vector<Argument> launchArguments(const std::vector<Argument>& planArguments,
                                      const PlannedLaunch& launch);

struct PlanRun {
  std::vector<Argument> arguments;    // the plan's, after the last launch that ran
  std::vector<LaunchResult> results;  // one per launch that ran; a stopped launch is the last
  bool stopped() const { return !results.empty() && results.back().stopped; }
};

PlanRun runPlan(const Program& program, const LaunchPlan& plan);

}  // namespace scanviz::student
