#include "app/core/lesson/analysis.h"

#include <algorithm>
#include <cmath>

#include "app/core/trace/value_format.h"
#include "kernels/scan_types.h"

namespace scanviz {
namespace {

long long nextPowerOfTwo(long long n) {
  long long p = 1;
  while (p < n) p *= 2;
  return p;
}

std::string num(double v) {
  return formatQuantity(v);
}

// The algorithm whose sections a run scans (the hierarchical scan's block scan, else itself).
const AlgorithmDescriptor& sectionAlgorithm(const AlgorithmDescriptor& a) {
  return a.sections ? *a.sections : a;
}

// The descriptor's seed formula of one section of n elements, with its source.
std::optional<SeedFormulas> sectionFormulas(const AlgorithmDescriptor& a, long long n,
                                            int threads) {
  if (!a.sectionCost) return std::nullopt;
  const SectionCost c = a.sectionCost(static_cast<double>(n), static_cast<double>(threads));
  return SeedFormulas{std::string(c.work.formula),      c.work.value,
                      std::string(c.depth.formula),     c.depth.value,
                      std::string(c.resources.formula), c.resources.value,
                      std::string(a.costSource)};
}

// One level of a hierarchical run: `elements` values cut into `sections` sections.
struct Level {
  long long elements = 0;
  long long sections = 0;
};

std::vector<Level> levelsOf(long long n, long long section) {
  std::vector<Level> levels;
  long long elements = std::max(1ll, n);
  for (;;) {
    const long long sections = (elements + section - 1) / section;
    levels.push_back({elements, sections});
    if (sections <= 1) break;
    elements = sections;
  }
  return levels;
}

// The per-section formula of a section with `valid` elements: the sequential scan stops at the
// last valid element, every other algorithm scans the whole padded section.
double sectionWork(const AlgorithmDescriptor& a, const SeedFormulas& atS, long long valid) {
  return a.costCountsValidElementsOnly ? static_cast<double>(valid - 1) : atS.workValue;
}

double levelWork(const AlgorithmDescriptor& a, const SeedFormulas& atS, const Level& l,
                 long long section) {
  const long long full = l.elements / section;
  const long long last = l.elements - full * section;
  double w = static_cast<double>(full) * sectionWork(a, atS, section);
  if (last > 0) w += sectionWork(a, atS, last);
  return w;
}

double levelDepth(const AlgorithmDescriptor& a, const SeedFormulas& atS, const Level& l) {
  return a.costCountsValidElementsOnly && l.sections == 1 ? static_cast<double>(l.elements - 1)
                                                          : atS.depthValue;
}

// An element that holds only the identity (padding, or the cleared root) or a value of the input.
using Purity = std::vector<char>;

// Applications in one step that combine two padding values, and the purity after the step.
// The step's edges are (dst, src): dst = src (+) dst, src -1 meaning the thread's own input.
int64_t paddingApplications(const TraceStep& s, int valid, Purity& pure) {
  const auto kind = static_cast<StepKind>(s.kind);
  const auto in = [&](int i) { return i >= 0 && i < static_cast<int>(pure.size()); };
  int64_t count = 0;
  switch (kind) {
    case StepKind::Load:
      for (size_t i = 0; i < pure.size(); ++i) pure[i] = static_cast<int>(i) >= valid;
      return 0;
    case StepKind::ClearLast:
      if (!pure.empty()) pure.back() = 1;
      return 0;
    case StepKind::KoggeStoneShift:
      for (size_t i = pure.size(); i-- > 1;) pure[i] = pure[i - 1];
      if (!pure.empty()) pure[0] = 1;
      return 0;
    case StepKind::ThreadScan:
    case StepKind::SequentialStep:
      // A chain: each application reads the value its left neighbour got in this step.
      for (const auto& [dst, src] : s.edges) {
        if (!in(dst) || !in(src)) continue;
        if (pure[dst] && pure[src]) ++count;
        pure[dst] = pure[dst] && pure[src];
      }
      return count;
    case StepKind::BlellochDown:
    case StepKind::SegDownSweep: {
      const Purity before = pure;
      for (const auto& [dst, src] : s.edges) {
        if (!in(dst) || !in(src)) continue;
        if (before[dst] && before[src]) ++count;
        pure[src] = before[dst];
        pure[dst] = before[dst] && before[src];
      }
      return count;
    }
    default: {
      const Purity before = pure;
      for (const auto& [dst, src] : s.edges) {
        if (!in(dst)) continue;
        const bool srcPure = src < 0 ? dst >= valid : (in(src) && before[src]);
        if (before[dst] && srcPure) ++count;
        pure[dst] = before[dst] && srcPure;
      }
      return count;
    }
  }
}

// The padding applications of one step of the run whose levels are `levels`: only the steps of
// a level's partial section count (a full section holds no padding).
int64_t stepPadding(const TraceStep& s, const std::vector<Level>& levels, long long S,
                    std::vector<Purity>& pure) {
  if (s.array != "section" || s.level < 0 || s.level >= static_cast<int>(levels.size())) return 0;
  const Level& l = levels[static_cast<size_t>(s.level)];
  const long long valid = l.elements - (l.sections - 1) * S;
  if (valid >= S || static_cast<int64_t>(s.values.size()) != S) return 0;
  return paddingApplications(s, static_cast<int>(valid), pure[static_cast<size_t>(s.level)]);
}

bool isConversion(const TraceStep& s) {
  return s.kind == static_cast<int>(StepKind::ToInclusive);
}

}  // namespace

std::optional<SeedFormulas> seedFormulas(AlgorithmId id, long long n, int threads) {
  const AlgorithmInfo& a = algorithmInfo(id);
  if (!a.costSectionCap) return sectionFormulas(a, n, threads);
  // A composition of sections (PMPP 8.6): its own formula is the run's over min(N, cap).
  const long long section = std::min(nextPowerOfTwo(n), static_cast<long long>(a.costSectionCap));
  const auto r = runFormula(id, n, static_cast<int>(section), static_cast<int>(section / 2), false);
  const auto atS = sectionFormulas(sectionAlgorithm(a), section, threads);
  if (!r || !atS) return std::nullopt;
  // Lanes: every section's resident block for its steps, and one lane per element added back.
  double lanes = 0;
  for (const Level& l : levelsOf(n, section))
    lanes += static_cast<double>(l.sections) * atS->resourcesValue +
             (l.sections > 1 ? static_cast<double>(l.elements - section) : 0);
  return SeedFormulas{r->work,
                      r->workValue,
                      r->depth,
                      r->depthValue,
                      "B (S/2)(2 log2 S - 1) + ... + (N - S)",
                      lanes,
                      std::string(a.costSource)};
}

std::optional<RunFormula> runFormula(AlgorithmId id, long long n, int sectionSize, int threads,
                                     bool inclusive) {
  const AlgorithmInfo& info = algorithmInfo(id);
  const AlgorithmDescriptor& algo = sectionAlgorithm(info);
  const long long S = std::max(1, sectionSize);
  const auto atS = sectionFormulas(algo, S, std::max(1, threads));
  if (!atS) return std::nullopt;
  const std::vector<Level> levels = levelsOf(n, S);
  RunFormula r;
  r.source = info.sections ? std::string(info.costSource) + " over " + atS->source : atS->source;
  const std::string atSText = " at N = " + num(static_cast<double>(S));
  if (levels.size() == 1) {
    const long long valid = algo.costCountsValidElementsOnly ? n : S;
    r.workValue = sectionWork(algo, *atS, valid);
    r.depthValue = levelDepth(algo, *atS, levels[0]);
    r.at = "N = " + num(static_cast<double>(valid));
    if (algo.coarsened()) r.at += ", T = " + num(threads);
    r.work = atS->work;
    r.depth = atS->depth;
  } else {
    // B sections, then the scan of their sums (recursively), then the add-back of N - S.
    std::string w, d;
    for (size_t k = 0; k < levels.size(); ++k) {
      const Level& l = levels[k];
      const double lw = levelWork(algo, *atS, l, S);
      r.workValue += lw;
      r.depthValue += levelDepth(algo, *atS, l);
      const std::string what = k == 0 ? "" : (k == 1 ? " [the block sums]" : " [their sums]");
      w += (k ? " + " : "") + num(lw) + what;
      d += (k ? " + " : "") + num(levelDepth(algo, *atS, l));
    }
    for (size_t k = 0; k + 1 < levels.size(); ++k) {
      const double add = static_cast<double>(levels[k].elements - S);
      r.workValue += add;
      r.depthValue += 1;
      w += " + " + num(add) + " [add back]";
      d += " + 1";
    }
    r.composed = true;
    r.at = "S = " + num(static_cast<double>(S)) + ", N = " + num(static_cast<double>(n));
    r.work = num(static_cast<double>(levels[0].sections)) + " sections x (" + atS->work + atSText +
             "), the sums' scan, the add-back (N - S): " + w;
    r.depth = "(" + atS->depth + atSText + ") per level + 1 per add-back: " + d;
  }
  if (inclusive && info.exclusiveByNature) {
    r.conversionWork = static_cast<double>(levels[0].sections * S);
    r.conversionDepth = static_cast<double>(S / std::max(1, threads));
    r.workValue += r.conversionWork;
    r.depthValue += r.conversionDepth;
    r.conversion = "exclusive -> inclusive";
  }
  return r;
}

std::string describeWork(const RunFormula& f) {
  std::string s = f.work + " = " + num(f.workValue - f.conversionWork) + "  (" + f.at + ")";
  if (f.conversionWork > 0)
    s += "  + " + num(f.conversionWork) + " " + f.conversion + " = " + num(f.workValue);
  return s;
}

std::string describeDepth(const RunFormula& f) {
  std::string s = f.depth + " = " + num(f.depthValue - f.conversionDepth);
  if (f.conversionDepth > 0)
    s += "  + " + num(f.conversionDepth) + " " + f.conversion + " = " + num(f.depthValue);
  return s;
}

std::optional<RunFormula> runFormula(const Trace& t) {
  const auto id = findAlgorithm(t.meta.algorithm);
  if (!id) return std::nullopt;
  return runFormula(*id, t.meta.n, t.meta.sectionSize, t.meta.blockSize, t.meta.inclusive);
}

int64_t stepDepth(const TraceStep& s) {
  if (s.ops <= 0) return 0;
  // A grid step's applications are independent of each other (one per element) and its threads
  // are those of every block: one dependent application.
  if (s.active.empty() || s.array != "section") return 1;
  // Every algorithm gives its working threads equal shares; the longest share is the step's run.
  const auto threads = static_cast<int64_t>(s.active.size());
  return (s.ops + threads - 1) / threads;
}

RunCounts countRun(const Trace& t) {
  RunCounts c;
  c.work = t.counters.work;
  const long long S = std::max(1, t.meta.sectionSize);
  const std::vector<Level> levels = levelsOf(t.meta.n, S);
  // The recorded block of each level has the same edges as any other block of that level, so
  // the padding of the level's last (partial) section is counted over its steps.
  std::vector<Purity> pure(levels.size(), Purity(static_cast<size_t>(S), 0));
  c.paddingThrough.reserve(t.steps.size());
  for (const TraceStep& s : t.steps) {
    c.depth += stepDepth(s);
    if (s.ops > 0) ++c.barrierSteps;
    if (isConversion(s)) {
      c.conversionDepth += stepDepth(s);
      // The recorded block's share times the sections of its level.
      const auto level = static_cast<size_t>(std::max(0, s.level));
      c.conversionWork += s.ops * (level < levels.size() ? levels[level].sections : 1);
    }
    c.paddingWork += stepPadding(s, levels, S, pure);
    c.paddingThrough.push_back(c.paddingWork);
  }
  return c;
}

double brentBound(double work, double depth, int processors) {
  return work / static_cast<double>(processors) + depth;
}

double brentSpeedup(long long n, double work, double depth, int processors) {
  // A run without work (N = 1) still takes a step, as unlimitedSpeedup assumes.
  return static_cast<double>(n) / std::max(1.0, brentBound(work, depth, processors));
}

double unlimitedSpeedup(long long n, double depth) {
  return static_cast<double>(n) / std::max(1.0, depth);
}

double seedTimeUnits(const SeedFormulas& f, int processors) {
  return std::max(f.resourcesValue / static_cast<double>(processors), f.depthValue);
}

double seedSpeedup(const SeedFormulas& f, long long n, int processors) {
  return static_cast<double>(n) / seedTimeUnits(f, processors);
}

}  // namespace scanviz
