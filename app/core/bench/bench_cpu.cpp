// The benchmark's CPU path: times the CPU emulator (the same algorithm code the GPU runs, one
// thread after another) against memcpy and a plain sequential loop on this machine's processor.
// These are CPU times and are labelled so everywhere; they exist so that a laptop without a GPU
// still shows how the algorithms' work compares.
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>

#include "app/core/backends/cpu_backend.h"
#include "app/core/bench/bench_check.h"
#include "app/core/bench/bench_measure.h"
#include "app/core/capture/input_spec.h"

namespace scanviz {
namespace {

constexpr int kMaxHostCallsPerSample = 100000;

// Warm-up, one call to estimate, then samples of enough calls to last plan.targetSampleMs.
template <class Call>
Measurement timeOnHost(Call&& call, const TimingPlan& plan) {
  Measurement m;
  for (int w = 0; w < plan.warmups; ++w) call();
  if (plan.cancelled()) {
    m.cancelled = true;
    return m;
  }
  auto t0 = std::chrono::steady_clock::now();
  call();
  m.callsPerSample = callsPerSample(msSince(t0), plan.targetSampleMs, kMaxHostCallsPerSample);
  for (int s = 0; s < plan.samples; ++s) {
    if (plan.cancelled()) {
      m.cancelled = true;
      return m;
    }
    t0 = std::chrono::steady_clock::now();
    for (int c = 0; c < m.callsPerSample; ++c) call();
    m.perCallMs.push_back(msSince(t0) / m.callsPerSample);
  }
  return m;
}

// `heads` (optional): the segmented scan, which starts again at every head.
template <class T>
void sequentialScan(const std::vector<T>& in, std::vector<T>& out, Operator op, bool exclusive,
                    const std::vector<uint8_t>* heads = nullptr) {
  T running = OpTraits<T>::identity(op);
  for (size_t i = 0; i < in.size(); ++i) {
    if (heads && (*heads)[i]) running = OpTraits<T>::identity(op);
    const T next = OpTraits<T>::apply(op, running, in[i]);
    out[i] = exclusive ? running : next;
    running = next;
  }
}

template <class T>
class CpuSizeBench final : public SizeBench {
 public:
  CpuSizeBench(long long n, const SizeBenchInputs& in) : op_(in.op), exclusive_(in.exclusive) {
    const DType dtype = std::is_same_v<T, float> ? DType::Float32 : DType::Int32;
    // The lesson generator's random values: small enough that int32 sums never overflow, so the
    // emulator's result can be compared exactly.
    const std::vector<double> wide = generateInput(InputPattern::Random, n, in.seed, dtype, in.op);
    input_.assign(wide.begin(), wide.end());
    output_.resize(input_.size());
    reference_.resize(input_.size());
    sequentialScan(input_, reference_, op_, exclusive_);
    rows_.flags = randomHeadFlags(input_.size(), in.seed, in.segmentLength);
    segmentedReference_.resize(input_.size());
    sequentialScan(input_, segmentedReference_, op_, exclusive_, &rows_.flags);
  }

  Measurement timeReference(BenchSubjectKind kind, const TimingPlan& plan) override {
    const size_t bytes = input_.size() * sizeof(T);
    if (kind == BenchSubjectKind::HostCopy)
      return timeOnHost([&] { std::memcpy(output_.data(), input_.data(), bytes); }, plan);
    if (kind == BenchSubjectKind::HostSequential) {
      Measurement m = timeOnHost([&] { sequentialScan(input_, output_, op_, exclusive_); }, plan);
      return m;
    }
    throw BackendError("the CPU path has no " + BenchSubject::reference(kind).label());
  }

  // A segmented scan runs over the random heads and is checked against the segmented loop.
  Measurement timeAlgorithm(const RunRequest& rq, const TimingPlan& plan) override {
    const bool segmented = isSegmentedAlgorithm(rq.algorithm);
    RunRequest run = rq;
    if (segmented) run.rows = &rows_;
    RunResult<T> last;
    Measurement m = timeOnHost([&] { last = runOnCpu(run, input_); }, plan);
    if (!m.cancelled) {
      const std::vector<T>& expected = segmented ? segmentedReference_ : reference_;
      const BenchCheckResult c =
          compareScanOutputs(last.output.data(), expected.data(), expected.size());
      m.check = c.mismatches ? BenchCheck::Failed : BenchCheck::Passed;
      if (c.mismatches)
        m.checkDetail = describeMismatch(
            c, segmented ? "the sequential segmented loop" : "the sequential loop");
    }
    return m;
  }

  // The compaction and the split are timed on the GPU only (planBenchmark leaves them out here).
  Measurement timeKernel(BenchSubjectKind kind, const TimingPlan&) override {
    throw BackendError(BenchSubject::reference(kind).label() +
                       " needs a GPU: the benchmark times it on CUDA only");
  }

  CaptureTiming timeCapture(const RunRequest& rq, int repeats) override {
    return timeRecordedAndPlain(rq, repeats,
                                [this](const RunRequest& r) { (void)runOnCpu(r, input_); });
  }

 private:
  Operator op_;
  bool exclusive_;
  std::vector<T> input_, output_, reference_;
  ElementRows rows_;  // the segmented scans' random heads
  std::vector<T> segmentedReference_;
};

}  // namespace

std::unique_ptr<SizeBench> makeCpuSizeBench(DType dtype, long long n, const SizeBenchInputs& in) {
  if (n > kCpuBenchMaxSize) throw BenchSkip("the CPU emulator is timed up to 2^24 elements");
  if (dtype == DType::Int32) return std::make_unique<CpuSizeBench<int32_t>>(n, in);
  return std::make_unique<CpuSizeBench<float>>(n, in);
}

}  // namespace scanviz
