#include "app/core/bench/lookback_autotune.h"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_format.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/support/version.h"

namespace scanviz {
namespace {

using nlohmann::json;

constexpr int kCacheVersion = 1;

bool sameKey(const json& e, const LookbackTuneKey& key) {
  return e.value("device", "") == key.device && e.value("driver", "") == key.driver &&
         e.value("scanviz", "") == key.version && e.value("block_size", 0) == key.blockSize;
}

// The entries of a cache file; throws std::exception (a parse error, a wrong shape).
json readEntries(const std::string& path) {
  const json j = json::parse(readWholeFile(path));
  if (!j.is_object() || j.value("version", 0) != kCacheVersion || !j.contains("entries") ||
      !j["entries"].is_array())
    throw std::runtime_error("it is not a version-" + std::to_string(kCacheVersion) +
                             " look-back tuning cache (an object with \"entries\")");
  return j["entries"];
}

}  // namespace

std::string lookbackTuneCachePath() {
  const std::string folder = userFolder("XDG_CACHE_HOME", ".cache");
  return folder.empty() ? folder : folder + "/lookback-tuning.json";
}

LookbackTuneKey currentLookbackTuneKey(int blockSize) {
  const CudaStatus& cuda = cudaStatus();
  LookbackTuneKey k;
  if (!cuda.available) return k;
  k.device = cuda.device;
  k.driver = cuda.driverVersion;
  k.version = scanvizVersion();
  k.blockSize = blockSize;
  return k;
}

LookbackTuneResult tuneLookback(const BenchConfig& config,
                                const std::function<void(const std::string&)>& progress) {
  if (!cudaStatus().available)
    throw BackendError("--tune times the look-back's shapes on a GPU, and there is none (" +
                       cudaStatus().message + ")");
  LookbackTuneResult result;
  result.key = currentLookbackTuneKey(config.blockSize);
  for (LookbackPolicyId id : lookbackTuneCandidates(config.blockSize)) {
    BenchConfig c;
    c.backend = BackendChoice::Cuda;
    c.algorithms = {AlgorithmId::DecoupledLookback};
    c.sizes = {kTuneSize};
    c.dtypes = {DType::Int32};
    c.blockSize = config.blockSize;
    c.captureMaxN = 0;
    c.seed = config.seed;
    c.lookbackPolicy = id;
    const BenchReport r = runBenchmark(c);
    if (result.date.empty()) result.date = r.date;
    LookbackTuneCandidate cand;
    cand.policy = id;
    cand.error = "not measured";
    for (const BenchPoint& p : r.points) {
      if (p.subject.isReference()) continue;
      result.n = p.n;
      cand.medianMs = p.medianMs;
      cand.ratioToCopy = p.ratioToCopy;
      cand.error = p.check == BenchCheck::Failed ? "wrong output: " + p.checkDetail : p.error;
    }
    if (cand.error.empty() && !(cand.medianMs > 0)) cand.error = "not measured";
    if (cand.error == "not measured" && !r.notes.empty()) cand.error = r.notes.back();
    result.candidates.push_back(cand);
    if (progress)
      progress(std::string(lookbackTuning(id).name) + ": " +
               (cand.error.empty() ? formatBenchDuration(cand.medianMs) : cand.error));
  }
  const LookbackTuneCandidate* best = nullptr;
  for (const LookbackTuneCandidate& c : result.candidates)
    if (c.error.empty() && (!best || c.medianMs < best->medianMs)) best = &c;
  if (!best) throw BackendError("--tune measured none of the look-back's shapes");
  result.chosen = best->policy;
  return result;
}

std::optional<LookbackPolicyId> readLookbackTune(const std::string& path,
                                                 const LookbackTuneKey& key, std::string& problem) {
  problem.clear();
  if (path.empty() || key.device.empty() || !std::filesystem::exists(path)) return std::nullopt;
  try {
    for (const json& e : readEntries(path)) {
      if (!e.is_object() || !sameKey(e, key)) continue;
      const std::string name = e.value("policy", "");
      if (auto id = lookbackPolicyNamed(name)) return id;
      throw std::runtime_error("its entry for this device names no known shape ('" + name + "')");
    }
  } catch (const std::exception& e) {
    problem = "the look-back tuning cache " + path + " is not usable (" + e.what() +
              "): the tuning table is used; `scanviz bench --tune` writes a new one";
  }
  return std::nullopt;
}

void writeLookbackTune(const std::string& path, const LookbackTuneResult& result) {
  json entries = json::array();
  try {
    for (const json& e : readEntries(path))
      if (e.is_object() && !sameKey(e, result.key)) entries.push_back(e);
  } catch (const std::exception&) {
    // Missing or corrupt: replaced by a file holding this entry.
  }
  json e;
  e["device"] = result.key.device;
  e["driver"] = result.key.driver;
  e["scanviz"] = result.key.version;
  e["block_size"] = result.key.blockSize;
  e["policy"] = lookbackTuning(result.chosen).name;
  e["date"] = result.date;
  e["n"] = result.n;
  json measured = json::array();
  for (const LookbackTuneCandidate& c : result.candidates) {
    json m;
    m["policy"] = lookbackTuning(c.policy).name;
    m["median_ms"] = c.error.empty() ? json(c.medianMs) : json(nullptr);
    m["x_copy"] =
        c.error.empty() && c.ratioToCopy == c.ratioToCopy ? json(c.ratioToCopy) : json(nullptr);
    m["error"] = c.error;
    measured.push_back(m);
  }
  e["measured"] = measured;
  entries.push_back(e);
  json file;
  file["version"] = kCacheVersion;
  file["entries"] = entries;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  OutputFile out(path);
  out.write(file.dump(2) + "\n");
  out.commit();
}

std::string formatLookbackTune(const LookbackTuneResult& r) {
  std::string s = "look-back shapes on " + r.key.device + " (driver " + r.key.driver +
                  "), int32 inclusive add, N = " + formatBenchSize(r.n) + ", block " +
                  std::to_string(r.key.blockSize) + ":\n";
  for (const LookbackTuneCandidate& c : r.candidates) {
    char line[200];
    const LookbackTuning t = lookbackTuning(c.policy);
    if (c.error.empty())
      std::snprintf(line, sizeof line, "  %-22s %10s  %.3f x copy%s\n", t.name,
                    formatBenchDuration(c.medianMs).c_str(), c.ratioToCopy,
                    c.policy == r.chosen ? "  <- chosen" : "");
    else
      std::snprintf(line, sizeof line, "  %-22s %s\n", t.name, c.error.c_str());
    s += line;
  }
  return s;
}

}  // namespace scanviz
