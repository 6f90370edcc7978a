// Runs a benchmark on a background thread for the timing panel: the engine's observer copies each
// point under a mutex as it is measured, and the UI thread moves what arrived into the history
// once a frame, so the plots grow live while the window stays responsive. Cancel stops the run
// between samples; the points measured so far stay in the history.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/core/bench/bench_engine.h"
#include "app/core/layouts/timing_history.h"
#include "app/core/support/non_copyable.h"

namespace scanviz {

class BenchRunner : NonCopyable {
 public:
  BenchRunner() = default;
  ~BenchRunner();  // cancels a run in progress and waits for its thread

  // Starts a run; false while the previous one has not been polled to its end.
  bool start(const BenchConfig& config);
  void cancel();
  // Waits for the thread to return (after cancel(), between samples).
  void stop();
  // From start() until poll() has taken the run's end.
  bool active() const { return active_; }
  // The thread is still measuring.
  bool measuring() const;

  // Moves what the run reported since the last call into `history`: the run's entry appears on
  // the first call after its header is known. True when anything changed.
  bool poll(TimingHistory& history);
  // The history id of the current (or last) run; 0 before its entry exists.
  int runId() const { return runId_; }

 private:
  void work(BenchConfig config);
  void finishRun(TimingHistory& history);

  // Written by the thread, read by poll(), under mutex_.
  struct Shared {
    std::optional<BenchReport> header;
    std::vector<BenchPoint> points;
    int done = 0;
    int total = 0;
    std::string current;
    std::optional<BenchReport> report;  // the final report
    std::string error;
    bool finished = false;
  };

  mutable std::mutex mutex_;
  Shared shared_;
  std::atomic<bool> cancel_{false};
  bool active_ = false;
  int runId_ = 0;
  std::thread thread_;  // last: joined before the members it uses go away
};

}  // namespace scanviz
