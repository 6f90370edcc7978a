#include "app/core/capture/capture_worker.h"

#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/support/threads_available.h"

#include <new>

namespace scanviz {

CaptureWorker::CaptureWorker() {
  if constexpr (kThreadsAvailable) thread_ = std::thread([this] { loop(); });
}

CaptureWorker::~CaptureWorker() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    waiting_.reset();
  }
  wake_.notify_all();
  thread_.join();
}

uint64_t CaptureWorker::submit(const ScanOptions& c) {
  std::lock_guard lock(mutex_);
  const uint64_t id = ++lastSubmitted_;
  const auto now = std::chrono::steady_clock::now();
  if (!running_ && !waiting_) busySince_ = now;
  waiting_ = Request{id, c, now};
  wake_.notify_one();
  return id;
}

std::optional<CaptureResult> CaptureWorker::take() {
  // Without threads (the web page) the waiting request runs here, on the main loop, a frame
  // after the one that submitted it.
  if (!thread_.joinable()) {
    std::optional<Request> request;
    {
      std::lock_guard lock(mutex_);
      request.swap(waiting_);
    }
    if (request) {
      CaptureResult r = run(request->id, request->config, request->submitted);
      std::lock_guard lock(mutex_);
      if (request->id == lastSubmitted_) finished_ = std::move(r);
    }
  }
  std::lock_guard lock(mutex_);
  std::optional<CaptureResult> r;
  r.swap(finished_);
  return r;
}

bool CaptureWorker::busy() const {
  std::lock_guard lock(mutex_);
  // A finished result not yet taken is still on its way: until the window takes it, the trace
  // on screen is the one before, and nothing may act on it as if the request were done (a
  // deck's view counted as arrived, a scripted key pressed on the old trace).
  return running_.has_value() || waiting_.has_value() || finished_.has_value();
}

double CaptureWorker::busySeconds() const {
  std::lock_guard lock(mutex_);
  if (!running_ && !waiting_) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - busySince_).count();
}

std::string CaptureWorker::busyDescription() const {
  std::lock_guard lock(mutex_);
  const ScanOptions* c = waiting_ ? &waiting_->config : running_ ? &*running_ : nullptr;
  if (!c) return {};
  const std::string algo(algorithmInfo(c->algorithm).key);
  const bool pattern = c->source == InputSource::Random || c->source == InputSource::Ones ||
                       c->source == InputSource::Ascending;
  return "capturing " + algo + (pattern ? ", N = " + std::to_string(c->n) : std::string());
}

void CaptureWorker::waitIdle() {
  if (!thread_.joinable()) {  // no threads: run what waits, keep its result for take()
    std::optional<CaptureResult> r = take();
    std::lock_guard lock(mutex_);
    if (r) finished_ = std::move(r);
    return;
  }
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !running_ && !waiting_; });
}

CaptureResult CaptureWorker::run(uint64_t id, const ScanOptions& c,
                                 std::chrono::steady_clock::time_point submitted) {
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  CaptureResult r;
  r.id = id;
  r.config = c;
  r.timing.submitted = submitted;
  const auto start = Clock::now();
  r.timing.waitedMs = ms(submitted, start);
  try {
    const CaptureRequest request = toCaptureRequest(c);
    const auto prepared = Clock::now();
    r.timing.prepareMs = ms(start, prepared);
    r.outcome = capture(request);
    r.timing.captureMs = ms(prepared, Clock::now());
    r.timing.runMs = r.outcome->runMs;
  } catch (const std::bad_alloc&) {
    r.error = outOfMemoryMessage();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

void CaptureWorker::loop() {
  // Device memory stays in this worker's pool between captures (a re-capture of the same size
  // allocates nothing); the CUDA context, created by the first capture, lives as long as the
  // process.
  const RetainedDeviceMemory retained;
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stop_ || waiting_.has_value(); });
    if (stop_) return;
    Request request = std::move(*waiting_);
    waiting_.reset();
    running_ = request.config;
    lock.unlock();
    CaptureResult r = run(request.id, request.config, request.submitted);
    lock.lock();
    running_.reset();
    if (request.id == lastSubmitted_) finished_ = std::move(r);
    if (!waiting_) idle_.notify_all();
  }
}

}  // namespace scanviz
