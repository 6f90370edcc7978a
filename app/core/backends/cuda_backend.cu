// The CUDA backend for block-level algorithms and the hierarchical scan: the same per-block code
// the emulator runs, launched as real kernels (kernels/launch/section_kernels.cuh). With
// rq.record the kernels carry a TraceRecorder and the host reads the recorded steps back after
// each launch; without it they carry the NullRecorder, which compiles to nothing, and only the
// final result is copied back. This file drives the levels for a RunRequest and implements the
// backend's interface (cuda_backend.h).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <type_traits>

#include "app/core/backends/block_dispatch.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/device_scan_impl.h"
#include "app/core/backends/hierarchical_driver.h"
#include "app/core/backends/single_pass.h"
#include "app/core/support/profile_range.h"
#include "kernels/block/segmented_io.h"
#include "kernels/exec/unmapped.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/section_kernels.cuh"
#include "kernels/launch/trace_buffer.cuh"

namespace scanviz {
namespace {

template <class T>
void recordWindow(RecordedRun& run, StepKind kind, int level, const T* deviceData, long long n,
                  int window, int64_t ops, const HostTraceBuffer& trace) {
  const long long shown = std::min<long long>(n, window);
  std::vector<T> host(static_cast<size_t>(shown));
  cudaCheck(cudaMemcpy(host.data(), deviceData, host.size() * sizeof(T), cudaMemcpyDeviceToHost),
            "copy window to host");
  RecordedStep s;
  s.code = StepCode{kind, 0};
  s.level = level;
  s.array = ArrayKind::Global;
  s.ops = ops;
  s.values.assign(host.begin(), host.end());
  if (level == 0) trace.copyWholeArray(deviceData, n, s);
  run.steps.push_back(std::move(s));
}

// Elements of slack before a level's scanned totals for seed 000's read of S[-1] (128 bytes, so
// the totals keep the allocation's alignment).
constexpr size_t kSlackBeforeTotals = 32;

// A level's section totals on the device: sums and (segmented) head flags.
template <class T>
class DeviceTotals {
 public:
  DeviceTotals(size_t sums, size_t flags) : sums_(sums), flags_(flags) {}
  T* sums() { return sums_.size() ? sums_.get() : nullptr; }
  uint8_t* flags() { return flags_.size() ? flags_.get() : nullptr; }

 private:
  DeviceArray<T> sums_;
  DeviceArray<uint8_t> flags_;
};

// A level's scanned totals on the device, `before` elements into their allocation, the elements
// before them holding `slack`.
template <class T>
class DeviceScanned {
 public:
  DeviceScanned(size_t before, size_t count, T slack) : before_(before), array_(before + count) {
    if (before_ == 0) return;
    const std::vector<T> fill(before_, slack);
    array_.upload(fill.data(), fill.size());
  }
  T* values() { return array_.get() + before_; }

 private:
  size_t before_;
  DeviceArray<T> array_;
};

// The CUDA backend's launcher of the hierarchical driver (hierarchical_driver.h) for a capture:
// the section kernels with a TraceRecorder (rq.record) or the NullRecorder, the grid steps'
// kernels, and the recorded steps and windows read back after each launch.
template <class T, class SectionScan>
class GpuSectionLauncher {
 public:
  using Value = T;
  using Algo = SectionScan;

  // rows: the input's flags and second array on the device, for the level-0 launch.
  GpuSectionLauncher(const Algo& algo, const RunRequest& rq, RecordedRun& run, DeviceRows rows)
      : algo_(algo), rq_(rq), run_(run), rows_(rows) {
    const int threads = rq.blockSize;
    section_ = algo.sectionSize(threads);
    if (rq.record) {
      trace_ = std::make_unique<HostTraceBuffer>(rq.limits.maxSteps, rq.limits.maxRecordedValues,
                                                 algo.sharedSlots(threads), section_ + threads,
                                                 (threads + 31) / 32, rq.limits.maxBlocksTimed);
      // A segmented scan records its flags on every level, with the problem's flags or without.
      trace_->enableRows(rows.flags != nullptr || kIsSegmentedScan<Algo>, rows.second != nullptr);
    }
  }

  int section() const { return section_; }

  // Both with a section of slack, as runBlockLevel's arrays (a flawed variant's unguarded
  // accesses in the last section of this level).
  DeviceTotals<T> sectionTotals(long long sections, int, bool segmented) const {
    const size_t sums = sections > 1 ? static_cast<size_t>(sections + section_) : 0;
    return DeviceTotals<T>(sums, segmented ? sums : 0);
  }

  // Seed 000's third kernel reads S[-1] in block 0: slack before the scanned totals, filled with
  // what the emulator's read gives there (kernels/lessons/hierarchical_s_minus_one.h).
  DeviceScanned<T> scannedTotals(long long sections, int, bool seedThirdKernel) const {
    return DeviceScanned<T>(seedThirdKernel ? kSlackBeforeTotals : 0,
                            static_cast<size_t>(sections + section_), unmappedValue<T>());
  }

  void scanSections(const SectionLaunch<T>& l) {
    if (l.blocks > 0x7fffffffll) throw BackendError("too many sections for one launch");
    const ProfileRange phase(ProfileCategory::GridPhase, "scan sections, level " +
                                                             std::to_string(l.level) + " (" +
                                                             std::to_string(l.blocks) + " blocks)");
    const int threads = rq_.blockSize;
    SectionsArgs<T> args;
    args.in = l.in;
    args.out = l.out;
    args.n = l.n;
    args.exclusive = l.exclusive;
    args.op = rq_.op;
    args.sums = l.sums;
    args.sumFlags = l.sumFlags;
    args.rows = DeviceRows{l.flags, l.level == 0 ? rows_.second : nullptr};
    const int blocks = static_cast<int>(l.blocks);
    if (!rq_.record) {
      prepareScanSections<T, NullRecorder>(algo_, threads);
      launchScanSections<T, NullRecorder>(algo_, blocks, threads, args);
      cudaCheckLaunch("scanSections", false);
      return;
    }
    const int recordBlock = l.level == 0 ? rq_.recordBlock : 0;
    trace_->resetSteps();
    trace_->setShape(section_, (threads + 31) / 32);
    if (l.level == 0) {
      startWholeArrayRows(run_, rq_.limits, l.n, section_, blocks);
      trace_->enableWholeRows(run_.whole);
    }
    args.buf = trace_->view(recordBlock, l.level == 0);
    args.timeBlocks = l.level == 0;
    prepareScanSections<T, TraceRecorder>(algo_, threads);
    launchScanSections<T, TraceRecorder>(algo_, blocks, threads, args);
    cudaCheckLaunch("scanSections (recorded)", true);
    trace_->appendSteps<T>(run_, recordBlock, l.level, ArrayKind::Section);
    if (l.level == 0) trace_->takeWholeRows(run_.whole);
    if (l.level == 0) trace_->appendBlockTimings(blocks, rq_.limits.maxBlocksTimed, run_);
  }

  void addBlockSums(T* out, const T* scanned, long long n, int level) const {
    const ProfileRange phase(ProfileCategory::GridPhase,
                             "add block sums, level " + std::to_string(level));
    launchAddBlockSums(out, scanned, n, section_, rq_.op);
  }

  int64_t addSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
                            int level) const {
    const ProfileRange phase(ProfileCategory::GridPhase,
                             "add segment carries, level " + std::to_string(level));
    return launchAddSegmentCarries(out, flags, scanned, n, section_, rq_.op);
  }

  int64_t seedThirdKernel(T* out, const T* scanned, long long n, int level) const {
    const ProfileRange phase(ProfileCategory::GridPhase,
                             "seed 000's third kernel, level " + std::to_string(level));
    launchSeedThirdKernel(out, scanned, n, section_, rq_.op);
    return n;
  }

  void record(const GridStep& g, const T* data) {
    if (!rq_.record) return;
    run_.work += g.ops;
    recordWindow(run_, g.kind, g.level, data, g.n, rq_.limits.globalWindow, g.ops, *trace_);
    // The writes are listed on the host, as the emulator lists them, from the shown elements'
    // head flags.
    std::vector<uint8_t> heads(g.flags ? run_.steps.back().values.size() : 0);
    if (!heads.empty())
      cudaCheck(cudaMemcpy(heads.data(), g.flags, heads.size(), cudaMemcpyDeviceToHost),
                "copy the head flags to the host");
    listGridWrites(run_.steps.back(), g, section_, rq_.blockSize,
                   heads.empty() ? nullptr : heads.data());
  }

  // The work the recorded blocks counted, once every level ran.
  void finish() {
    if (trace_) run_.work += static_cast<int64_t>(trace_->work());
  }

 private:
  const Algo& algo_;
  const RunRequest& rq_;
  RecordedRun& run_;
  DeviceRows rows_;
  int section_ = 0;
  std::unique_ptr<HostTraceBuffer> trace_;
};

template <class T>
RunResult<T> runBlockLevel(const RunRequest& rq, const std::vector<T>& input) {
  RunResult<T> r;
  const long long n = static_cast<long long>(input.size());
  DeviceArray<T> in, out;
  DeviceArray<uint8_t> flags(flagsFrom(rq, 0) ? input.size() : 0);
  DeviceArray<int32_t> second(secondFrom(rq, 0) ? input.size() : 0);
  if (flags.size() > 0) flags.upload(flagsFrom(rq, 0), input.size());
  if (second.size() > 0) second.upload(secondFrom(rq, 0), input.size());
  const DeviceRows rows{flags.size() > 0 ? flags.get() : nullptr,
                        second.size() > 0 ? second.get() : nullptr};
  const bool isBlock = withBlockAlgorithm(rq, [&](const auto& algo) {
    using Algo = std::decay_t<decltype(algo)>;
    // A section of slack past both arrays, the input's filled with kUnmappedBits: the seeds'
    // unguarded accesses (kernels/lessons/) stay in memory scanviz owns, and read there what the
    // emulator gives.
    const size_t slack = static_cast<size_t>(algo.sectionSize(rq.blockSize));
    std::vector<T> padded(input);
    padded.resize(input.size() + slack, unmappedValue<T>());
    in.allocate(padded.size());
    in.upload(padded.data(), padded.size());
    out.allocate(padded.size());
    GpuSectionLauncher<T, Algo> launcher(algo, rq, r.run, rows);
    scanHierarchically(launcher, static_cast<const T*>(in.get()), out.get(), n, rq.exclusive, 0,
                       rows.flags);
    cudaCheck(cudaDeviceSynchronize(), "scan");
    launcher.finish();
  });
  if (!isBlock) return runSinglePassOnCuda(rq, input);
  r.output.resize(input.size());
  out.download(r.output.data(), r.output.size());
  return r;
}

// The timed launcher of the hierarchical driver (DeviceScan: verify and bench): uninstrumented
// section kernels over workspace allocated up front, one sums array, one head-flags array
// (segmented scans) and one scanned-sums array per level, so that a call only enqueues kernels.
template <class T, class SectionScan>
class TimedSectionLauncher {
 public:
  using Value = T;
  using Algo = SectionScan;
  struct Level {
    T* sums = nullptr;
    uint8_t* sumFlags = nullptr;
    T* scanned = nullptr;
  };

  TimedSectionLauncher(const Algo& algo, const RunRequest& rq, long long n, DeviceScan::Impl& impl)
      : algo_(algo), threads_(rq.blockSize), op_(rq.op) {
    // A flawed variant is never timed (bench and verify leave them out); its third kernel would
    // need the slack the recorded launcher keeps before each level's totals.
    if (kRunsSeedThirdKernel<Algo>) throw BackendError("flawed variants are not timed");
    section_ = algo.sectionSize(threads_);
    prepareScanSections<T, NullRecorder>(algo, threads_);
    int levels = 1;
    for (long long len = n; len > section_; len = (len + section_ - 1) / section_, ++levels) {
      const size_t blocks = static_cast<size_t>((len + section_ - 1) / section_);
      auto sums = std::make_shared<DeviceArray<T>>(blocks);
      auto scanned = std::make_shared<DeviceArray<T>>(blocks);
      Level l{sums->get(), nullptr, scanned->get()};
      impl.workspace.push_back(sums);
      impl.workspace.push_back(scanned);
      if (kIsSegmentedScan<Algo>) {
        auto flags = std::make_shared<DeviceArray<uint8_t>>(blocks);
        l.sumFlags = flags->get();
        impl.workspace.push_back(flags);
      }
      levels_.push_back(l);
    }
    impl.launches = 2 * levels - 1;
  }

  int section() const { return section_; }

  struct Totals {
    Level l;
    T* sums() const { return l.sums; }
    uint8_t* flags() const { return l.sumFlags; }
  };
  Totals sectionTotals(long long sections, int level, bool) const {
    return sections > 1 ? Totals{levels_[static_cast<size_t>(level)]} : Totals{};
  }
  struct Scanned {
    T* scanned;
    T* values() const { return scanned; }
  };
  Scanned scannedTotals(long long, int level, bool) const {
    return Scanned{levels_[static_cast<size_t>(level)].scanned};
  }

  void scanSections(const SectionLaunch<T>& l) const {
    SectionsArgs<T> args;
    args.in = l.in;
    args.out = l.out;
    args.n = l.n;
    args.exclusive = l.exclusive;
    args.op = op_;
    args.sums = l.sums;
    args.sumFlags = l.sumFlags;
    args.rows = DeviceRows{l.flags, nullptr};
    launchScanSections<T, NullRecorder>(algo_, l.blocks, threads_, args);
  }
  void addBlockSums(T* out, const T* scanned, long long n, int) const {
    launchAddBlockSums(out, scanned, n, section_, op_);
  }
  int64_t addSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
                            int) const {
    enqueueAddSegmentCarries(out, flags, scanned, n, section_, op_, nullptr);
    return 0;
  }
  int64_t seedThirdKernel(T*, const T*, long long, int) const {
    throw BackendError("flawed variants are not timed");
  }
  void record(const GridStep&, const T*) const {}

 private:
  Algo algo_;
  int threads_;
  Operator op_;
  int section_ = 0;
  std::vector<Level> levels_;
};

// The uninstrumented hierarchical scan: the driver over the timed launcher, which the plan owns.
template <class T, class Algo>
void makeHierarchicalDeviceScan(const Algo& algo, const RunRequest& rq, long long n,
                                DeviceScan::Impl& impl) {
  auto launcher = std::make_shared<TimedSectionLauncher<T, Algo>>(algo, rq, n, impl);
  impl.workspace.push_back(launcher);
  const bool exclusive = rq.exclusive;
  TimedSectionLauncher<T, Algo>* l = launcher.get();
  impl.enqueue = [l, n, exclusive](const void* in, void* out, const uint8_t* flags) {
    // Only a segmented scan reads the head flags (segmented-hierarchical).
    scanHierarchically(*l, static_cast<const T*>(in), static_cast<T*>(out), n, exclusive, 0,
                       kIsSegmentedScan<Algo> ? flags : nullptr);
  };
}

}  // namespace

DeviceScan::DeviceScan(const RunRequest& rq, DType dtype, long long n)
    : impl_(std::make_unique<Impl>()) {
  if (n < 1) throw BackendError("a device scan needs at least one element");
  const auto build = [&](auto zero) {
    using T = decltype(zero);
    const bool isBlock = withBlockAlgorithm(
        rq, [&](const auto& algo) { makeHierarchicalDeviceScan<T>(algo, rq, n, *impl_); });
    if (!isBlock) makeSinglePassDeviceScan(rq, dtype, n, *impl_);
  };
  if (dtype == DType::Int32)
    build(int32_t{});
  else
    build(float{});
}

DeviceScan::~DeviceScan() = default;

void DeviceScan::operator()(const void* deviceIn, void* deviceOut, const uint8_t* deviceFlags) {
  impl_->enqueue(deviceIn, deviceOut, deviceFlags);
  cudaCheckLaunch("scan", false);
}

int DeviceScan::launchesPerCall() const {
  return impl_->launches;
}

const CudaStatus& cudaStatus() {
  static const CudaStatus status = [] {
    CudaStatus s;
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
      // Error 35 (insufficient driver) is what a machine without an NVIDIA driver reports.
      s.message = noCudaDeviceMessage(static_cast<int>(err), cudaGetErrorString(err));
      cudaGetLastError();
      return s;
    }
    if (count == 0) {
      s.message = noCudaDeviceMessage(static_cast<int>(cudaErrorNoDevice), "no device counted");
      return s;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
      s.message = "no CUDA device: its properties cannot be read";
      return s;
    }
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    s.available = true;
    s.device = prop.name;
    s.smCount = prop.multiProcessorCount;
    s.computeMajor = prop.major;
    s.computeMinor = prop.minor;
    s.driverVersion = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
    s.runtimeVersion = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
    return s;
  }();
  return status;
}

namespace {

// The innermost RetainedDeviceMemory of each thread (captures run one thread each).
thread_local RetainedDeviceMemory* retainedOnThisThread = nullptr;

bool retentionSwitchedOff() {
  const char* v = std::getenv("SCANVIZ_RETAIN_DEVICE_MEMORY");
  return v != nullptr && std::string_view(v) == "0";
}

}  // namespace

RetainedDeviceMemory::RetainedDeviceMemory() : outer_(retainedOnThisThread) {
  retainedOnThisThread = this;
}

RetainedDeviceMemory::~RetainedDeviceMemory() {
  retainedOnThisThread = outer_;
  // Allocations still out are freed by their owners; the pool goes once they are.
  if (pool_) cudaMemPoolDestroy(static_cast<cudaMemPool_t>(pool_));
}

// The launch code's DeviceArrays allocate from this thread's retained pool (device_array.cuh).
void* deviceArrayPoolOfThisThread() {
  return RetainedDeviceMemory::poolOfThisThread();
}

void* RetainedDeviceMemory::poolOfThisThread() {
  RetainedDeviceMemory* r = retainedOnThisThread;
  if (!r || retentionSwitchedOff() || !cudaStatus().available) return nullptr;
  if (!r->pool_) {
    int device = 0;
    cudaCheck(cudaGetDevice(&device), "cudaGetDevice");
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t pool = nullptr;
    cudaCheck(cudaMemPoolCreate(&pool, &props), "create the capture memory pool");
    unsigned long long keep = kRetainedBytes;
    cudaCheck(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep),
              "set the capture memory pool's threshold");
    r->pool_ = pool;
  }
  return r->pool_;
}

RunResult<int32_t> runOnCuda(const RunRequest& rq, const std::vector<int32_t>& input) {
  return runBlockLevel(rq, input);
}
RunResult<float> runOnCuda(const RunRequest& rq, const std::vector<float>& input) {
  return runBlockLevel(rq, input);
}

}  // namespace scanviz
