#include "app/core/bench/bench_format.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

#include "app/core/bench/bench_report_file.h"
#include "app/core/capture/capture.h"
#include "app/core/support/version.h"

namespace scanviz {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> splitList(std::string_view text) {
  std::vector<std::string_view> items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(
        trim(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

// A whole number with an optional minus sign and nothing else; nullopt otherwise or on overflow.
std::optional<long long> parseWhole(std::string_view s) {
  if (s.empty()) return std::nullopt;
  const size_t digitsFrom = s.front() == '-' ? 1 : 0;
  if (digitsFrom == s.size()) return std::nullopt;
  for (size_t i = digitsFrom; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  const std::string copy(s);
  errno = 0;
  const long long v = std::strtoll(copy.c_str(), nullptr, 10);
  if (errno == ERANGE) return std::nullopt;
  return v;
}

std::string notASize(std::string_view item) {
  return "size '" + std::string(item) +
         "' is not a size: write 2^k (such as 2^20), a whole number (such as 1048576) or a range "
         "of powers of two (such as 2^10..2^16)";
}

// One size: "2^k" or a whole number, checked against the benchmark's range.
long long parseOneSize(std::string_view item) {
  long long value = 0;
  if (item.size() > 2 && item.substr(0, 2) == "2^") {
    const auto k = parseWhole(item.substr(2));
    if (!k || *k < 0) throw InputError(notASize(item));
    if (*k > 30)
      throw InputError("size " + std::string(item) +
                       " is above the largest size the benchmark runs, 2^30");
    value = 1ll << *k;
  } else {
    const auto v = parseWhole(item);
    if (!v) throw InputError(notASize(item));
    value = *v;
  }
  if (value < kBenchMinSize)
    throw InputError("size " + std::string(item) + ": N must be at least 1");
  if (value > kBenchMaxSize)
    throw InputError("size " + std::string(item) +
                     " is above the largest size the benchmark runs, 2^30 = 1073741824");
  return value;
}

bool isPowerOfTwo(long long v) {
  return v > 0 && (v & (v - 1)) == 0;
}

std::string format(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// 3 significant digits without exponent for the magnitudes a table shows.
std::string threeDigits(double v) {
  if (!(v == v)) return "-";
  const double a = std::fabs(v);
  if (a >= 100) return format("%.0f", v);
  if (a >= 10) return format("%.1f", v);
  if (a >= 1) return format("%.2f", v);
  return format("%.3g", v);
}

std::string sizeAndType(const BenchPoint& p) {
  return p.subject.key() + " " + std::string(dtypeName(p.dtype)) + " " + formatBenchSize(p.n);
}

std::string deviceWords(const BenchReport& r) {
  if (r.device == BenchDevice::Cuda)
    return r.deviceName + " (driver " + r.driverVersion + ", CUDA runtime " + r.runtimeVersion +
           ")";
  return "the CPU emulator" +
         (r.noGpuReason.empty() ? std::string() : " (no GPU: " + r.noGpuReason + ")");
}

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

std::string csvNumber(double v) {
  return v == v ? format("%.9g", v) : std::string();
}

nlohmann::json jsonNumber(double v) {
  return v == v ? nlohmann::json(v) : nlohmann::json();
}

// A list the user typed, in ascending order, each value once.
template <class V>
std::vector<V> sortedUnique(std::vector<V> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

}  // namespace

std::vector<long long> parseBenchSizes(std::string_view text) {
  std::vector<long long> sizes;
  for (std::string_view item : splitList(text)) {
    if (item.empty())
      throw InputError("the size list '" + std::string(text) +
                       "' has an empty item; separate sizes with single commas");
    if (const size_t dots = item.find(".."); dots != std::string_view::npos) {
      const std::string_view loText = trim(item.substr(0, dots));
      const std::string_view hiText = trim(item.substr(dots + 2));
      const long long lo = parseOneSize(loText), hi = parseOneSize(hiText);
      if (!isPowerOfTwo(lo) || !isPowerOfTwo(hi))
        throw InputError("range '" + std::string(item) +
                         "' must go from a power of two to a power of two, such as 2^10..2^20");
      if (lo > hi)
        throw InputError("range '" + std::string(item) +
                         "' goes down; write the smaller size first");
      for (long long v = lo; v <= hi; v *= 2) sizes.push_back(v);
    } else {
      sizes.push_back(parseOneSize(item));
    }
  }
  return sortedUnique(std::move(sizes));
}

std::vector<int> parseBlockSizeList(std::string_view text) {
  std::vector<int> blocks;
  for (std::string_view item : splitList(text)) {
    const std::optional<long long> v = parseWhole(item);
    if (!v || !kBlockSizes.holds(*v))
      throw InputError("block size '" + std::string(item) + "' in '" + std::string(text) +
                       "' is not " + kBlockSizes.text());
    blocks.push_back(static_cast<int>(*v));
  }
  return sortedUnique(std::move(blocks));
}

BenchSubjectChoice parseBenchAlgorithms(std::string_view text) {
  BenchSubjectChoice choice;
  const auto add = [](auto& list, auto value) {
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
  };
  for (std::string_view item : splitList(text)) {
    if (item.empty())
      throw InputError("the algorithm list '" + std::string(text) +
                       "' has an empty item; separate algorithms with single commas");
    if (item == "all") {
      for (const auto& info : allAlgorithms()) add(choice.algorithms, info.id);
      for (BenchSubjectKind kind : benchKernelKinds()) add(choice.kernels, kind);
      continue;
    }
    if (const auto id = findAlgorithm(item)) {
      add(choice.algorithms, *id);
    } else if (const auto kind = findBenchKernel(item)) {
      add(choice.kernels, *kind);
    } else {
      std::vector<std::string> kernels;
      for (BenchSubjectKind kind : benchKernelKinds())
        kernels.push_back(BenchSubject::reference(kind).key());
      throw InputError(unknownAlgorithmMessage(item, kernels) + " (or all)");
    }
  }
  return choice;
}

std::vector<DType> parseBenchDTypes(std::string_view text) {
  const std::string_view t = trim(text);
  if (t == "both") return {DType::Int32, DType::Float32};
  if (const auto d = parseDType(t)) return {*d};
  throw InputError("dtype '" + std::string(text) + "' is not int32, float32 or both");
}

std::string formatBenchSize(long long n) {
  if (isPowerOfTwo(n)) {
    int k = 0;
    while ((1ll << k) < n) ++k;
    return "2^" + std::to_string(k);
  }
  return std::to_string(n);
}

std::string formatBenchDuration(double ms) {
  if (!(ms == ms)) return "-";
  const double a = std::fabs(ms);
  if (a < 1e-3) return threeDigits(ms * 1e6) + " ns";
  if (a < 1) return threeDigits(ms * 1e3) + " us";
  if (a < 1e3) return threeDigits(ms) + " ms";
  return threeDigits(ms * 1e-3) + " s";
}

std::string formatBenchRatio(double ratio) {
  if (!(ratio == ratio)) return "-";
  // Two significant digits below 0.1: the CPU emulator runs at a thousandth of memcpy.
  if (std::fabs(ratio) >= 10) return format("%.1fx", ratio);
  return format(std::fabs(ratio) >= 0.1 ? "%.2fx" : "%.2gx", ratio);
}

std::string formatBenchSpread(const BenchPoint& p) {
  const double spread = (p.q3Ms - p.q1Ms) / p.medianMs;
  if (!(spread == spread) || !(p.medianMs > 0)) return "-";
  return format(spread < 0.1 ? "%.1f%%" : "%.0f%%", 100 * spread);
}

namespace {

// How each outcome of the output check is written: in the table, in the JSON report and in the
// CSV; one row per BenchCheck, in the enum's order.
struct BenchCheckWords {
  BenchCheck check;
  const char* table;
  const char* json;
  const char* csv;
};
constexpr BenchCheckWords kBenchCheckWords[] = {
    {BenchCheck::NotChecked, "-", "not checked", ""},
    {BenchCheck::Passed, "ok", "ok", "ok"},
    {BenchCheck::Failed, "FAIL", "mismatch", "mismatch"},
};
static_assert(std::size(kBenchCheckWords) == static_cast<size_t>(BenchCheck::Failed) + 1 &&
                  kBenchCheckWords[static_cast<size_t>(BenchCheck::Passed)].check ==
                      BenchCheck::Passed &&
                  kBenchCheckWords[static_cast<size_t>(BenchCheck::Failed)].check ==
                      BenchCheck::Failed,
              "kBenchCheckWords needs one row per BenchCheck, in the enum's order");

const BenchCheckWords& wordsOf(BenchCheck check) {
  return kBenchCheckWords[static_cast<size_t>(check)];
}

}  // namespace

std::string benchCheckName(BenchCheck check) {
  return wordsOf(check).table;
}

std::string benchTableHeader() {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-23s %-7s %6s %9s %6s %8s %8s %8s %8s %8s %10s %7s %5s",
                "algorithm", "dtype", "N", "time", "IQR", "Gelem/s", "GB/s", "x copy", "x CUB",
                "launches", "capture", "x plain", "check");
  return buf;
}

std::string formatBenchTableRow(const BenchPoint& p) {
  char buf[512];
  const std::string key = p.subject.key();
  const std::string dtype(dtypeName(p.dtype));
  const std::string n = formatBenchSize(p.n);
  if (!p.error.empty()) {
    std::snprintf(buf, sizeof buf, "%-23s %-7s %6s   not measured: ", key.c_str(), dtype.c_str(),
                  n.c_str());
    return buf + p.error;
  }
  const std::string launches = p.launches > 0 ? std::to_string(p.launches) : "-";
  // The cost of capture: the recorded run against the same host path with recording off.
  const double captureCost = speedRatio(p.captureMs, p.plainHostMs);
  std::snprintf(buf, sizeof buf, "%-23s %-7s %6s %9s %6s %8s %8s %8s %8s %8s %10s %7s %5s",
                key.c_str(), dtype.c_str(), n.c_str(), formatBenchDuration(p.medianMs).c_str(),
                formatBenchSpread(p).c_str(), threeDigits(p.elementsPerSecond / 1e9).c_str(),
                threeDigits(p.gigabytesPerSecond).c_str(), formatBenchRatio(p.ratioToCopy).c_str(),
                formatBenchRatio(p.ratioToCub).c_str(), launches.c_str(),
                formatBenchDuration(p.captureMs).c_str(), formatBenchRatio(captureCost).c_str(),
                benchCheckName(p.check).c_str());
  return buf;
}

namespace {

// What the segmented rows compare, when the run has any: the fairness of the CUB comparison.
std::string segmentedPreamble(const BenchReport& r) {
  const bool any =
      std::any_of(r.config.algorithms.begin(), r.config.algorithms.end(), isSegmentedAlgorithm);
  if (!any) return "";
  return "segmented scans: random heads about every " + std::to_string(r.config.segmentLength) +
         " elements; GB/s counts 9 bytes per element (value and head flag read, value "
         "written); their x CUB is against cub-by-key, CUB's scan by key over 1-byte keys that "
         "change exactly at the heads (the same bytes read)\n";
}

// What the compaction and split rows move and compare with, when the run times them (GPU).
std::string selectPreamble(const BenchReport& r) {
  if (r.device != BenchDevice::Cuda || r.config.kernels.empty()) return "";
  const auto bytes = [](BenchWork work) {
    return format("%.0f", benchBytesPerElement(work, DType::Int32));
  };
  return "compaction and radix-split: our single-pass select over random flags (" +
         format("%.0f", 100 * kSelectFlagDensity) +
         "% set); GB/s counts value and flag read and the flagged values written (compaction, " +
         bytes(BenchWork::Compaction) +
         " bytes per int32 element) or every value written (split, " + bytes(BenchWork::Split) +
         " bytes); their x CUB is against cub-select (cub::DeviceSelect::Flagged) and "
         "cub-partition (cub::DevicePartition::Flagged) on the same flags, and both outputs are "
         "checked against CUB's partition\n";
}

}  // namespace

std::string benchPreamble(const BenchReport& r) {
  std::string s = "scanviz bench: " + r.operation + " on " + deviceWords(r) + ", " + r.date + "\n";
  if (r.device == BenchDevice::Cpu)
    s += "CPU times: the CPU emulator and a sequential loop on this machine's processor, not GPU "
         "timings\n";
  const std::string samples =
      r.device == BenchDevice::Cuda && r.config.maxRepeats > r.config.repeats
          ? std::to_string(r.config.repeats) + " to " + std::to_string(r.config.maxRepeats) +
                " samples (more while the quartiles are over " +
                format("%.0f", 100 * r.config.noiseTarget) + "% of the median apart)"
          : std::to_string(r.config.repeats) + " samples";
  s += "time: median per call of " + samples + ", after " + std::to_string(r.config.warmups) +
       " warm-up calls; IQR = (third - first quartile) / median; GB/s counts 2 x 4 bytes per "
       "element (read once, written once); x copy = copy "
       "time / time; x CUB = CUB time / time\n" +
       segmentedPreamble(r) + selectPreamble(r) +
       "capture: host wall time of an instrumented "
       "(recording) run, "
       "upload to download; x plain = capture / the same run without recording\n";
  if (r.tuning)
    s += "decoupled-lookback tuning: " + describeLookbackTuning(*r.tuning) +
         (r.tuningSource.empty() ? "" : " (from " + r.tuningSource + ")") + "\n";
  return s;
}

namespace {
// "1 GiB", "512 MiB": powers of two as they are configured.
std::string formatBytes(long long bytes) {
  if (bytes >= (1ll << 30) && bytes % (1ll << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (1ll << 20) && bytes % (1ll << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}
}  // namespace

std::string describeLookbackTuning(const LookbackTuning& t) {
  const std::string threads = t.threads > 0 ? std::to_string(t.threads) : "any";
  std::string s = std::string(t.name) + " (" + std::to_string(t.itemsPerThread) + " items x " +
                  threads + " threads";
  if (t.pipelined) {
    s += ", " + std::to_string(t.buffers) + " buffers, persistent blocks with a look-back warp";
    if (t.oldestInRegisters)
      s += ", the oldest tile held in registers and stored during the next load";
    if (t.blockedReduce) s += ", reduce over blocked runs of vectors";
    if (t.loadAhead) s += ", the next tile's copies issued as each warp's reduce ends";
  } else {
    s += ", one tile per block";
  }
  s += ", at least " + std::to_string(t.minBlocksPerSm) + " blocks per SM";
  s += t.streamingStores ? ", streaming stores" : ", plain stores";
  if (t.evictFirstMaxBytes >= kAlwaysEvictFirst)
    s += ", input evict-first in L2";
  else if (t.evictFirstMaxBytes > 0)
    s += ", input evict-first in L2 up to " + formatBytes(t.evictFirstMaxBytes);
  if (t.evictLastAboveBytes < kNeverEvictLast)
    s += ", evict-last above " + formatBytes(t.evictLastAboveBytes);
  return s + ")";
}

std::string benchTableFooter(const BenchReport& r) {
  std::string s;
  for (const BenchPoint& p : r.points) {
    if (p.check == BenchCheck::Failed)
      s += "mismatch: " + sizeAndType(p) + ": " + p.checkDetail + "\n";
    if (!p.captureNote.empty()) s += "capture: " + sizeAndType(p) + ": " + p.captureNote + "\n";
  }
  for (const std::string& note : r.notes) s += "note: " + note + "\n";
  return s;
}

std::string formatBenchTable(const BenchReport& r) {
  std::string s = benchPreamble(r) + "\n";
  s += benchTableHeader() + "\n";
  for (size_t i = 0; i < r.points.size(); ++i) {
    const BenchPoint& p = r.points[i];
    if (i > 0 && (p.n != r.points[i - 1].n || p.dtype != r.points[i - 1].dtype)) s += "\n";
    s += formatBenchTableRow(p) + "\n";
  }
  return s + benchTableFooter(r);
}

std::string benchSummaryLine(const BenchReport& r) {
  int measured = 0, errors = 0, checked = 0, failed = 0;
  for (const BenchPoint& p : r.points) {
    if (p.measured()) ++measured;
    if (!p.error.empty()) ++errors;
    if (p.check != BenchCheck::NotChecked) ++checked;
    if (p.check == BenchCheck::Failed) ++failed;
  }
  std::string s = r.cancelled ? "bench cancelled: " : failed ? "bench FAILED: " : "bench ok: ";
  s += std::to_string(measured) + " points on " +
       (r.device == BenchDevice::Cuda ? r.deviceName
        : r.noGpuReason.empty()       ? std::string("the CPU emulator")
                                      : std::string("the CPU emulator (no GPU)")) +
       " in " + format("%.0f", r.wallSeconds) + " s";
  // The fastest of our scans at the largest size measured, int32 first: the headline figure.
  const BenchPoint* best = nullptr;
  for (const BenchPoint& p : r.points) {
    // A kernel whose output is wrong is no headline, however fast; nor is a compaction, which
    // moves fewer bytes than a scan.
    if (p.subject.kind != BenchSubjectKind::Algorithm || !p.measured() ||
        p.check == BenchCheck::Failed)
      continue;
    const bool better =
        !best || p.n > best->n ||
        (p.n == best->n && p.dtype == DType::Int32 && best->dtype != DType::Int32) ||
        (p.n == best->n && p.dtype == best->dtype && p.medianMs < best->medianMs);
    if (better) best = &p;
  }
  if (best) {
    s += "; fastest at " + formatBenchSize(best->n) + " " + std::string(dtypeName(best->dtype)) +
         ": " + best->subject.key() + " " + formatBenchRatio(best->ratioToCopy) + " copy";
    if (best->ratioToCub == best->ratioToCub)
      s += ", " + formatBenchRatio(best->ratioToCub) + " CUB";
  }
  const std::string reference = r.device == BenchDevice::Cuda ? "CUB" : "the sequential loop";
  if (failed)
    s += "; " + std::to_string(failed) + " of " + std::to_string(checked) +
         " outputs differ from " + reference;
  else if (checked)
    s += "; all " + std::to_string(checked) + " outputs match " + reference;
  if (errors) s += "; " + std::to_string(errors) + " not measured";
  return s;
}

std::string benchReportJson(const BenchReport& r) {
  using nlohmann::json;
  json j;
  j["version"] = kBenchReportVersion;
  j["tool"] = "scanviz bench";
  j["scanviz_version"] = scanvizVersion();  // which build measured, as traces say
  j["date"] = r.date;
  j["backend"] = r.device == BenchDevice::Cuda ? "cuda" : "cpu";
  j["device"] = r.deviceName;
  j["driver"] = r.driverVersion;
  j["runtime"] = r.runtimeVersion;
  j["no_gpu_reason"] = r.noGpuReason;
  j["operation"] = r.operation;
  j["bytes_per_element"] =
      "2 x sizeof(T): read once, written once; segmented scans and the split one flag byte more; "
      "the compaction value and flag read and the flagged values written; each result's "
      "bytes_per_element says which";
  json clocks;
  clocks["sm_peak_mhz"] = r.clocks.smPeakMhz;
  clocks["memory_peak_mhz"] = r.clocks.memoryPeakMhz;
  clocks["memory_bus_bits"] = r.clocks.memoryBusBits;
  clocks["sm_measured_mhz"] =
      jsonNumber(r.clocks.smMeasuredMhz > 0 ? r.clocks.smMeasuredMhz : BenchPoint::kNone);
  j["clocks"] = clocks;
  if (r.tuning) {
    json t;
    t["policy"] = r.tuning->name;
    t["pipelined"] = r.tuning->pipelined;
    t["threads"] = r.tuning->threads;
    t["items_per_thread"] = r.tuning->itemsPerThread;
    t["buffers"] = r.tuning->buffers;
    t["blocks_per_sm"] = r.tuning->minBlocksPerSm;
    t["evict_first_max_bytes"] = r.tuning->evictFirstMaxBytes;
    if (r.tuning->evictLastAboveBytes < kNeverEvictLast)
      t["evict_last_above_bytes"] = r.tuning->evictLastAboveBytes;
    t["oldest_in_registers"] = r.tuning->oldestInRegisters;
    t["blocked_reduce"] = r.tuning->blockedReduce;
    t["load_ahead"] = r.tuning->loadAhead;
    t["streaming_stores"] = r.tuning->streamingStores;
    t["serves_block_size"] = r.tuning->servesBlockSize;
    t["source"] = r.tuningSource;
    j["tuning"] = t;
  } else {
    j["tuning"] = nullptr;
  }
  json method;
  method["warmups"] = r.config.warmups;
  method["min_samples"] = r.config.repeats;
  method["max_samples"] = r.config.maxRepeats;
  method["noise_target"] = r.config.noiseTarget;
  method["statistic"] =
      "median per call of the samples; spread: min, first quartile, third quartile, max";
  method["sample_ms"] = r.config.targetSampleMs;
  method["l2"] =
      r.device == BenchDevice::Cuda
          ? "inputs below twice the L2 rotate over enough buffers (up to " +
                std::to_string(kMaxRotation) +
                ") that each call reads from DRAM; each result's l2_flushed says whether it did"
          : "";
  j["method"] = method;
  j["cancelled"] = r.cancelled;
  j["wall_seconds"] = r.wallSeconds;
  json cfg;
  cfg["repeats"] = r.config.repeats;
  cfg["max_repeats"] = r.config.maxRepeats;
  cfg["operator"] = std::string(operatorName(r.config.op));
  cfg["exclusive"] = r.config.exclusive;
  cfg["warmups"] = r.config.warmups;
  cfg["block_size"] = r.config.blockSize;
  cfg["capture_max_n"] = r.config.captureMaxN;
  cfg["block_level_max_n"] = r.config.blockLevelMaxN;
  cfg["seed"] = r.config.seed;
  cfg["segment_length"] = r.config.segmentLength;
  cfg["sizes"] = r.config.sizes;
  json dtypes = json::array();
  for (DType d : r.config.dtypes) dtypes.push_back(std::string(dtypeName(d)));
  cfg["dtypes"] = dtypes;
  json algorithms = json::array();
  for (AlgorithmId id : r.config.algorithms)
    algorithms.push_back(std::string(algorithmInfo(id).key));
  cfg["algorithms"] = algorithms;
  json kernels = json::array();
  for (BenchSubjectKind kind : r.config.kernels)
    kernels.push_back(BenchSubject::reference(kind).key());
  cfg["kernels"] = kernels;
  cfg["select_flag_density"] = kSelectFlagDensity;
  j["config"] = cfg;
  j["notes"] = r.notes;
  json results = json::array();
  for (const BenchPoint& p : r.points) {
    json e;
    e["subject"] = p.subject.key();
    e["label"] = p.subject.label();
    e["kind"] = p.subject.isReference() ? "reference" : "algorithm";
    e["backend"] = p.device == BenchDevice::Cuda ? "cuda" : "cpu";
    e["dtype"] = std::string(dtypeName(p.dtype));
    e["n"] = p.n;
    e["block_size"] = p.blockSize;
    e["launches"] = p.launches;
    e["samples"] = p.samples;
    e["calls_per_sample"] = p.callsPerSample;
    e["median_ms"] = jsonNumber(p.medianMs);
    e["min_ms"] = jsonNumber(p.minMs);
    e["max_ms"] = jsonNumber(p.maxMs);
    e["q1_ms"] = jsonNumber(p.q1Ms);
    e["q3_ms"] = jsonNumber(p.q3Ms);
    e["elements_per_s"] = jsonNumber(p.elementsPerSecond);
    e["gb_per_s"] = jsonNumber(p.gigabytesPerSecond);
    e["bytes_per_element"] = benchBytesPerElement(p.subject.work(), p.dtype);
    // Which CUB subject's time "x_cub" divides (our kernels on a GPU; null otherwise).
    e["cub_equivalent"] = p.subject.isReference() || p.device != BenchDevice::Cuda
                              ? json()
                              : json(BenchSubject::reference(p.subject.cubEquivalent()).key());
    e["x_copy"] = jsonNumber(p.ratioToCopy);
    e["x_cub"] = jsonNumber(p.ratioToCub);
    e["capture_ms"] = jsonNumber(p.captureMs);
    e["plain_host_ms"] = jsonNumber(p.plainHostMs);
    e["capture_note"] = p.captureNote;
    // Whether the L2 was flushed between the calls timed (GPU: by rotating the input buffers).
    if (r.device == BenchDevice::Cuda && r.l2Bytes > 0)
      e["l2_flushed"] = benchL2Flushed(p.n, 4, r.l2Bytes);  // int32 and float32: 4 bytes
    else
      e["l2_flushed"] = nullptr;
    e["check"] = wordsOf(p.check).json;
    e["check_detail"] = p.checkDetail;
    e["error"] = p.error;
    results.push_back(e);
  }
  j["results"] = results;
  return j.dump(2) + "\n";
}

std::string benchReportCsv(const BenchReport& r) {
  std::string s =
      "subject,kind,backend,dtype,n,block_size,launches,samples,calls_per_sample,median_ms,min_ms,"
      "max_ms,q1_ms,q3_ms,elements_per_s,gb_per_s,x_copy,x_cub,capture_ms,plain_host_ms,check,"
      "error\n";
  for (const BenchPoint& p : r.points) {
    const std::string fields[] = {csvField(p.subject.key()),
                                  p.subject.isReference() ? "reference" : "algorithm",
                                  p.device == BenchDevice::Cuda ? "cuda" : "cpu",
                                  std::string(dtypeName(p.dtype)),
                                  std::to_string(p.n),
                                  std::to_string(p.blockSize),
                                  std::to_string(p.launches),
                                  std::to_string(p.samples),
                                  std::to_string(p.callsPerSample),
                                  csvNumber(p.medianMs),
                                  csvNumber(p.minMs),
                                  csvNumber(p.maxMs),
                                  csvNumber(p.q1Ms),
                                  csvNumber(p.q3Ms),
                                  csvNumber(p.elementsPerSecond),
                                  csvNumber(p.gigabytesPerSecond),
                                  csvNumber(p.ratioToCopy),
                                  csvNumber(p.ratioToCub),
                                  csvNumber(p.captureMs),
                                  csvNumber(p.plainHostMs),
                                  wordsOf(p.check).csv,
                                  csvField(p.error)};
    for (size_t i = 0; i < std::size(fields); ++i) s += (i ? "," : "") + fields[i];
    s += "\n";
  }
  return s;
}

}  // namespace scanviz
