#include "app/core/capture/capture.h"

#include "app/core/lesson/lessons.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <sstream>
#include <type_traits>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/step_labels.h"
#include "app/core/backends/cpu_backend.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/support/profile_range.h"

namespace scanviz {
namespace {

std::string formatValue(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

// The first value that cannot be scanned as rq.dtype, or npos: a plain loop, since the window
// re-checks 2^20 values on every re-capture.
size_t firstBadValue(const CaptureRequest& rq) {
  const bool isInt = rq.dtype == DType::Int32;
  for (size_t i = 0; i < rq.input.size(); ++i) {
    const double v = rq.input[i];
    const bool ok = isInt ? v == std::floor(v) && v >= INT32_MIN && v <= INT32_MAX
                          : std::isfinite(v) && std::fabs(v) <= 3.4028234663852886e38;
    if (!ok) return i;
  }
  return std::string::npos;
}

void validateValues(const CaptureRequest& rq) {
  if (const size_t i = firstBadValue(rq); i != std::string::npos) {
    const double v = rq.input[i];
    const std::string at = " at index " + std::to_string(i);
    if (std::isnan(v))
      throw InputError("value" + at + " is NaN: scans of NaN are meaningless; remove it");
    if (std::isinf(v)) throw InputError("value" + at + " is infinite; use finite values");
    if (rq.dtype == DType::Int32) {
      if (v != std::floor(v))
        throw InputError("value " + formatValue(v) + at +
                         " is not an integer; use --dtype float32 for fractions");
      if (v < INT32_MIN || v > INT32_MAX)
        throw InputError("value " + formatValue(v) + at +
                         " does not fit int32 (-2147483648..2147483647)");
    } else if (std::fabs(v) > 3.4028234663852886e38) {
      throw InputError("value " + formatValue(v) + at + " does not fit float32");
    }
  }
  // Select and split move values and add only 0/1 counts: nothing of theirs can overflow.
  if (rq.dtype == DType::Int32 && algorithmProduct(rq.algorithm) == AlgorithmProduct::Scan) {
    // A segmented scan's running result restarts at every head: only a segment can overflow.
    const bool segmented = isSegmentedAlgorithm(rq.algorithm) && !rq.rows.flags.empty();
    const long long at = firstInt32Overflow(rq.input, rq.op, segmented ? &rq.rows.flags : nullptr);
    if (at >= 0)
      throw InputError("the running " + std::string(operatorName(rq.op)) +
                       " overflows int32 at index " + std::to_string(at) +
                       "; use smaller values, fewer elements, or --dtype float32");
  }
}

// The flags and the second array: each absent or one entry per value; flags 0 or 1.
void validateRows(const CaptureRequest& rq) {
  const auto check = [&](size_t size, const char* what) {
    if (size != 0 && size != rq.input.size())
      throw InputError(std::string(what) + " has " + std::to_string(size) +
                       " entries but the input " + std::to_string(rq.input.size()) +
                       " values; give one per value");
  };
  check(rq.rows.flags.size(), "the flags row");
  check(rq.rows.second.size(), "the second array");
  const bool selects = algorithmProduct(rq.algorithm) != AlgorithmProduct::Scan;
  for (size_t i = 0; i < rq.rows.flags.size(); ++i)
    if (rq.rows.flags[i] > 1)
      throw InputError("flag " + std::to_string(rq.rows.flags[i]) + " at index " +
                       std::to_string(i) + " is not 0 or 1 (1: " +
                       (selects ? "keep the element" : "the element starts a segment") + ")");
  if (selects && rq.rows.flags.empty() && !rq.input.empty())
    throw InputError(std::string(algorithmInfo(rq.algorithm).key) +
                     " keeps the elements whose flag is 1: give one flag per value (--flags)");
  if (selects && !rq.rows.second.empty())
    throw InputError(std::string(algorithmInfo(rq.algorithm).key) +
                     " writes every element's address into the trace's second array: leave out "
                     "the second array");
}

// The sentence the trace's notes carry about the output: whether it matches the sequential
// result, or where it first differs ("output differs ..." is what applications look for).
template <class T>
std::string referenceNote(const CaptureRequest& rq, const std::vector<T>& typedInput,
                          const RunResult<T>& r, long long sections) {
  const AlgorithmProduct product = algorithmProduct(rq.algorithm);
  if (product != AlgorithmProduct::Scan) {
    const char* what = product == AlgorithmProduct::Split ? "split" : "select";
    const SelectMismatch m = compareWithReferenceSelect(
        typedInput, rq.rows.flags, product == AlgorithmProduct::Split, r.output, r.addresses);
    return m.index < 0 ? std::string("output matches the sequential ") + what
                       : std::string("output differs from the sequential ") + what + " (" +
                             m.array + ") at " + m.describe();
  }
  // The reference scans the values the kernel saw: float inputs rounded to float32 first.
  const bool segmented = isSegmentedAlgorithm(rq.algorithm) && !rq.rows.flags.empty();
  const Mismatch m = compareWithReference(typedInput, r.output, rq.op, rq.exclusive, rq.dtype,
                                          sections, segmented ? &rq.rows.flags : nullptr);
  return m.index < 0 ? "output matches the sequential scan"
                     : "output differs from the sequential scan at " + m.describe();
}

template <class T>
std::vector<T> convertInput(const std::vector<double>& in) {
  std::vector<T> v(in.size());
  for (size_t i = 0; i < in.size(); ++i) v[i] = static_cast<T>(in[i]);
  return v;
}

TraceStep toTraceStep(RecordedStep&& s) {
  TraceStep t;
  t.kind = static_cast<int>(s.code.kind);
  t.param = s.code.param;
  t.label = stepLabel(s.code);
  if (s.level > 0) t.label = "block sums (level " + std::to_string(s.level) + "): " + t.label;
  t.phase = stepPhase(s.code);
  t.block = s.block;
  t.level = s.level;
  t.array = s.array == ArrayKind::Section  ? "section"
            : s.array == ArrayKind::Global ? "global"
                                           : "block-sums";
  t.offset = s.offset;
  t.values = std::move(s.values);
  const auto arrows = [](const std::vector<RecordedEdge>& v) {
    std::vector<StepArrow> a;
    a.reserve(v.size());
    for (const RecordedEdge& e : v) a.push_back({e.thread, e.dst, e.src});
    return a;
  };
  setStepArrows(t, arrows(s.edges), arrows(s.moves));
  t.ops = s.ops >= 0 ? s.ops : static_cast<int64_t>(s.edges.size());
  t.warpClock = std::move(s.warpClock);
  t.wholeBits = std::move(s.wholeBits);
  t.flags = std::move(s.flags);
  t.second = std::move(s.second);
  return t;
}

// A select or split records its values, keep-flags and count row at every step; only the count
// row changes (the values move in the scatter, after the last step). The steps therefore show
// the count row as their values, the exclusive count of the flags being scanned as any scan's
// array is (the load shows the flags themselves), and no flags row, whose ones would read as
// segment starts. The whole-array rows hold the values, which never change: dropped.
void showCountRows(Trace& t) {
  for (TraceStep& s : t.steps) {
    s.values.assign(s.second.begin(), s.second.end());
    s.second.clear();
    s.flags.clear();
    s.wholeBits.clear();
  }
}

// Hands the whole-array rows to the steps they belong to: row k to the recorded block's k-th
// level-0 section step (every block took the same steps). When some block outran the budget,
// the global steps' whole arrays go too, so that a trace has whole rows for every level-0 step
// or for none, and a note says why.
void attachWholeArrayRows(WholeArrayRows& whole, Trace& t) {
  if (whole.length == 0) return;
  const auto n = static_cast<size_t>(whole.length);
  if (whole.overflow) {
    for (TraceStep& s : t.steps) s.wholeBits.clear();
    t.meta.notes.push_back(
        "the heat view shows the recorded block's section only: every step of "
        "all " +
        std::to_string(whole.elements) + " elements would be more than " +
        std::to_string(whole.capacity) + " rows; use a smaller N");
    return;
  }
  size_t k = 0;
  for (TraceStep& s : t.steps) {
    if (s.level != 0 || s.array != "section") continue;
    const size_t row = k++;
    if (static_cast<int>(s.values.size()) != whole.sectionWidth || row >= whole.rows.size() ||
        whole.rows[row].size() != n)
      continue;
    s.wholeBits = std::move(whole.rows[row]);
  }
}

void checkLimits(const RecordedRun& run, const CaptureLimits& lim) {
  if (static_cast<int>(run.steps.size()) > lim.maxSteps)
    throw BackendError("capture limit hit: " + std::to_string(run.steps.size()) +
                       " steps recorded, the limit is " + std::to_string(lim.maxSteps) +
                       " steps; use a larger block size or a smaller N");
  long long values = 0;
  for (const auto& s : run.steps) values += static_cast<long long>(s.values.size());
  if (values > lim.maxRecordedValues)
    throw BackendError("capture limit hit: " + std::to_string(values) +
                       " recorded values, the limit is " + std::to_string(lim.maxRecordedValues) +
                       " (" + std::to_string(lim.maxRecordedValues * 4 / (1 << 20)) +
                       " MiB); use a smaller block size or N");
}

template <class T>
Trace buildTrace(const CaptureRequest& rq, const std::vector<T>& typedInput, int blockSize,
                 RunResult<T>&& r, bool onGpu, const std::string& device) {
  checkLimits(r.run, rq.limits);
  const AlgorithmInfo& info = algorithmInfo(rq.algorithm);
  Trace t;
  t.meta.algorithm = std::string(info.key);
  t.meta.n = static_cast<long long>(rq.input.size());
  t.meta.blockSize = blockSize;
  t.meta.sectionSize = sectionSize(rq.algorithm, blockSize, rq.coarsening);
  t.meta.op = std::string(operatorName(rq.op));
  t.meta.dtype = std::string(dtypeName(rq.dtype));
  t.meta.inclusive = !rq.exclusive;
  t.meta.backend = onGpu ? "cuda" : "cpu";
  t.meta.device = device;
  t.meta.timeUnit = r.run.timeIsRounds ? "round" : "ns";
  t.meta.blocksTotal = static_cast<int>((t.meta.n + t.meta.sectionSize - 1) / t.meta.sectionSize);
  t.meta.recordedBlock = rq.recordBlock;
  t.meta.notes = r.run.notes;
  if (const Lesson* lesson = lessonOfFlawedAlgorithm(info.key))
    t.meta.notes.insert(t.meta.notes.begin(), flawedVariantNote(*lesson));

  t.meta.notes.push_back(referenceNote(rq, typedInput, r, t.meta.blocksTotal));
  const size_t stored =
      static_cast<size_t>(std::min<long long>(t.meta.n, rq.limits.maxStoredValues));
  t.meta.storedValues = static_cast<long long>(stored);
  if (stored < rq.input.size())
    t.meta.notes.push_back("input and output hold the first " + std::to_string(stored) + " of " +
                           std::to_string(t.meta.n) + " elements");
  t.input.assign(typedInput.begin(), typedInput.begin() + static_cast<long>(stored));
  t.output.assign(r.output.begin(), r.output.begin() + static_cast<long>(stored));
  const auto keep = [stored](const auto& row) {
    using Row = std::decay_t<decltype(row)>;
    return row.empty() ? Row{} : Row(row.begin(), row.begin() + static_cast<long>(stored));
  };
  t.rows.flags = keep(rq.rows.flags);
  t.rows.second = keep(rq.rows.second);
  if (!t.rows.second.empty()) t.rows.secondName = rq.rows.secondName;
  if (!r.addresses.empty()) {  // select/split: what the kernel computed, for the pictures
    t.rows.second = keep(r.addresses);
    t.rows.secondName = kWriteAddressRowName;
  }

  for (auto& s : r.run.steps) t.steps.push_back(toTraceStep(std::move(s)));
  attachWholeArrayRows(r.run.whole, t);
  if (algorithmProduct(rq.algorithm) != AlgorithmProduct::Scan) showCountRows(t);
  for (const auto& b : r.run.blocks)
    t.blocks.push_back({b.id, b.launchIndex, b.sm, b.startNs, b.waitNs, b.endNs, b.lookback});
  t.counters.work = r.run.work;
  t.counters.depth =
      std::count_if(t.steps.begin(), t.steps.end(), [](const TraceStep& s) { return s.ops > 0; });
  t.counters.sequentialWork = t.meta.n - 1;
  return t;
}

std::string emulatorDescription(const EmulatorOptions& e) {
  const char* order = e.order == LaunchOrder::Ascending    ? "ascending"
                      : e.order == LaunchOrder::Descending ? "descending"
                                                           : "random";
  return "CPU emulator (" + std::to_string(e.residentBlocks) + " resident blocks, " + order +
         " launch order)";
}

// run(), its time kept in o.runMs.
template <class Run>
auto timed(CaptureOutcome& o, Run run) {
  const auto start = std::chrono::steady_clock::now();
  auto result = run();
  o.runMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result;
}

template <class T>
CaptureOutcome captureTyped(const CaptureRequest& rq) {
  RunRequest run;
  run.algorithm = rq.algorithm;
  run.op = rq.op;
  run.exclusive = rq.exclusive;
  run.blockSize = effectiveBlockSize(rq);
  run.coarsening = rq.coarsening;
  run.recordBlock = rq.recordBlock;
  run.rows = &rq.rows;
  run.limits = rq.limits;
  run.emulator = rq.emulator;
  const std::vector<T> input = convertInput<T>(rq.input);

  CaptureOutcome o;
  // A flawed variant whose GPU behaviour is undefined (a barrier some threads never reach) must
  // not hang the app: it runs on the emulator only.
  const Lesson* lesson = lessonOfFlawedAlgorithm(algorithmInfo(rq.algorithm).key);
  if (lesson && lesson->emulatorOnly) {
    const std::string why = std::string(algorithmInfo(rq.algorithm).key) +
                            " is flawed on purpose and may hang a GPU, so it runs on the CPU "
                            "emulator only (tools/gpu-lessons.sh runs it on a device in a child "
                            "process; docs/gpu-results.md has what came out)";
    if (rq.backend == BackendChoice::Cuda) throw InputError(why + "; use --backend cpu or auto");
    if (rq.backend == BackendChoice::Auto) o.backendNote = why;
  } else if (rq.backend != BackendChoice::Cpu) {
    const CudaStatus& cuda = cudaStatus();
    if (cuda.available) {
      try {
        o.trace = buildTrace(rq, input, run.blockSize,
                             timed(o, [&] { return runOnCuda(run, input); }), true, cuda.device);
        return o;
      } catch (const BackendError& e) {
        if (rq.backend == BackendChoice::Cuda) throw;
        o.backendNote = std::string("CUDA failed (") + e.what() + "); ran on the CPU emulator";
      }
    } else if (rq.backend == BackendChoice::Cuda) {
      throw BackendError(cuda.message + "; use --backend cpu or auto");
    }
    // `auto` without a GPU runs on the emulator as asked: the trace says cpu, and no note
    // repeats on every capture why (noGpuSummary() says it once where the backend is chosen).
  }
  o.trace = buildTrace(rq, input, run.blockSize, timed(o, [&] { return runOnCpu(run, input); }),
                       false, emulatorDescription(rq.emulator));
  return o;
}

// The recorded block is one the run has: refused here rather than by the trace's reader later.
void checkRecordedBlock(const CaptureRequest& rq) {
  const long long n = static_cast<long long>(rq.input.size());
  const long long section = sectionSize(rq.algorithm, effectiveBlockSize(rq), rq.coarsening);
  const long long blocks = (n + section - 1) / section;
  if (rq.recordBlock < blocks) return;
  throw InputError("the recorded block (--record-block) " + std::to_string(rq.recordBlock) +
                   " is not in the run: N = " + std::to_string(n) + " in sections of " +
                   std::to_string(section) + " makes " + std::to_string(blocks) +
                   (blocks == 1 ? " block, so it is 0"
                                : " blocks, so it is 0 to " + std::to_string(blocks - 1)));
}

}  // namespace

std::string scanSettingsProblem(const ScanSettings& s) {
  if (s.blockSize != 0 && !kBlockSizes.holds(s.blockSize))
    return "block size " + std::to_string(s.blockSize) + " is not " + kBlockSizes.text();
  if (!kCoarsenings.holds(s.coarsening))
    return "coarsening " + std::to_string(s.coarsening) + " is not " + kCoarsenings.text();
  if (s.recordBlock < 0) return "the recorded block must be 0 or more";
  if (s.emulator.residentBlocks < 1)
    return "resident blocks " + std::to_string(s.emulator.residentBlocks) +
           ": the emulator runs at least 1 block at a time";
  return {};
}

int effectiveBlockSize(const CaptureRequest& rq) {
  return rq.blockSize > 0 ? rq.blockSize
                          : defaultBlockSize(rq.algorithm, static_cast<long long>(rq.input.size()),
                                             rq.coarsening);
}

void validateCaptureRequest(const CaptureRequest& rq) {
  if (rq.input.empty())
    throw InputError(
        "the input is empty: give at least one value (e.g. --input \"3,1,7,0\") or --n N");
  if (static_cast<long long>(rq.input.size()) > rq.limits.maxElements)
    throw InputError("N = " + std::to_string(rq.input.size()) + " is above the limit of " +
                     std::to_string(rq.limits.maxElements) + " elements");
  if (const std::string problem = scanSettingsProblem(rq); !problem.empty())
    throw InputError(problem);
  checkRecordedBlock(rq);
  validateRows(rq);  // first: the overflow check of a segmented scan reads the flags
  validateValues(rq);
}

CaptureOutcome capture(const CaptureRequest& rq) {
  validateCaptureRequest(rq);
  const ProfileRange range(ProfileCategory::Capture,
                           "capture " + std::string(algorithmInfo(rq.algorithm).key) +
                               ", N = " + std::to_string(rq.input.size()));
  const auto n = static_cast<long long>(rq.input.size());
  checkCaptureMemory(n, rq.limits, n * static_cast<long long>(sizeof(double)));
  return rq.dtype == DType::Int32 ? captureTyped<int32_t>(rq) : captureTyped<float>(rq);
}

}  // namespace scanviz
