// `scanviz verify`: every algorithm x operator x dtype x variant over awkward sizes, against the
// sequential scan and, on the GPU, against CUB. Uninstrumented runs: this checks the kernels that
// are timed, not only the recorded ones.
#pragma once

#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"

namespace scanviz {

struct VerifyCase {
  AlgorithmId algorithm;
  DType dtype;
  Operator op;
  bool exclusive;
  long long n;
  int blockSize;  // 0: the lesson default
};

struct VerifyOutcome {
  bool ok = true;
  std::string detail;  // first mismatch, or the error
};

enum class VerifyScope {
  Full,   // sizes 1, 2, 7, 31, 32, 33, 1000, 1023, 1024, 1025, 4099 (prime), 70001; blocks 2, 32,
          // 1024 and the lesson default; every operator, dtype and variant
  Quick,  // sizes 1, 7, 33, 1000, 1025; blocks 32 and the lesson default
  Smoke,  // n = 1025, block 32, add, both dtypes and variants: one pass over every kernel, for
          // compute-sanitizer runs
};

// Replaces the scope's sizes or block sizes where not empty: e.g. inputs of many tiles per block
// for the persistent look-back kernel, which the scopes' sizes (at most 70001) do not reach.
struct VerifyOverrides {
  std::vector<long long> sizes;
  std::vector<int> blockSizes;
};

std::vector<VerifyCase> verifyMatrix(VerifyScope scope, const VerifyOverrides& overrides = {});

VerifyOutcome verifyCase(const VerifyCase& c, BackendChoice backend, bool againstCub);

}  // namespace scanviz
