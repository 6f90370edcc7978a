// Inside the benchmark engine: what one timing backend (the CUDA device in bench_cuda.cu, the CPU
// in bench_cpu.cpp) does for one (dtype, N), behind one interface so that runBenchmark() plans,
// orders, reports and cancels in one place for both.
#pragma once

#include <atomic>
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
  int samples = 9;
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

// Owns the inputs of one (dtype, N) and times subjects on them. Throws BackendError for a failure
// of the device and BenchSkip when the size cannot be set up.
class SizeBench {
 public:
  virtual ~SizeBench() = default;
  virtual Measurement timeReference(BenchSubjectKind kind, const TimingPlan& plan) = 0;
  virtual Measurement timeAlgorithm(const RunRequest& rq, const TimingPlan& plan) = 0;
  // Host wall time of a recorded run and of the same run unrecorded (median of `repeats`).
  virtual CaptureTiming timeCapture(const RunRequest& rq, int repeats) = 0;
};

// bench_cuda.cu (or bench_cuda_absent.cpp, which throws BackendError).
std::unique_ptr<SizeBench> makeCudaSizeBench(DType dtype, long long n, unsigned seed);
// One line about the device's memory and L2 for the report ("" without CUDA).
std::string cudaBenchDeviceNote();

// bench_cpu.cpp.
std::unique_ptr<SizeBench> makeCpuSizeBench(DType dtype, long long n, unsigned seed);

// Calls per sample so that one sample lasts about targetMs, given one call's estimated time.
int callsPerSample(double estimateMs, double targetMs, int maxCalls);

}  // namespace scanviz
