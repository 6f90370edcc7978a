// Runs captures on a background thread so that a large N never freezes the window. The newest
// request wins: one that arrives while another runs waits in a one-slot queue (replacing an older
// waiting one), and results of requests that were overtaken are dropped.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/core/capture/capture_config.h"
#include "app/core/support/non_copyable.h"

namespace scanviz {

// Where a capture's time went, measured by the worker (the window adds its redraw to it).
struct CaptureWorkTimes {
  std::chrono::steady_clock::time_point submitted;  // when the request was made
  double waitedMs = 0;   // submitted until it started: behind an earlier capture, or debounced
  double prepareMs = 0;  // the input generated or read (toCaptureRequest)
  double captureMs = 0;  // capture(): the run on its backend and the trace built from it
  double runMs = 0;      // of captureMs, the run (CaptureOutcome::runMs)
};

struct CaptureResult {
  uint64_t id = 0;
  ScanOptions config;
  std::optional<CaptureOutcome> outcome;  // empty on error
  std::string error;                      // the message for the user
  CaptureWorkTimes timing;
};

class CaptureWorker : NonCopyable {
 public:
  CaptureWorker();
  ~CaptureWorker();  // waits for a running capture; captures cannot be interrupted

  uint64_t submit(const ScanOptions& c);
  // The newest finished result, once.
  std::optional<CaptureResult> take();
  // A request waits, runs, or its result waits to be taken.
  bool busy() const;
  // Seconds the current request has been waiting or running; 0 when idle.
  double busySeconds() const;
  // N of the request in progress, for the busy indicator.
  std::string busyDescription() const;
  void waitIdle();

 private:
  void loop();
  static CaptureResult run(uint64_t id, const ScanOptions& c,
                           std::chrono::steady_clock::time_point submitted);

  struct Request {
    uint64_t id = 0;
    ScanOptions config;
    std::chrono::steady_clock::time_point submitted;
  };

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::optional<Request> waiting_;
  std::optional<ScanOptions> running_;
  std::optional<CaptureResult> finished_;
  uint64_t lastSubmitted_ = 0;
  std::chrono::steady_clock::time_point busySince_;
  bool stop_ = false;
  std::thread thread_;  // last: starts after the members it uses
};

}  // namespace scanviz
