#include "app/ui/views/timing_state.h"

#include "app/core/bench/bench_format.h"
#include "app/core/capture/capture.h"

namespace scanviz {

BenchConfig benchConfigFromForm(const BenchForm& form) {
  BenchConfig c;
  c.backend = form.backend;
  c.sizes = parseBenchSizes(form.sizes);
  c.algorithms = form.algorithms;
  // Both lists empty is the default plan: every algorithm and our other kernels.
  if (form.kernels && !form.algorithms.empty()) c.kernels = benchKernelKinds();
  if (!form.kernels && form.algorithms.empty()) {
    c.algorithms = defaultBenchAlgorithms();
    c.blockLevelMaxN = kDefaultBlockLevelMaxN;
  }
  if (form.dtypes == 0) c.dtypes = {DType::Int32};
  if (form.dtypes == 1) c.dtypes = {DType::Float32};
  if (form.dtypes == 2) c.dtypes = {DType::Int32, DType::Float32};
  c.repeats = form.repeats;
  // Captures are timed by `scanviz bench`; the panel keeps its runs short.
  c.captureMaxN = 0;
  return c;
}

bool startTimingRun(TimingState& s) {
  s.form.error.clear();
  BenchConfig config;
  try {
    config = benchConfigFromForm(s.form);
  } catch (const InputError& e) {
    s.form.error = e.what();
    return false;
  }
  if (!s.runner.start(config)) {
    s.form.error = "a run is still measuring: cancel it first";
    return false;
  }
  // The new run is shown as soon as it exists.
  s.shownRun = 0;
  s.barN = 0;
  return true;
}

const TimingRun* shownTimingRun(const TimingState& s) {
  if (s.shownRun) {
    if (const TimingRun* r = s.history.find(s.shownRun)) return r;
  }
  return s.history.latest();
}

}  // namespace scanviz
