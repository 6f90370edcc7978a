#include "app/core/capture_worker.h"

#include "app/core/capture_memory.h"

#include <new>

namespace scanviz {

CaptureWorker::CaptureWorker() : thread_([this] { loop(); }) {}

CaptureWorker::~CaptureWorker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    waiting_.reset();
  }
  wake_.notify_all();
  thread_.join();
}

uint64_t CaptureWorker::submit(const CaptureConfig& c) {
  std::lock_guard lock(mutex_);
  const uint64_t id = ++lastSubmitted_;
  if (!running_ && !waiting_) busySince_ = std::chrono::steady_clock::now();
  waiting_ = std::make_pair(id, c);
  wake_.notify_one();
  return id;
}

std::optional<CaptureResult> CaptureWorker::take() {
  std::lock_guard lock(mutex_);
  std::optional<CaptureResult> r;
  r.swap(finished_);
  return r;
}

bool CaptureWorker::busy() const {
  std::lock_guard lock(mutex_);
  return running_.has_value() || waiting_.has_value();
}

double CaptureWorker::busySeconds() const {
  std::lock_guard lock(mutex_);
  if (!running_ && !waiting_) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - busySince_).count();
}

std::string CaptureWorker::busyDescription() const {
  std::lock_guard lock(mutex_);
  const CaptureConfig* c = waiting_ ? &waiting_->second : running_ ? &*running_ : nullptr;
  if (!c) return {};
  const std::string algo(algorithmInfo(c->algorithm).key);
  const bool pattern = c->source == InputSource::Random || c->source == InputSource::Ones ||
                       c->source == InputSource::Ascending;
  return "capturing " + algo + (pattern ? ", N = " + std::to_string(c->n) : std::string());
}

void CaptureWorker::waitIdle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !running_ && !waiting_; });
}

CaptureResult CaptureWorker::run(uint64_t id, const CaptureConfig& c) {
  CaptureResult r;
  r.id = id;
  r.config = c;
  try {
    r.outcome = capture(toCaptureRequest(c));
  } catch (const std::bad_alloc&) {
    r.error = outOfMemoryMessage();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

void CaptureWorker::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stop_ || waiting_.has_value(); });
    if (stop_) return;
    auto [id, config] = std::move(*waiting_);
    waiting_.reset();
    running_ = config;
    lock.unlock();
    CaptureResult r = run(id, config);
    lock.lock();
    running_.reset();
    if (id == lastSubmitted_) finished_ = std::move(r);
    if (!waiting_) idle_.notify_all();
  }
}

}  // namespace scanviz
