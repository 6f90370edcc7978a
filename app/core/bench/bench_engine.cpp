#include "app/core/bench/bench_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <exception>
#include <map>
#include <memory>

#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_format.h"
#include "app/core/bench/bench_measure.h"
#include "app/core/support/profile_range.h"
#include "app/core/support/utc_time.h"

namespace scanviz {

namespace {

// Every subject but our catalog's scans, once: the key in tables, JSON and CSV, the legend's
// words, whether it is a reference or one of our kernels, what it moves, and where it is timed and
// drawn. The order is the order of tables and plots.
enum class SubjectRole {
  Reference,      // planned at every size of its device
  CubEquivalent,  // a reference planned only when a subject compared with it is
  Ours,           // one of our kernels that is no scan of the catalog
};

struct SubjectKindInfo {
  BenchSubjectKind kind;
  const char* key;
  const char* label;
  SubjectRole role;
  BenchWork work;
  BenchDevice device;  // where it runs
  bool rateLine;       // a horizontal line in the GB/s plot
};

constexpr SubjectKindInfo kSubjectKinds[] = {
    {BenchSubjectKind::DeviceCopy, "copy", "device copy (limit)", SubjectRole::Reference,
     BenchWork::Scan, BenchDevice::Cuda, true},
    {BenchSubjectKind::CubScan, "cub", "CUB DeviceScan", SubjectRole::Reference, BenchWork::Scan,
     BenchDevice::Cuda, true},
    {BenchSubjectKind::ThrustScan, "thrust", "Thrust inclusive_scan", SubjectRole::Reference,
     BenchWork::Scan, BenchDevice::Cuda, false},
    {BenchSubjectKind::CubScanByKey, "cub-by-key", "CUB DeviceScan by key",
     SubjectRole::CubEquivalent, BenchWork::SegmentedScan, BenchDevice::Cuda, true},
    {BenchSubjectKind::CubSelectFlagged, "cub-select", "CUB DeviceSelect::Flagged",
     SubjectRole::CubEquivalent, BenchWork::Compaction, BenchDevice::Cuda, true},
    {BenchSubjectKind::CubPartitionFlagged, "cub-partition", "CUB DevicePartition::Flagged",
     SubjectRole::CubEquivalent, BenchWork::Split, BenchDevice::Cuda, true},
    {BenchSubjectKind::HostCopy, "cpu-memcpy", "CPU memcpy (limit)", SubjectRole::Reference,
     BenchWork::Scan, BenchDevice::Cpu, true},
    {BenchSubjectKind::HostSequential, "cpu-sequential", "CPU sequential loop",
     SubjectRole::Reference, BenchWork::Scan, BenchDevice::Cpu, true},
    {BenchSubjectKind::Compaction, "compaction", "Single-pass compaction", SubjectRole::Ours,
     BenchWork::Compaction, BenchDevice::Cuda, false},
    {BenchSubjectKind::RadixSplit, "radix-split", "Single-pass radix split", SubjectRole::Ours,
     BenchWork::Split, BenchDevice::Cuda, false},
};
constexpr int kSubjectKindCount = static_cast<int>(std::size(kSubjectKinds));

const SubjectKindInfo* subjectKindInfo(BenchSubjectKind kind) {
  for (const SubjectKindInfo& r : kSubjectKinds)
    if (r.kind == kind) return &r;
  return nullptr;
}

int tableIndex(BenchSubjectKind kind) {
  for (int i = 0; i < kSubjectKindCount; ++i)
    if (kSubjectKinds[i].kind == kind) return i;
  return kSubjectKindCount;
}

bool isOurs(BenchSubjectKind kind) {
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r && r->role == SubjectRole::Ours;
}

}  // namespace

std::string BenchSubject::key() const {
  if (kind == BenchSubjectKind::Algorithm) return std::string(algorithmInfo(algorithm).key);
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r ? r->key : "?";
}

std::string BenchSubject::label() const {
  if (kind == BenchSubjectKind::Algorithm) return std::string(algorithmInfo(algorithm).name);
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r ? r->label : "?";
}

bool BenchSubject::isReference() const {
  return kind != BenchSubjectKind::Algorithm && !isOurs(kind);
}

BenchWork BenchSubject::work() const {
  if (kind == BenchSubjectKind::Algorithm)
    return isSegmentedAlgorithm(algorithm) ? BenchWork::SegmentedScan : BenchWork::Scan;
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r ? r->work : BenchWork::Scan;
}

BenchSubjectKind BenchSubject::cubEquivalent() const {
  switch (work()) {
    case BenchWork::SegmentedScan:
      return BenchSubjectKind::CubScanByKey;
    case BenchWork::Compaction:
      return BenchSubjectKind::CubSelectFlagged;
    case BenchWork::Split:
      return BenchSubjectKind::CubPartitionFlagged;
    case BenchWork::Scan:
      break;
  }
  return BenchSubjectKind::CubScan;
}

bool BenchSubject::isRateLine() const {
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r && r->rateLine;
}

bool BenchSubject::isCubCounterpart() const {
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r && r->role == SubjectRole::CubEquivalent;
}

bool BenchSubject::needsGpu() const {
  const SubjectKindInfo* r = subjectKindInfo(kind);
  return r && r->device == BenchDevice::Cuda;
}

int BenchSubject::order() const {
  if (kind == BenchSubjectKind::Algorithm) return kSubjectKindCount + static_cast<int>(algorithm);
  const int index = tableIndex(kind);
  // Our kernels after every algorithm of the catalog.
  return isOurs(kind) ? kSubjectKindCount + static_cast<int>(allAlgorithms().size()) + index
                      : index;
}

const std::vector<BenchSubjectKind>& benchTableKinds() {
  static const std::vector<BenchSubjectKind> kinds = [] {
    std::vector<BenchSubjectKind> v;
    for (const SubjectKindInfo& r : kSubjectKinds) v.push_back(r.kind);
    return v;
  }();
  return kinds;
}

std::vector<BenchSubjectKind> benchKernelKinds() {
  std::vector<BenchSubjectKind> v;
  for (const SubjectKindInfo& r : kSubjectKinds)
    if (r.role == SubjectRole::Ours) v.push_back(r.kind);
  return v;
}

std::optional<BenchSubjectKind> findBenchKernel(std::string_view key) {
  for (const SubjectKindInfo& r : kSubjectKinds)
    if (r.role == SubjectRole::Ours && key == r.key) return r.kind;
  return std::nullopt;
}

std::optional<BenchSubject> findBenchSubject(std::string_view key) {
  if (const std::optional<AlgorithmId> id = findAlgorithm(key)) return BenchSubject::of(*id);
  for (const SubjectKindInfo& r : kSubjectKinds)
    if (key == r.key) return BenchSubject::reference(r.kind);
  return std::nullopt;
}

std::vector<long long> defaultBenchSizes(BenchDevice device) {
  if (device == BenchDevice::Cuda) return {1ll << 16, 1ll << 20, 1ll << 24, 1ll << 28, 1ll << 30};
  return {1ll << 10, 1ll << 14, 1ll << 18};
}

std::vector<AlgorithmId> defaultBenchAlgorithms() {
  std::vector<AlgorithmId> ids;
  for (const auto& info : allAlgorithms())
    if (!isSegmentedAlgorithm(info.id) || info.id == AlgorithmId::SegmentedLookback)
      ids.push_back(info.id);
  return ids;
}

BenchConfig resolveBenchConfig(const BenchConfig& config, BenchDevice device) {
  BenchConfig r = config;
  if (r.algorithms.empty() && r.kernels.empty()) {
    r.kernels = benchKernelKinds();
    r.algorithms = defaultBenchAlgorithms();
    if (r.blockLevelMaxN == 0 && device == BenchDevice::Cuda)
      r.blockLevelMaxN = kDefaultBlockLevelMaxN;
  }
  if (r.sizes.empty()) r.sizes = defaultBenchSizes(device);
  std::sort(r.sizes.begin(), r.sizes.end());
  r.sizes.erase(std::unique(r.sizes.begin(), r.sizes.end()), r.sizes.end());
  if (r.dtypes.empty()) r.dtypes = {DType::Int32, DType::Float32};
  if (r.repeats <= 0)
    r.repeats = device == BenchDevice::Cuda ? kGpuDefaultRepeats : kCpuDefaultRepeats;
  if (r.maxRepeats <= 0) r.maxRepeats = kMaxRepeatsFactor * r.repeats;
  r.maxRepeats = std::max(r.maxRepeats, r.repeats);
  r.warmups = std::max(0, r.warmups);
  r.segmentLength = std::max(1, r.segmentLength);
  if (r.backend == BackendChoice::Auto)
    r.backend = device == BenchDevice::Cuda ? BackendChoice::Cuda : BackendChoice::Cpu;
  return r;
}

std::vector<BenchTask> planBenchmark(const BenchConfig& resolved, BenchDevice device) {
  // Catalog order whatever order the user typed, so tables and plots line up between runs.
  std::vector<AlgorithmId> algorithms;
  for (const auto& info : allAlgorithms())
    if (std::find(resolved.algorithms.begin(), resolved.algorithms.end(), info.id) !=
        resolved.algorithms.end())
      algorithms.push_back(info.id);
  // Our other kernels in the table's order, where they run.
  std::vector<BenchSubjectKind> kernels;
  for (BenchSubjectKind kind : benchKernelKinds())
    if (std::find(resolved.kernels.begin(), resolved.kernels.end(), kind) !=
            resolved.kernels.end() &&
        (device == BenchDevice::Cuda || !BenchSubject::reference(kind).needsGpu()))
      kernels.push_back(kind);

  // The references of this device, in the table's order: the ones every run has, and each CUB
  // equivalent (scan by key, select, partition) when a subject compared with it is timed.
  std::vector<BenchSubjectKind> compared;
  for (AlgorithmId id : algorithms) compared.push_back(BenchSubject::of(id).cubEquivalent());
  for (BenchSubjectKind kind : kernels)
    compared.push_back(BenchSubject::reference(kind).cubEquivalent());
  std::vector<BenchSubjectKind> references;
  for (const SubjectKindInfo& r : kSubjectKinds) {
    const bool here = r.device == device && resolved.references;
    const bool wanted = r.role == SubjectRole::Reference ||
                        (r.role == SubjectRole::CubEquivalent &&
                         std::find(compared.begin(), compared.end(), r.kind) != compared.end());
    if (here && wanted) references.push_back(r.kind);
  }

  std::vector<BenchTask> tasks;
  for (long long n : resolved.sizes) {
    if (device == BenchDevice::Cpu && n > kCpuBenchMaxSize) continue;
    for (DType dtype : resolved.dtypes) {
      for (BenchSubjectKind kind : references)
        tasks.push_back({BenchSubject::reference(kind), dtype, n});
      for (AlgorithmId id : algorithms) {
        const bool blockLevel = algorithmInfo(id).level == AlgorithmLevel::Block;
        if (blockLevel && resolved.blockLevelMaxN > 0 && n > resolved.blockLevelMaxN) continue;
        tasks.push_back({BenchSubject::of(id), dtype, n});
      }
      for (BenchSubjectKind kind : kernels)
        tasks.push_back({BenchSubject::reference(kind), dtype, n});
    }
  }
  return tasks;
}

BenchDevice resolveBenchDevice(BackendChoice backend) {
  if (backend == BackendChoice::Cpu) return BenchDevice::Cpu;
  if (backend == BackendChoice::Cuda) return BenchDevice::Cuda;
  return cudaStatus().available ? BenchDevice::Cuda : BenchDevice::Cpu;
}

double elementsPerSecond(long long n, double ms) {
  if (!(ms > 0)) return BenchPoint::kNone;
  return static_cast<double>(n) / (ms * 1e-3);
}

double benchBytesPerElement(BenchWork work, DType dtype) {
  const double value = dtype == DType::Int32 ? sizeof(int32_t) : sizeof(float);
  constexpr double kFlag = 1.0;
  switch (work) {
    case BenchWork::SegmentedScan:
    case BenchWork::Split:
      return 2 * value + kFlag;
    case BenchWork::Compaction:
      return value + kFlag + kSelectFlagDensity * value;
    case BenchWork::Scan:
      break;
  }
  return 2 * value;
}

double gigabytesPerSecond(long long n, DType dtype, double ms, BenchWork work) {
  if (!(ms > 0)) return BenchPoint::kNone;
  return benchBytesPerElement(work, dtype) * static_cast<double>(n) / (ms * 1e-3) / 1e9;
}

double speedRatio(double referenceMs, double ms) {
  if (!(referenceMs > 0) || !(ms > 0)) return BenchPoint::kNone;
  return referenceMs / ms;
}

void applyBenchRatios(BenchPoint& point, double copyMs, double cubMs) {
  point.elementsPerSecond = elementsPerSecond(point.n, point.medianMs);
  point.gigabytesPerSecond =
      gigabytesPerSecond(point.n, point.dtype, point.medianMs, point.subject.work());
  point.ratioToCopy = speedRatio(copyMs, point.medianMs);
  point.ratioToCub = speedRatio(cubMs, point.medianMs);
}

double medianOf(std::vector<double> values) {
  if (values.empty()) return BenchPoint::kNone;
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double quantileOf(std::vector<double> values, double q) {
  if (values.empty()) return BenchPoint::kNone;
  std::sort(values.begin(), values.end());
  const double at = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(at));
  const size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (at - static_cast<double>(below)) * (values[above] - values[below]);
}

bool samplesSettled(const std::vector<double>& values, double noiseTarget) {
  const double median = medianOf(values);
  if (!(median > 0)) return true;  // nothing to refine: no samples, or times of zero
  return quantileOf(values, 0.75) - quantileOf(values, 0.25) <= noiseTarget * median;
}

std::string benchOperationName(const BenchConfig& config) {
  return std::string(config.exclusive ? "exclusive " : "inclusive ") +
         std::string(operatorName(config.op));
}

int rotationBuffers(long long bytesPerCall, long long l2Bytes) {
  if (bytesPerCall <= 0 || l2Bytes <= 0) return 1;
  const long long wanted = (2 * l2Bytes + bytesPerCall - 1) / bytesPerCall;
  return static_cast<int>(std::clamp<long long>(wanted, 1, kMaxRotation));
}

bool benchL2Flushed(long long n, int elementBytes, long long l2Bytes) {
  const long long bytesPerCall = 2 * n * elementBytes;
  return static_cast<long long>(rotationBuffers(bytesPerCall, l2Bytes)) * bytesPerCall >=
         2 * l2Bytes;
}

long long rotationStride(long long n, int elementBytes) {
  const long long perAlignment = std::max(1, 256 / elementBytes);
  return (n + perAlignment - 1) / perAlignment * perAlignment;
}

long long benchDeviceBytes(long long n, int elementBytes, int rotation) {
  const long long stride = rotationStride(n, elementBytes);
  const long long buffers = 2ll * rotation * stride * elementBytes;  // inputs and outputs
  const long long reference = n * elementBytes;                      // CUB's output
  // Block sums of hierarchical scans, tile status words, CUB's and Thrust's temporary storage: a
  // small fraction of N, plus a fixed margin for the context and the allocator's granularity.
  const long long workspace = n * elementBytes / 8 + (256ll << 20);
  return buffers + reference + workspace;
}

int callsPerSample(double estimateMs, double targetMs, int maxCalls) {
  if (!(estimateMs > 0)) return maxCalls;
  const double calls = std::ceil(targetMs / estimateMs);
  return static_cast<int>(std::clamp(calls, 1.0, static_cast<double>(maxCalls)));
}

namespace {

unsigned sizeSeed(unsigned seed, long long n, DType dtype) {
  // Fresh input for every size and dtype, reproducible from the run's seed.
  unsigned long long x = seed * 0x9E3779B97F4A7C15ull ^ static_cast<unsigned long long>(n) * 31 ^
                         (dtype == DType::Float32 ? 0x5bd1e995ull : 0);
  x ^= x >> 29;
  return static_cast<unsigned>(x * 0xBF58476D1CE4E5B9ull >> 32);
}

RunRequest benchRequest(const BenchConfig& cfg, AlgorithmId id) {
  RunRequest rq;
  rq.algorithm = id;
  rq.op = cfg.op;
  rq.exclusive = cfg.exclusive;
  rq.blockSize = cfg.blockSize;
  rq.record = false;
  rq.lookbackPolicy = cfg.lookbackPolicy;
  return rq;
}

BenchPoint measureTask(SizeBench& bench, const BenchTask& task, const BenchConfig& cfg,
                       BenchDevice device, const TimingPlan& plan, bool& cancelled) {
  const ProfileRange range(ProfileCategory::Bench, "bench " + task.subject.key() +
                                                       ", N = " + std::to_string(task.n) + ", " +
                                                       std::string(dtypeName(task.dtype)));
  BenchPoint p;
  p.subject = task.subject;
  p.device = device;
  p.dtype = task.dtype;
  p.n = task.n;
  try {
    Measurement m;
    if (task.subject.isReference()) {
      m = bench.timeReference(task.subject.kind, plan);
    } else if (task.subject.kind != BenchSubjectKind::Algorithm) {
      m = bench.timeKernel(task.subject.kind, plan);
    } else {
      const RunRequest rq = benchRequest(cfg, task.subject.algorithm);
      p.blockSize = rq.blockSize;
      m = bench.timeAlgorithm(rq, plan);
      if (!m.cancelled && cfg.captureMaxN > 0 && task.n <= cfg.captureMaxN) {
        const CaptureTiming c = bench.timeCapture(rq, std::min(cfg.repeats, kCaptureRepeats));
        p.captureMs = c.recordedMs;
        p.plainHostMs = c.plainMs;
        p.captureNote = c.note;
      }
    }
    if (m.cancelled) {
      cancelled = true;
      return p;
    }
    p.samples = static_cast<int>(m.perCallMs.size());
    p.callsPerSample = m.callsPerSample;
    p.launches = m.launches;
    p.medianMs = medianOf(m.perCallMs);
    p.q1Ms = quantileOf(m.perCallMs, 0.25);
    p.q3Ms = quantileOf(m.perCallMs, 0.75);
    if (!m.perCallMs.empty()) {
      p.minMs = *std::min_element(m.perCallMs.begin(), m.perCallMs.end());
      p.maxMs = *std::max_element(m.perCallMs.begin(), m.perCallMs.end());
    }
    p.check = m.check;
    p.checkDetail = m.checkDetail;
  } catch (const std::exception& e) {
    p.error = e.what();
  }
  return p;
}

}  // namespace

BenchReport prepareBenchReport(const BenchConfig& config) {
  const BenchDevice device = resolveBenchDevice(config.backend);
  const CudaStatus& cuda = cudaStatus();
  if (config.backend == BackendChoice::Cuda && !cuda.available) throw BackendError(cuda.message);
  BenchReport report;
  report.device = device;
  report.config = resolveBenchConfig(config, device);
  report.date = utcNowIso();
  report.operation = benchOperationName(report.config);
  if (device == BenchDevice::Cuda) {
    report.tuning = cudaLookbackTuning(report.config.blockSize);
    report.tuningSource = "the tuning table";
    const std::optional<LookbackPolicyId> chosen = report.config.lookbackPolicy;
    if (report.tuning && chosen && lookbackPolicyFits(*chosen, report.config.blockSize)) {
      report.tuning = lookbackTuning(*chosen);
      report.tuningSource = report.config.lookbackPolicySource;
    }
    report.l2Bytes = cudaL2Bytes();
    report.deviceName = cuda.device;
    report.driverVersion = cuda.driverVersion;
    report.runtimeVersion = cuda.runtimeVersion;
    if (const std::string note = cudaBenchDeviceNote(); !note.empty()) report.notes.push_back(note);
  } else {
    report.deviceName = "CPU emulator";
    if (!cuda.available) report.noGpuReason = cuda.message;
    for (long long n : report.config.sizes)
      if (n > kCpuBenchMaxSize)
        report.notes.push_back("N = " + formatBenchSize(n) +
                               " skipped: the CPU emulator is timed up to " +
                               formatBenchSize(kCpuBenchMaxSize) + " elements");
    // Said, not silently dropped: the CPU path has no emulator of these kernels.
    std::string gpuOnly;
    int count = 0;
    for (BenchSubjectKind kind : report.config.kernels)
      if (BenchSubject::reference(kind).needsGpu()) {
        gpuOnly += (gpuOnly.empty() ? "" : " and ") + BenchSubject::reference(kind).key();
        ++count;
      }
    if (count)
      report.notes.push_back(gpuOnly + (count > 1 ? " need" : " needs") +
                             " a GPU: not timed on the CPU emulator (the benchmark runs them on "
                             "CUDA only, beside CUB's select and partition)");
  }
  return report;
}

BenchReport runBenchmark(const BenchConfig& config, const BenchObserver& observer,
                         const std::atomic<bool>* cancel) {
  const ProfileRange range(ProfileCategory::Bench, "bench");
  const auto t0 = std::chrono::steady_clock::now();
  BenchReport report = prepareBenchReport(config);
  const BenchDevice device = report.device;
  const BenchConfig& cfg = report.config;
  if (observer.note)
    for (const std::string& note : report.notes) observer.note(note);
  const auto addNote = [&](const std::string& text) {
    report.notes.push_back(text);
    if (observer.note) observer.note(text);
  };

  const std::vector<BenchTask> tasks = planBenchmark(cfg, device);
  const int total = static_cast<int>(tasks.size());
  TimingPlan plan;
  plan.warmups = cfg.warmups;
  plan.samples = cfg.repeats;
  plan.maxSamples = cfg.maxRepeats;
  plan.noiseTarget = cfg.noiseTarget;
  plan.targetSampleMs = cfg.targetSampleMs;
  plan.cancel = cancel;

  size_t i = 0;
  while (i < tasks.size() && !plan.cancelled()) {
    // Tasks of one (N, dtype) share one set of inputs.
    size_t end = i;
    while (end < tasks.size() && tasks[end].n == tasks[i].n && tasks[end].dtype == tasks[i].dtype)
      ++end;
    const long long n = tasks[i].n;
    const DType dtype = tasks[i].dtype;
    std::unique_ptr<SizeBench> bench;
    try {
      const unsigned seed = sizeSeed(cfg.seed, n, dtype);
      const SizeBenchInputs inputs{seed, cfg.op, cfg.exclusive, cfg.segmentLength};
      bench = device == BenchDevice::Cuda ? makeCudaSizeBench(dtype, n, inputs)
                                          : makeCpuSizeBench(dtype, n, inputs);
    } catch (const BenchSkip& e) {
      addNote("N = " + formatBenchSize(n) + " " + std::string(dtypeName(dtype)) +
              " skipped: " + e.what());
      i = end;
      continue;
    } catch (const std::exception& e) {
      addNote("N = " + formatBenchSize(n) + " " + std::string(dtypeName(dtype)) +
              " failed to set up: " + e.what());
      i = end;
      continue;
    }
    // The references' times at this (N, dtype), for the ratios of the subjects after them.
    std::map<BenchSubjectKind, double> referenceMs;
    const auto timeOf = [&referenceMs](BenchSubjectKind kind) {
      const auto it = referenceMs.find(kind);
      return it == referenceMs.end() ? BenchPoint::kNone : it->second;
    };
    for (; i < end; ++i) {
      const BenchTask& task = tasks[i];
      if (observer.started) observer.started(task, static_cast<int>(i), total);
      bool cancelled = false;
      BenchPoint p = measureTask(*bench, task, cfg, device, plan, cancelled);
      if (cancelled || plan.cancelled()) break;
      if (task.subject.isReference()) referenceMs[task.subject.kind] = p.medianMs;
      const double copyMs = device == BenchDevice::Cuda ? timeOf(BenchSubjectKind::DeviceCopy)
                                                        : timeOf(BenchSubjectKind::HostCopy);
      applyBenchRatios(p, copyMs, timeOf(task.subject.cubEquivalent()));
      report.points.push_back(p);
      if (observer.finished) observer.finished(report.points.back(), static_cast<int>(i), total);
    }
  }
  // The clocks after the work, when the GPU has been busy: the clock it ran the timings at.
  if (device == BenchDevice::Cuda && !plan.cancelled()) {
    try {
      report.clocks = cudaBenchClocks();
    } catch (const std::exception& e) {
      addNote(std::string("cannot read the GPU's clocks: ") + e.what());
    }
  }
  report.cancelled = plan.cancelled();
  if (report.cancelled) addNote("cancelled: the results above are the points measured so far");
  report.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace scanviz
