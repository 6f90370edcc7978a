#include "app/core/capture/capture_config.h"

#include <array>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/capture/input_spec.h"

namespace scanviz {
namespace {

constexpr std::array<std::pair<InputSource, std::string_view>, 6> kSourceKeys = {{
    {InputSource::Lesson, "lesson"},
    {InputSource::Random, "random"},
    {InputSource::Ones, "ones"},
    {InputSource::Ascending, "ascending"},
    {InputSource::Typed, "typed"},
    {InputSource::File, "file"},
}};

bool generated(InputSource s) {
  return s == InputSource::Random || s == InputSource::Ones || s == InputSource::Ascending;
}

// Checked before generating anything, so a huge N never allocates.
void checkPatternLength(long long n, const CaptureLimits& limits) {
  if (n <= 0) throw InputError("N = " + std::to_string(n) + ": N must be at least 1");
  if (n > limits.maxElements)
    throw InputError("N = " + std::to_string(n) + " is above the limit of " +
                     std::to_string(limits.maxElements) + " elements");
}

std::vector<double> inputValues(const ScanOptions& c, const CaptureLimits& limits) {
  switch (c.source) {
    case InputSource::Lesson:
      return defaultLessonInput();
    case InputSource::Typed:
      return parseValues(c.typedValues, limits.maxElements);
    case InputSource::File:
      if (c.inputFile.empty()) throw InputError("no input file chosen");
      return readValuesFile(c.inputFile, limits.maxElements);
    case InputSource::Random:
    case InputSource::Ones:
    case InputSource::Ascending:
      break;
  }
  checkPatternLength(c.n, limits);
  checkCaptureMemory(c.n, limits);
  const InputPattern p = c.source == InputSource::Random ? InputPattern::Random
                         : c.source == InputSource::Ones ? InputPattern::Ones
                                                         : InputPattern::Ascending;
  return generateInput(p, c.n, c.seed, c.dtype, c.op);
}

}  // namespace

std::string_view inputSourceKey(InputSource s) {
  for (const auto& [source, key] : kSourceKeys)
    if (source == s) return key;
  return "lesson";
}

std::optional<InputSource> parseInputSource(std::string_view key) {
  for (const auto& [source, k] : kSourceKeys)
    if (k == key) return source;
  return std::nullopt;
}

CaptureRequest toCaptureRequest(const ScanOptions& c) {
  CaptureRequest rq;
  static_cast<ScanSettings&>(rq) = c;  // the settings as they are; the input from its source
  rq.emulator.seed = c.seed;
  rq.input = inputValues(c, rq.limits);
  if (c.headFlags.size() == rq.input.size())
    rq.rows.flags = c.headFlags;
  else if (isSegmentedAlgorithm(c.algorithm))  // none given: the segments show at once
    rq.rows.flags = defaultHeadFlags(rq.input, !generated(c.source), c.seed);
  return rq;
}

ScanOptions withSettingsOfTrace(ScanOptions c, const TraceMeta& m) {
  if (const auto id = findAlgorithm(m.algorithm)) c.algorithm = *id;
  c.exclusive = !m.inclusive;
  if (const auto op = valueOf(kOperatorKeys, m.op)) c.op = *op;
  if (const auto t = valueOf(kDTypeKeys, m.dtype)) c.dtype = *t;
  if (kBlockSizes.holds(m.blockSize)) c.blockSize = m.blockSize;
  return c;
}

}  // namespace scanviz
