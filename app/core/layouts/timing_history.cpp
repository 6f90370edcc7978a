#include "app/core/layouts/timing_history.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "app/core/bench/bench_format.h"
#include "app/core/support/enum_keys.h"

namespace scanviz {
namespace {

// Three significant digits without an exponent: "2910", "28.6", "0.0524".
std::string threeDigits(double v) {
  char buf[32];
  if (std::fabs(v) >= 100)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

bool sameDType(const BenchPoint& p, DType d) {
  return p.dtype == d;
}

// The subject's value at N, NaN when it has none.
double valueAt(const TimingRun& run, const BenchSubject& s, DType dtype, long long n,
               TimingMetric metric) {
  for (const BenchPoint& p : run.report.points)
    if (p.subject == s && sameDType(p, dtype) && p.n == n) return timingValue(p, metric);
  return BenchPoint::kNone;
}

}  // namespace

double TimingRun::progress() const {
  if (status != TimingRunStatus::Running) return 1;
  return total > 0 ? std::clamp(static_cast<double>(done) / total, 0.0, 1.0) : 0;
}

std::string TimingRun::title() const {
  std::string t = "Run " + std::to_string(id) + " \xC2\xB7 " +
                  (report.deviceName.empty() ? std::string("no device") : report.deviceName);
  const std::vector<long long>& sizes = report.config.sizes;
  if (!sizes.empty()) {
    t += " \xC2\xB7 " + formatBenchSize(sizes.front());
    if (sizes.size() > 1) t += ".." + formatBenchSize(sizes.back());
  }
  t += " \xC2\xB7 " + std::to_string(report.points.size()) + " points";
  switch (status) {
    case TimingRunStatus::Running:
      t += " (running)";
      break;
    case TimingRunStatus::Cancelled:
      t += " (cancelled)";
      break;
    case TimingRunStatus::Failed:
      t += " (failed)";
      break;
    case TimingRunStatus::Finished:
      break;
  }
  return t;
}

TimingRun& TimingHistory::begin(BenchReport header) {
  // Drop the oldest finished runs; a running one is never dropped.
  while (runs_.size() >= kMaxRuns) {
    const auto old = std::find_if(runs_.begin(), runs_.end(), [](const TimingRun& r) {
      return r.status != TimingRunStatus::Running;
    });
    if (old == runs_.end()) break;
    runs_.erase(old);
  }
  TimingRun run;
  run.id = nextId_++;
  run.report = std::move(header);
  run.report.points.clear();
  runs_.push_back(std::move(run));
  return runs_.back();
}

TimingRun* TimingHistory::find(int id) {
  for (TimingRun& r : runs_)
    if (r.id == id) return &r;
  return nullptr;
}

const TimingRun* TimingHistory::find(int id) const {
  for (const TimingRun& r : runs_)
    if (r.id == id) return &r;
  return nullptr;
}

std::vector<int> TimingHistory::othersNewestFirst(int id) const {
  std::vector<int> ids;
  for (auto r = runs_.rbegin(); r != runs_.rend(); ++r)
    if (r->id != id) ids.push_back(r->id);
  return ids;
}

double timingValue(const BenchPoint& p, TimingMetric metric) {
  if (!p.measured()) return BenchPoint::kNone;
  switch (metric) {
    case TimingMetric::Milliseconds:
      return p.medianMs;
    case TimingMetric::GigabytesPerSecond:
      return p.gigabytesPerSecond;
    case TimingMetric::FractionOfCopy:
      return p.ratioToCopy;
  }
  return BenchPoint::kNone;
}

double timingValueAt(const BenchPoint& p, TimingMetric metric, double ms) {
  const double median = timingValue(p, metric);
  if (std::isnan(median) || !(ms > 0)) return BenchPoint::kNone;
  // Throughput and the fraction of the copy rate are inversely proportional to the time.
  return metric == TimingMetric::Milliseconds ? ms : median * p.medianMs / ms;
}

std::string timingMetricLabel(TimingMetric metric) {
  static constexpr EnumKey<TimingMetric> kLabels[] = {
      {TimingMetric::Milliseconds, "time per call (ms)"},
      {TimingMetric::GigabytesPerSecond, "GB/s (reads + writes)"},
      {TimingMetric::FractionOfCopy, "fraction of the copy rate"}};
  return std::string(keyOf(kLabels, metric));
}

int timingSubjectOrder(const BenchSubject& s) {
  return s.order();
}

std::vector<TimingSeries> timingSeries(const TimingRun& run, DType dtype, TimingMetric metric) {
  std::map<int, TimingSeries> bySubject;
  for (const BenchPoint& p : run.report.points) {
    const double v = timingValue(p, metric);
    if (!sameDType(p, dtype) || std::isnan(v)) continue;
    TimingSeries& s = bySubject[timingSubjectOrder(p.subject)];
    s.subject = p.subject;
    s.label = p.subject.key();
    s.n.push_back(static_cast<double>(p.n));
    s.value.push_back(v);
    const auto ordered = [&](double msA, double msB, std::vector<double>& lo,
                             std::vector<double>& hi) {
      const double a = timingValueAt(p, metric, msA), b = timingValueAt(p, metric, msB);
      const bool known = !std::isnan(a) && !std::isnan(b);
      lo.push_back(known ? std::min(a, b) : BenchPoint::kNone);
      hi.push_back(known ? std::max(a, b) : BenchPoint::kNone);
    };
    ordered(p.minMs, p.maxMs, s.low, s.high);
    ordered(p.q1Ms, p.q3Ms, s.quartileLow, s.quartileHigh);
  }
  std::vector<TimingSeries> out;
  for (auto& entry : bySubject) {
    // Not a structured binding: clang 14 (the web build's em++) cannot capture one in a lambda.
    TimingSeries& s = entry.second;
    // Points arrive size by size, but a run may have been merged or reordered: sort by N.
    std::vector<size_t> idx(s.n.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::sort(idx.begin(), idx.end(), [&s](size_t a, size_t b) { return s.n[a] < s.n[b]; });
    TimingSeries sorted{s.subject, s.label, {}, {}, {}, {}, {}, {}};
    for (size_t i : idx) {
      sorted.n.push_back(s.n[i]);
      sorted.value.push_back(s.value[i]);
      sorted.low.push_back(s.low[i]);
      sorted.high.push_back(s.high[i]);
      sorted.quartileLow.push_back(s.quartileLow[i]);
      sorted.quartileHigh.push_back(s.quartileHigh[i]);
    }
    out.push_back(std::move(sorted));
  }
  return out;
}

namespace {

// The first of our kernels in `subjects` compared with the CUB counterpart `cub`; -1: none.
int oursComparedWith(const std::vector<BenchSubject>& subjects, BenchSubjectKind cub) {
  for (size_t i = 0; i < subjects.size(); ++i)
    if (!subjects[i].isReference() && subjects[i].cubEquivalent() == cub)
      return static_cast<int>(i);
  return -1;
}

// The subject drawn in the same hue as subjects[i]; -1: none.
int partnerOf(const std::vector<BenchSubject>& subjects, size_t i) {
  const BenchSubject& s = subjects[i];
  if (s.isCubCounterpart()) return oursComparedWith(subjects, s.kind);
  if (s.isReference()) return -1;
  for (size_t j = 0; j < subjects.size(); ++j)
    if (subjects[j].kind == s.cubEquivalent() && subjects[j].isCubCounterpart() &&
        oursComparedWith(subjects, subjects[j].kind) == static_cast<int>(i))
      return static_cast<int>(j);
  return -1;
}

}  // namespace

std::vector<SubjectLook> pairedSubjectLooks(const std::vector<BenchSubject>& subjects) {
  std::vector<SubjectLook> looks(subjects.size());
  std::vector<bool> placed(subjects.size(), false);
  int next = 0;
  for (size_t i = 0; i < subjects.size(); ++i) {
    const int partner = partnerOf(subjects, i);
    looks[i].cubBesideOurs = partner >= 0 && subjects[i].isCubCounterpart();
    if (placed[i]) continue;
    looks[i].slot = next++;
    placed[i] = true;
    if (partner >= 0) {
      looks[static_cast<size_t>(partner)].slot = looks[i].slot;
      placed[static_cast<size_t>(partner)] = true;
    }
  }
  return looks;
}

std::vector<TimingReference> bandwidthReferences(const TimingRun& run, DType dtype) {
  std::vector<TimingReference> refs;
  for (BenchSubjectKind kind : benchTableKinds()) {
    if (!BenchSubject::reference(kind).isRateLine()) continue;
    const BenchPoint* best = nullptr;
    for (const BenchPoint& p : run.report.points)
      if (p.subject.kind == kind && sameDType(p, dtype) && p.measured() &&
          std::isfinite(p.gigabytesPerSecond) && (!best || p.n > best->n))
        best = &p;
    if (!best) continue;
    TimingReference r;
    r.subject = best->subject;
    r.gigabytesPerSecond = best->gigabytesPerSecond;
    r.n = best->n;
    r.label = best->subject.key() + ": " + threeDigits(r.gigabytesPerSecond) + " GB/s at " +
              formatBenchSize(r.n);
    r.shortLabel = best->subject.key() + " " + threeDigits(r.gigabytesPerSecond);
    refs.push_back(std::move(r));
  }
  return refs;
}

std::vector<long long> measuredSizes(const TimingRun& run, DType dtype) {
  std::vector<long long> sizes;
  for (const BenchPoint& p : run.report.points)
    if (sameDType(p, dtype) && p.measured()) sizes.push_back(p.n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::vector<DType> measuredDTypes(const TimingRun& run) {
  std::vector<DType> dtypes;
  for (DType d : {DType::Int32, DType::Float32})
    if (!measuredSizes(run, d).empty()) dtypes.push_back(d);
  return dtypes;
}

TimingBars timingBarsAt(const TimingRun& run, DType dtype, long long n, TimingMetric metric) {
  std::map<int, const BenchPoint*> bySubject;
  for (const BenchPoint& p : run.report.points)
    if (sameDType(p, dtype) && p.n == n && !std::isnan(timingValue(p, metric)))
      bySubject[timingSubjectOrder(p.subject)] = &p;
  TimingBars bars;
  for (const auto& [order, p] : bySubject) {
    bars.subjects.push_back(p->subject);
    bars.categories.push_back(p->subject.key());
    bars.values.push_back(timingValue(*p, metric));
  }
  return bars;
}

std::vector<double> alignedBarValues(const TimingBars& bars, const TimingRun& other, DType dtype,
                                     long long n, TimingMetric metric) {
  std::vector<double> values;
  for (const BenchSubject& s : bars.subjects) values.push_back(valueAt(other, s, dtype, n, metric));
  return values;
}

}  // namespace scanviz
