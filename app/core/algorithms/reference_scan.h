// The sequential scan every result is checked against, computed in wide precision (int64 for
// int32 inputs, double for float32), and the tolerance a float result is held to.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/scan_types.h"

namespace scanviz {

// With head flags (one per element, 1 starts a segment) the scan is segmented: each segment is
// scanned on its own, an exclusive one starting from the identity at its head.
std::vector<double> referenceScan(const std::vector<double>& input, Operator op, bool exclusive,
                                  const std::vector<uint8_t>* flags = nullptr);

// The first index where the running int32 result leaves the int32 range, or -1. With head flags
// the running result restarts at every head, as a segmented scan's does.
long long firstInt32Overflow(const std::vector<double>& input, Operator op,
                             const std::vector<uint8_t>* flags = nullptr);

// Float add and mul are not associative: a parallel scan sums in a different order than the
// sequential one, so results differ by rounding. Allowed error at index i
// (docs/float-tolerance.md):
//   add: eps * k * sum_{j<=i} |x_j|,   mul: 1.05 * (eps/2) * (i + 2) * |ref_i|,   max/min: 0,
// with eps = 2^-23 and k = 2*ceil(log2(n+1)) + sections + 4: one rounding per tree level, plus
// one per section whose running prefix is carried across blocks. A product of i+1 factors
// rounds i times in any order, so its bound grows with the index; a product that underflowed
// below float's normal range is held to an absolute bound of that range's smallest value.
double floatTolerance(const std::vector<double>& input, Operator op, size_t index, double ref,
                      long long sections, double prefixAbsSum);

struct Mismatch {
  long long index = -1;  // -1: results agree
  double expected = 0;
  double actual = 0;
  std::string describe() const;
};

// `flags`: against the segmented scan (referenceScan), null or empty for the plain one.
Mismatch compareWithReference(const std::vector<double>& input, const std::vector<double>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags = nullptr);
// The same on a kernel's own types, without widening copies of the arrays.
Mismatch compareWithReference(const std::vector<float>& input, const std::vector<float>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags = nullptr);
Mismatch compareWithReference(const std::vector<int32_t>& input, const std::vector<int32_t>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags = nullptr);

// Select or split by flags (select_lookback.h), sequentially: the output holds the elements whose
// flag is 1 in their order, then (split) the others in theirs, (select) zeros; `addresses` every
// element's exclusive count of the flags. Values move unchanged, so the comparison is exact. A
// mismatch names the array: "output" or "write address".
struct SelectMismatch : Mismatch {
  std::string array;
};
SelectMismatch compareWithReferenceSelect(const std::vector<int32_t>& input,
                                          const std::vector<uint8_t>& flags, bool split,
                                          const std::vector<int32_t>& output,
                                          const std::vector<int32_t>& addresses);
SelectMismatch compareWithReferenceSelect(const std::vector<float>& input,
                                          const std::vector<uint8_t>& flags, bool split,
                                          const std::vector<float>& output,
                                          const std::vector<int32_t>& addresses);

}  // namespace scanviz
