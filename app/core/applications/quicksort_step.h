// One quicksort partition step driven by segmented scans, shared with its picture: every number
// the step computes per key, replayed from the run's three scans.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/applications/application.h"

namespace scanviz {

struct PartitionStep {
  std::vector<double> keys;         // before the step
  std::vector<uint8_t> heads;       // the segments before the step (element 0 heads one)
  std::vector<double> pivots;       // each key's segment's pivot, its first key (scan 1)
  std::vector<uint8_t> left;        // 1: the key is less than its pivot and goes left
  std::vector<double> rightBefore;  // keys >= the pivot before this one in its segment (scan 2)
  std::vector<double> leftAfter;    // keys < the pivot from this one on in its segment (scan 3)
  std::vector<double> destination;  // left: i - rightBefore, right: i + leftAfter
  std::vector<double> sorted;       // the keys after the step
  std::vector<uint8_t> newHeads;    // the segments after it: <, the pivot alone, >=
};

// Replays a quicksort-step run from its input and its scans; `sorted` is the run's result.
PartitionStep partitionStep(const ApplicationRun& run);

// "2 4 1 | 6 | 9 6 8": the values with a bar before every head but the first, cut to the first
// maxShown values like joinNumbers.
std::string joinSegments(const std::vector<double>& values, const std::vector<uint8_t>& heads,
                         size_t maxShown = 24);

}  // namespace scanviz
