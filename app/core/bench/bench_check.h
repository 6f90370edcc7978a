// Every benchmarked output is compared with a reference (CUB on the GPU, the sequential loop on
// the CPU): a fast wrong kernel must never look like a win. Compiled by nvcc (the device-side
// comparison kernel) and by the host compiler.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

#include "kernels/scan_types.h"

namespace scanviz {

// int32: exact (sums wrap identically in any order). float32: the inputs are positive, so every
// prefix is a sum of positive terms and a different summation order changes it by rounding only,
// far below 1e-3 relative; a scan that drops or repeats a section is off by whole elements
// (absolute error >= 1e-3 at small prefixes), and exact int32 checks of the same code catch what
// hides in large float sums. NaN never agrees; equal infinities do (an exclusive max starts
// with -inf).
template <class T>
SCANVIZ_HD inline bool benchValuesAgree(T got, T expected) {
  if constexpr (std::is_integral_v<T>) {
    return got == expected;
  } else {
    // Equal values agree, equal infinities too (an exclusive max starts with -inf; their
    // difference would be NaN).
    if (got == expected) return true;
    // Otherwise an infinity (or NaN) never agrees: x - x is 0 only for finite x.
    if (!(got - got == T(0)) || !(expected - expected == T(0))) return false;
    const T diff = got - expected;
    const T absDiff = diff < 0 ? -diff : diff;
    const T absExpected = expected < 0 ? -expected : expected;
    return absDiff <= T(1e-3) * absExpected + T(1e-3);
  }
}

struct BenchCheckResult {
  long long mismatches = 0;
  long long firstIndex = -1;
  double got = 0;
  double expected = 0;
  long long count = 0;
};

template <class T>
BenchCheckResult compareScanOutputs(const T* got, const T* expected, size_t n) {
  BenchCheckResult r;
  r.count = static_cast<long long>(n);
  for (size_t i = 0; i < n; ++i) {
    if (benchValuesAgree(got[i], expected[i])) continue;
    if (r.mismatches++ == 0) {
      r.firstIndex = static_cast<long long>(i);
      r.got = static_cast<double>(got[i]);
      r.expected = static_cast<double>(expected[i]);
    }
  }
  return r;
}

inline std::string describeMismatch(const BenchCheckResult& r, const std::string& referenceName) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%lld of %lld elements differ from %s; first at index %lld: %.9g, expected %.9g",
                r.mismatches, r.count, referenceName.c_str(), r.firstIndex, r.got, r.expected);
  return buf;
}

}  // namespace scanviz
