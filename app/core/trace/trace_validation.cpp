#include "app/core/trace/trace_validation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/trace/trace_json.h"
#include "kernels/scan_types.h"

namespace scanviz {
namespace {

std::string str(long long v) {
  return std::to_string(v);
}

void checkRange(const std::string& field, long long v, long long lo, long long hi) {
  if (v < lo || v > hi)
    failTraceField(field, str(v) + " is outside the valid range " + str(lo) + ".." + str(hi));
}

bool isPowerOfTwo(long long v) {
  return v > 0 && (v & (v - 1)) == 0;
}

void checkMeta(const Trace& t, const TraceLimits& lim) {
  const TraceMeta& m = t.meta;
  const std::string w = "trace.meta.";
  if (!findAlgorithm(m.algorithm))
    failTraceField(w + "algorithm", "'" + m.algorithm + "' is not one of " + algorithmKeyList());
  checkRange(w + "n", m.n, 1, lim.maxN);
  if (!kBlockSizes.holds(m.blockSize))
    failTraceField(w + "block_size", str(m.blockSize) + " is not " + kBlockSizes.text());
  if (!isPowerOfTwo(m.sectionSize) || m.sectionSize > lim.maxSectionSize)
    failTraceField(
        w + "section_size",
        str(m.sectionSize) + " is not a power of two between 1 and " + str(lim.maxSectionSize));
  if (!parseOperator(m.op))
    failTraceField(w + "operator", "'" + m.op + "' is not one of add, max, min, mul");
  if (!parseDType(m.dtype))
    failTraceField(w + "dtype", "'" + m.dtype + "' is not int32 or float32");
  if (m.backend != "cuda" && m.backend != "cpu")
    failTraceField(w + "backend", "'" + m.backend + "' is not cuda or cpu");
  if (m.timeUnit != "ns" && m.timeUnit != "round")
    failTraceField(w + "time_unit", "'" + m.timeUnit + "' is not ns or round");
  const long long blocks = (m.n + m.sectionSize - 1) / m.sectionSize;
  if (m.blocksTotal != blocks)
    failTraceField(w + "blocks_total", str(m.blocksTotal) + " does not match n = " + str(m.n) +
                                           " in sections of " + str(m.sectionSize) + " (" +
                                           str(blocks) + " blocks)");
  checkRange(w + "recorded_block", m.recordedBlock, 0, m.blocksTotal - 1);
  const auto stored = static_cast<long long>(t.input.size());
  if (m.storedValues != stored)
    failTraceField(w + "stored_values",
                   str(m.storedValues) + " but input holds " + str(stored) + " values");
  if (stored < 1 || stored > std::min(m.n, lim.maxStoredValues))
    failTraceField("trace.input", str(stored) + " values; a trace keeps 1 to min(n, " +
                                      str(lim.maxStoredValues) +
                                      ") = " + str(std::min(m.n, lim.maxStoredValues)));
  if (t.output.size() != t.input.size())
    failTraceField("trace.output", str(static_cast<long long>(t.output.size())) +
                                       " values but input has " + str(stored));
}

// int32 values are whole numbers in int32's range; float32 values may be infinite or NaN where
// a scan overflowed (written as strings, see docs/trace-format.md) but inputs are finite.
void checkValues(const std::string& field, const std::vector<double>& v, const std::string& dtype,
                 bool finite) {
  for (size_t i = 0; i < v.size(); ++i) {
    const double x = v[i];
    const std::string at = field + "[" + std::to_string(i) + "]";
    if (dtype == "int32") {
      if (!std::isfinite(x) || x != std::floor(x) || x < INT32_MIN || x > INT32_MAX)
        failTraceField(at, "is not an int32 value (the trace's dtype)");
    } else if (finite && !std::isfinite(x)) {
      failTraceField(at, "is not finite");
    } else if (std::isfinite(x) && std::fabs(x) > 3.4028234663852886e38) {
      failTraceField(at, "does not fit float32 (the trace's dtype)");
    }
  }
}

// A row of flags or of the second array beside `count` values (version 3): empty, or one entry
// per value; flags are 0 or 1.
template <class V>
void checkRow(const std::string& field, const std::vector<V>& row, long long count,
              const std::string& of, int version) {
  if (row.empty()) return;
  if (version < 3)
    failTraceField(field,
                   "a version " + str(version) + " trace has no such row (version 3 added it)");
  if (static_cast<long long>(row.size()) != count)
    failTraceField(field, str(static_cast<long long>(row.size())) + " entries but " + of +
                              " holds " + str(count) + " values; the row has one entry per value");
  if constexpr (std::is_same_v<V, uint8_t>) {
    for (size_t i = 0; i < row.size(); ++i)
      if (row[i] > 1)
        failTraceField(field + "[" + std::to_string(i) + "]",
                       str(row[i]) + " is not a flag (0, or 1 where an element starts a segment)");
  }
}

// Edges or moves: [dst, src] inside the step's values, src -1 for a value from outside them.
void checkArrows(const std::string& w, const char* key,
                 const std::vector<std::array<int, 2>>& arrows, long long count) {
  for (size_t i = 0; i < arrows.size(); ++i) {
    const std::string e = w + key + "[" + std::to_string(i) + "]";
    const auto [dst, src] = arrows[i];
    if (dst < 0 || dst >= count)
      failTraceField(e, "dst " + str(dst) + " is outside the step's " + str(count) + " values");
    if (src < -1 || src >= count)
      failTraceField(
          e, "src " + str(src) + " is outside the step's " + str(count) + " values (or -1)");
  }
}

// The thread of each edge or move (version 4): empty, or one per arrow, each an active thread.
void checkWriters(const std::string& w, const char* key, const std::vector<int>& threads,
                  size_t arrows, const std::vector<int>& active, int version) {
  const std::string f = w + key;
  if (threads.empty()) return;
  if (version < 4)
    failTraceField(f,
                   "a version " + str(version) + " trace has no such field (version 4 added it)");
  if (threads.size() != arrows)
    failTraceField(f, str(static_cast<long long>(threads.size())) + " threads for " +
                          str(static_cast<long long>(arrows)) + " arrows; one thread each");
  for (size_t i = 0; i < threads.size(); ++i)
    if (!std::binary_search(active.begin(), active.end(), threads[i]))
      failTraceField(
          f + "[" + std::to_string(i) + "]",
          "thread " + str(threads[i]) + " wrote in the step but is not in its active threads");
}

void checkStep(const Trace& t, size_t index) {
  const TraceStep& s = t.steps[index];
  const TraceMeta& m = t.meta;
  const std::string w = "trace.steps[" + std::to_string(index) + "].";
  checkRange(w + "kind", s.kind, 0, static_cast<int>(StepKind::Count) - 1);
  checkRange(w + "level", s.level, 0, 16);
  checkRange(w + "block", s.block, 0, std::max(0, m.blocksTotal - 1));
  checkRange(w + "offset", s.offset, 0, m.n);
  if (s.array != "section" && s.array != "global" && s.array != "block-sums")
    failTraceField(w + "array", "'" + s.array + "' is not one of section, global, block-sums");
  const auto count = static_cast<long long>(s.values.size());
  // A level above the input's scans block sums: a hierarchical scan's in sections of the same
  // size, a cluster scan's (kernels/grid/cluster_lookback.h) the few totals of one cluster.
  if (s.array == "section" && s.level == 0 && count != m.sectionSize)
    failTraceField(w + "values", str(count) + " values; a section step holds section_size = " +
                                     str(m.sectionSize));
  if (s.array == "section" && s.level > 0 && (count < 1 || count > m.sectionSize))
    failTraceField(w + "values", str(count) + " values; a section step of level " + str(s.level) +
                                     " holds 1 to section_size = " + str(m.sectionSize));
  if (s.array != "section" && (count < 1 || count > m.n))
    failTraceField(w + "values",
                   str(count) + " values; a " + s.array + " step holds 1 to n = " + str(m.n));
  checkValues(w + "values", s.values, m.dtype, false);
  checkRow(w + "flags", s.flags, count, "the step", t.version);
  checkRow(w + "second", s.second, count, "the step", t.version);
  checkArrows(w, "edges", s.edges, count);
  checkArrows(w, "moves", s.moves, count);
  // A grid step's kernel may run a thread per element of a section: PMPP 8.6's third kernel,
  // launched with SECTION_SIZE threads a block after a Brent-Kung scan of two elements a thread.
  const int threads = s.array == "global" ? std::max(m.blockSize, m.sectionSize) : m.blockSize;
  for (size_t i = 0; i < s.active.size(); ++i) {
    const std::string a = w + "active[" + std::to_string(i) + "]";
    checkRange(a, s.active[i], 0, threads - 1);
    if (i > 0 && s.active[i] <= s.active[i - 1])
      failTraceField(a, "threads are not in ascending order");
  }
  if (t.version < 4 && !s.moves.empty())
    failTraceField(w + "moves",
                   "a version " + str(t.version) + " trace has no moves (version 4 added them)");
  checkWriters(w, "edge_threads", s.edgeThreads, s.edges.size(), s.active, t.version);
  checkWriters(w, "move_threads", s.moveThreads, s.moves.size(), s.active, t.version);
  if (s.ops < 0) failTraceField(w + "ops", str(s.ops) + " is negative");
  if (static_cast<long long>(s.warpClock.size()) > kMaxBlockSize / 32)
    failTraceField(w + "warp_clock", str(static_cast<long long>(s.warpClock.size())) +
                                         " warps; a block has at most " + str(kMaxBlockSize / 32));
}

void checkBlocks(const Trace& t, const TraceLimits& lim) {
  const auto count = static_cast<long long>(t.blocks.size());
  if (count > std::min<long long>(lim.maxBlocks, t.meta.blocksTotal))
    failTraceField("trace.blocks", str(count) +
                                       " blocks; a trace times at most min(blocks_total, " +
                                       str(lim.maxBlocks) + ")");
  for (size_t i = 0; i < t.blocks.size(); ++i) {
    const TraceBlock& b = t.blocks[i];
    const std::string w = "trace.blocks[" + std::to_string(i) + "].";
    checkRange(w + "id", b.id, 0, t.meta.blocksTotal - 1);
    checkRange(w + "launch_index", b.launchIndex, 0, t.meta.blocksTotal - 1);
    checkRange(w + "sm", b.sm, -1, 1 << 16);
    checkRange(w + "lookback", b.lookback, 0, t.meta.blocksTotal);
    checkRange(w + "start_ns", b.startNs, 0, lim.maxTime);
    checkRange(w + "end_ns", b.endNs, b.startNs, lim.maxTime);
    // wait_ns is how long the block waited, inside its run.
    checkRange(w + "wait_ns", b.waitNs, 0, b.endNs - b.startNs);
  }
}

}  // namespace

void validateTrace(const Trace& t, const TraceLimits& lim) {
  checkRange("trace.version", t.version, 1, kTraceVersion);
  checkMeta(t, lim);
  checkValues("trace.input", t.input, t.meta.dtype, true);
  checkValues("trace.output", t.output, t.meta.dtype, false);
  const auto stored = static_cast<long long>(t.input.size());
  checkRow("trace.flags", t.rows.flags, stored, "input", t.version);
  checkRow("trace.second", t.rows.second, stored, "input", t.version);
  if (t.steps.empty())
    failTraceField("trace.steps", "no steps; a trace has at least the load step");
  checkRange("trace.steps (count)", static_cast<long long>(t.steps.size()), 1, lim.maxSteps);
  long long values = 0, whole = 0;
  for (size_t i = 0; i < t.steps.size(); ++i) {
    checkStep(t, i);
    values += static_cast<long long>(t.steps[i].values.size());
    whole += static_cast<long long>(t.steps[i].wholeBits.size());
  }
  if (values > lim.maxStepValues)
    failTraceField("trace.steps",
                   str(values) + " values in all; the limit is " + str(lim.maxStepValues));
  if (whole > lim.maxWholeValues)
    failTraceField("trace.steps", str(whole) + " whole-array values in all; the limit is " +
                                      str(lim.maxWholeValues));
  checkBlocks(t, lim);
  const TraceCounters& c = t.counters;
  if (c.work < 0) failTraceField("trace.counters.work", str(c.work) + " is negative");
  checkRange("trace.counters.depth", c.depth, 0, static_cast<long long>(t.steps.size()));
  if (c.sequentialWork < 0)
    failTraceField("trace.counters.sequential_work", str(c.sequentialWork) + " is negative");
}

}  // namespace scanviz
