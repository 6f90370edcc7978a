// The benchmark engine: times the uninstrumented scans of every algorithm next to references
// measured in the same run (a device-to-device copy of the same bytes, CUB, Thrust), so that every
// figure is a ratio against the hardware's limit and the production library on the same machine.
// The CLI (`scanviz bench`) and the app's timing panel share it; it has no UI include. The app runs
// runBenchmark() on a background thread: points arrive through the observer as they are measured
// and the cancel flag stops the run between samples.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "kernels/grid/lookback_tuning.h"
#include "kernels/scan_types.h"

namespace scanviz {

// What one row of the benchmark measures. Every kind but Algorithm has one entry in the subject
// table of bench_engine.cpp (key, legend, reference or ours, what it moves, its CUB equivalent),
// from which plans, ratios, tables and plots read.
enum class BenchSubjectKind {
  Algorithm,            // one of our scans, uninstrumented (NullRecorder kernels)
  DeviceCopy,           // cudaMemcpy device to device of the same bytes: the physical limit
  CubScan,              // cub::DeviceScan::InclusiveSum
  ThrustScan,           // thrust::inclusive_scan(thrust::device, ...), as most programs call it
  CubScanByKey,         // cub::DeviceScan::InclusiveScanByKey over 1-byte keys: the segmented
                        // reference
  CubSelectFlagged,     // cub::DeviceSelect::Flagged: the compaction's reference
  CubPartitionFlagged,  // cub::DevicePartition::Flagged: the radix split pass's reference
  HostCopy,             // CPU: memcpy of the same bytes, the CPU's limit
  HostSequential,       // CPU: a plain sequential loop, the baseline every parallel scan is held to
  Compaction,  // ours: the single-pass stream compaction (kernels/launch/select_kernels.cuh)
  RadixSplit,  // ours: the same kernel writing the unflagged values too, one stable radix pass
};

// What a subject reads and writes per element, which decides its GB/s and its CUB equivalent.
enum class BenchWork {
  Scan,           // value read, value written (a copy moves the same)
  SegmentedScan,  // value and head flag read, value written
  Compaction,     // value and flag read, the flagged values written
  Split,          // value and flag read, every value written (flagged first, the others after)
};

// The compaction's and split's random flags: each element is flagged with this probability.
inline constexpr double kSelectFlagDensity = 0.5;

struct BenchSubject {
  BenchSubjectKind kind = BenchSubjectKind::Algorithm;
  AlgorithmId algorithm = AlgorithmId::Sequential;  // meaningful for Algorithm only

  static BenchSubject of(AlgorithmId id) { return {BenchSubjectKind::Algorithm, id}; }
  static BenchSubject reference(BenchSubjectKind kind) { return {kind, AlgorithmId::Sequential}; }

  // "kogge-stone", "copy", "cub", "thrust", "cub-by-key", "compaction", "cub-select", ...: the
  // key in tables, JSON and CSV.
  std::string key() const;
  std::string label() const;  // display name for legends
  // A library or hardware reference (copy, CUB, Thrust, CPU loops), not one of our kernels.
  bool isReference() const;
  BenchWork work() const;
  // A segmented scan (ours, or CUB's scan by key): it reads a head flag (or key) byte per
  // element besides the value, and is compared with CUB's scan by key, not CUB's plain scan.
  bool isSegmented() const { return work() == BenchWork::SegmentedScan; }
  // The CUB subject this one's "x CUB" is measured against (CUB's scan, its scan by key, its
  // select or partition).
  BenchSubjectKind cubEquivalent() const;
  // Drawn as a horizontal line at its rate in the GB/s plot (copy, memcpy, CUB's subjects).
  bool isRateLine() const;
  // CUB's scan by key, select or partition: the counterpart of one kind of our kernels (CUB's
  // plain scan is the yardstick of every scan, like the copy, and is none).
  bool isCubCounterpart() const;
  // Runs on a GPU only: the CPU path leaves it out and says so.
  bool needsGpu() const;
  // Stable across runs, so that a subject keeps its place and colour: references in the table's
  // order, then the catalog's algorithms, then our other kernels.
  int order() const;
  bool operator==(const BenchSubject&) const = default;
};

// Where the timings come from. The CPU path exists so that lecture laptops without a GPU still get
// numbers; they are always labelled as CPU times.
enum class BenchDevice { Cuda, Cpu };

// Every kind of the subject table (all but Algorithm), in its order.
const std::vector<BenchSubjectKind>& benchTableKinds();
// Our kernels that are no scan of the catalog (compaction, radix split), in the table's order.
std::vector<BenchSubjectKind> benchKernelKinds();
// The table's kind with this key ("compaction"); nullopt for any other word.
std::optional<BenchSubjectKind> findBenchKernel(std::string_view key);
// The subject with this key (BenchSubject::key(): "kogge-stone", "cub-select"); nullopt for any
// other word.
std::optional<BenchSubject> findBenchSubject(std::string_view key);

struct BenchConfig {
  BackendChoice backend = BackendChoice::Auto;
  // Empty together with `kernels`: every algorithm of the catalog, block-level ones only up to
  // kDefaultBlockLevelMaxN on the GPU, and every one of our other kernels (the default plan).
  std::vector<AlgorithmId> algorithms;
  // Our kernels that are no scan (benchKernelKinds(): compaction, radix split), each timed beside
  // its CUB equivalent on the GPU; the CPU path has none of them and says so.
  std::vector<BenchSubjectKind> kernels;
  std::vector<long long> sizes;  // empty: the device's default sizes; kept ascending
  std::vector<DType> dtypes;     // empty: int32 and float32
  // > 0: block-level algorithms (run as hierarchical scans of their sections) are timed only up to
  // this N; larger sizes time the grid-level scans and the references.
  long long blockLevelMaxN = 0;
  // The scan every subject runs (CUB and Thrust with the same operator and variant, so that the
  // references stay comparable and every output can be checked against CUB's).
  Operator op = Operator::Add;
  bool exclusive = false;
  int repeats = 0;  // timed samples per point (the median is reported); 0: the device default
  // More samples while they are noisy (NVBench's criterion): after `repeats`, sampling goes on
  // until the interquartile range is within noiseTarget of the median or maxRepeats samples were
  // taken (0: kMaxRepeatsFactor x repeats).
  int maxRepeats = 0;
  double noiseTarget = 0.01;
  int warmups = 2;  // untimed calls before timing: module loading, clocks ramping up
  int blockSize = 256;
  bool references = true;  // copy, CUB, Thrust (GPU); memcpy and the sequential loop (CPU)
  // The instrumented (TraceRecorder) run is timed up to this N; 0: never. A capture copies its
  // input and trace over the bus, so it is only reasonable for lesson-sized inputs.
  long long captureMaxN = 1 << 20;
  unsigned seed = 1;
  // The segmented scans' random heads: one about every segmentLength elements (element 0 and the
  // first element of every rotated buffer always one). The same flags feed CUB's scan by key, as
  // 1-byte keys that change exactly at the heads.
  int segmentLength = 1024;
  // Calls are batched until a sample lasts about this long, so that timer resolution and launch
  // jitter do not dominate small sizes.
  double targetSampleMs = 2.0;
  // The production look-back's shape chosen by `bench --tune` or read from its cache (GPU only;
  // ignored where it does not fit the block size); empty: the tuning table's row.
  std::optional<LookbackPolicyId> lookbackPolicy;
  std::string lookbackPolicySource;  // where it came from, for the report ("tuned now", a cache)
};

inline constexpr long long kBenchMinSize = 1;
inline constexpr long long kBenchMaxSize = 1ll << 30;
inline constexpr long long kDefaultBlockLevelMaxN = 1ll << 24;
// The emulator runs every thread of every block one after another: beyond this it takes minutes.
inline constexpr long long kCpuBenchMaxSize = 1ll << 24;
inline constexpr int kGpuDefaultRepeats = 9;
inline constexpr int kCpuDefaultRepeats = 5;
inline constexpr int kCaptureRepeats = 3;
inline constexpr int kMaxRepeatsFactor = 3;

// The default plan's algorithms: the catalog, of the segmented scans only the look-back (the only
// one that runs over the flags the benchmark generates; the others would time the plain scan).
std::vector<AlgorithmId> defaultBenchAlgorithms();

// Fills what the config leaves to the device: sizes, dtypes, algorithms, repeats, and the
// block-level limit of the default plan.
BenchConfig resolveBenchConfig(const BenchConfig& config, BenchDevice device);
std::vector<long long> defaultBenchSizes(BenchDevice device);

// One measurement the engine will make.
struct BenchTask {
  BenchSubject subject;
  DType dtype = DType::Int32;
  long long n = 0;
};

// The tasks of a resolved config in the order they run: sizes ascending, int32 before float32 at
// each size, references first (every algorithm's ratios need them), then algorithms in catalog
// order, then our other kernels (GPU only).
std::vector<BenchTask> planBenchmark(const BenchConfig& resolved, BenchDevice device);

enum class BenchCheck { NotChecked, Passed, Failed };

struct BenchPoint {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

  BenchSubject subject;
  BenchDevice device = BenchDevice::Cuda;
  DType dtype = DType::Int32;
  long long n = 0;
  int blockSize = 0;       // 0 for references
  int launches = 0;        // kernel launches per call; 0 where no kernel is launched (CPU)
  int samples = 0;         // timed samples; the times below are per call
  int callsPerSample = 1;  // calls batched between one pair of timer readings
  double medianMs = kNone;
  double minMs = kNone;
  double maxMs = kNone;
  double q1Ms = kNone;  // first and third quartiles of the samples: the spread without outliers
  double q3Ms = kNone;
  double elementsPerSecond = kNone;
  double gigabytesPerSecond = kNone;  // benchBytesPerElement(work, dtype) * N bytes
  double ratioToCopy = kNone;         // copy time / this time: the fraction of the physical limit
  double ratioToCub = kNone;          // CUB time / this time (of its cubEquivalent())
  // The instrumented run (TraceRecorder), timed on the host around a whole capture: upload,
  // recorded kernels, trace read-back, download. plainHostMs is the same host path with recording
  // off, so the difference is the cost of capture.
  double captureMs = kNone;
  double plainHostMs = kNone;
  std::string captureNote;  // why there is no capture time, when one was asked for
  BenchCheck check = BenchCheck::NotChecked;
  std::string checkDetail;  // for Failed: where the output differs from the reference
  std::string error;        // not measured: why (an algorithm the backend cannot run yet...)

  bool measured() const { return error.empty() && medianMs == medianMs; }
};

// The GPU's clocks: the peaks the device reports, and the SM clock measured at the end of the run
// (clock64 cycles over %globaltimer nanoseconds of a spinning kernel), which shows whether the GPU
// ran at its boost clock or was held lower. 0: unknown.
struct BenchClocks {
  int smPeakMhz = 0;
  int memoryPeakMhz = 0;
  int memoryBusBits = 0;
  double smMeasuredMhz = 0;
};

struct BenchReport {
  BenchDevice device = BenchDevice::Cpu;
  std::string deviceName;  // "NVIDIA H100 80GB HBM3" or "CPU emulator"
  std::string driverVersion;
  std::string runtimeVersion;
  std::string noGpuReason;  // set when timings are CPU times because no GPU answered
  std::string date;         // UTC, ISO 8601
  std::string operation = "inclusive add";  // benchOperationName(config)
  BenchConfig config;                       // resolved
  BenchClocks clocks;
  // The shape the production decoupled look-back runs (the GPU's row of the tuning table at the
  // config's block size); empty on the CPU.
  std::optional<LookbackTuning> tuning;
  std::string tuningSource;  // "the tuning table", or the --tune run or cache it came from
  long long l2Bytes = 0;     // the GPU's L2 (0 on the CPU): which points read from DRAM
  std::vector<BenchPoint> points;
  std::vector<std::string> notes;  // sizes skipped for memory, limits applied
  bool cancelled = false;
  double wallSeconds = 0;
};

// Called on the thread that runs the benchmark; copy what you need and return quickly.
struct BenchObserver {
  std::function<void(const BenchTask& task, int index, int total)> started;
  std::function<void(const BenchPoint& point, int index, int total)> finished;
  std::function<void(const std::string& note)> note;
};

// The report before any point: device, versions, date, the resolved config, notes about the
// device. Throws BackendError when config.backend is Cuda and no device answers.
BenchReport prepareBenchReport(const BenchConfig& config);

// Runs the plan. With BackendChoice::Cuda and no device it throws BackendError; with Auto it falls
// back to the CPU and says so in noGpuReason. An algorithm that fails becomes a point with `error`
// set; the run goes on. Setting *cancel stops it between samples; the partial report comes back
// with cancelled = true.
BenchReport runBenchmark(const BenchConfig& config, const BenchObserver& observer = {},
                         const std::atomic<bool>* cancel = nullptr);

// The device the config's backend resolves to on this machine.
BenchDevice resolveBenchDevice(BackendChoice backend);

// Ratio math, shared by the engine, the table and the plots. NaN in, NaN out.
double elementsPerSecond(long long n, double ms);
// The bytes a subject must move per element: 2 * sizeof(T) for a scan (and a copy); one flag byte
// more for a segmented scan and a split; a compaction reads value and flag and writes the
// kSelectFlagDensity of the values that are flagged.
double benchBytesPerElement(BenchWork work, DType dtype);
double gigabytesPerSecond(long long n, DType dtype, double ms, BenchWork work = BenchWork::Scan);
double speedRatio(double referenceMs, double ms);  // referenceMs / ms
// Fills throughput and the two ratios of a measured point from its median time. cubMs: the time of
// its cubEquivalent() at the same N and dtype.
void applyBenchRatios(BenchPoint& point, double copyMs, double cubMs);
double medianOf(std::vector<double> values);
// The q-quantile (0..1) with linear interpolation between order statistics; NaN when empty.
double quantileOf(std::vector<double> values, double q);
// Enough samples: the interquartile range is within `noiseTarget` of the median.
bool samplesSettled(const std::vector<double>& values, double noiseTarget);
// "inclusive add", "exclusive max".
std::string benchOperationName(const BenchConfig& config);

// Input buffers an L2-resident size rotates over, so that every timed call reads from DRAM as a
// large input does: enough buffers that one round touches twice the L2, at most kMaxRotation.
inline constexpr int kMaxRotation = 1 << 14;
int rotationBuffers(long long bytesPerCall, long long l2Bytes);
// Whether each timed call of n elements finds nothing of its input in L2: the rotation touches at
// least twice the L2 between two calls on one buffer (false only where kMaxRotation caps it, the
// smallest sizes).
bool benchL2Flushed(long long n, int elementBytes, long long l2Bytes);
// Device memory one (dtype, N) needs: rotated inputs and outputs, CUB's output kept to check every
// algorithm against, and an allowance for workspaces.
long long benchDeviceBytes(long long n, int elementBytes, int rotation);
// Elements between two rotated buffers: rounded up to 256 bytes so every buffer is as aligned as
// cudaMalloc's, which vectorised loads rely on.
long long rotationStride(long long n, int elementBytes);

}  // namespace scanviz
