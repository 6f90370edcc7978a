// Radix sort by split, shared with its picture: the keys before and after every pass.
#pragma once

#include <vector>

#include "app/core/applications/application.h"

namespace scanviz {

struct RadixPass {
  int bit = 0;
  std::vector<double> keys;         // before the pass
  std::vector<double> destination;  // where each key goes in this pass
};

// Replays a radix-sort run's passes from its input and each pass's split trace (its flags row:
// the 0-flags; its second row: their exclusive count, the kernel's write addresses): the
// destinations of the 0-keys are the counts, the 1-keys follow all 0-keys in their order. The
// keys after the last pass are the run's result.
std::vector<RadixPass> radixPasses(const ApplicationRun& run);

}  // namespace scanviz
