#include "app/core/applications/application_scan.h"

#include <climits>
#include <cmath>
#include <sstream>

#include "app/core/backends/backend.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

// A capture notes whether its output matched the sequential scan; an application's answer is
// only as good as its scans, so a differing scan stops it instead of answering wrongly.
void requireMatchingOutput(const ApplicationScan& scan) {
  for (const std::string& note : scan.trace.meta.notes)
    if (note.rfind("output differs", 0) == 0)
      throw BackendError("the scan for " + scan.purpose + " went wrong: " + note);
}

// The block-level default while one block holds n, the grid-level one above.
AlgorithmId defaultAlgorithm(bool exclusive, long long n, bool segmented) {
  const AlgorithmId block =
      segmented ? (exclusive ? AlgorithmId::SegmentedBlelloch : AlgorithmId::SegmentedKoggeStone)
                : (exclusive ? AlgorithmId::Blelloch : AlgorithmId::KoggeStone);
  if (n <= sectionSize(block, kMaxBlockSize)) return block;
  return segmented ? AlgorithmId::SegmentedHierarchical : AlgorithmId::DecoupledLookback;
}

std::string segmentedAlgorithmKeys() {
  std::string keys;
  for (const AlgorithmInfo& a : allAlgorithms())
    if (isSegmentedAlgorithm(a.id)) keys += (keys.empty() ? "" : ", ") + std::string(a.key);
  return keys;
}

}  // namespace

std::vector<uint8_t> segmentEnds(const std::vector<uint8_t>& heads) {
  std::vector<uint8_t> ends(heads.size(), 0);
  for (size_t i = 0; i < heads.size(); ++i) ends[i] = i + 1 == heads.size() || heads[i + 1];
  return ends;
}

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

AlgorithmId applicationAlgorithm(const ApplicationOptions& options, bool exclusive, long long n,
                                 bool segmented) {
  if (!options.algorithm) return defaultAlgorithm(exclusive, n, segmented);
  const AlgorithmInfo& info = algorithmInfo(*options.algorithm);
  if (segmented && !isSegmentedAlgorithm(info.id))
    throw InputError(std::string(info.key) +
                     " scans the whole array as one; this application's scans are segmented: "
                     "use one of " +
                     segmentedAlgorithmKeys());
  const int largest = sectionSize(info.id, kMaxBlockSize);
  if (info.level == AlgorithmLevel::Block && n > largest)
    throw InputError(std::string(info.key) + " scans one block of at most " +
                     std::to_string(largest) + " elements, and this scan has " + std::to_string(n) +
                     "; use a grid algorithm (" +
                     (segmented ? "segmented-hierarchical" : "hierarchical, decoupled-lookback") +
                     ") or fewer values");
  return info.id;
}

DType applicationDType(const ApplicationOptions& options,
                       std::initializer_list<const std::vector<double>*> numbers) {
  if (options.dtype) return *options.dtype;
  for (const std::vector<double>* list : numbers)
    if (!allWhole(*list)) return DType::Float32;
  return DType::Int32;
}

namespace {

// One capture of an application's scan or select, its output checked against the sequential
// result. The answer reads every output element: keep them all (applications stay below this).
ApplicationScan captureForApplication(const std::string& purpose, CaptureRequest rq) {
  rq.limits.maxStoredValues = kMaxApplicationValues;
  CaptureOutcome o = capture(rq);
  ApplicationScan scan{purpose, std::move(o.trace), std::move(o.backendNote)};
  requireMatchingOutput(scan);
  return scan;
}

}  // namespace

ApplicationScan runApplicationScan(const ScanSpec& spec, const ApplicationOptions& options) {
  const bool segmented = !spec.heads.empty();
  const auto n = static_cast<long long>(spec.values.size());
  CaptureRequest rq{{.algorithm = applicationAlgorithm(options, spec.exclusive, n, segmented),
                     .dtype = spec.dtype,
                     .op = spec.op,
                     .exclusive = spec.exclusive,
                     .backend = options.backend},
                    spec.values,
                    {.flags = segmented ? spec.heads : spec.shownFlags}};
  return captureForApplication(spec.purpose, std::move(rq));
}

ApplicationScan runApplicationSelect(const SelectSpec& spec, const ApplicationOptions& options) {
  const AlgorithmId id = spec.split ? AlgorithmId::SplitLookback : AlgorithmId::SelectLookback;
  if (options.algorithm && *options.algorithm != id)
    throw InputError(std::string(algorithmInfo(*options.algorithm).key) +
                     " is a scan, and this application runs no scan of its own choice: it "
                     "counts and moves in one fused pass (" +
                     std::string(algorithmInfo(id).key) + "); leave out --algorithm");
  bool int32 = true;
  for (double v : spec.values)
    int32 = int32 && v == std::floor(v) && v >= INT32_MIN && v <= INT32_MAX;
  CaptureRequest rq{{.algorithm = id,
                     .dtype = int32 ? DType::Int32 : DType::Float32,
                     .exclusive = true,  // the addresses are exclusive counts
                     .backend = options.backend},
                    spec.values,
                    {.flags = spec.flags}};
  return captureForApplication(spec.purpose, std::move(rq));
}

}  // namespace scanviz
