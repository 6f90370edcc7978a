// Inside the benchmark engine: what one timing backend (the CUDA device in bench_cuda.cu, the CPU
// in bench_cpu.cpp) does for one (dtype, N), behind one interface so that runBenchmark() plans,
// orders, reports and cancels in one place for both.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/core/backends/backend.h"
#include "app/core/bench/bench_engine.h"

namespace scanviz {

// A size that cannot be timed here (does not fit in device memory...): skipped with a note.
struct BenchSkip : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct TimingPlan {
  int warmups = 2;
  int samples = 9;      // at least
  int maxSamples = 27;  // at most, while samplesSettled() says the spread is still wide
  double noiseTarget = 0.01;
  double targetSampleMs = 2.0;
  const std::atomic<bool>* cancel = nullptr;
  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

struct Measurement {
  std::vector<double> perCallMs;  // one entry per timed sample
  int callsPerSample = 1;
  int launches = 0;
  BenchCheck check = BenchCheck::NotChecked;
  std::string checkDetail;
  bool cancelled = false;
};

struct CaptureTiming {
  double recordedMs = BenchPoint::kNone;
  double plainMs = BenchPoint::kNone;
  std::string note;
};

inline double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Host wall time of run(request) for a recorded copy of rq and for rq itself, alternating,
// `repeats` times each: the medians. A failure becomes the note the report shows instead.
template <class Run>
CaptureTiming timeRecordedAndPlain(const RunRequest& rq, int repeats, Run run) {
  CaptureTiming t;
  try {
    RunRequest recorded = rq;
    recorded.record = true;
    std::vector<double> recordedMs, plainMs;
    for (int r = 0; r < repeats; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      run(recorded);
      recordedMs.push_back(msSince(t0));
      t0 = std::chrono::steady_clock::now();
      run(rq);
      plainMs.push_back(msSince(t0));
    }
    t.recordedMs = medianOf(recordedMs);
    t.plainMs = medianOf(plainMs);
  } catch (const std::exception& e) {
    t.note = e.what();
  }
  return t;
}

// Owns the inputs of one (dtype, N) and times subjects on them. Throws BackendError for a failure
// of the device and BenchSkip when the size cannot be set up.
class SizeBench {
 public:
  virtual ~SizeBench() = default;
  virtual Measurement timeReference(BenchSubjectKind kind, const TimingPlan& plan) = 0;
  virtual Measurement timeAlgorithm(const RunRequest& rq, const TimingPlan& plan) = 0;
  // One of our kernels that is no scan (BenchSubject::isReference() false, kind not Algorithm),
  // its output checked against its CUB equivalent's.
  virtual Measurement timeKernel(BenchSubjectKind kind, const TimingPlan& plan) = 0;
  // Host wall time of a recorded run and of the same run unrecorded (median of `repeats`).
  virtual CaptureTiming timeCapture(const RunRequest& rq, int repeats) = 0;
};

// Samples until the plan is satisfied: plan.samples, then more while they are noisy.
inline bool wantsMoreSamples(const TimingPlan& plan, const std::vector<double>& perCallMs) {
  const int taken = static_cast<int>(perCallMs.size());
  if (taken < plan.samples) return true;
  return taken < plan.maxSamples && !samplesSettled(perCallMs, plan.noiseTarget);
}

// What the inputs of one (dtype, N) are made from. `op` and `exclusive`: the scan the references
// run and every output is checked against; segmentLength: BenchConfig::segmentLength.
struct SizeBenchInputs {
  unsigned seed = 1;
  Operator op = Operator::Add;
  bool exclusive = false;
  int segmentLength = 1024;
};

// bench_cuda.cu (or bench_cuda_absent.cpp, which throws BackendError).
std::unique_ptr<SizeBench> makeCudaSizeBench(DType dtype, long long n, const SizeBenchInputs& in);
// One line about the device's memory and L2 for the report ("" without CUDA).
std::string cudaBenchDeviceNote();
// The GPU's L2 cache in bytes (0 without a GPU): how many buffers a size rotates over.
long long cudaL2Bytes();
// The device's clocks, the SM clock measured now (a few milliseconds); {} without CUDA.
BenchClocks cudaBenchClocks();
// The production look-back's shape at this block size; empty without CUDA.
std::optional<LookbackTuning> cudaLookbackTuning(int blockSize);

// bench_cpu.cpp.
std::unique_ptr<SizeBench> makeCpuSizeBench(DType dtype, long long n, const SizeBenchInputs& in);

// Calls per sample so that one sample lasts about targetMs, given one call's estimated time.
int callsPerSample(double estimateMs, double targetMs, int maxCalls);

}  // namespace scanviz
