// The counters of one step, computed from the trace: operator applications, active threads and
// warps, warp efficiency, work so far, and the shared-memory bank conflicts the step's accesses
// cause (32 banks of 4 bytes, as on every CUDA GPU since Fermi).
#pragma once

#include <cstdint>
#include <string_view>

#include "app/core/trace/trace.h"

namespace scanviz {

constexpr int kWarpSize = 32;
constexpr int kSharedBanks = 32;

struct BankConflicts {
  bool applies = false;  // false: no shared-memory accesses recorded (global steps, shuffles)
  int worstWay = 0;      // most distinct addresses one warp sent to one bank in one access
  int conflicts = 0;     // worstWay - 1: 0 means conflict-free
  int extraCycles = 0;   // replays summed over warps and accesses
  int worstWarp = -1;
};

struct StepMetrics {
  int64_t ops = 0;
  int activeThreads = 0;
  int residentThreads = 0;  // the block's threads; 0 for global steps
  int activeWarps = 0;      // warps with at least one active lane
  int residentWarps = 0;
  // Active lanes / (32 x warps touched): how much of the issued SIMD width did useful work.
  // 0 when no warp is active.
  double warpEfficiency = 0;
  int64_t cumulativeWork = 0;  // ops of the recorded steps 0..step
  BankConflicts banks;
};

StepMetrics stepMetrics(const Trace& t, int step);

// Accesses are modelled per thread: each operator application reads XY[src] and XY[dst] and
// writes XY[dst]; the k-th application of every thread in a warp issues together. Threads are
// matched to edges in ascending order (every algorithm's index map grows with the thread id).
BankConflicts bankConflicts(const TraceStep& s, std::string_view algorithm);

// The shared-memory slot of a logical index: conflict-free Blelloch and the decoupled look-back
// tiles insert one padding slot every 32 elements (their PadMap{5}); every other algorithm stores
// index i in slot i. The trace does not record the layout, so this follows the kernels.
int sharedMemorySlot(std::string_view algorithm, int index);

}  // namespace scanviz
