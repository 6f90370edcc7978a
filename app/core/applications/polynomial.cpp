// Polynomial evaluation (seed 001, "Applications: polynomial evaluation"): p(x) = sum c_i x^i.
// An exclusive multiply-scan of n copies of x gives every power x^0 .. x^(n-1) at once (x^i is
// the product of the i copies before i); one thread per coefficient multiplies c_i by its power
// (a map), and an add-scan sums the terms: its last element is p(x), its others the partial sums
// c_0 + ... + c_i x^i. Two scans of work n - 1 and depth log n each, where Horner's rule takes n
// dependent steps. Horner's recurrence itself is a scan over affine maps y -> a y + b
// (composition is associative but not commutative); the kernels' operators (add, max, min, mul)
// cannot express it, so this lesson shows the powers-and-sum form.
#include <cmath>
#include <cstdint>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

constexpr int kX = 0;  // parameter index

// c_i * x^i in the scan's dtype: int32 products that leave int32 are refused, not wrapped.
std::vector<double> terms(const std::vector<double>& coefficients,
                          const std::vector<double>& powers, DType dtype) {
  std::vector<double> out(coefficients.size());
  for (size_t i = 0; i < coefficients.size(); ++i) {
    if (dtype == DType::Float32) {
      out[i] = static_cast<float>(coefficients[i]) * static_cast<float>(powers[i]);
      continue;
    }
    out[i] = coefficients[i] * powers[i];
    if (out[i] < INT32_MIN || out[i] > INT32_MAX)
      throw InputError("the term c_" + std::to_string(i) + " x^" + std::to_string(i) + " = " +
                       formatNumber(out[i]) +
                       " does not fit int32; use --dtype float32, a smaller x or fewer "
                       "coefficients");
  }
  return out;
}

ApplicationRun runPolynomial(const ApplicationInput& in, const ApplicationOptions& options) {
  const std::vector<double> x(in.values.size(), in.parameters[kX]);
  const DType dtype = applicationDType(options, {&in.values, &x});
  ApplicationRun run;
  run.scans.push_back(
      runApplicationScan({"the powers x^0 .. x^(n-1): the exclusive multiply-scan of n copies of x",
                          x, Operator::Mul, true, dtype},
                         options));
  const std::vector<double> t = terms(in.values, run.scans[0].trace.output, dtype);
  run.scans.push_back(
      runApplicationScan({"the sum of the terms c_i x^i: an inclusive add-scan, p(x) at its end", t,
                          Operator::Add, false, dtype},
                         options));
  const double value = run.scans[1].trace.output.back();
  run.result = {value};
  run.answer = "p(" + formatNumber(in.parameters[kX]) + ") = " + formatNumber(value) +
               ": the last partial sum of the terms c_i x^i, with every power x^i from one "
               "multiply-scan.";
  return run;
}

// Horner's rule in double: the sequential reference.
std::vector<double> horner(const ApplicationInput& in) {
  double value = 0;
  for (size_t i = in.values.size(); i-- > 0;) value = value * in.parameters[kX] + in.values[i];
  return {value};
}

}  // namespace

ApplicationInfo polynomialApplication() {
  return {
      ApplicationId::Polynomial,
      "polynomial",
      "Polynomial evaluation",
      "seed 001 (Zachmann's slides), \"Applications: polynomial evaluation\"",
      "p(x) = sum c_i x^i: powers by a multiply-scan, the terms' sum by an add-scan",
      "Horner's rule evaluates c_0 + c_1 x + ... + c_(n-1) x^(n-1) in n dependent steps. With "
      "scans: an exclusive multiply-scan of n copies of x gives every power x^i at once, one "
      "thread per coefficient multiplies c_i by x^i, and an add-scan sums the terms (a reduction; "
      "the scan also shows every partial sum). Any associative operator scans: Horner's "
      "recurrence is itself a scan over affine maps y -> a y + b, whose composition is "
      "associative but not commutative; the kernels here scan add, max, min and mul only, so that "
      "form is not shown.",
      "the coefficients c_0 c_1 ... (c_i multiplies x^i)",
      "3 1 7 0 4 1 6 3",
      {{"x", "X", 2, "Where the polynomial is evaluated (polynomial)."}},
      /*flagsMeaning=*/"",
      runPolynomial,
      horner,
  };
}

}  // namespace scanviz
