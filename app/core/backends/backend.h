// What a backend is asked to run and what it returns. Two backends implement it: the CPU
// emulator (always there) and CUDA (when built with CUDA and a device answers).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/support/enum_keys.h"
#include "app/core/trace/trace.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/exec/launch_order.h"
#include "kernels/exec/recorded_run.h"
#include "kernels/grid/lookback_tuning.h"
#include "kernels/launch/backend_error.h"
#include "kernels/scan_types.h"

namespace scanviz {

struct CaptureLimits {
  long long maxElements = 1ll << 28;        // input length
  int maxSteps = 4096;                      // recorded steps
  long long maxRecordedValues = 1ll << 23;  // sum of values over all recorded steps
  int globalWindow = 4096;                  // elements of the global array shown by grid steps
  int maxBlocksTimed = 1 << 16;             // blocks with start/wait/end records
  long long maxStoredValues = 1ll << 16;    // input/output elements kept in the trace
  // Whole-array rows of a multi-block run (RecordedRun::whole): n times the steps of a block,
  // 128 MiB of raw values at most (2^20 elements of a 24-step hierarchical scan fit).
  long long maxWholeArrayValues = 1ll << 25;
};

// Rows of whole-array values the budget allows for n elements (0: none).
inline int wholeRowCapacity(const CaptureLimits& lim, long long n) {
  if (n <= 0) return 0;  // n: the elements of a row
  const long long rows = std::min<long long>(lim.maxSteps + 1, lim.maxWholeArrayValues / n);
  return static_cast<int>(rows);
}

// Starts whole-array rows for a level-0 launch of more than one block, when the budget allows.
inline void startWholeArrayRows(RecordedRun& run, const CaptureLimits& lim, long long n,
                                int sectionWidth, long long blocks) {
  if (blocks <= 1) return;
  const long long length = blocks * sectionWidth;
  const int capacity = wholeRowCapacity(lim, length);
  if (capacity < 1) return;
  run.whole.length = length;
  run.whole.elements = n;
  run.whole.sectionWidth = sectionWidth;
  run.whole.capacity = capacity;
}

// A launch order's name on the command line, in config files and in the emulator's notes.
inline constexpr EnumKey<LaunchOrder> kLaunchOrderKeys[] = {{LaunchOrder::Ascending, "ascending"},
                                                            {LaunchOrder::Descending, "descending"},
                                                            {LaunchOrder::Random, "random"}};

struct EmulatorOptions {
  LaunchOrder order = LaunchOrder::Ascending;
  unsigned seed = 1;
  int residentBlocks = 4;       // blocks that make progress at the same time
  bool staticBlockIds = false;  // single-pass-chained: use blockIdx.x, which can deadlock
  ThreadOrder threadOrder = ThreadOrder::Forward;
};

struct RunRequest {
  AlgorithmId algorithm = defaultAlgorithm();
  Operator op = Operator::Add;
  bool exclusive = false;
  int blockSize = 8;
  int coarsening = kDefaultCoarsening;  // a coarsened scan's elements per thread
  bool record = true;                   // false: count nothing, record nothing (timing)
  int recordBlock = 0;                  // logical block whose section steps are recorded
  const ElementRows* rows = nullptr;    // the input's flags and second array; null: none
  CaptureLimits limits;
  EmulatorOptions emulator;
  // The production look-back's shape when `scanviz bench --tune` (or its cache) chose one that
  // fits the block size; empty: the tuning table's row for the device.
  std::optional<LookbackPolicyId> lookbackPolicy;
};

template <class T>
struct RunResult {
  std::vector<T> output;
  RecordedRun run;
  // select-/split-lookback only: every element's write address (the exclusive count of the
  // flags), as the kernel computed it; empty for a scan.
  std::vector<int32_t> addresses;
};

// The input's flags and second array for a section starting at `first`, null where absent.
inline const uint8_t* flagsFrom(const RunRequest& rq, long long first) {
  return rq.rows && !rq.rows->flags.empty() ? rq.rows->flags.data() + first : nullptr;
}
inline const int32_t* secondFrom(const RunRequest& rq, long long first) {
  return rq.rows && !rq.rows->second.empty() ? rq.rows->second.data() + first : nullptr;
}

}  // namespace scanviz
