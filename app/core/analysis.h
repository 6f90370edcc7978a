// Work and depth next to the seeds' formulas (PMPP 8.3-8.5), Brent's bound, and the predicted
// speedup over the sequential scan for P execution units.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithm_catalog.h"

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

// n: section length the formula is about; threads: T of the three-phase scan.
std::optional<SeedFormulas> seedFormulas(AlgorithmId id, long long n, int threads);

// Brent's theorem: a computation of work W and depth D runs on P units in at most W/P + D steps.
double brentBound(double work, double depth, int processors);

// Time units on P units when every occupied lane costs one unit (the seeds' model), and the
// speedup over the sequential scan's N units.
double seedTimeUnits(const SeedFormulas& f, int processors);
double seedSpeedup(const SeedFormulas& f, long long n, int processors);

}  // namespace scanviz
