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

// The hierarchical driver on the GPU, mirroring cpuScanLevel step for step.
template <class T, class Algo>
class GpuHierarchicalScan {
 public:
  // rows: the input's flags and second array on the device, for the level-0 launch.
  GpuHierarchicalScan(const Algo& algo, const RunRequest& rq, RecordedRun& run, DeviceRows rows)
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

  // flags: the head flags of this level's elements (level 0: the problem's, deeper: whether each
  // section below held a head), null without any; as cpuScanLevel.
  void scanLevel(const T* in, T* out, long long n, bool exclusive, int level,
                 const uint8_t* flags) {
    constexpr bool segmented = kIsSegmentedScan<Algo>;
    const long long blocks = (n + section_ - 1) / section_;
    if (blocks > 0x7fffffffll) throw BackendError("too many sections for one launch");
    // Both with a section of slack, as runBlockLevel's arrays (a flawed variant's unguarded
    // accesses in the last section of this level).
    DeviceArray<T> sums(blocks > 1 ? static_cast<size_t>(blocks + section_) : 0);
    DeviceArray<uint8_t> sumFlags(segmented ? sums.size() : 0);
    const DeviceRows rows{flags, level == 0 ? rows_.second : nullptr};
    {
      const ProfileRange phase("scan sections, level " + std::to_string(level) + " (" +
                               std::to_string(blocks) + " blocks)");
      launchSections(in, out, n, exclusive, sums.get(), sumFlags.size() ? sumFlags.get() : nullptr,
                     rows, static_cast<int>(blocks), level);
    }
    if (blocks == 1) return;
    const int window = rq_.limits.globalWindow;
    if (rq_.record)
      recordWindow(run_, StepKind::SectionsScanned, level, out, n, window, 0, *trace_);
    // Seed 000's third kernel reads S[-1] in block 0: slack before the scanned totals, filled
    // with what the emulator's read gives there (kernels/lessons/hierarchical_s_minus_one.h).
    constexpr bool seedThirdKernel = kRunsSeedThirdKernel<Algo>;
    const size_t before = seedThirdKernel ? kSlackBeforeTotals : 0;
    DeviceArray<T> scannedWithSlack(before + static_cast<size_t>(blocks + section_));
    if (before > 0) {
      const std::vector<T> fill(before, unmappedValue<T>());
      scannedWithSlack.upload(fill.data(), fill.size());
    }
    T* const scanned = scannedWithSlack.get() + before;
    // A segmented scan scans its totals inclusively: entry b-1 is the carry into section b; so
    // does seed 000's kernel 2, whose third kernel adds entry b-1.
    scanLevel(sums.get(), scanned, blocks, /*exclusive=*/!segmented && !seedThirdKernel, level + 1,
              segmented ? sumFlags.get() : nullptr);
    if constexpr (seedThirdKernel) {
      const ProfileRange phase("seed 000's third kernel, level " + std::to_string(level));
      launchSeedThirdKernel(out, static_cast<const T*>(scanned), n, section_, rq_.op);
      if (rq_.record) {
        run_.work += n;
        recordWindow(run_, StepKind::AddBlockSums, level, out, n, window, n, *trace_);
      }
      return;
    }
    if constexpr (segmented) {
      const ProfileRange phase("add segment carries, level " + std::to_string(level));
      const int64_t ops = launchAddSegmentCarries(out, flags, scanned, n, section_, rq_.op);
      if (rq_.record) {
        run_.work += ops;
        recordWindow(run_, StepKind::SegmentCarry, level, out, n, window, ops, *trace_);
      }
      return;
    }
    const ProfileRange phase("add block sums, level " + std::to_string(level));
    launchAddBlockSums(out, static_cast<const T*>(scanned), n, section_, rq_.op);
    if (rq_.record) {
      run_.work += n - section_;
      recordWindow(run_, StepKind::AddBlockSums, level, out, n, window, n - section_, *trace_);
    }
  }

  void finish() {
    if (!trace_) return;
    run_.work += static_cast<int64_t>(trace_->work());
  }

 private:
  void launchSections(const T* in, T* out, long long n, bool exclusive, T* sums, uint8_t* sumFlags,
                      DeviceRows rows, int blocks, int level) {
    const int threads = rq_.blockSize;
    SectionsArgs<T> args;
    args.in = in;
    args.out = out;
    args.n = n;
    args.exclusive = exclusive;
    args.op = rq_.op;
    args.sums = sums;
    args.sumFlags = sumFlags;
    args.rows = rows;
    if (!rq_.record) {
      prepareScanSections<T, NullRecorder>(algo_, threads);
      launchScanSections<T, NullRecorder>(algo_, blocks, threads, args);
      cudaCheckLaunch("scanSections", false);
      return;
    }
    const int recordBlock = level == 0 ? rq_.recordBlock : 0;
    trace_->resetSteps();
    trace_->setShape(section_, (threads + 31) / 32);
    if (level == 0) {
      startWholeArrayRows(run_, rq_.limits, n, section_, blocks);
      trace_->enableWholeRows(run_.whole);
    }
    args.buf = trace_->view(recordBlock, level == 0);
    args.timeBlocks = level == 0;
    prepareScanSections<T, TraceRecorder>(algo_, threads);
    launchScanSections<T, TraceRecorder>(algo_, blocks, threads, args);
    cudaCheckLaunch("scanSections (recorded)", true);
    trace_->appendSteps<T>(run_, recordBlock, level, ArrayKind::Section);
    if (level == 0) trace_->takeWholeRows(run_.whole);
    if (level == 0) trace_->appendBlockTimings(blocks, rq_.limits.maxBlocksTimed, run_);
  }

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
    GpuHierarchicalScan<T, Algo> scan(algo, rq, r.run, rows);
    scan.scanLevel(in.get(), out.get(), n, rq.exclusive, 0, rows.flags);
    cudaCheck(cudaDeviceSynchronize(), "scan");
    scan.finish();
  });
  if (!isBlock) return runSinglePassOnCuda(rq, input);
  r.output.resize(input.size());
  out.download(r.output.data(), r.output.size());
  return r;
}

// The uninstrumented hierarchical scan over workspace allocated up front: one sums array and one
// scanned-sums array per level.
template <class T, class Algo>
void makeHierarchicalDeviceScan(const Algo& algo, const RunRequest& rq, long long n,
                                DeviceScan::Impl& impl) {
  struct Level {
    long long n, blocks;
    T* sums;
    T* scanned;
  };
  // A flawed variant is never timed (bench and verify leave them out); this driver has no third
  // kernel of seed 000's, so it would time the fixed scan under the flawed name.
  if (kRunsSeedThirdKernel<Algo>) throw BackendError("flawed variants are not timed");
  const int threads = rq.blockSize;
  const long long section = algo.sectionSize(threads);
  prepareScanSections<T, NullRecorder>(algo, threads);
  std::vector<Level> levels;
  for (long long len = n;;) {
    const long long blocks = (len + section - 1) / section;
    Level l{len, blocks, nullptr, nullptr};
    if (blocks > 1) {
      auto sums = std::make_shared<DeviceArray<T>>(static_cast<size_t>(blocks));
      auto scanned = std::make_shared<DeviceArray<T>>(static_cast<size_t>(blocks));
      l.sums = sums->get();
      l.scanned = scanned->get();
      impl.workspace.push_back(sums);
      impl.workspace.push_back(scanned);
    }
    levels.push_back(l);
    if (blocks == 1) break;
    len = blocks;
  }
  impl.launches = static_cast<int>(2 * levels.size() - 1);
  const Operator op = rq.op;
  const bool exclusive = rq.exclusive;
  impl.enqueue = [algo, levels, threads, section, op, exclusive](const void* in, void* out,
                                                                 const uint8_t*) {
    // Down: scan each level's sections, writing its sums; up: add scanned sums back.
    const T* levelIn = static_cast<const T*>(in);
    T* levelOut = static_cast<T*>(out);
    for (size_t k = 0; k < levels.size(); ++k) {
      const Level& l = levels[k];
      SectionsArgs<T> args;
      args.in = levelIn;
      args.out = levelOut;
      args.n = l.n;
      args.exclusive = k == 0 ? exclusive : true;
      args.op = op;
      args.sums = l.sums;
      launchScanSections<T, NullRecorder>(algo, l.blocks, threads, args);
      levelIn = l.sums;
      levelOut = l.scanned;
    }
    for (size_t k = levels.size() - 1; k-- > 0;) {
      T* target = k == 0 ? static_cast<T*>(out) : levels[k - 1].scanned;
      launchAddBlockSums(target, levels[k].scanned, levels[k].n, section, op);
    }
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
