// The deadlock the CPU emulator reports for a single-pass chained scan with static block ids, as
// data (the BackendError's message says it in words): the structure figure draws it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/core/backends/backend.h"

namespace scanviz {

// What the emulator's scheduler saw in the round in which no resident block could advance (the
// single-pass chained scan with static block ids): the deadlock's figure is drawn from it.
struct DeadlockReport {
  struct Resident {
    int slot = 0;
    int tile = 0;      // the tile the block scans (its blockIdx.x with static ids)
    int waitsFor = 0;  // the tile whose running result it spins on
  };
  long long round = 0;
  int tiles = 0;                 // blocks of the launch
  int slots = 0;                 // blocks resident at once
  std::vector<int> launchOrder;  // blockIdx.x in the order the blocks were launched
  int launched = 0;              // how many of them got a slot
  std::vector<Resident> resident;
  std::vector<int> finished;  // tiles that published their result and left
  bool staticIds = false;
  std::string launchOrderName;  // ascending | descending | random
};

struct DeadlockError : BackendError {
  DeadlockError(const std::string& what, DeadlockReport r)
      : BackendError(what), report(std::move(r)) {}
  DeadlockReport report;
};

}  // namespace scanviz
