// Work and depth next to the seeds' formulas (PMPP 8.3-8.6), Brent's bound, and the predicted
// speedup over the sequential scan for P execution units.
//
// Depth is the critical path of dependent operator applications: within a barrier-separated step
// a thread applies its operations one after another (a coarsened scan's phases 1 and 3 walk N/T - 1
// elements), and the step ends when its longest such run ends; the depth sums those runs. The
// barrier steps (steps that apply the operator) are a second, different count, named as such.
// Every speedup divides the sequential scan's N steps (the seeds' yardstick) by a time that is
// never below that depth, so no predicted speedup exceeds the unlimited-processor one N / D.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/trace/trace.h"

namespace scanviz {

struct SeedFormulas {
  std::string work;  // "N log2 N - (N - 1)"
  double workValue = 0;
  std::string depth;  // "log2 N"
  double depthValue = 0;
  // What a GPU spends: idle threads of a resident block still occupy their lanes (PMPP 8.3/8.4).
  std::string resources;  // "N log2 N"
  double resourcesValue = 0;
  std::string source;  // "PMPP 8.3"
};

// The formulas of one section of n elements, in the algorithm's natural variant (its descriptor's
// exclusiveByNature), from its descriptor (sectionCost). threads: T of a coarsened scan. A
// composition (costSectionCap, PMPP 8.6) is its block scan's sections of min(n, cap) elements
// composed as runFormula does.
std::optional<SeedFormulas> seedFormulas(AlgorithmId id, long long n, int threads);

// The formula of a whole run: the algorithm's own per-section formula at the section length S,
// composed over the B sections, the recursive scan of their sums and the add-back (N - S) when
// there is more than one section, plus the conversion of an exclusive-by-nature scan to the
// inclusive one asked for (one application per element, in a step of its own).
struct RunFormula {
  std::string work;  // the formula as text ("2N - 2 - log2 N", or the composition of sections)
  std::string at;    // where it is evaluated: "N = 8", "S = 2048"
  double workValue = 0;
  std::string depth;
  double depthValue = 0;
  double conversionWork = 0;   // part of workValue: exclusive -> inclusive
  double conversionDepth = 0;  // part of depthValue
  std::string conversion;      // "+ N (exclusive -> inclusive)" or empty
  std::string source;
  bool composed = false;  // more than one section: `work` composes the sections' formula
};
std::optional<RunFormula> runFormula(AlgorithmId id, long long n, int sectionSize, int threads,
                                     bool inclusive);
std::optional<RunFormula> runFormula(const Trace& t);

// "2(N - 1) = 2046  (N = 1024)  + 1024 exclusive -> inclusive = 3070": what the analysis and the
// counters panel both print, so that they cannot disagree.
std::string describeWork(const RunFormula& f);
std::string describeDepth(const RunFormula& f);

// What a trace counts, split the way the formulas are.
struct RunCounts {
  int64_t work = 0;            // every operator application of the run
  int64_t paddingWork = 0;     // applications that combine identity padding with padding
  int64_t conversionWork = 0;  // exclusive -> inclusive applications
  int64_t depth = 0;           // critical path of dependent applications
  int64_t barrierSteps = 0;    // steps that apply the operator
  int64_t conversionDepth = 0;
  std::vector<int64_t> paddingThrough;  // per step: the padding applications up to and with it
  // The work on the input's elements alone: every application but padding (+) padding.
  int64_t realWork() const { return work - paddingWork; }
  int64_t paddingUpTo(int step) const {
    return step < 0 || paddingThrough.empty()
               ? 0
               : paddingThrough[std::min(paddingThrough.size() - 1, static_cast<size_t>(step))];
  }
};
RunCounts countRun(const Trace& t);

// The longest run of dependent applications within one step (see the header comment); a step on
// the global array applies once per element in parallel: 1.
int64_t stepDepth(const TraceStep& s);

// Brent's theorem: a computation of work W and depth D runs on P units in at most W/P + D steps.
double brentBound(double work, double depth, int processors);
// The sequential scan's N steps over Brent's bound, and over the depth alone (unlimited units).
double brentSpeedup(long long n, double work, double depth, int processors);
double unlimitedSpeedup(long long n, double depth);

// Time units on P units when every occupied lane costs one unit (the seeds' model), never below
// the depth (more units than lanes cannot shorten the critical path), and the speedup over the
// sequential scan's N units.
double seedTimeUnits(const SeedFormulas& f, int processors);
double seedSpeedup(const SeedFormulas& f, long long n, int processors);

}  // namespace scanviz
