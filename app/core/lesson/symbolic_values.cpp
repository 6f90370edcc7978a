#include "app/core/lesson/symbolic_values.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"

namespace scanviz {

InputRange combineRanges(InputRange a, InputRange b) {
  using K = InputRange::Kind;
  if (a.kind == K::Unknown || b.kind == K::Unknown) return InputRange::unknown();
  if (a.kind == K::Identity) return b;
  if (b.kind == K::Identity) return a;
  if (a.last + 1 == b.first) return InputRange::of(a.first, b.last);
  if (b.last + 1 == a.first) return InputRange::of(b.first, a.last);
  return InputRange::unknown();
}

std::string symbolicProblem(const Trace& t) {
  if (t.meta.n > kMaxSymbolicElements)
    return "symbolic values are drawn for up to " + std::to_string(kMaxSymbolicElements) +
           " elements, and this run has " + std::to_string(t.meta.n) +
           ": capture fewer (--n), where every cell can show its range";
  if (static_cast<long long>(t.input.size()) < t.meta.n)
    return "this trace keeps only " + std::to_string(t.input.size()) + " of its " +
           std::to_string(t.meta.n) + " inputs, so its ranges cannot be checked";
  return {};
}

std::vector<InputRange> scanRanges(long long n, bool inclusive) {
  std::vector<InputRange> r;
  r.reserve(static_cast<size_t>(std::max(0LL, n)));
  for (long long i = 0; i < n; ++i) {
    const long long last = inclusive ? i : i - 1;
    r.push_back(last < 0 ? InputRange::identity() : InputRange::of(0, last));
  }
  return r;
}

std::string symbolicText(const InputRange& r, const std::string& op, const std::string& dtype) {
  switch (r.kind) {
    case InputRange::Kind::Identity:
      return formatCellValue(identityValue(op, dtype), op, dtype);
    case InputRange::Kind::Range:
      return r.first == r.last
                 ? "x" + std::to_string(r.first)
                 : "x" + std::to_string(r.first) + ".." + "x" + std::to_string(r.last);
    case InputRange::Kind::Unknown:
      break;
  }
  return "?";
}

namespace {

// The operator over any run of inputs in O(log n): table[k][i] combines x_i .. x_(i + 2^k - 1)
// in order, so add and mul wrap exactly as the kernels' int32 arithmetic does.
class RangeEvaluator {
 public:
  explicit RangeEvaluator(const Trace& t) : t_(t), int_(t.meta.dtype == "int32") {
    table_.push_back(t.input);
    for (size_t width = 1; 2 * width <= t.input.size(); width *= 2) {
      const std::vector<double>& below = table_.back();
      std::vector<double> level(below.size() - width);
      for (size_t i = 0; i < level.size(); ++i) level[i] = apply(below[i], below[i + width]);
      table_.push_back(std::move(level));
    }
  }

  // Whether a cell holding `r` may hold `value`.
  bool matches(const InputRange& r, double value) const {
    if (r.kind == InputRange::Kind::Identity)
      return value == identityValue(t_.meta.op, t_.meta.dtype);
    if (r.kind != InputRange::Kind::Range || r.first < 0 ||
        r.last >= static_cast<long long>(t_.input.size()))
      return false;
    double v = identityValue(t_.meta.op, t_.meta.dtype);
    double magnitude = 0;
    for (size_t i = static_cast<size_t>(r.first), k = table_.size(); k-- > 0;) {
      const size_t width = size_t{1} << k;
      if (i + width > static_cast<size_t>(r.last) + 1) continue;
      v = apply(v, table_[k][i]);
      magnitude += std::fabs(table_[k][i]);
      i += width;
    }
    if (int_ || t_.meta.op == "max" || t_.meta.op == "min") return v == value;
    // float32 add and mul: the kernels associate differently (docs/float-tolerance.md).
    return std::fabs(v - value) <= 1e-3 * std::max(1.0, std::max(magnitude, std::fabs(v)));
  }

 private:
  double apply(double a, double b) const {
    const std::string& op = t_.meta.op;
    if (op == "max") return std::max(a, b);
    if (op == "min") return std::min(a, b);
    if (!int_)
      return op == "mul" ? static_cast<float>(a) * static_cast<float>(b)
                         : static_cast<float>(a) + static_cast<float>(b);
    const auto ua = static_cast<uint32_t>(static_cast<int32_t>(a));
    const auto ub = static_cast<uint32_t>(static_cast<int32_t>(b));
    return static_cast<int32_t>(op == "mul" ? ua * ub : ua + ub);
  }

  const Trace& t_;
  bool int_;
  std::vector<std::vector<double>> table_;
};

// Elements of the array of `level`: the input, then one block sum per section below.
long long levelLength(const TraceMeta& m, int level) {
  long long len = m.n;
  const long long section = std::max(1, m.sectionSize);
  for (int l = 0; l < level; ++l) len = (len + section - 1) / section;
  return len;
}

// What element j of the array of `level` holds before any step: x_j at level 0; above it the
// total of section j of the level below, which is the run of inputs that section covers.
InputRange levelInput(const TraceMeta& m, int level, long long j) {
  if (j < 0 || j >= levelLength(m, level)) return InputRange::identity();
  long long first = j, last = j;
  const long long section = std::max(1, m.sectionSize);
  for (int l = level; l > 0; --l) {
    first *= section;
    last = std::min(levelLength(m, l - 1), (last + 1) * section) - 1;
  }
  return InputRange::of(first, last);
}

// The replay: every level's array, every section at its place, as the recorded steps leave it.
// All blocks of a level run the same section steps, so the recorded block's step is applied to
// every section of its level.
class Replay {
 public:
  explicit Replay(const Trace& t) : t_(t), section_(std::max(1, t.meta.sectionSize)) {}

  std::vector<InputRange> apply(const TraceStep& s) {
    std::vector<InputRange>& level = levelArray(s.level);
    const long long count = static_cast<long long>(s.values.size());
    // The warp totals are scanned in registers of their own and shown over each warp's last
    // lane; that lane's register keeps its warp's scan, which the next step combines.
    const bool totals = s.kind == static_cast<int>(StepKind::WarpTotals);
    if (totals && !registers_) registers_ = level;
    if (!totals) useRegisters_ = registers_.has_value();
    if (isSectionStep(s)) {
      for (long long base = 0; base < static_cast<long long>(level.size()); base += section_)
        applySection(s, level, base, count);
      if (useRegisters_) registers_.reset();
      useRegisters_ = false;
      return slice(level, static_cast<long long>(s.block) * section_, count);
    }
    applyGlobal(s, level);
    return slice(level, s.offset, count);
  }

 private:
  std::vector<InputRange>& levelArray(int level) {
    while (static_cast<int>(levels_.size()) <= level) {
      const int l = static_cast<int>(levels_.size());
      const long long len = levelLength(t_.meta, l);
      const long long padded = (len + section_ - 1) / section_ * section_;
      std::vector<InputRange> a(static_cast<size_t>(std::max(padded, len)));
      for (long long j = 0; j < static_cast<long long>(a.size()); ++j)
        a[static_cast<size_t>(j)] = levelInput(t_.meta, l, j);
      levels_.push_back(std::move(a));
    }
    return levels_[static_cast<size_t>(level)];
  }

  static std::vector<InputRange> slice(const std::vector<InputRange>& a, long long first,
                                       long long count) {
    std::vector<InputRange> out(static_cast<size_t>(count), InputRange::unknown());
    for (long long i = 0; i < count; ++i)
      if (first + i >= 0 && first + i < static_cast<long long>(a.size()))
        out[static_cast<size_t>(i)] = a[static_cast<size_t>(first + i)];
    return out;
  }

  void applySection(const TraceStep& s, std::vector<InputRange>& a, long long base,
                    long long count) {
    const StepKindInfo* info = findStepKind(s.kind);
    const StepWrites writes = info ? info->writes : StepWrites::FromEdges;
    const auto at = [&](long long i) -> InputRange& { return a[static_cast<size_t>(base + i)]; };
    const long long valid = std::clamp(levelLength(t_.meta, s.level) - base, 0LL, count);
    if (writes == StepWrites::EveryValidElement) {
      // The load stores x_i; the exclusive shift stores x_(i-1) and the identity in element 0.
      const long long shift = s.kind == static_cast<int>(StepKind::KoggeStoneShift) ? 1 : 0;
      for (long long i = 0; i < count; ++i)
        at(i) = i - shift >= 0 && i - shift < valid ? levelInput(t_.meta, s.level, base + i - shift)
                                                    : InputRange::identity();
      return;
    }
    if (writes == StepWrites::LastElement) {
      at(count - 1) = InputRange::identity();
      return;
    }
    applyOperations(s, a, base, count, s.level);
  }

  // Edges and moves; a step without either adds a block's prefix (below).
  void applyOperations(const TraceStep& s, std::vector<InputRange>& a, long long base,
                       long long count, int level) {
    const auto in = [&](long long i) { return i >= 0 && i < count; };
    const std::vector<CellMove> moves = stepMoves(s);
    if (s.edges.empty() && moves.empty()) {
      addPrefix(a, level, base, count);
      return;
    }
    const std::vector<InputRange> old(a.begin() + base, a.begin() + base + count);
    // A sequential pass (a coarsened scan's phase 1) reads its left neighbour's new value.
    const bool chain = s.kind == static_cast<int>(StepKind::ThreadScan);
    for (const CellMove& m : moves)
      if (in(m.dst) && in(m.src))
        a[static_cast<size_t>(base + m.dst)] = old[static_cast<size_t>(m.src)];
    for (const auto& [dst, src] : s.edges) {
      if (!in(dst)) continue;
      InputRange operand;
      if (src < 0) {
        operand = levelInput(t_.meta, level, base + dst);  // the thread's own input
      } else if (in(src)) {
        operand = chain ? a[static_cast<size_t>(base + src)] : old[static_cast<size_t>(src)];
      } else {
        operand = InputRange::unknown();
      }
      const InputRange own = chain           ? a[static_cast<size_t>(base + dst)]
                             : useRegisters_ ? (*registers_)[static_cast<size_t>(base + dst)]
                                             : old[static_cast<size_t>(dst)];
      a[static_cast<size_t>(base + dst)] = combineRanges(operand, own);
    }
  }

  // Adding the combined total of everything before a block (the scanned block sums, a tile's
  // prefix): each cell's run then starts at x0, and a cell that held the identity (an exclusive
  // scan's first) gets the run before its block.
  void addPrefix(std::vector<InputRange>& a, int level, long long base, long long count) const {
    for (long long i = base; i < base + count && i < static_cast<long long>(a.size()); ++i) {
      const InputRange blockStart = levelInput(t_.meta, level, i / section_ * section_);
      if (blockStart.kind != InputRange::Kind::Range) continue;  // the padding's own block
      const InputRange before =
          blockStart.first > 0 ? InputRange::of(0, blockStart.first - 1) : InputRange::identity();
      a[static_cast<size_t>(i)] = combineRanges(before, a[static_cast<size_t>(i)]);
    }
  }

  // The whole array as the sections stored it: the result the level asks for, the exclusive scan
  // above level 0 (the block sums' scan gives each block what comes before it) and at level 0
  // when the run is exclusive. A section whose working array holds the other one converts as
  // its store does: shifted right by one, or combined with its own input.
  void storeSections(std::vector<InputRange>& a, int level) const {
    const bool exclusive = level > 0 || !t_.meta.inclusive;
    const long long len = levelLength(t_.meta, level);
    for (long long base = 0; base < len; base += section_) {
      const long long end = std::min(len, base + section_);
      const InputRange first = a[static_cast<size_t>(base)];
      const bool holdsExclusive = first.kind == InputRange::Kind::Identity;
      if (exclusive == holdsExclusive) continue;
      if (exclusive) {
        for (long long i = end - 1; i > base; --i)
          a[static_cast<size_t>(i)] = a[static_cast<size_t>(i - 1)];
        a[static_cast<size_t>(base)] = InputRange::identity();
      } else {
        for (long long i = base; i < end; ++i)
          a[static_cast<size_t>(i)] =
              combineRanges(a[static_cast<size_t>(i)], levelInput(t_.meta, level, i));
      }
    }
  }

  void applyGlobal(const TraceStep& s, std::vector<InputRange>& a) {
    if (s.kind == static_cast<int>(StepKind::SectionsScanned)) {
      storeSections(a, s.level);
      return;
    }
    // The add-back: its edges (version 4 lists them) come from outside the array, the scanned
    // total of everything before each block.
    const long long count =
        std::min<long long>(static_cast<long long>(s.values.size()),
                            static_cast<long long>(a.size()) - std::max(0, s.offset));
    if (count > 0) addPrefix(a, s.level, std::max(0, s.offset), count);
  }

  const Trace& t_;
  long long section_;
  std::vector<std::vector<InputRange>> levels_;
  std::optional<std::vector<InputRange>> registers_;  // the level's cells before the warp totals
  bool useRegisters_ = false;
};

}  // namespace

std::vector<std::vector<InputRange>> symbolicSteps(const Trace& t, int last) {
  if (!symbolicProblem(t).empty()) return {};
  const int steps = static_cast<int>(t.steps.size());
  last = last < 0 ? steps - 1 : std::min(last, steps - 1);
  Replay replay(t);
  const RangeEvaluator evaluator(t);
  std::vector<std::vector<InputRange>> out;
  out.reserve(static_cast<size_t>(last + 1));
  for (int k = 0; k <= last; ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
    std::vector<InputRange> ranges = replay.apply(s);
    // A range that does not give the recorded value is not drawn as if it did.
    for (size_t i = 0; i < ranges.size(); ++i)
      if (!evaluator.matches(ranges[i], s.values[i])) ranges[i] = InputRange::unknown();
    out.push_back(std::move(ranges));
  }
  return out;
}

std::vector<InputRange> checkedRanges(const Trace& t, std::vector<InputRange> ranges,
                                      const std::vector<double>& values) {
  if (!symbolicProblem(t).empty()) return {};
  const RangeEvaluator evaluator(t);
  for (size_t i = 0; i < ranges.size(); ++i)
    if (i >= values.size() || !evaluator.matches(ranges[i], values[i]))
      ranges[i] = InputRange::unknown();
  return ranges;
}

}  // namespace scanviz
