// One scan of an application, run as a real kernel through capture(): the part every application
// shares (which algorithm, which dtype, the check that the kernel agreed with the sequential scan).
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "app/core/applications/application.h"

namespace scanviz {

struct ScanSpec {
  std::string purpose;  // what the scan computes, in the domain's words
  std::vector<double> values;
  Operator op = Operator::Add;
  bool exclusive = false;
  DType dtype = DType::Int32;
  // Head flags (1: the element starts a segment) make it a segmented scan; empty: a plain one.
  std::vector<uint8_t> heads;
  // Flags the scan only shows beside its values (a predicate's bits), in trace v3's flags row.
  std::vector<uint8_t> shownFlags;
};

// Captures the scan on the chosen backend. Throws InputError (a value the dtype cannot hold, an
// int32 overflow, a block-level algorithm asked for more than one block holds) or BackendError
// (the backend failed, or its output differs from the sequential scan).
ApplicationScan runApplicationScan(const ScanSpec& spec, const ApplicationOptions& options);

// One select or split of an application, captured like a scan (kernels/grid/select_lookback.h):
// the values move, the flags (1: keep) choose, and the trace's rows.second holds every element's
// write address, the exclusive count of the flags before it.
struct SelectSpec {
  std::string purpose;  // what the pass does, in the domain's words
  std::vector<double> values;
  std::vector<uint8_t> flags;
  bool split = false;  // the others after the kept ones (split-lookback), else dropped
};

// Captures the pass on the chosen backend: int32 when every value is a whole int32, else
// float32. Throws InputError for an --algorithm (the pass is one fused kernel, no scan to choose)
// or BackendError (the backend failed, or its output differs from the sequential select).
ApplicationScan runApplicationSelect(const SelectSpec& spec, const ApplicationOptions& options);

// The algorithm a scan of n elements runs: the one asked for, else kogge-stone for inclusive and
// blelloch for exclusive scans while one block holds n, decoupled-lookback above; a segmented
// scan runs their segmented kin (segmented-kogge-stone, -blelloch, -hierarchical) and refuses an
// algorithm that cannot see segments.
AlgorithmId applicationAlgorithm(const ApplicationOptions& options, bool exclusive, long long n,
                                 bool segmented = false);

// The dtype asked for, else int32 when every number of these lists is whole, else float32.
DType applicationDType(const ApplicationOptions& options,
                       std::initializer_list<const std::vector<double>*> numbers);

// The array read from its end: the view a backward scan runs the same kernel on.
template <class T>
std::vector<T> reversed(std::vector<T> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

// 1 where a segment ends (the element before a head, and the last one): read backwards, these
// are the heads of the reversed view.
std::vector<uint8_t> segmentEnds(const std::vector<uint8_t>& heads);

// True when every value is a whole number.
bool allWhole(const std::vector<double>& values);

// A value as the domain's sentences write it: integers without a point, others with up to six
// significant digits.
std::string formatNumber(double v);
// "3 8 10 17", cut to the first maxShown values and "... (N in all)" for long lists.
std::string joinNumbers(const std::vector<double>& values, size_t maxShown = 24);

}  // namespace scanviz
