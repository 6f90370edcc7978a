#include "app/core/algorithms/reference_scan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>

#include "kernels/scan_types.h"

namespace scanviz {
namespace {

// In double, so that the reference holds every int32 and float32 result exactly or nearly; the
// operators' own table (kernels/scan_types.h) says how each combines.
double applyWide(Operator op, double a, double b) {
  return operatorApply<double>(op, a, b);
}

double identityWide(Operator op) {
  return operatorIdentity<double>(op, -std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::infinity());
}

bool startsSegment(const std::vector<uint8_t>* flags, size_t i) {
  return flags && i < flags->size() && (*flags)[i] != 0;
}

}  // namespace

std::vector<double> referenceScan(const std::vector<double>& input, Operator op, bool exclusive,
                                  const std::vector<uint8_t>* flags) {
  std::vector<double> out(input.size());
  double acc = identityWide(op);
  for (size_t i = 0; i < input.size(); ++i) {
    if (startsSegment(flags, i)) acc = identityWide(op);
    if (exclusive) out[i] = acc;
    acc = applyWide(op, acc, input[i]);
    if (!exclusive) out[i] = acc;
  }
  return out;
}

long long firstInt32Overflow(const std::vector<double>& input, Operator op,
                             const std::vector<uint8_t>* flags) {
  if (op == Operator::Max || op == Operator::Min) return -1;
  const int64_t identity = op == Operator::Add ? 0 : 1;
  int64_t acc = identity;
  for (size_t i = 0; i < input.size(); ++i) {
    if (flags && (*flags)[i]) acc = identity;
    const auto x = static_cast<int64_t>(input[i]);
    if (op == Operator::Add) {
      acc += x;
    } else if (__builtin_mul_overflow(acc, x, &acc)) {
      return static_cast<long long>(i);
    }
    if (acc > INT32_MAX || acc < INT32_MIN) return static_cast<long long>(i);
  }
  return -1;
}

namespace {

double toleranceFor(size_t n, Operator op, size_t index, double ref, long long sections,
                    double prefixAbsSum) {
  if (op == Operator::Max || op == Operator::Min) return 0.0;
  const double eps = std::ldexp(1.0, -23);
  // Results below float's normal range round to a fixed absolute grid.
  const double floor = std::numeric_limits<float>::denorm_min();
  if (op == Operator::Mul) {
    // A product that fell below float's normal range has underflowed: its few remaining bits are
    // rounding noise, and multiplying in another order leaves a different small multiple of
    // 2^-149 (or zero). Such results are held to an absolute bound of the smallest normal float.
    const double normalMin = std::numeric_limits<float>::min();
    if (std::fabs(ref) < normalMin) return normalMin;
    // Every one of the index multiplications rounds, whatever the order, so the relative error
    // grows with the index: (1 + u)^i - 1 <= 1.05 i u for the sizes scanned here (u = eps / 2).
    const double unit = eps / 2;
    return 1.05 * unit * (static_cast<double>(index) + 2.0) * std::fabs(ref) + floor;
  }
  const double k = 2.0 * std::ceil(std::log2(static_cast<double>(n) + 1.0)) +
                   static_cast<double>(sections) + 4.0;
  return eps * k * prefixAbsSum + floor;
}

}  // namespace

double floatTolerance(const std::vector<double>& input, Operator op, size_t index, double ref,
                      long long sections, double prefixAbsSum) {
  return toleranceFor(input.size(), op, index, ref, sections, prefixAbsSum);
}

std::string Mismatch::describe() const {
  std::ostringstream s;
  s.precision(9);
  s << "index " << index << ": expected " << expected << ", got " << actual;
  return s.str();
}

namespace {

// Streams the reference alongside the output: no n-element copy, so a capture at the 2^28
// limit does not hold the input, output and reference in doubles at once.
template <class In, class Out>
Mismatch compareStreaming(const std::vector<In>& input, const std::vector<Out>& output, Operator op,
                          bool exclusive, DType dtype, long long sections,
                          const std::vector<uint8_t>* flags) {
  Mismatch m;
  double acc = identityWide(op);
  double absSum = 0.0;
  for (size_t i = 0; i < input.size(); ++i) {
    if (startsSegment(flags, i)) {
      acc = identityWide(op);
      absSum = 0.0;
    }
    const auto x = static_cast<double>(input[i]);
    double expected = acc;
    acc = applyWide(op, acc, x);
    if (!exclusive) {
      expected = acc;
      absSum += std::fabs(x);
    }
    const double got = i < output.size() ? static_cast<double>(output[i]) : std::nan("");
    bool ok;
    if (dtype == DType::Int32) {
      // The identity of max/min is INT32_MIN/MAX in int32, -inf/+inf in the wide reference.
      if (std::isinf(expected)) expected = expected < 0 ? INT32_MIN : INT32_MAX;
      ok = got == expected;
    } else if (std::isinf(expected)) {
      ok = got == expected;
    } else {
      ok = std::fabs(got - expected) <=
           toleranceFor(input.size(), op, i, expected, sections, absSum);
    }
    if (exclusive) absSum += std::fabs(x);
    if (!ok) {
      m.index = static_cast<long long>(i);
      m.expected = expected;
      m.actual = got;
      return m;
    }
  }
  return m;
}

}  // namespace

Mismatch compareWithReference(const std::vector<double>& input, const std::vector<double>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags) {
  return compareStreaming(input, output, op, exclusive, dtype, sections, flags);
}
Mismatch compareWithReference(const std::vector<float>& input, const std::vector<float>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags) {
  return compareStreaming(input, output, op, exclusive, dtype, sections, flags);
}
Mismatch compareWithReference(const std::vector<int32_t>& input, const std::vector<int32_t>& output,
                              Operator op, bool exclusive, DType dtype, long long sections,
                              const std::vector<uint8_t>* flags) {
  return compareStreaming(input, output, op, exclusive, dtype, sections, flags);
}

namespace {

template <class T>
SelectMismatch compareSelect(const std::vector<T>& input, const std::vector<uint8_t>& flags,
                             bool split, const std::vector<T>& output,
                             const std::vector<int32_t>& addresses) {
  std::vector<T> expected;
  std::vector<int32_t> expectedAddress(input.size());
  int32_t kept = 0;
  for (size_t i = 0; i < input.size(); ++i) {
    expectedAddress[i] = kept;
    if (flags[i]) {
      expected.push_back(input[i]);
      ++kept;
    }
  }
  for (size_t i = 0; i < input.size(); ++i)
    if (split && !flags[i]) expected.push_back(input[i]);
  expected.resize(input.size(), T{});
  const auto first = [](const auto& want, const auto& got, const char* array) {
    SelectMismatch m;
    for (size_t i = 0; i < want.size(); ++i) {
      const bool same = i < got.size() && std::memcmp(&want[i], &got[i], sizeof want[i]) == 0;
      if (same) continue;
      m.index = static_cast<long long>(i);
      m.expected = static_cast<double>(want[i]);
      m.actual = i < got.size() ? static_cast<double>(got[i]) : 0;
      m.array = array;
      break;
    }
    return m;
  };
  SelectMismatch m = first(expected, output, "output");
  return m.index >= 0 ? m : first(expectedAddress, addresses, "write address");
}

}  // namespace

SelectMismatch compareWithReferenceSelect(const std::vector<int32_t>& input,
                                          const std::vector<uint8_t>& flags, bool split,
                                          const std::vector<int32_t>& output,
                                          const std::vector<int32_t>& addresses) {
  return compareSelect(input, flags, split, output, addresses);
}

SelectMismatch compareWithReferenceSelect(const std::vector<float>& input,
                                          const std::vector<uint8_t>& flags, bool split,
                                          const std::vector<float>& output,
                                          const std::vector<int32_t>& addresses) {
  return compareSelect(input, flags, split, output, addresses);
}

}  // namespace scanviz
