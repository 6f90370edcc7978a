// The benchmark's GPU path: CUDA events around batches of calls on the default stream, warm-up,
// median of samples (more samples while their spread is wide), fresh random input per size
// rotated over several buffers while it would fit in L2 (so that no call finds its input in L2
// from the call before: the L2 is flushed by the rotation, without a flush kernel between calls
// that would add its own time), and the references measured on the same inputs in the same run: a
// device-to-device copy of the same bytes (the physical limit), CUB DeviceScan and Thrust's scan,
// both with the run's operator and variant. Our scans run through DeviceScan: uninstrumented
// kernels over workspace allocated before timing starts. Our compaction and radix split pass
// (kernels/launch/select_kernels.cuh) run over random flags on the same rotated inputs beside
// cub::DeviceSelect::Flagged and cub::DevicePartition::Flagged.
// CUB and Thrust compile slowly: the benchmark includes them here and nowhere else.
#include <cuda_runtime.h>

#include <thrust/execution_policy.h>
#include <thrust/scan.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/functional>
#include <cuda/std/functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/single_pass.h"
#include "app/core/bench/bench_check.h"
#include "app/core/bench/bench_measure.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/select_kernels.cuh"

namespace scanviz {
namespace {

constexpr int kMaxDeviceCallsPerSample = 2000;
// Kernels per call of the references, for the table: CUB's decoupled look-back scan launches a
// tile-state initialisation kernel and the scan kernel; Thrust dispatches to the same two; the
// copy is one copy-engine operation.
constexpr int kCubLaunches = 2;
constexpr int kThrustLaunches = 2;
constexpr int kCopyLaunches = 1;
// Our compaction and split: one kernel (the tile status words are tagged by launch, never
// cleared). CUB's select and partition: a tile-state initialisation kernel and the kernel.
constexpr int kSelectLaunches = 1;
constexpr int kCubSelectLaunches = 2;

// splitmix64's finaliser: a cheap, well-mixed hash of (seed, index) so that every element of every
// buffer gets its own random value without a generator state.
__host__ __device__ inline uint32_t mixBits(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return static_cast<uint32_t>(x >> 32);
}

// Random values, never an all-zero buffer (a zero-filled input times a different memory system
// on GPUs that compress data): int32 in 0..99, float32 in [0, 1) on a 2^-24 grid. Both positive,
// which keeps float prefixes free of cancellation so the float check stays meaningful.
template <class T>
__global__ void fillRandomKernel(T* data, long long count, uint64_t seed) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += stride) {
    const uint32_t h = mixBits(seed ^ (static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull));
    if constexpr (std::is_same_v<T, float>)
      data[i] = static_cast<float>(h >> 8) * (1.0f / 16777216.0f);
    else
      data[i] = static_cast<T>(h % 100u);
  }
}

// The segmented scans' heads: one about every `segmentLength` elements, and the first element of
// every rotated buffer (every `stride` elements), so that each buffer is a whole problem.
__global__ void fillHeadsKernel(uint8_t* heads, long long count, long long stride, uint64_t seed,
                                unsigned segmentLength) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += step) {
    const uint32_t h = mixBits(seed ^ (static_cast<uint64_t>(i) * 0xD1B54A32D192ED03ull));
    heads[i] = i % stride == 0 || h % segmentLength == 0;
  }
}

// The compaction's and split's flags: each element flagged with probability kSelectFlagDensity.
__global__ void fillSelectFlagsKernel(uint8_t* flags, long long count, uint64_t seed) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  const auto threshold = static_cast<uint32_t>(kSelectFlagDensity * 4294967295.0);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += step)
    flags[i] = mixBits(seed ^ (static_cast<uint64_t>(i) * 0x94D049BB133111EBull)) < threshold;
}

// got[i] against expected[i], or against expected[n - 1 - i] when `reversed` (CUB's partition
// writes the unselected values from the end of its output).
template <class T>
__global__ void compareKernel(const T* got, const T* expected, long long n, bool reversed,
                              unsigned long long* mismatches, unsigned long long* firstBad) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    if (benchValuesAgree(got[i], expected[reversed ? n - 1 - i : i])) continue;
    atomicAdd(mismatches, 1ull);
    atomicMin(firstBad, static_cast<unsigned long long>(i));
  }
}

// The CCCL functor of an operator, so that CUB and Thrust run their own tuned code for it (the
// same functors CUB's InclusiveSum uses).
template <class T, class F>
decltype(auto) withScanFunctor(Operator op, F&& f) {
  switch (op) {
    case Operator::Max:
      return f(cuda::maximum<T>{});
    case Operator::Min:
      return f(cuda::minimum<T>{});
    case Operator::Mul:
      return f(cuda::std::multiplies<T>{});
    case Operator::Add:
    case Operator::Count:  // not an operator: never asked
      break;
  }
  return f(cuda::std::plus<T>{});
}

// The SM clock, measured: one thread spins on %globaltimer for `spinNs` and counts clock64
// cycles meanwhile.
__global__ void clockProbeKernel(unsigned long long spinNs, unsigned long long* out) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  const long long c0 = clock64();
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < spinNs);
  out[0] = static_cast<unsigned long long>(clock64() - c0);
  out[1] = t - t0;
}

unsigned gridFor(long long count) {
  return static_cast<unsigned>(std::clamp<long long>((count + 255) / 256, 1, 1 << 16));
}

std::string gibibytes(long long bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1ll << 30));
  return buf;
}

struct DeviceMemory {
  long long freeBytes = 0;
  long long totalBytes = 0;
  long long l2Bytes = 0;
};

DeviceMemory deviceMemory() {
  DeviceMemory m;
  size_t freeBytes = 0, totalBytes = 0;
  cudaCheck(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
  int device = 0, l2 = 0;
  cudaCheck(cudaGetDevice(&device), "cudaGetDevice");
  cudaCheck(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device), "read the L2 size");
  m.freeBytes = static_cast<long long>(freeBytes);
  m.totalBytes = static_cast<long long>(totalBytes);
  m.l2Bytes = l2;
  return m;
}

class EventPair {
 public:
  EventPair() {
    cudaCheck(cudaEventCreate(&start_), "cudaEventCreate");
    if (cudaEventCreate(&stop_) != cudaSuccess) {
      cudaEventDestroy(start_);
      throw BackendError("CUDA error in cudaEventCreate");
    }
  }
  ~EventPair() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;

  void start() { cudaCheck(cudaEventRecord(start_, 0), "cudaEventRecord"); }
  // Waits for the work enqueued since start() and returns its duration on the GPU.
  double stopMs() {
    cudaCheck(cudaEventRecord(stop_, 0), "cudaEventRecord");
    cudaCheck(cudaEventSynchronize(stop_), "timed calls");
    float ms = 0;
    cudaCheck(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
    return ms;
  }

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

template <class T>
class CudaSizeBench final : public SizeBench {
 public:
  CudaSizeBench(long long n, const SizeBenchInputs& inputs)
      : n_(n),
        op_(inputs.op),
        exclusive_(inputs.exclusive),
        identity_(OpTraits<T>::identity(inputs.op)),
        seed_(inputs.seed),
        segmentLength_(inputs.segmentLength) {
    const unsigned seed = inputs.seed;
    const DeviceMemory memory = deviceMemory();
    rotation_ = rotationBuffers(2 * n * static_cast<long long>(sizeof(T)), memory.l2Bytes);
    stride_ = rotationStride(n, static_cast<int>(sizeof(T)));
    const long long need = benchDeviceBytes(n, static_cast<int>(sizeof(T)), rotation_);
    if (need > memory.freeBytes)
      throw BenchSkip("needs about " + gibibytes(need) + " of device memory, " +
                      gibibytes(memory.freeBytes) + " free");
    try {
      const size_t pool = static_cast<size_t>(rotation_) * static_cast<size_t>(stride_);
      inputs_.allocate(pool);
      outputs_.allocate(pool);
      reference_.allocate(static_cast<size_t>(n));
      counters_.allocate(2);
      cudaCheck(cubScan(nullptr, cubTempBytes_, input(0), output(0)), "CUB temporary storage size");
      cubTemp_.allocate(std::max<size_t>(cubTempBytes_, 1));
    } catch (const BackendError& e) {
      cudaGetLastError();  // an out-of-memory error is not sticky: later sizes still run
      throw BenchSkip(std::string("device allocation failed (") + e.what() + ")");
    }
    fillRandomKernel<T><<<gridFor(static_cast<long long>(inputs_.size())), 256>>>(
        inputs_.get(), static_cast<long long>(inputs_.size()),
        static_cast<uint64_t>(seed) * 0x2545F4914F6CDD1Dull + static_cast<uint64_t>(n));
    cudaCheckLaunch("fill the inputs", true);
    // CUB's result on buffer 0 is what every other output is checked against.
    cudaCheck(cubScan(cubTemp_.get(), cubTempBytes_, input(0), reference_.get()), "CUB scan");
    cudaCheck(cudaDeviceSynchronize(), "CUB reference scan");
  }

  Measurement timeReference(BenchSubjectKind kind, const TimingPlan& plan) override {
    const size_t bytes = static_cast<size_t>(n_) * sizeof(T);
    Measurement m;
    switch (kind) {
      case BenchSubjectKind::DeviceCopy:
        m = timeOnDevice(
            [&](int slot) {
              cudaCheck(
                  cudaMemcpyAsync(output(slot), input(slot), bytes, cudaMemcpyDeviceToDevice, 0),
                  "device-to-device copy");
            },
            plan);
        m.launches = kCopyLaunches;
        return m;
      case BenchSubjectKind::CubScan:
        m = timeOnDevice(
            [&](int slot) {
              cudaCheck(cubScan(cubTemp_.get(), cubTempBytes_, input(slot), output(slot)),
                        "CUB scan");
            },
            plan);
        m.launches = kCubLaunches;
        return m;  // CUB is the reference: nothing to check it against
      case BenchSubjectKind::CubScanByKey:
        prepareSegmented();
        m = timeOnDevice(
            [&](int slot) {
              cudaCheck(cubScanByKey(cubByKeyTemp_.get(), cubByKeyTempBytes_, keys(slot),
                                     input(slot), output(slot)),
                        "CUB scan by key");
            },
            plan);
        m.launches = kCubLaunches;
        return m;  // the segmented scans' reference
      case BenchSubjectKind::CubSelectFlagged:
      case BenchSubjectKind::CubPartitionFlagged: {
        prepareSelect();
        const bool partition = kind == BenchSubjectKind::CubPartitionFlagged;
        m = timeOnDevice(
            [&](int slot) {
              cudaCheck(cubSelect(partition, selectFlags(slot), input(slot), output(slot)),
                        partition ? "CUB partition" : "CUB select");
            },
            plan);
        m.launches = kCubSelectLaunches;
        return m;  // the compaction's and split's reference
      }
      case BenchSubjectKind::ThrustScan:
        // As most programs call it: thrust::device allocates its temporary storage and
        // synchronises on every call, and that is part of what Thrust costs.
        m = timeOnDevice([&](int slot) { thrustScan(input(slot), output(slot)); }, plan);
        m.launches = kThrustLaunches;
        if (!m.cancelled) {
          thrustScan(input(0), output(0));
          checkAgainstCub(m);
        }
        return m;
      default:
        throw BackendError("the GPU path has no " + BenchSubject::reference(kind).label());
    }
  }

  // A segmented scan reads the heads of its buffer and is checked against CUB's scan by key.
  Measurement timeAlgorithm(const RunRequest& rq, const TimingPlan& plan) override {
    const bool segmented = isSegmentedAlgorithm(rq.algorithm);
    if (segmented) prepareSegmented();
    DeviceScan scan(rq, std::is_same_v<T, float> ? DType::Float32 : DType::Int32, n_);
    const auto call = [&](int slot) {
      scan(input(slot), output(slot), segmented ? heads(slot) : nullptr);
    };
    Measurement m = timeOnDevice(call, plan);
    m.launches = scan.launchesPerCall();
    if (!m.cancelled) {
      call(0);
      checkAgainst(m, segmented ? segmentedReference_.get() : reference_.get(),
                   segmented ? "CUB's scan by key" : "CUB");
    }
    return m;
  }

  // Our compaction (selected values into output(slot)) or split (the others into rejected(slot)),
  // checked against CUB's partition of buffer 0: its front is the selected values in order, its
  // back the others in reverse order.
  Measurement timeKernel(BenchSubjectKind kind, const TimingPlan& plan) override {
    if (kind != BenchSubjectKind::Compaction && kind != BenchSubjectKind::RadixSplit)
      throw BackendError("the GPU path has no " + BenchSubject::reference(kind).label());
    prepareSelect();
    const bool split = kind == BenchSubjectKind::RadixSplit;
    const auto call = [&](int slot) {
      enqueueSelect<T>(input(slot), selectFlags(slot), output(slot),
                       split ? rejected(slot) : nullptr, selectCounts_.get(), n_,
                       *selectWorkspace_);
    };
    Measurement m = timeOnDevice(call, plan);
    m.launches = kSelectLaunches;
    if (m.cancelled) return m;
    selectWorkspace_->checkCompleted();
    call(0);
    cudaCheck(cudaDeviceSynchronize(), split ? "split kernel" : "select kernel");
    selectWorkspace_->checkCompleted();
    const long long kept = selectCounts_.toHost()[0];
    if (kept != selectedByCub_) {
      m.check = BenchCheck::Failed;
      m.checkDetail = "selected " + std::to_string(kept) + " of " + std::to_string(n_) +
                      " elements, CUB's partition " + std::to_string(selectedByCub_);
      return m;
    }
    checkRange(m, output(0), partitionReference_.get(), kept, false, "CUB's partition");
    if (split && m.check == BenchCheck::Passed)
      checkRange(m, rejected(0), partitionReference_.get() + kept, n_ - kept, true,
                 "CUB's partition (its back, reversed)");
    return m;
  }

  CaptureTiming timeCapture(const RunRequest& rq, int repeats) override {
    std::vector<T> host(static_cast<size_t>(n_));
    try {  // before the clock starts
      cudaCheck(cudaMemcpy(host.data(), input(0), host.size() * sizeof(T), cudaMemcpyDeviceToHost),
                "copy the input to the host");
    } catch (const std::exception& e) {
      CaptureTiming failed;
      failed.note = e.what();
      return failed;
    }
    return timeRecordedAndPlain(rq, repeats,
                                [&](const RunRequest& r) { (void)runOnCuda(r, host); });
  }

 private:
  // CUB's scan with the run's operator and variant (n fits an int: the benchmark stops at 2^30).
  cudaError_t cubScan(void* temp, size_t& tempBytes, const T* in, T* out) const {
    const int n = static_cast<int>(n_);
    return withScanFunctor<T>(op_, [&](auto fn) {
      return exclusive_ ? cub::DeviceScan::ExclusiveScan(temp, tempBytes, in, out, fn, identity_, n)
                        : cub::DeviceScan::InclusiveScan(temp, tempBytes, in, out, fn, n);
    });
  }
  // CUB's scan by key with the run's operator and variant: a segment is a run of equal keys.
  cudaError_t cubScanByKey(void* temp, size_t& tempBytes, const uint8_t* keys, const T* in,
                           T* out) const {
    const int n = static_cast<int>(n_);
    return withScanFunctor<T>(op_, [&](auto fn) {
      return exclusive_
                 ? cub::DeviceScan::ExclusiveScanByKey(temp, tempBytes, keys, in, out, fn,
                                                       identity_, n)
                 : cub::DeviceScan::InclusiveScanByKey(temp, tempBytes, keys, in, out, fn, n);
    });
  }

  // The heads of every rotated buffer, CUB's keys for them and CUB's segmented result on buffer
  // 0, made the first time a segmented subject runs. Keys are the running count of heads modulo
  // 256 (one byte, as a head flag): neighbours differ exactly where a segment starts, so CUB's
  // segments are ours and both read one byte per element besides the value.
  void prepareSegmented() {
    if (heads_.size() > 0) return;
    const size_t pool = inputs_.size();
    try {
      heads_.allocate(pool);
      keys_.allocate(pool);
      segmentedReference_.allocate(static_cast<size_t>(n_));
      size_t countBytes = 0;
      cudaCheck(cub::DeviceScan::InclusiveSum(nullptr, countBytes, heads_.get(), keys_.get(),
                                              static_cast<int>(pool)),
                "CUB temporary storage size");
      cudaCheck(cubScanByKey(nullptr, cubByKeyTempBytes_, keys_.get(), input(0), output(0)),
                "CUB temporary storage size");
      cubByKeyTemp_.allocate(std::max<size_t>({cubByKeyTempBytes_, countBytes, 1}));
      fillHeadsKernel<<<gridFor(static_cast<long long>(pool)), 256>>>(
          heads_.get(), static_cast<long long>(pool), stride_,
          static_cast<uint64_t>(seed_) * 0x9E3779B97F4A7C15ull,
          static_cast<unsigned>(segmentLength_));
      cudaCheckLaunch("fill the heads", true);
      cudaCheck(cub::DeviceScan::InclusiveSum(cubByKeyTemp_.get(), countBytes, heads_.get(),
                                              keys_.get(), static_cast<int>(pool)),
                "count the heads");
      cudaCheck(cubScanByKey(cubByKeyTemp_.get(), cubByKeyTempBytes_, keys_.get(), input(0),
                             segmentedReference_.get()),
                "CUB scan by key");
      cudaCheck(cudaDeviceSynchronize(), "CUB reference scan by key");
    } catch (const BackendError& e) {
      cudaGetLastError();
      throw BenchSkip(std::string("device allocation for the segmented scans failed (") + e.what() +
                      ")");
    }
  }

  // CUB's select (the flagged values of `in`, in order) or partition (then the others, from the
  // end of `out`), their count into selectCounts_[1].
  cudaError_t cubSelect(bool partition, const uint8_t* flags, const T* in, T* out) {
    const int n = static_cast<int>(n_);
    size_t bytes = cubSelectTempBytes_;
    return partition ? cub::DevicePartition::Flagged(cubSelectTemp_.get(), bytes, in, flags, out,
                                                     selectCounts_.get() + 1, n)
                     : cub::DeviceSelect::Flagged(cubSelectTemp_.get(), bytes, in, flags, out,
                                                  selectCounts_.get() + 1, n);
  }

  // The flags of every rotated buffer, the split's second output, our kernel's workspace and
  // CUB's partition of buffer 0 (the reference of both), made the first time a compaction or
  // split subject runs.
  void prepareSelect() {
    if (!selectProblem_.empty()) throw BenchSkip(selectProblem_);  // failed before: no half state
    if (selectedByCub_ >= 0) return;
    const size_t pool = inputs_.size();
    try {
      selectFlags_.allocate(pool);
      rejected_.allocate(pool);
      partitionReference_.allocate(static_cast<size_t>(n_));
      selectCounts_.allocate(2);
      selectWorkspace_ = std::make_unique<SelectWorkspace>(n_);
      const int n = static_cast<int>(n_);
      size_t selectBytes = 0, partitionBytes = 0;
      cudaCheck(cub::DeviceSelect::Flagged(nullptr, selectBytes, input(0), selectFlags_.get(),
                                           output(0), selectCounts_.get(), n),
                "CUB temporary storage size");
      cudaCheck(cub::DevicePartition::Flagged(nullptr, partitionBytes, input(0), selectFlags_.get(),
                                              output(0), selectCounts_.get(), n),
                "CUB temporary storage size");
      cubSelectTempBytes_ = std::max<size_t>({selectBytes, partitionBytes, 1});
      cubSelectTemp_.allocate(cubSelectTempBytes_);
      fillSelectFlagsKernel<<<gridFor(static_cast<long long>(pool)), 256>>>(
          selectFlags_.get(), static_cast<long long>(pool),
          static_cast<uint64_t>(seed_) * 0xD6E8FEB86659FD93ull + static_cast<uint64_t>(n_));
      cudaCheckLaunch("fill the select flags", true);
      cudaCheck(cubSelect(true, selectFlags(0), input(0), partitionReference_.get()),
                "CUB partition");
      cudaCheck(cudaDeviceSynchronize(), "CUB reference partition");
      selectedByCub_ = selectCounts_.toHost()[1];
    } catch (const BackendError& e) {
      cudaGetLastError();
      selectProblem_ =
          std::string("device allocation for the compaction and split failed (") + e.what() + ")";
      throw BenchSkip(selectProblem_);
    }
  }

  void thrustScan(const T* in, T* out) const {
    withScanFunctor<T>(op_, [&](auto fn) {
      if (exclusive_)
        thrust::exclusive_scan(thrust::device, in, in + n_, out, identity_, fn);
      else
        thrust::inclusive_scan(thrust::device, in, in + n_, out, fn);
    });
  }

  T* input(int slot) const { return inputs_.get() + static_cast<long long>(slot) * stride_; }
  T* output(int slot) const { return outputs_.get() + static_cast<long long>(slot) * stride_; }
  const uint8_t* heads(int slot) const {
    return heads_.get() + static_cast<long long>(slot) * stride_;
  }
  const uint8_t* keys(int slot) const {
    return keys_.get() + static_cast<long long>(slot) * stride_;
  }
  const uint8_t* selectFlags(int slot) const {
    return selectFlags_.get() + static_cast<long long>(slot) * stride_;
  }
  T* rejected(int slot) const { return rejected_.get() + static_cast<long long>(slot) * stride_; }

  // Warm-up calls, one call to estimate, then samples of enough calls (each on the next rotated
  // buffer) to last plan.targetSampleMs between one pair of events, until wantsMoreSamples says
  // the median is stable.
  template <class Call>
  Measurement timeOnDevice(Call&& call, const TimingPlan& plan) {
    Measurement m;
    for (int w = 0; w < plan.warmups; ++w) call(nextSlot());
    cudaCheck(cudaDeviceSynchronize(), "warm-up calls");
    if (plan.cancelled()) {
      m.cancelled = true;
      return m;
    }
    events_.start();
    call(nextSlot());
    m.callsPerSample =
        callsPerSample(events_.stopMs(), plan.targetSampleMs, kMaxDeviceCallsPerSample);
    while (wantsMoreSamples(plan, m.perCallMs)) {
      if (plan.cancelled()) {
        m.cancelled = true;
        return m;
      }
      events_.start();
      for (int c = 0; c < m.callsPerSample; ++c) call(nextSlot());
      m.perCallMs.push_back(events_.stopMs() / m.callsPerSample);
    }
    return m;
  }

  int nextSlot() {
    slot_ = (slot_ + 1) % rotation_;
    return slot_;
  }

  void checkAgainstCub(Measurement& m) { checkAgainst(m, reference_.get(), "CUB"); }

  // Compares output(0) with `expected`, CUB's result on input(0).
  void checkAgainst(Measurement& m, const T* expected, const char* referenceName) {
    checkRange(m, output(0), expected, n_, false, referenceName);
  }

  // Compares `count` elements of `got` with `expected` (read backwards when `reversed`).
  void checkRange(Measurement& m, const T* got, const T* expected, long long count, bool reversed,
                  const char* referenceName) {
    m.check = BenchCheck::Passed;
    if (count <= 0) return;
    counters_.zero();
    unsigned long long* mismatches = counters_.get();
    unsigned long long* firstBad = counters_.get() + 1;
    const unsigned long long none = ~0ull;
    cudaCheck(cudaMemcpy(firstBad, &none, sizeof none, cudaMemcpyHostToDevice), "reset the check");
    compareKernel<T><<<gridFor(count), 256>>>(got, expected, count, reversed, mismatches, firstBad);
    cudaCheckLaunch("compare with CUB", true);
    const std::vector<unsigned long long> counts = counters_.toHost();
    m.check = counts[0] ? BenchCheck::Failed : BenchCheck::Passed;
    if (!counts[0]) return;
    BenchCheckResult r;
    r.mismatches = static_cast<long long>(counts[0]);
    r.count = count;
    r.firstIndex = static_cast<long long>(counts[1]);
    T gotValue{}, want{};
    const long long expectedIndex = reversed ? count - 1 - r.firstIndex : r.firstIndex;
    cudaCheck(cudaMemcpy(&gotValue, got + r.firstIndex, sizeof(T), cudaMemcpyDeviceToHost),
              "read the mismatch");
    cudaCheck(cudaMemcpy(&want, expected + expectedIndex, sizeof(T), cudaMemcpyDeviceToHost),
              "read the mismatch");
    r.got = static_cast<double>(gotValue);
    r.expected = static_cast<double>(want);
    m.checkDetail = describeMismatch(r, referenceName);
  }

  long long n_ = 0;
  Operator op_ = Operator::Add;
  bool exclusive_ = false;
  T identity_{};
  int rotation_ = 1;
  long long stride_ = 0;
  int slot_ = 0;
  DeviceArray<T> inputs_, outputs_, reference_;
  DeviceArray<unsigned long long> counters_;
  DeviceArray<unsigned char> cubTemp_;
  size_t cubTempBytes_ = 0;
  unsigned seed_ = 1;
  int segmentLength_ = 1024;
  DeviceArray<uint8_t> heads_, keys_;  // the segmented scans' inputs, one byte per element
  DeviceArray<T> segmentedReference_;
  DeviceArray<unsigned char> cubByKeyTemp_;
  size_t cubByKeyTempBytes_ = 0;
  // The compaction's and split's inputs and outputs (prepareSelect).
  DeviceArray<uint8_t> selectFlags_;
  DeviceArray<T> rejected_, partitionReference_;
  DeviceArray<int> selectCounts_;  // [0] ours, [1] CUB's
  std::unique_ptr<SelectWorkspace> selectWorkspace_;
  DeviceArray<unsigned char> cubSelectTemp_;
  size_t cubSelectTempBytes_ = 0;
  long long selectedByCub_ = -1;  // -1 until prepareSelect() has run
  std::string selectProblem_;
  EventPair events_;
};

}  // namespace

std::unique_ptr<SizeBench> makeCudaSizeBench(DType dtype, long long n,
                                             const SizeBenchInputs& inputs) {
  if (!cudaStatus().available) throw BackendError(cudaStatus().message);
  if (n > kBenchMaxSize) throw BenchSkip("above the largest size the benchmark runs, 2^30");
  if (dtype == DType::Int32) return std::make_unique<CudaSizeBench<int32_t>>(n, inputs);
  return std::make_unique<CudaSizeBench<float>>(n, inputs);
}

BenchClocks cudaBenchClocks() {
  BenchClocks c;
  if (!cudaStatus().available) return c;
  int device = 0, smKhz = 0, memoryKhz = 0, busBits = 0;
  cudaCheck(cudaGetDevice(&device), "cudaGetDevice");
  cudaCheck(cudaDeviceGetAttribute(&smKhz, cudaDevAttrClockRate, device), "read the SM clock");
  cudaCheck(cudaDeviceGetAttribute(&memoryKhz, cudaDevAttrMemoryClockRate, device),
            "read the memory clock");
  cudaCheck(cudaDeviceGetAttribute(&busBits, cudaDevAttrGlobalMemoryBusWidth, device),
            "read the memory bus width");
  c.smPeakMhz = smKhz / 1000;
  c.memoryPeakMhz = memoryKhz / 1000;
  c.memoryBusBits = busBits;
  DeviceArray<unsigned long long> probe(2);
  clockProbeKernel<<<1, 1>>>(20'000'000ull, probe.get());
  cudaCheckLaunch("measure the SM clock", true);
  const std::vector<unsigned long long> cyclesAndNs = probe.toHost();
  if (cyclesAndNs[1] > 0)
    c.smMeasuredMhz =
        static_cast<double>(cyclesAndNs[0]) / static_cast<double>(cyclesAndNs[1]) * 1e3;
  return c;
}

std::optional<LookbackTuning> cudaLookbackTuning(int blockSize) {
  if (!cudaStatus().available) return std::nullopt;
  return productionLookbackTuning(blockSize);
}

long long cudaL2Bytes() {
  return cudaStatus().available ? deviceMemory().l2Bytes : 0;
}

std::string cudaBenchDeviceNote() {
  if (!cudaStatus().available) return "";
  try {
    const DeviceMemory m = deviceMemory();
    return "device memory " + gibibytes(m.freeBytes) + " free of " + gibibytes(m.totalBytes) +
           "; L2 " + std::to_string(m.l2Bytes >> 20) +
           " MiB: inputs smaller than twice the L2 rotate over several buffers (up to " +
           std::to_string(kMaxRotation) + ") so that timed calls read from DRAM";
  } catch (const std::exception& e) {
    return std::string("cannot read the device's memory: ") + e.what();
  }
}

}  // namespace scanviz
