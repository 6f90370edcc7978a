// The timing panel's model, without ImGui: every benchmark run of this session (its report and
// where it stands), and what the plots draw from a run: one series per subject over N (time,
// GB/s, fraction of the copy rate), the horizontal reference lines (the copy rate, CUB or, on the
// CPU, memcpy and the sequential loop), and the bars of every subject at one N, lined up with
// another run's for comparison.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/core/bench/bench_engine.h"

namespace scanviz {

enum class TimingRunStatus { Running, Finished, Cancelled, Failed };

struct TimingRun {
  int id = 0;
  // The header (device, date, resolved configuration, notes) and the points measured so far.
  BenchReport report;
  TimingRunStatus status = TimingRunStatus::Running;
  std::string error;    // Failed: why
  int done = 0;         // tasks finished
  int total = 0;        // tasks planned
  std::string current;  // the task being measured: "kogge-stone int32 2^14"

  bool cpu() const { return report.device == BenchDevice::Cpu; }
  double progress() const;  // 0..1
  // "Run 2 · CPU emulator · 2^10..2^12 · 28 points" (plus "cancelled", "running" or "failed").
  std::string title() const;
};

class TimingHistory {
 public:
  // Older finished runs are dropped beyond this many.
  static constexpr size_t kMaxRuns = 16;

  // A new running run with the next id.
  TimingRun& begin(BenchReport header);
  TimingRun* find(int id);
  const TimingRun* find(int id) const;
  const std::vector<TimingRun>& runs() const { return runs_; }
  const TimingRun* latest() const { return runs_.empty() ? nullptr : &runs_.back(); }
  // The other runs, newest first: what a run can be compared with.
  std::vector<int> othersNewestFirst(int id) const;

 private:
  std::vector<TimingRun> runs_;
  int nextId_ = 1;
};

enum class TimingMetric {
  Milliseconds,        // median time per call
  GigabytesPerSecond,  // 2 * sizeof(T) * N bytes per call
  FractionOfCopy,      // copy time / this time
};

// The value a point has for the metric (NaN when it was not measured).
double timingValue(const BenchPoint& p, TimingMetric metric);
// The value the point would have for the metric had a call taken `ms` (one of its samples: min,
// quartiles, max); NaN when it was not measured.
double timingValueAt(const BenchPoint& p, TimingMetric metric, double ms);
// "time per call (ms)", "GB/s (reads + writes)", "fraction of the copy rate".
std::string timingMetricLabel(TimingMetric metric);

// Stable across runs, so that a subject keeps its colour: BenchSubject::order().
int timingSubjectOrder(const BenchSubject& s);

// How the plots draw a subject among the others they draw: its palette slot (colour and marker
// shape) and whether it is CUB's line beside one of ours.
struct SubjectLook {
  int slot = 0;
  bool cubBesideOurs = false;  // drawn dashed, with hollow markers
};
// One look per subject, in the same order. Each has a slot of its own, in order, except that a CUB
// counterpart (BenchSubject::isCubCounterpart: scan by key, select, partition) shares the slot of
// the first of our kernels compared with it, so that a pair reads as one hue: ours solid, CUB's
// dashed. CUB's plain scan stays a yardstick of its own, so scan-only plots keep their colours.
std::vector<SubjectLook> pairedSubjectLooks(const std::vector<BenchSubject>& subjects);

struct TimingSeries {
  BenchSubject subject;
  std::string label;
  std::vector<double> n;  // x, ascending
  std::vector<double> value;
  // The spread of each point's samples in the metric (NaN where a point has none): the values of
  // its fastest and slowest sample (low <= high whichever way the metric goes), and of its
  // quartiles.
  std::vector<double> low, high, quartileLow, quartileHigh;
};

// One series per subject measured at `dtype`, in timingSubjectOrder, points with a value only.
std::vector<TimingSeries> timingSeries(const TimingRun& run, DType dtype, TimingMetric metric);

struct TimingReference {
  BenchSubject subject;
  std::string label;       // "copy: 2963 GB/s at 2^30", for a picture's plot
  std::string shortLabel;  // "copy 2963", for the panel's small plot, whose title has the unit
  double gigabytesPerSecond = 0;
  long long n = 0;  // the size it was measured at
};

// Horizontal lines for the GB/s plot: the device copy (or CPU memcpy), CUB's subjects measured
// (its scan, scan by key, select, partition), and on the CPU the sequential loop; each at its rate
// at the largest N measured, where bandwidth rather than launch overhead decides.
std::vector<TimingReference> bandwidthReferences(const TimingRun& run, DType dtype);

// The sizes (ascending) and dtypes with at least one measured point.
std::vector<long long> measuredSizes(const TimingRun& run, DType dtype);
std::vector<DType> measuredDTypes(const TimingRun& run);

struct TimingBars {
  std::vector<BenchSubject> subjects;
  std::vector<std::string> categories;  // the subjects' keys
  std::vector<double> values;
};

// Every measured subject at N, in timingSubjectOrder.
TimingBars timingBarsAt(const TimingRun& run, DType dtype, long long n, TimingMetric metric);
// Another run's values for the same subjects (NaN where it has none).
std::vector<double> alignedBarValues(const TimingBars& bars, const TimingRun& other, DType dtype,
                                     long long n, TimingMetric metric);

}  // namespace scanviz
