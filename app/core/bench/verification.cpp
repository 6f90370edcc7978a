#include "app/core/bench/verification.h"

#include <cmath>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/backends/cpu_backend.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"

namespace scanviz {

std::vector<VerifyCase> verifyMatrix(VerifyScope scope, const VerifyOverrides& overrides) {
  std::vector<long long> sizes{1, 2, 7, 31, 32, 33, 1000, 1023, 1024, 1025, 4099, 70001};
  std::vector<int> blocks{0, 2, 32, 1024};
  std::vector<Operator> ops{Operator::Add, Operator::Max, Operator::Min, Operator::Mul};
  if (scope == VerifyScope::Quick) {
    sizes = {1, 7, 33, 1000, 1025};
    blocks = {0, 32};
  } else if (scope == VerifyScope::Smoke) {
    sizes = {1025};
    blocks = {32};
    ops = {Operator::Add};
  }
  if (!overrides.sizes.empty()) sizes = overrides.sizes;
  if (!overrides.blockSizes.empty()) blocks = overrides.blockSizes;
  std::vector<VerifyCase> cases;
  for (const auto& info : allAlgorithms())
    for (DType d : {DType::Int32, DType::Float32})
      for (Operator op : ops)
        for (bool excl : {false, true})
          for (long long n : sizes)
            for (int b : blocks) {
              // Block size 2 over 70001 elements is 17 levels of recursion: slow and no new path.
              if (b == 2 && n > 1025) continue;
              cases.push_back({info.id, d, op, excl, n, b});
            }
  return cases;
}

namespace {

// Segmented scans are verified over random heads about this far apart: every size gets several
// segments, some of one element, some across section boundaries.
constexpr int kVerifySegmentLength = 9;

// `flags`: the head flags of a segmented scan, null for a plain one. A segmented scan is held to
// the sequential segmented scan; CUB's plain scan is no reference for it.
template <class T>
VerifyOutcome runTyped(const VerifyCase& c, const RunRequest& rq, const std::vector<double>& wide,
                       BackendChoice backend, bool againstCub, const std::vector<uint8_t>* flags) {
  std::vector<T> input(wide.size());
  for (size_t i = 0; i < wide.size(); ++i) input[i] = static_cast<T>(wide[i]);
  const std::vector<double> in(input.begin(), input.end());
  const RunResult<T> r =
      backend == BackendChoice::Cuda ? runOnCuda(rq, input) : runOnCpu(rq, input);
  const std::vector<double> out(r.output.begin(), r.output.end());
  const long long sections =
      (c.n + sectionSize(c.algorithm, rq.blockSize) - 1) / sectionSize(c.algorithm, rq.blockSize);
  VerifyOutcome o;
  const Mismatch m = compareWithReference(in, out, c.op, c.exclusive, c.dtype, sections, flags);
  if (m.index >= 0) {
    o.ok = false;
    o.detail =
        std::string(flags ? "vs sequential segmented scan: " : "vs sequential: ") + m.describe();
    return o;
  }
  if (againstCub && !flags) {
    const std::vector<T> cub = cubScan(input, c.op, c.exclusive);
    double absSum = 0;  // prefix of |x|, for the float-add tolerance
    for (size_t i = 0; i < cub.size(); ++i) {
      if (!c.exclusive) absSum += std::fabs(in[i]);
      const double a = static_cast<double>(r.output[i]);
      const double b = static_cast<double>(cub[i]);
      // CUB sums in yet another order: both are held to the sequential scan's tolerance, so
      // they may differ from each other by twice that.
      const double tol =
          c.dtype == DType::Int32 ? 0.0 : 2 * floatTolerance(in, c.op, i, b, sections, absSum);
      if (c.exclusive) absSum += std::fabs(in[i]);
      if (!(a == b) && !(std::fabs(a - b) <= tol)) {
        o.ok = false;
        o.detail = "vs CUB: index " + std::to_string(i) + ": CUB " + std::to_string(b) + ", got " +
                   std::to_string(a);
        return o;
      }
    }
  }
  return o;
}

}  // namespace

VerifyOutcome verifyCase(const VerifyCase& c, BackendChoice backend, bool againstCub) {
  RunRequest rq;
  rq.algorithm = c.algorithm;
  rq.op = c.op;
  rq.exclusive = c.exclusive;
  rq.record = false;
  rq.blockSize = c.blockSize > 0 ? c.blockSize : defaultBlockSize(c.algorithm, c.n);
  const unsigned seed =
      static_cast<unsigned>(c.n * 7919 + static_cast<long long>(c.op) * 31 + c.blockSize);
  const std::vector<double> wide = generateInput(InputPattern::Random, c.n, seed, c.dtype, c.op);
  ElementRows rows;
  const bool segmented = isSegmentedAlgorithm(c.algorithm);
  if (segmented) {
    rows.flags = randomHeadFlags(static_cast<size_t>(c.n), seed, kVerifySegmentLength);
    rq.rows = &rows;
  }
  const std::vector<uint8_t>* flags = segmented ? &rows.flags : nullptr;
  try {
    return c.dtype == DType::Int32 ? runTyped<int32_t>(c, rq, wide, backend, againstCub, flags)
                                   : runTyped<float>(c, rq, wide, backend, againstCub, flags);
  } catch (const std::exception& e) {
    return {false, e.what()};
  }
}

}  // namespace scanviz
