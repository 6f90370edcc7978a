#include "app/core/applications/application_scan.h"

#include <cmath>
#include <sstream>

#include "app/core/backends/backend.h"
#include "app/core/capture.h"

namespace scanviz {
namespace {

// A capture notes whether its output matched the sequential scan; an application's answer is
// only as good as its scans, so a differing scan stops it instead of answering wrongly.
void requireMatchingOutput(const ApplicationScan& scan) {
  for (const std::string& note : scan.trace.meta.notes)
    if (note.rfind("output differs", 0) == 0)
      throw BackendError("the scan for " + scan.purpose + " went wrong: " + note);
}

}  // namespace

bool allWhole(const std::vector<double>& values) {
  for (double v : values)
    if (v != std::floor(v)) return false;
  return true;
}

std::string formatNumber(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream s;
  s.precision(v == std::floor(v) && std::fabs(v) < 1e15 ? 15 : 6);
  s << v;
  return s.str();
}

std::string joinNumbers(const std::vector<double>& values, size_t maxShown) {
  std::string out;
  for (size_t i = 0; i < values.size() && i < maxShown; ++i)
    out += (i ? " " : "") + formatNumber(values[i]);
  if (values.size() > maxShown) out += " ... (" + std::to_string(values.size()) + " in all)";
  return out;
}

AlgorithmId applicationAlgorithm(const ApplicationOptions& options, bool exclusive, long long n) {
  if (options.algorithm) {
    const AlgorithmInfo& info = algorithmInfo(*options.algorithm);
    const int largest = sectionSize(info.id, kMaxBlockSize);
    if (info.level == AlgorithmLevel::Block && n > largest)
      throw InputError(std::string(info.key) + " scans one block of at most " +
                       std::to_string(largest) + " elements, and this scan has " +
                       std::to_string(n) +
                       "; use a grid algorithm (hierarchical, "
                       "decoupled-lookback) or fewer values");
    return *options.algorithm;
  }
  const AlgorithmId blockLevel = exclusive ? AlgorithmId::Blelloch : AlgorithmId::KoggeStone;
  return n <= sectionSize(blockLevel, kMaxBlockSize) ? blockLevel : AlgorithmId::DecoupledLookback;
}

DType applicationDType(const ApplicationOptions& options,
                       std::initializer_list<const std::vector<double>*> numbers) {
  if (options.dtype) return *options.dtype;
  for (const std::vector<double>* list : numbers)
    if (!allWhole(*list)) return DType::Float32;
  return DType::Int32;
}

ApplicationScan runApplicationScan(const ScanSpec& spec, const ApplicationOptions& options) {
  CaptureRequest rq;
  rq.input = spec.values;
  rq.op = spec.op;
  rq.exclusive = spec.exclusive;
  rq.dtype = spec.dtype;
  rq.backend = options.backend;
  rq.algorithm =
      applicationAlgorithm(options, spec.exclusive, static_cast<long long>(spec.values.size()));
  // The answer reads every output element: keep them all (applications stay below this).
  rq.limits.maxStoredValues = kMaxApplicationValues;
  CaptureOutcome o = capture(rq);
  ApplicationScan scan{spec.purpose, std::move(o.trace), std::move(o.backendNote)};
  requireMatchingOutput(scan);
  return scan;
}

}  // namespace scanviz
