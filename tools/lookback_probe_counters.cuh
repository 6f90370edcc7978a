// The probe of the experiment tools (lookback_probe.cu, select_shapes.cu): counters in device
// memory that lookBackTile and the pipelined agent's data warps fill when a policy is wrapped in
// Probed<> (lookback_agent.cuh, LookbackProbeOf). It answers "are look-back walks long?": per
// look-back, the predecessors combined, the windows read (one L2 round trip each), the polls that
// found a needed predecessor still without status, and the time from the start of the look-back
// to its P; per data-warp leader, the time waiting for its own copies and for a tile's prefix.
// A few global atomics per tile: the probed variants run slower than the plain ones and are not
// timed for the record.
#pragma once

#include <cstdio>

#include "kernels/grid/lookback_agent.cuh"
#include "kernels/launch/cuda_check.cuh"

namespace scanviz {

struct ProbeCounters {
  static constexpr int kBuckets = 8;  // windows read: 1, 2, 3, 4, 5-8, 9-16, 17-32, 33+
  unsigned long long lookbacks, inspected, windows, waits, ns;
  unsigned long long windowHistogram[kBuckets];
  unsigned long long loadWaits, loadNs, prefixWaits, prefixNs, idWaits, idNs;
};

__device__ ProbeCounters gProbe;

struct CountingProbe : NoLookbackProbe {
  static constexpr bool kEnabled = true;
  __device__ static int bucket(int windows) {
    if (windows <= 4) return windows < 1 ? 0 : windows - 1;
    if (windows <= 8) return 4;
    if (windows <= 16) return 5;
    return windows <= 32 ? 6 : 7;
  }
  __device__ static void lookback(int inspected, int windows, int waits, unsigned long long ns) {
    atomicAdd(&gProbe.lookbacks, 1ull);
    atomicAdd(&gProbe.inspected, static_cast<unsigned long long>(inspected));
    atomicAdd(&gProbe.windows, static_cast<unsigned long long>(windows));
    atomicAdd(&gProbe.waits, static_cast<unsigned long long>(waits));
    atomicAdd(&gProbe.ns, ns);
    atomicAdd(&gProbe.windowHistogram[bucket(windows)], 1ull);
  }
  __device__ static void dataWait(int what, unsigned long long ns) {
    if (what == kLoadWait) {
      atomicAdd(&gProbe.loadWaits, 1ull);
      atomicAdd(&gProbe.loadNs, ns);
    } else if (what == kIdWait) {
      atomicAdd(&gProbe.idWaits, 1ull);
      atomicAdd(&gProbe.idNs, ns);
    } else {
      atomicAdd(&gProbe.prefixWaits, 1ull);
      atomicAdd(&gProbe.prefixNs, ns);
    }
  }
};

template <class Base>
struct Probed : Base {};
template <class Base>
struct LookbackProbeOf<Probed<Base>> {
  using type = CountingProbe;
};

inline void resetProbe() {
  const ProbeCounters zero{};
  cudaCheck(cudaMemcpyToSymbol(gProbe, &zero, sizeof zero), "reset the probe");
}

// One line of what the probe counted during one launch of `ms` milliseconds (of `blocks` blocks
// over `tiles` tiles, when known: then the time a block spends per tile).
inline void printProbe(const char* name, double ms, long long blocks = 0, long long tiles = 0) {
  ProbeCounters c{};
  cudaCheck(cudaMemcpyFromSymbol(&c, gProbe, sizeof c), "read the probe");
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
  std::printf("; launch %.3f ms", ms);
  if (blocks > 0 && tiles > 0)
    std::printf(", %.2f us a tile per block", ms * 1000.0 * blocks / tiles);
  std::printf("\n");
}

}  // namespace scanviz
