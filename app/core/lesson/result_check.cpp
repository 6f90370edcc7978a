#include "app/core/lesson/result_check.h"

#include <algorithm>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/trace/value_format.h"

namespace scanviz {
namespace {

Operator traceOperator(const Trace& t) {
  return parseOperator(t.meta.op).value_or(Operator::Add);
}
DType traceDType(const Trace& t) {
  return parseDType(t.meta.dtype).value_or(DType::Int32);
}

// Combines in the trace's dtype, so a derived float row rounds as the kernel would.
double combine(Operator op, DType d, double a, double b) {
  if (d == DType::Int32)
    return OpTraits<int32_t>::apply(op, static_cast<int32_t>(a), static_cast<int32_t>(b));
  return OpTraits<float>::apply(op, static_cast<float>(a), static_cast<float>(b));
}

// heads: a segmented scan's head flags (null: one segment); a head's exclusive value is the
// identity.
std::vector<double> exclusiveFromInclusive(const std::vector<double>& inc, double identity,
                                           const std::vector<uint8_t>* heads) {
  std::vector<double> ex(inc.size());
  for (size_t i = 0; i < inc.size(); ++i) {
    const bool head = heads && i < heads->size() && (*heads)[i];
    ex[i] = i == 0 || head ? identity : inc[i - 1];
  }
  return ex;
}

// The head flags a trace's result is checked with: a segmented scan's, else none.
const std::vector<uint8_t>* segmentHeads(const Trace& t) {
  const auto id = findAlgorithm(t.meta.algorithm);
  return id && isSegmentedAlgorithm(*id) && !t.rows.flags.empty() ? &t.rows.flags : nullptr;
}

std::vector<double> inclusiveFromExclusive(const std::vector<double>& ex,
                                           const std::vector<double>& in, Operator op, DType d) {
  std::vector<double> inc(ex.size());
  for (size_t i = 0; i < ex.size() && i < in.size(); ++i) inc[i] = combine(op, d, ex[i], in[i]);
  return inc;
}

// What the verdicts say of a derived row. A segmented scan shifts within each segment: a head's
// exclusive value is the identity, not its left neighbour's inclusive one.
std::string shiftedHow(bool segmented, bool byTheKernel) {
  const std::string within =
      segmented ? " within each segment, the identity at each segment's head" : "";
  return byTheKernel ? "derived: the kernel stores its inclusive scan shifted right by one" + within
                     : "derived: shift right by one" + within;
}

// Whether a one-section run ends with `values` in its working array (the last step's first n
// elements): the scan the kernel computed, whatever it then stored.
bool workingArrayHolds(const Trace& t, const std::vector<double>& values) {
  if (t.steps.empty() || t.meta.n > t.meta.sectionSize || values.empty()) return false;
  const std::vector<double>& last = t.steps.back().values;
  return last.size() >= values.size() && std::equal(values.begin(), values.end(), last.begin());
}

}  // namespace

double combineValues(const std::string& op, const std::string& dtype, double a, double b) {
  return combine(parseOperator(op).value_or(Operator::Add),
                 parseDType(dtype).value_or(DType::Int32), a, b);
}

double identityValue(const std::string& op, const std::string& dtype) {
  const Operator o = parseOperator(op).value_or(Operator::Add);
  if (dtype == "float32") return OpTraits<float>::identity(o);
  return OpTraits<int32_t>::identity(o);
}

std::string identityText(const std::string& op, const std::string& dtype) {
  const double v = identityValue(op, dtype);
  const std::string shown = formatCellValue(v, op, dtype);
  const std::string exact = formatValue(v, dtype);
  return shown == exact ? shown : shown + " (" + exact + ")";
}

// A select or split (select_lookback.h): its scan is the exclusive count of its keep-flags, the
// write addresses its trace holds in rows.second; both rows are checked against the count.
ResultCheck checkSelectResults(const Trace& t) {
  const std::vector<double> flags(t.rows.flags.begin(), t.rows.flags.end());
  ResultCheck r;
  r.inclusive.inclusive = true;
  r.exclusive.inclusive = false;
  r.exclusive.values.assign(t.rows.second.begin(), t.rows.second.end());
  r.inclusive.values =
      inclusiveFromExclusive(r.exclusive.values, flags, Operator::Add, DType::Int32);
  r.inclusive.fromTrace = false;
  r.inclusive.how = "derived: combine with the flags";
  const long long sections = std::max(1, t.meta.blocksTotal);
  r.inclusive.mismatch =
      compareWithReference(flags, r.inclusive.values, Operator::Add, false, DType::Int32, sections);
  r.exclusive.mismatch =
      compareWithReference(flags, r.exclusive.values, Operator::Add, true, DType::Int32, sections);
  return r;
}

ResultCheck checkResults(const Trace& t) {
  const auto id = findAlgorithm(t.meta.algorithm);
  if (id && algorithmProduct(*id) != AlgorithmProduct::Scan) return checkSelectResults(t);
  const Operator op = traceOperator(t);
  const DType d = traceDType(t);
  ResultCheck r;
  r.inclusive.inclusive = true;
  r.exclusive.inclusive = false;
  const std::vector<uint8_t>* heads = segmentHeads(t);
  if (t.meta.inclusive) {
    r.inclusive.values = t.output;
    r.exclusive.values =
        exclusiveFromInclusive(t.output, identityValue(t.meta.op, t.meta.dtype), heads);
    r.exclusive.fromTrace = false;
    r.exclusive.how = shiftedHow(heads != nullptr, false);
  } else {
    r.exclusive.values = t.output;
    r.inclusive.values = inclusiveFromExclusive(t.output, t.input, op, d);
    r.inclusive.fromTrace = false;
    // A kernel that scanned inclusively and shifted as it stored (Kogge-Stone asked for an
    // exclusive result: storeSection) computed the inclusive row, and its working array still
    // holds it: the stored row is the derived one. An exclusive scan by nature (Blelloch)
    // computed the stored row, and the inclusive one is ours.
    if (!(id && exclusiveByNature(*id)) && workingArrayHolds(t, r.inclusive.values))
      r.exclusive.how = shiftedHow(heads != nullptr, true);
    else
      r.inclusive.how = "derived: combine with the input";
  }
  const long long sections = std::max(1, t.meta.blocksTotal);
  r.inclusive.mismatch =
      compareWithReference(t.input, r.inclusive.values, op, false, d, sections, heads);
  r.exclusive.mismatch =
      compareWithReference(t.input, r.exclusive.values, op, true, d, sections, heads);
  return r;
}

}  // namespace scanviz
