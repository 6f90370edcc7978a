#include "app/core/bench/bench_runner.h"

#include <exception>

#include "app/core/algorithms/scan_options.h"
#include "app/core/bench/bench_format.h"
#include "app/core/support/threads_available.h"

namespace scanviz {

BenchRunner::~BenchRunner() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

bool BenchRunner::start(const BenchConfig& config) {
  if (active_) return false;
  if (thread_.joinable()) thread_.join();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_ = Shared{};
  }
  cancel_ = false;
  active_ = true;
  runId_ = 0;
  // Without threads (the web page) the run blocks the page until it is done.
  if constexpr (kThreadsAvailable)
    thread_ = std::thread(&BenchRunner::work, this, config);
  else
    work(config);
  return true;
}

void BenchRunner::cancel() {
  cancel_ = true;
}

void BenchRunner::stop() {
  if (thread_.joinable()) thread_.join();
}

bool BenchRunner::measuring() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return active_ && !shared_.finished;
}

void BenchRunner::work(BenchConfig config) {
  BenchObserver observer;
  observer.started = [this](const BenchTask& task, int index, int total) {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_.done = index;
    shared_.total = total;
    shared_.current = task.subject.key() + " " + std::string(dtypeName(task.dtype)) + " " +
                      formatBenchSize(task.n);
  };
  observer.finished = [this](const BenchPoint& point, int index, int total) {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_.points.push_back(point);
    shared_.done = index + 1;
    shared_.total = total;
  };
  try {
    // The header first, so that the panel can name the device before the first point.
    BenchReport header = prepareBenchReport(config);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      shared_.header = std::move(header);
    }
    BenchReport report = runBenchmark(config, observer, &cancel_);
    std::lock_guard<std::mutex> lock(mutex_);
    shared_.report = std::move(report);
    shared_.finished = true;
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_.error = e.what();
    shared_.finished = true;
  }
}

bool BenchRunner::poll(TimingHistory& history) {
  if (!active_) return false;
  std::unique_lock<std::mutex> lock(mutex_);
  bool changed = false;
  if (runId_ == 0 && (shared_.header || shared_.finished)) {
    runId_ = history.begin(shared_.header ? *shared_.header : BenchReport{}).id;
    changed = true;
  }
  TimingRun* run = runId_ ? history.find(runId_) : nullptr;
  if (run) {
    changed |=
        !shared_.points.empty() || run->done != shared_.done || run->current != shared_.current;
    for (BenchPoint& p : shared_.points) run->report.points.push_back(std::move(p));
    shared_.points.clear();
    run->done = shared_.done;
    run->total = shared_.total;
    run->current = shared_.current;
  }
  if (!shared_.finished) return changed;
  lock.unlock();
  finishRun(history);
  return true;
}

void BenchRunner::finishRun(TimingHistory& history) {
  // The thread has said it is finished; joining only waits for it to return.
  if (thread_.joinable()) thread_.join();
  active_ = false;
  TimingRun* run = history.find(runId_);
  if (!run) return;
  run->current.clear();
  if (!shared_.error.empty()) {
    run->status = TimingRunStatus::Failed;
    run->error = shared_.error;
    return;
  }
  // The final report holds every point, the notes and whether it was cancelled.
  run->report = std::move(*shared_.report);
  run->status = run->report.cancelled ? TimingRunStatus::Cancelled : TimingRunStatus::Finished;
  if (run->status == TimingRunStatus::Finished) run->done = run->total;
}

}  // namespace scanviz
