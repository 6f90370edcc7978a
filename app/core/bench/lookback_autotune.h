// `scanviz bench --tune`: a short autotune of the production look-back's shape on the GPU it runs
// on. Every policy that fits the block size (lookbackTuneCandidates) is timed on the same input at
// kTuneSize; the fastest is kept in the user's cache folder, keyed by the device's name, its driver
// and the scanviz version that measured it, and later `bench` runs on that device use it. Without
// a cache entry the tuning table of kernels/grid/lookback_tuning.h decides, as before.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/bench/bench_engine.h"

namespace scanviz {

// The size the candidates are timed at: large enough to run at the memory's rate (the sizes issue
// 19's targets are at), small enough for a tune of a few seconds.
inline constexpr long long kTuneSize = 1ll << 28;

struct LookbackTuneKey {
  std::string device;   // "NVIDIA H100 80GB HBM3"
  std::string driver;   // "13.0"
  std::string version;  // scanvizVersion()
  int blockSize = 0;
};

struct LookbackTuneCandidate {
  LookbackPolicyId policy = LookbackPolicyId::Generic;
  double medianMs = BenchPoint::kNone;
  double ratioToCopy = BenchPoint::kNone;  // from the same run
  std::string error;                       // why it was not measured
};

struct LookbackTuneResult {
  LookbackTuneKey key;
  std::string date;
  long long n = kTuneSize;
  std::vector<LookbackTuneCandidate> candidates;
  LookbackPolicyId chosen = LookbackPolicyId::Generic;
};

// $XDG_CACHE_HOME/scanviz/lookback-tuning.json, else ~/.cache/scanviz/...; "" without either.
std::string lookbackTuneCachePath();

// Times every candidate (int32 inclusive add at kTuneSize, or the largest size that fits, with the
// copy beside it). `progress` hears one line per candidate. Throws BackendError without a GPU.
LookbackTuneResult tuneLookback(const BenchConfig& config,
                                const std::function<void(const std::string&)>& progress = {});

// The cache entry for `key`; empty when the file or the entry is missing. A file that cannot be
// read as a tuning cache gives empty and `problem` says why (the table is used then).
std::optional<LookbackPolicyId> readLookbackTune(const std::string& path,
                                                 const LookbackTuneKey& key, std::string& problem);

// Stores the result under its key, keeping other devices' entries (a corrupt file is replaced).
// Throws WriteError.
void writeLookbackTune(const std::string& path, const LookbackTuneResult& result);

// The table of candidates and the choice, as `bench --tune` prints it.
std::string formatLookbackTune(const LookbackTuneResult& result);

// The key of the GPU this process runs on at a block size (empty device without one).
LookbackTuneKey currentLookbackTuneKey(int blockSize);

}  // namespace scanviz
