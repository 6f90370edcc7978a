#include "app/core/trace/trace.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <tuple>

namespace scanviz {
namespace {

template <class V>
std::string vecDiff(const std::string& what, const V& a, const V& b) {
  if (a.size() != b.size())
    return what + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " entries";
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return what + " differs at entry " + std::to_string(i);
  return {};
}

// The writes of two steps: every arrow and its thread; against a file before version 4, which
// names only the threads that applied the operator, those threads and the edges.
std::string writesDiff(const std::string& at, const TraceStep& x, const TraceStep& y, bool legacy) {
  std::string d;
  if (legacy) {
    if (!(d = vecDiff(at + " threads applying the operator", operatorThreads(x),
                      operatorThreads(y)))
             .empty())
      return d;
    return vecDiff(at + " edges", x.edges, y.edges);
  }
  if (!(d = vecDiff(at + " active", x.active, y.active)).empty()) return d;
  if (!(d = vecDiff(at + " edges", x.edges, y.edges)).empty()) return d;
  if (!(d = vecDiff(at + " edge threads", x.edgeThreads, y.edgeThreads)).empty()) return d;
  if (!(d = vecDiff(at + " moves", x.moves, y.moves)).empty()) return d;
  return vecDiff(at + " move threads", x.moveThreads, y.moveThreads);
}

}  // namespace

double decodeValueBits(uint32_t bits, bool isFloat) {
  if (isFloat) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  int32_t i;
  std::memcpy(&i, &bits, sizeof i);
  return i;
}

double decodeValueBits(uint32_t bits, const std::string& dtype) {
  return decodeValueBits(bits, dtype == "float32");
}

uint32_t encodeValueBits(double v, const std::string& dtype) {
  uint32_t bits;
  if (dtype == "float32") {
    const auto f = static_cast<float>(v);
    std::memcpy(&bits, &f, sizeof bits);
  } else {
    const auto i = static_cast<int32_t>(v);
    std::memcpy(&bits, &i, sizeof bits);
  }
  return bits;
}

size_t wholeValidElements(const Trace& t, const TraceStep& s) {
  return std::min(s.wholeBits.size(), static_cast<size_t>(std::max(0ll, t.meta.n)));
}

namespace {

// Sorts arrows by (dst, src, thread) into their pairs and threads.
void sortArrows(std::vector<StepArrow> arrows, std::vector<std::array<int, 2>>& pairs,
                std::vector<int>& threads) {
  std::sort(arrows.begin(), arrows.end(), [](const StepArrow& a, const StepArrow& b) {
    return std::tie(a.dst, a.src, a.thread) < std::tie(b.dst, b.src, b.thread);
  });
  pairs.clear();
  threads.clear();
  pairs.reserve(arrows.size());
  threads.reserve(arrows.size());
  for (const StepArrow& a : arrows) {
    pairs.push_back({a.dst, a.src});
    threads.push_back(a.thread);
  }
}

}  // namespace

void setStepArrows(TraceStep& s, const std::vector<StepArrow>& edges,
                   const std::vector<StepArrow>& moves) {
  sortArrows(edges, s.edges, s.edgeThreads);
  sortArrows(moves, s.moves, s.moveThreads);
  std::vector<int> active(s.edgeThreads);
  active.insert(active.end(), s.moveThreads.begin(), s.moveThreads.end());
  std::sort(active.begin(), active.end());
  active.erase(std::unique(active.begin(), active.end()), active.end());
  s.active = std::move(active);
}

bool recordsWriters(const TraceStep& s) {
  return !s.moveThreads.empty() || !s.edgeThreads.empty();
}

std::vector<int> operatorThreads(const TraceStep& s) {
  if (!recordsWriters(s)) return s.active;
  std::vector<int> ids(s.edgeThreads);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

bool hasWholeArrayRows(const Trace& t) {
  for (const TraceStep& s : t.steps)
    if (!s.wholeBits.empty()) return true;
  return false;
}

namespace {

template <class Row>
const Row* rowShown(const Trace& t, size_t step, Row TraceStep::*row) {
  if (step >= t.steps.size()) return nullptr;
  const TraceStep& at = t.steps[step];
  for (size_t k = step + 1; k-- > 0;) {
    const TraceStep& s = t.steps[k];
    if (s.block != at.block || s.level != at.level || s.array != at.array ||
        s.values.size() != at.values.size())
      continue;
    if (!(s.*row).empty()) return &(s.*row);
  }
  return nullptr;
}

}  // namespace

const std::vector<uint8_t>* flagsShown(const Trace& t, size_t step) {
  return rowShown(t, step, &TraceStep::flags);
}

const std::vector<int32_t>* secondShown(const Trace& t, size_t step) {
  return rowShown(t, step, &TraceStep::second);
}

const std::vector<uint8_t>* segmentStartsShown(const Trace& t, size_t step) {
  const std::vector<uint8_t>* latest = flagsShown(t, step);
  if (!latest) return nullptr;
  const TraceStep& at = t.steps[step];
  for (const TraceStep& s : t.steps)
    if (s.block == at.block && s.level == at.level && s.array == at.array &&
        s.values.size() == at.values.size() && !s.flags.empty())
      return &s.flags;
  return latest;
}

std::string firstTraceDifference(const Trace& a, const Trace& b) {
  const auto& ma = a.meta;
  const auto& mb = b.meta;
  if (ma.algorithm != mb.algorithm || ma.n != mb.n || ma.blockSize != mb.blockSize ||
      ma.sectionSize != mb.sectionSize || ma.op != mb.op || ma.dtype != mb.dtype ||
      ma.inclusive != mb.inclusive)
    return "meta differs (algorithm, n, block size, operator, dtype or variant)";
  std::string d;
  if (!(d = vecDiff("input", a.input, b.input)).empty()) return d;
  if (!(d = vecDiff("output", a.output, b.output)).empty()) return d;
  if (!(d = vecDiff("flags", a.rows.flags, b.rows.flags)).empty()) return d;
  if (!(d = vecDiff("second array", a.rows.second, b.rows.second)).empty()) return d;
  if (a.rows.secondName != b.rows.secondName) return "second array's name differs";
  const bool legacy = a.version < 4 || b.version < 4;
  if (a.steps.size() != b.steps.size())
    return "step count: " + std::to_string(a.steps.size()) + " vs " +
           std::to_string(b.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const TraceStep& x = a.steps[i];
    const TraceStep& y = b.steps[i];
    const std::string at = "step " + std::to_string(i) + " (" + x.label + ")";
    if (x.label != y.label || x.phase != y.phase) return at + ": label differs: '" + y.label + "'";
    if (x.block != y.block || x.level != y.level || x.array != y.array || x.offset != y.offset)
      return at + ": block, level or array differs";
    if (!(d = vecDiff(at + " values", x.values, y.values)).empty()) return d;
    if (!(d = writesDiff(at, x, y, legacy)).empty()) return d;
    if (!(d = vecDiff(at + " whole array", x.wholeBits, y.wholeBits)).empty()) return d;
    if (!(d = vecDiff(at + " flags", x.flags, y.flags)).empty()) return d;
    if (!(d = vecDiff(at + " second array", x.second, y.second)).empty()) return d;
    if (x.ops != y.ops)
      return at + ": ops " + std::to_string(x.ops) + " vs " + std::to_string(y.ops);
  }
  if (a.counters.work != b.counters.work || a.counters.depth != b.counters.depth)
    return "counters differ: work " + std::to_string(a.counters.work) + " vs " +
           std::to_string(b.counters.work) + ", depth " + std::to_string(a.counters.depth) +
           " vs " + std::to_string(b.counters.depth);
  return {};
}

}  // namespace scanviz
