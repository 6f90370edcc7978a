// What the timing views keep for the window's lifetime: every benchmark run of the session, the
// runner measuring the current one in the background, the benchmark form, and what the plots
// show (which run, which run to compare with, the dtype, the N of the bar chart, the subjects
// hidden from the plots). ImGui-free; the panels read and change it.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/core/bench/bench_runner.h"
#include "app/core/bench/ladder.h"
#include "app/core/layouts/timing_history.h"
#include "app/export/timing_plot_kind.h"
#include "app/ui/views/timing_tab.h"

namespace scanviz {

struct BenchForm {
  std::string sizes = "2^10..2^16";
  std::vector<AlgorithmId> algorithms;  // empty: every algorithm
  bool kernels = true;                  // the compaction and the radix split pass (GPU only)
  int dtypes = 0;                       // 0 int32, 1 float32, 2 both
  BackendChoice backend = BackendChoice::Auto;
  int repeats = 0;  // 0: the device's default
  std::string error;
};

struct TimingState {
  TimingHistory history;
  BenchRunner runner;
  BenchForm form;
  TimingTab tab = TimingTab::Benchmark;
  bool selectTab = false;  // the next frame selects `tab` (a command asked for it)
  int shownRun = 0;        // 0: the newest run
  int compareRun = 0;      // 0: none
  DType dtype = DType::Int32;
  long long barN = 0;            // 0: the largest size measured
  int barMetric = 1;             // TimingMetric of the bar chart (GB/s)
  std::set<std::string> hidden;  // subject keys left out of the plots
  long long brentN = 0;          // N of Brent's table; 0: the first size measured
  // The line plot the pointer was over last: the one the Export dialog offers first.
  TimingPlotKind lookedAt = TimingPlotKind::ThroughputVsN;
  // Presentation mode folds the form into one row, so that the plots get the screen's width;
  // this opens it there.
  bool formShown = false;
  // The latency ladder measured in this session (Measure, on a GPU); none: the recorded one.
  std::optional<LadderReport> ladder;
  std::string ladderError;
};

// The form as a benchmark configuration; throws InputError naming a bad size list.
BenchConfig benchConfigFromForm(const BenchForm& form);

// Starts a run from the form (or says why not in form.error); true when one started.
bool startTimingRun(TimingState& s);

// The run the plots show: shownRun, or the newest; nullptr before the first run.
const TimingRun* shownTimingRun(const TimingState& s);

}  // namespace scanviz
