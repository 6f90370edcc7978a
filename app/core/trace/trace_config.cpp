#include "app/core/trace/trace_config.h"

#include <algorithm>
#include <cstdio>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"

namespace scanviz {
namespace {

template <class V, class Parse>
V known(const std::string& key, Parse parse, const char* what) {
  const auto v = parse(key);
  if (!v) throw InputError(std::string("the trace's ") + what + " '" + key + "' is not known here");
  return *v;
}

}  // namespace

std::string exactValuesText(const std::vector<double>& values, DType dtype) {
  std::string text;
  text.reserve(values.size() * 6);
  char buf[40];
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype == DType::Int32) {
      std::snprintf(buf, sizeof buf, "%.0f", values[i]);
    } else {
      std::snprintf(buf, sizeof buf, "%.9g", values[i]);
    }
    if (i) text += ' ';
    text += buf;
  }
  return text;
}

ScanOptions configFromTrace(const Trace& t, BackendChoice backend) {
  const TraceMeta& m = t.meta;
  if (static_cast<long long>(t.input.size()) < m.n)
    throw InputError("the trace keeps only " + std::to_string(t.input.size()) + " of its " +
                     std::to_string(m.n) + " input values, so it cannot be captured again");
  ScanOptions c;
  c.algorithm = known<AlgorithmId>(m.algorithm, findAlgorithm, "algorithm");
  c.op = known<Operator>(m.op, parseOperator, "operator");
  c.dtype = known<DType>(m.dtype, parseDType, "dtype");
  c.exclusive = !m.inclusive;
  c.blockSize = m.blockSize;
  if (algorithmInfo(c.algorithm).coarsened() && m.blockSize > 0)
    c.coarsening = std::max(1, m.sectionSize / m.blockSize);
  c.recordBlock = m.recordedBlock;
  c.backend = backend;
  c.source = InputSource::Typed;
  c.typedValues = exactValuesText(t.input, c.dtype);
  return c;
}

}  // namespace scanviz
