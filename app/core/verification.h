// `scanviz verify`: every algorithm x operator x dtype x variant over awkward sizes, against the
// sequential scan and, on the GPU, against CUB. Uninstrumented runs: this checks the kernels that
// are timed, not only the recorded ones.
#pragma once

#include <string>
#include <vector>

#include "app/core/algorithm_catalog.h"
#include "app/core/scan_options.h"

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

// Sizes: 1, 2, 7, 31, 32, 33, 1000, 1023, 1024, 1025, 4099 (prime), 70001; block sizes 2, 32,
// 1024 and the lesson default. `quick` keeps the small sizes and two block sizes.
std::vector<VerifyCase> verifyMatrix(bool quick);

VerifyOutcome verifyCase(const VerifyCase& c, BackendChoice backend, bool againstCub);

}  // namespace scanviz
