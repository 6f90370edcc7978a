#include "app/core/algorithms/brent_table.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scanviz {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double pointMs(const TimingRun& run, const BenchSubject& s, DType dtype, long long n) {
  for (const BenchPoint& p : run.report.points)
    if (p.subject == s && p.dtype == dtype && p.n == n && p.measured()) return p.medianMs;
  return kNaN;
}

// The sequential baseline the measured speedups divide: the plain loop on the CPU, the
// registry's baseline kernel on the GPU (one thread walking the array, as the PRAM story's P = 1).
BenchSubject baselineSubject(const TimingRun& run) {
  return run.cpu() ? BenchSubject::reference(BenchSubjectKind::HostSequential)
                   : BenchSubject::of(algorithmsWithRole(kRoleBaseline).front());
}

}  // namespace

BrentTable brentTable(long long n, int processors, int threads, const TimingRun* run, DType dtype) {
  BrentTable table;
  table.n = n;
  table.processors = std::max(1, processors);
  table.threads = std::max(1, threads);
  table.baselineMs = kNaN;
  if (run) {
    const BenchSubject base = baselineSubject(*run);
    table.baseline = base.key();
    table.baselineMs = pointMs(*run, base, dtype, n);
  }
  for (const AlgorithmInfo& info : allAlgorithms()) {
    const auto f = seedFormulas(info.id, n, table.threads);
    if (!f) continue;
    BrentRow row;
    row.id = info.id;
    row.key = std::string(info.key);
    row.formulas = *f;
    row.brentUnits = brentBound(f->workValue, f->depthValue, table.processors);
    row.seedUnits = seedTimeUnits(*f, table.processors);
    row.baseline = info.has(kRoleBaseline);
    row.predictedSpeedup =
        row.baseline ? 1.0 : brentSpeedup(n, f->workValue, f->depthValue, table.processors);
    row.seedSpeedup = row.baseline ? 1.0 : seedSpeedup(*f, n, table.processors);
    row.measuredMs = run ? pointMs(*run, BenchSubject::of(info.id), dtype, n) : kNaN;
    row.measuredSpeedup = table.baselineMs / row.measuredMs;
    table.rows.push_back(std::move(row));
  }
  return table;
}

BrentCurve brentCurve(AlgorithmId id, long long n, int threads, int maxProcessors) {
  BrentCurve c;
  const auto f = seedFormulas(id, n, std::max(1, threads));
  if (!f) return c;
  for (long long p = 1; p <= std::max(1, maxProcessors); p *= 2) {
    c.processors.push_back(static_cast<double>(p));
    c.brentUnits.push_back(brentBound(f->workValue, f->depthValue, static_cast<int>(p)));
    c.seedUnits.push_back(seedTimeUnits(*f, static_cast<int>(p)));
  }
  return c;
}

}  // namespace scanviz
