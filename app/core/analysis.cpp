#include "app/core/analysis.h"

#include <cmath>

namespace scanviz {

std::optional<SeedFormulas> seedFormulas(AlgorithmId id, long long n, int threads) {
  const double N = static_cast<double>(n);
  const double lg = std::log2(N);
  SeedFormulas f;
  switch (id) {
    case AlgorithmId::Sequential:
      f = {"N - 1", N - 1, "N - 1", N - 1, "N - 1", N - 1, "PMPP 8.1"};
      break;
    case AlgorithmId::KoggeStone:
    case AlgorithmId::KoggeStoneExclusive:
    case AlgorithmId::HillisSteele:
      f = {"N log2 N - (N - 1)", N * lg - (N - 1), "log2 N", lg, "N log2 N", N * lg, "PMPP 8.3"};
      break;
    case AlgorithmId::BrentKung:
    case AlgorithmId::Hierarchical:
      f = {"2N - 2 - log2 N",     2 * N - 2 - lg,       "2 log2 N - 1", 2 * lg - 1,
           "(N/2)(2 log2 N - 1)", N / 2 * (2 * lg - 1), "PMPP 8.4"};
      break;
    case AlgorithmId::Blelloch:
    case AlgorithmId::BlellochConflictFree:
      f = {"2(N - 1)",        2 * (N - 1),    "2 log2 N",         2 * lg,
           "(N/2)(2 log2 N)", N / 2 * 2 * lg, "slides (Blelloch)"};
      break;
    case AlgorithmId::ThreePhase: {
      const double T = threads;
      const double lt = std::log2(T);
      f = {"(N - T) + (T log2 T - (T - 1)) + (T - 1)(N/T - 1)",
           (N - T) + (T * lt - (T - 1)) + (T - 1) * (N / T - 1),
           "N/T - 1 + log2 T + N/T - 1",
           N / T - 1 + lt + N / T - 1,
           "N - 1 + T log2 T + N - T",
           N - 1 + T * lt + N - T,
           "PMPP 8.5"};
      break;
    }
    default:
      return std::nullopt;
  }
  return f;
}

double brentBound(double work, double depth, int processors) {
  return work / static_cast<double>(processors) + depth;
}

double seedTimeUnits(const SeedFormulas& f, int processors) {
  return f.resourcesValue / static_cast<double>(processors);
}

double seedSpeedup(const SeedFormulas& f, long long n, int processors) {
  return static_cast<double>(n) / seedTimeUnits(f, processors);
}

}  // namespace scanviz
