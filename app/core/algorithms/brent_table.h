// Brent's theorem next to the stopwatch: for each algorithm with a seed formula, the work W and
// depth D at N, the bound W/P + D on P execution units, the seeds' model in which every occupied
// lane costs a unit (never below D), the speedups over the N steps of the sequential scan, and
// the speedup a benchmark run measured at the same N (the sequential baseline's time over the
// algorithm's). No UI here.
#pragma once

#include <string>
#include <vector>

#include "app/core/layouts/timing_history.h"
#include "app/core/lesson/analysis.h"

namespace scanviz {

struct BrentRow {
  AlgorithmId id = AlgorithmId::Sequential;
  std::string key;
  SeedFormulas formulas;
  double brentUnits = 0;        // W/P + D
  double seedUnits = 0;         // max(occupied lanes / P, D)
  double predictedSpeedup = 0;  // N / (W/P + D), the seeds' N steps of the sequential scan
  double seedSpeedup = 0;       // N / seed units
  double measuredMs = 0;        // NaN when the run has no point for it
  double measuredSpeedup = 0;   // baseline time / this time; NaN without both
  // The sequential baseline itself: the yardstick every speedup divides, so its predicted
  // speedups are 1 by definition (Brent's bound on P units would have it "predict" less than 1
  // against itself: one thread cannot use the other P - 1).
  bool baseline = false;
};

struct BrentTable {
  long long n = 0;
  int processors = 1;
  int threads = 0;        // T of a coarsened scan
  std::string baseline;   // what the measured speedups divide: "cpu-sequential", "sequential"
  double baselineMs = 0;  // NaN when the run has no baseline at N
  std::vector<BrentRow> rows;
};

// run may be null (no benchmark yet): the measured columns are then NaN.
BrentTable brentTable(long long n, int processors, int threads, const TimingRun* run, DType dtype);

// Time units for P = 1, 2, 4, ... up to maxProcessors: the plot of one algorithm's bound.
struct BrentCurve {
  std::vector<double> processors;
  std::vector<double> brentUnits;
  std::vector<double> seedUnits;
};
BrentCurve brentCurve(AlgorithmId id, long long n, int threads, int maxProcessors);

}  // namespace scanviz
