// The float tolerance of docs/float-tolerance.md: tight where float keeps its precision, absolute
// where a product has underflowed, and never wide enough to pass a wrong element.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/capture/input_spec.h"

namespace scanviz {
namespace {

constexpr float kDenormMin = std::numeric_limits<float>::denorm_min();

// The sequential float scan, multiplying in the order a loop does.
std::vector<double> floatProducts(const std::vector<double>& in) {
  std::vector<double> out(in.size());
  float acc = 1.0f;
  for (size_t i = 0; i < in.size(); ++i) out[i] = acc *= static_cast<float>(in[i]);
  return out;
}

TEST(FloatTolerance, UnderflowedProductsDifferOnlyInTheirLastBits) {
  // The H100 case: a long random product reaches the subnormal range, where another order of
  // multiplication leaves a few multiples of 2^-149 more or less.
  const std::vector<double> in =
      generateInput(InputPattern::Random, 8'000'000, 7, DType::Float32, Operator::Mul);
  std::vector<double> out = floatProducts(in);
  const std::vector<double> ref = referenceScan(in, Operator::Mul, false);
  long long firstSubnormal = -1;
  for (size_t i = 0; i < ref.size() && firstSubnormal < 0; ++i)
    if (std::fabs(ref[i]) < std::numeric_limits<float>::min())
      firstSubnormal = static_cast<long long>(i);
  ASSERT_GT(firstSubnormal, 0) << "the random product should underflow within 8M factors";
  EXPECT_EQ(compareWithReference(in, out, Operator::Mul, false, DType::Float32, 1).index, -1);
  for (size_t i = static_cast<size_t>(firstSubnormal); i < out.size(); ++i)
    out[i] += 3 * static_cast<double>(kDenormMin);
  EXPECT_EQ(compareWithReference(in, out, Operator::Mul, false, DType::Float32, 1).index, -1);
}

TEST(FloatTolerance, NormalRangeProductsStayRelative) {
  const std::vector<double> in =
      generateInput(InputPattern::Random, 100'000, 3, DType::Float32, Operator::Mul);
  std::vector<double> out = floatProducts(in);
  EXPECT_EQ(compareWithReference(in, out, Operator::Mul, false, DType::Float32, 1).index, -1);
  out[5000] *= 1.001;  // far above 5000 roundings' worth
  EXPECT_EQ(compareWithReference(in, out, Operator::Mul, false, DType::Float32, 1).index, 5000);
  out[5000] = 0;  // an underflow where the true product is normal is an error
  EXPECT_EQ(compareWithReference(in, out, Operator::Mul, false, DType::Float32, 1).index, 5000);
}

TEST(FloatTolerance, AddAndMaxAreNotLoosened) {
  const std::vector<double> in{1e-40, 2e-40, 3.0, -1.0};
  std::vector<double> sums = referenceScan(in, Operator::Add, false);
  EXPECT_EQ(compareWithReference(in, sums, Operator::Add, false, DType::Float32, 1).index, -1);
  sums[1] += 4 * kDenormMin * 1e6;
  EXPECT_EQ(compareWithReference(in, sums, Operator::Add, false, DType::Float32, 1).index, 1);
  std::vector<double> maxima = referenceScan(in, Operator::Max, false);
  maxima[2] = std::nextafter(3.0f, 4.0f);
  EXPECT_EQ(compareWithReference(in, maxima, Operator::Max, false, DType::Float32, 1).index, 2);
}

}  // namespace
}  // namespace scanviz
