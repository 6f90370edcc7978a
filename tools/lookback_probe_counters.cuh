// The probe of the experiment tools (lookback_probe.cu, select_shapes.cu): counters in device
// memory that lookBackTile and the pipelined agent's data warps fill when a policy is wrapped in
// Probed<> (kernels/agent/lookback_tile.cuh, LookbackProbeOf). It answers "are look-back walks
// long?": per look-back, the predecessors combined, the windows read (one L2 round trip each), the
// polls that found a needed predecessor still without status, and the time from the start of the
// look-back to its P; per data-warp leader, the time waiting for its own copies and for a tile's
// prefix. A few global atomics per tile: the probed variants run slower than the plain ones and are
// not timed for the record.
#pragma once

#include <cstdio>

#include "kernels/agent/pipelined_lookback_agent.cuh"
#include "kernels/launch/cuda_check.cuh"

namespace scanviz {

struct ProbeCounters {
  static constexpr int kBuckets = 8;  // windows read: 1, 2, 3, 4, 5-8, 9-16, 17-32, 33+
  unsigned long long lookbacks, inspected, windows, waits, ns;
  unsigned long long windowHistogram[kBuckets];
  unsigned long long loadWaits, loadNs, prefixWaits, prefixNs, idWaits, idNs;
  // The data leader's round, phase by phase (NoLookbackProbe::kPhase...), in SM clock cycles.
  unsigned long long phaseCycles[NoLookbackProbe::kPhases], rounds;
};

// Blocks add into one of kProbeSlots copies of the counters (by block index), so that the probe's
// atomics do not queue on one address: one address per counter made a probed launch 30-50% slower.
inline constexpr int kProbeSlots = 128;
__device__ ProbeCounters gProbe[kProbeSlots];

struct CountingProbe : NoLookbackProbe {
  static constexpr bool kEnabled = true;
  __device__ static ProbeCounters& slot() { return gProbe[blockIdx.x % kProbeSlots]; }
  __device__ static int bucket(int windows) {
    if (windows <= 4) return windows < 1 ? 0 : windows - 1;
    if (windows <= 8) return 4;
    if (windows <= 16) return 5;
    return windows <= 32 ? 6 : 7;
  }
  __device__ static void lookback(int inspected, int windows, int waits, unsigned long long ns) {
    ProbeCounters& c = slot();
    atomicAdd(&c.lookbacks, 1ull);
    atomicAdd(&c.inspected, static_cast<unsigned long long>(inspected));
    atomicAdd(&c.windows, static_cast<unsigned long long>(windows));
    atomicAdd(&c.waits, static_cast<unsigned long long>(waits));
    atomicAdd(&c.ns, ns);
    atomicAdd(&c.windowHistogram[bucket(windows)], 1ull);
  }
  __device__ static void dataWait(int what, unsigned long long ns) {
    ProbeCounters& c = slot();
    if (what == kLoadWait) {
      atomicAdd(&c.loadWaits, 1ull);
      atomicAdd(&c.loadNs, ns);
    } else if (what == kIdWait) {
      atomicAdd(&c.idWaits, 1ull);
      atomicAdd(&c.idNs, ns);
    } else {
      atomicAdd(&c.prefixWaits, 1ull);
      atomicAdd(&c.prefixNs, ns);
    }
  }
  // The timeline: per block, cycles per phase in shared memory ([kPhases] holds the last mark),
  // added to the slot once, when the block ends.
  __device__ static unsigned long long* timeline() {
    __shared__ unsigned long long cycles[kPhases + 2];
    return cycles;
  }
  __device__ static void startTimeline() {
    unsigned long long* t = timeline();
    for (int p = 0; p < kPhases + 2; ++p) t[p] = 0;
    t[kPhases] = clock64();
  }
  __device__ static void mark(int phase) {
    unsigned long long* t = timeline();
    const unsigned long long now = clock64();
    t[phase] += now - t[kPhases];
    t[kPhases] = now;
    if (phase == kPhases - 1) ++t[kPhases + 1];
  }
  __device__ static void flushTimeline() {
    unsigned long long* t = timeline();
    ProbeCounters& c = slot();
    for (int p = 0; p < kPhases; ++p) atomicAdd(&c.phaseCycles[p], t[p]);
    atomicAdd(&c.rounds, t[kPhases + 1]);
  }
};

template <class Base>
struct Probed : Base {};
template <class Base>
struct LookbackProbeOf<Probed<Base>> {
  using type = CountingProbe;
};

inline void resetProbe() {
  static const ProbeCounters zero[kProbeSlots]{};
  cudaCheck(cudaMemcpyToSymbol(gProbe, &zero, sizeof zero), "reset the probe");
}

// One line of what the probe counted during one launch of `ms` milliseconds (of `blocks` blocks
// over `tiles` tiles, when known: then the time a block spends per tile).
inline void printProbe(const char* name, double ms, long long blocks = 0, long long tiles = 0) {
  static ProbeCounters slots[kProbeSlots];
  cudaCheck(cudaMemcpyFromSymbol(&slots, gProbe, sizeof slots), "read the probe");
  ProbeCounters c{};
  for (const ProbeCounters& s : slots) {
    auto* sum = reinterpret_cast<unsigned long long*>(&c);
    const auto* add = reinterpret_cast<const unsigned long long*>(&s);
    for (size_t k = 0; k < sizeof c / sizeof *sum; ++k) sum[k] += add[k];
  }
  const double l = c.lookbacks ? static_cast<double>(c.lookbacks) : 1.0;
  std::printf(
      "probe %-24s look-backs %llu: %.1f predecessors, %.2f windows, %.2f waiting polls, %.2f us "
      "each; windows 1/2/3/4/5-8/9-16/17-32/33+: %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f",
      name, c.lookbacks, c.inspected / l, c.windows / l, c.waits / l, c.ns / l / 1000.0,
      c.windowHistogram[0] / l, c.windowHistogram[1] / l, c.windowHistogram[2] / l,
      c.windowHistogram[3] / l, c.windowHistogram[4] / l, c.windowHistogram[5] / l,
      c.windowHistogram[6] / l, c.windowHistogram[7] / l);
  const auto mean = [](unsigned long long ns, unsigned long long count) {
    return count ? ns / static_cast<double>(count) / 1000.0 : 0.0;
  };
  if (c.loadWaits)
    std::printf(
        "; data leader: load wait %.2f us, prefix wait %.2f us, id %.2f us (%llu, %llu, %llu)",
        mean(c.loadNs, c.loadWaits), mean(c.prefixNs, c.prefixWaits), mean(c.idNs, c.idWaits),
        c.loadWaits, c.prefixWaits, c.idWaits);
  if (c.rounds) {
    std::printf("; round (cycles):");
    static const char* names[NoLookbackProbe::kPhases] = {"barrier", "copies",  "prefix",
                                                          "pass 2",  "load",    "warp load",
                                                          "reduce",  "publish", "pass 2+id"};
    double total = 0;
    for (unsigned long long p : c.phaseCycles) total += p;
    for (int p = 0; p < NoLookbackProbe::kPhases; ++p)
      std::printf(" %s %.0f", names[p], c.phaseCycles[p] / static_cast<double>(c.rounds));
    std::printf(" = %.0f", total / c.rounds);
  }
  std::printf("; launch %.3f ms", ms);
  if (blocks > 0 && tiles > 0)
    std::printf(", %.2f us a tile per block", ms * 1000.0 * blocks / tiles);
  std::printf("\n");
}

}  // namespace scanviz
