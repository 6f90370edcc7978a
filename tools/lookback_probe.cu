// lookback_probe: the production look-back scan (kernels/agent/pipelined_lookback_agent.cuh) in
// several policies, each checked against and timed beside cub::DeviceScan::InclusiveSum
// and a device-to-device copy in one run, plus probed builds of some of them that count what the
// look-backs do (tools/lookback_probe_counters.cuh). It answers two questions of
// docs/notes/production-scan.md: are look-back walks long (windows of predecessors per tile), and
// does reading 64 or 128 predecessors per L2 round trip (kLookbackWordsPerLane 2, 4) help; and,
// beside them, how fast copies issued by the SMs themselves run (registers, the agent's staged
// data path, the copy engine): the ceiling of any scan of this kind against the device copy.
// Built on its own (no CMake target: the variants are an experiment; the shipped policies live in
// kernels/grid/lookback_tuning.h), on any machine with nvcc:
//   nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I. -o lookback_probe
//   tools/lookback_probe.cu
// Usage: lookback_probe [--logs 24,28,30] [--samples 15] [--only NAME] [--sm-copies 1]
// Timing as select_shapes times (a median of batches of about 2^26 elements, no L2 flush:
// `scanviz bench` is the record); int32 inclusive add; x copy and x CUB: their time over ours.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/grid/lookback_tuning.h"
#include "kernels/launch/single_pass_kernels.cuh"
#include "tools/bulk_copy_ptx.cuh"
#include "tools/experiment_harness.cuh"
#include "tools/lookback_probe_counters.cuh"

namespace scanviz {

namespace {

template <class Base, int kWords>
struct Wide : Base {
  static constexpr int kLookbackWordsPerLane = kWords;
};
template <class Base>
struct Late : Base {
  static constexpr bool kEarlyTileId = false;
};
// Overlap<> (kPass2DuringLoad), BulkStore<> and BulkCopy<> (the copy engine) need the agent of
// docs/results/2026-11-28-s13/probe-only-switches.diff (git apply it first); their rounds are 5-8,
// 12, 23 and 36 below.
template <class Base>
struct Hold : Base {
  static constexpr bool kOldestInRegisters = true;
};
template <class Base>
struct BlockedReduce : Base {
  static constexpr bool kBlockedReduce = true;
};
template <class Base, long long kBytes>
struct EvictFirstUpTo : Base {
  static constexpr long long kEvictFirstMaxBytes = kBytes;
};
template <class Base, int kThreadsOf>
struct Threads : Base {
  static constexpr int kThreads = kThreadsOf;
  static constexpr int kMaxThreads = kThreadsOf;
};
template <class Base, int kItems, int kBuffersOf, int kBlocks>
struct Shaped : Base {
  static constexpr int kItemsPerThread = kItems;
  static constexpr int kBuffers = kBuffersOf;
  static constexpr int kMinBlocksPerSm = kBlocks;
};

using Row = LookbackPolicySm90Pipelined;  // v16: 384 x 20 x 4 x 2, load-ahead, plain stores, ...
template <class Base>
struct StripedReduce : Base {
  static constexpr bool kBlockedReduce = false;
};

using Kernel = void (*)(const int*, int*, long long, bool, int, InputL2Hint,
                        SinglePassDeviceArgs<int>);

struct Variant {
  std::string name;
  Kernel kernel;
  int tile;
  size_t sharedBytes;
  int threads;
  InputL2Hint (*inputHint)(long long bytes);
  bool probed;
};

template <class Policy>
Variant variant(const std::string& name, bool probed = false) {
  using Agent = PipelinedLookbackAgent<int, Policy>;
  return {name,
          lookbackProductionKernel<int, Operator::Add, Policy>,
          Agent::tileElements(Policy::kThreads),
          Agent::sharedBytes(Policy::kThreads),
          Policy::kThreads,
          inputL2Hint<Policy>,
          probed};
}

// Round 1 (04:06Z, H100): windows of 64 and 128, and the probe of the two rows and of four
// buffers (docs/results/2026-11-25-s25-h100-probe/). Round 2 (04:11Z): the next tile id asked for
// early (kEarlyTileId), then made the rows' default. Round 3 (04:18Z, 04:22Z): the rows against
// the late id. Round 4: blocks of other sizes (one look-back warp each, so 3 to 15 data warps).
// Round 5 (2026-11-27): kPass2DuringLoad, the oldest tile's pass 2 while this tile's copies fly,
// with three and four buffers; round 6: only when that tile's prefix is already there; the tile
// buffers 128-byte aligned (they were 16: 0.84-0.91 of the copy rate by where the static shared
// memory ended). Round 7: the shapes and eviction hints of the overlapped agent on both devices.
// Round 8 (2026-11-27, H200): two buffers with the oldest tile's pass 2 during the load (the
// 2-buffer shapes lost at 0.82-0.84 before the overlap and the aligned buffers, v4), and the probe
// on the H200 (how often a round finishes its oldest tile during the load: 40%). Round 9: the
// oldest tile held in registers (kOldestInRegisters), so that every pass 2 overlaps a load and the
// ring holds one tile more without more shared memory.
// Round 10: the probe's counters spread over slots and the data leader's round timed phase by
// phase (clock64, added up in shared memory), so that a probed launch runs near the plain one's
// speed and says where a round's time goes.
// Round 11: where the id atomic and the lanes' copies fall in the round (the reduce phase took
// 3,600 cycles with the id asked as it starts, 1,600 without).
// Round 12: the stores by the copy engine (kBulkStore), since the round's reduce and publication
// phases (about 4,900 cycles on both devices, where the loads' phases shrink on the H200) look
// like shared-memory accesses queued behind the 16-byte stores of pass 2; with the loads by the
// copy engine too (kBulkCopy, -2.5% in v6 on the old agent).
// Round 13: how fast the SMs copy (and round 14: with the copy engine), beside the device copy,
// the row and the oldest tile held in registers (the copies run with --sm-copies 1).
// Round 15 (kLeaderPublishes, only the leader's warp waiting for the totals) is not in this file
// any more: no gain; its diff is docs/results/2026-11-27-h200-probe/leader-publishes.diff.
// Round 17: pass 1 with the vectors in blocked order (kBlockedReduce): one Kogge-Stone a warp
// instead of one per vector index.
// (Rounds 8-17 named the H200 row "28x3x3-row"/"-hold"; the rows have changed since: the
// variants below say what they run.) Round 18 (session 8, H100): the striped and the blocked
// reduce, after which the one sm_90 row has the blocked reduce. Round 19: the next tile's copies
// issued as each warp ends its reduce (kLoadAhead; not kept, its diff is
// docs/results/2026-11-27-s8-probe/load-ahead.diff).
template <class Base, int kWarps>
struct LookbackWarps : Base {
  static constexpr int kLookbackWarps = kWarps;
};
// Round 20: two look-back warps taking the ring's tiles in turn, beside 7 data warps (288
// threads), since one look-back warp is busy 90% of the round on both devices.
using TwoLookbacks = LookbackWarps<Threads<Row, 288>, 2>;
// Round 22 (session 10, H200): two consecutive ring tiles sharing one id, status word and
// look-back (kTilesPerStatus = 2; not kept, its diff is
// docs/results/2026-11-27-s10-probe/tiles-per-status.diff). Round 23: with the blocked reduce and
// the oldest tile in registers, the switches of v6/v7 once more on the H200: the loads by the copy
// engine (kBulkCopy), the L2 prefetch size of the copies, plain stores.
// Round 24 (H200): the look-back that ends in a window publishes P for the window's tiles after
// the P it met (every lane's, every 8th, lane 0's), so that the P frontier follows the
// walks: 3.5-5% slower, not kept (docs/results/2026-11-27-s10-probe/window-prefixes.diff). Round
// 25: a pause after a poll that met a needed predecessor still X (kBackoffNs), since round 24 says
// that traffic on the status words' lines costs more than their number suggests.
template <class Base, int kNs>
struct Backoff : Base {
  static constexpr int kBackoffNs = kNs;
};
// Round 26 (H200): two buffers and the oldest tile in registers, four to six blocks an SM: not
// kept (the prefix arrives late). Round 27: blocks of 384 threads (11 data warps) and two an SM:
// shorter look-backs, a longer tail, not kept. Round 28: round 19's next tile's copies issued as
// each warp ends its reduce (kLoadAhead, docs/results/2026-11-27-s8-probe/load-ahead.diff), on the
// row and on the 384-thread shape, whose prefix wait (0.13 us) leaves it room.
template <class Base>
struct LoadAhead : Base {
  static constexpr bool kLoadAhead = true;
};
using Wide384 = Shaped<Threads<Row, 384>, 24, 3, 2>;
// Round 29 (H200): load-ahead with the wider blocks, and a fourth buffer where shared memory allows
// it (the prefix of a tile then has one round more): 384 threads x 20 x 4 x 2 0.912 of the copy at
// 2^28/2^30, the first shape past 0.90 there. Round 30: the same shapes on the H100, and without
// load-ahead.
using Ahead384 = LoadAhead<Shaped<Threads<Row, 384>, 20, 4, 2>>;
// Round 31 (session 11, H100): the look-back warp is busy about 90% of a round (4.6 us a
// look-back, 2.5 L2 round trips, in a 5.2 us round), so what shortens a look-back or gives it
// more bytes a round might be the last percent: windows of 64 and 128 predecessors with today's
// row, longer tiles (24 items, or blocks of 320 and 512 threads), and three smaller blocks an SM
// (three look-back warps). All lost (round31-h100.txt).
// Round 32 (H100): a second look-back warp beside the row's 11 data warps (416 threads: round 20
// had spilled at 72 registers, here the compiler has 78), and the switches of round 23 on the
// H100 with today's row: the input evict-first at every size, the copies' L2 prefetch of 256
// bytes or none, plain stores.
template <class Base, int kBytes>
struct L2Hint : Base {
  static constexpr int kL2LineHint = kBytes;
};
template <class Base>
struct PlainStores : Base {
  static constexpr bool kStreamingStores = false;
};
template <class Base>
struct StreamingStores : Base {
  static constexpr bool kStreamingStores = true;
};
// Round 33 (H100): plain stores (round 32: +0.2-0.6%) once more, with no L2 prefetch hint, and
// the output stored with an L2 evict-last policy (kStoresEvictLast, the opposite of streaming
// stores; not kept: its diff is docs/results/2026-11-28-s11/stores-evict-last.diff). Round 34
// (H200): the same plain stores there, then the row's (v15).
// Round 35 (H100): with plain stores, the shapes and the switch that were level with the row or
// lost with streaming stores: 320 x 24 x 4 x 2, three blocks of 256 threads an SM, the input
// evict-first at every size, no L2 prefetch hint.
// Round 36 (H100): the data loads by the copy engine (kBulkCopy) with load-ahead, so that the
// look-back warp's polls do not queue behind the data warps' 16-byte cp.async: level with the row,
// and the look-backs as long (4.6 us). It ran with load-ahead's static_assert (in the agent)
// relaxed to allow kBulkCopy (variants BulkCopy<Row> beside Row); the assert is back, so
// rerunning it needs that line relaxed again.
// Round 37 (session 12, H100): the prefix wait (0.27-0.45 us a round) comes from predecessors
// that published late, and a round that waits for its held tile's prefix also delays its own A.
// kDeferLatePrefix let a round whose held prefix was not there yet (a hint from the look-back
// warp) reduce and publish first: deferred in 19-22% of rounds, the prefix wait halved, the load
// wait longer by as much, the round as long, 0.3% slower. Not kept: its diff (agent, tuning and
// probe counters; the variant was DeferLatePrefix<Row> beside Row) is
// docs/results/2026-11-28-s12/defer-late-prefix.diff. Round 38 (H100): the SM copies of rounds
// 13-14 with plain stores too, beside the row (--sm-copies 1 --only row): the row runs faster
// than every copy the SMs issue.
// Round 39 (H100): the input's L2 lines discarded (discard.global.L2) once a warp's copies of them
// have landed: 0.926-0.934 of the copy, 4% slower than the row. Round 40 (H100, H200): the
// opposite, the input copies with an L2 evict-last policy at every size: at 2^28/2^30 +1-1.5% on
// the H100 (0.972-0.984 of the copy) and +2% on the H200 (0.932-0.934), at 2^24 2.5-7% slower
// than the row's evict-first there. Round 41 (H200, H100): where between 2^24 and 2^28 the switch
// pays, with it above 64 MiB (the row of that build; v15 beside it): from 2^26 on, on both. So
// the row (v16) copies evict-first up to 64 MiB and evict-last above 128 MiB.
template <class Base, long long kFirstUpTo, long long kLastAbove>
struct InputHints : Base {
  static constexpr long long kEvictFirstMaxBytes = kFirstUpTo;
  static constexpr long long kEvictLastAboveBytes = kLastAbove;
};
std::vector<Variant> variants() {
  using V15 = InputHints<Row, 64ll << 20, kNeverEvictLast>;
  return {
      variant<V15>("v15"),
      variant<Row>("row"),
      variant<InputHints<Row, 0, 0>>("evict-last-always"),
      variant<V15>("v15-again"),
      variant<Row>("row-again"),
  };
}

__global__ void fillInput(int* values, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    uint32_t h = static_cast<uint32_t>(i) * 2654435761u ^ static_cast<uint32_t>(i >> 32);
    h ^= h >> 15;
    values[i] = static_cast<int>(h % 201u) - 100;
  }
}

// Copies by the SMs, the ceilings of what a scan that reads and writes once could reach with
// the same instructions: vectorCopy, 16-byte loads into registers and stores from them (kInFlight
// vectors a thread, grid-stride); stagedCopy, the production agent's data path without the scan
// (the tile by 16-byte cp.async into a ring of kBuffers shared buffers, kBuffers - 1 tiles in
// flight, then 16-byte streaming stores from shared memory), tiles by block index.
// kStream: streaming stores (st.global.cs, as in rounds 13-14) or plain ones (the row's since v15).
template <class V>
__device__ __forceinline__ void copyStore(V* dst, V v, bool stream) {
  if (stream)
    __stcs(dst, v);
  else
    *dst = v;
}

template <int kInFlight, bool kStream = true>
__global__ void __launch_bounds__(256) vectorCopy(const int4* in, int4* out, long long vectors) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < vectors;
       i += step * kInFlight) {
    int4 v[kInFlight];
#pragma unroll
    for (int k = 0; k < kInFlight; ++k)
      if (i + k * step < vectors) v[k] = __ldcs(in + i + k * step);
#pragma unroll
    for (int k = 0; k < kInFlight; ++k)
      if (i + k * step < vectors) copyStore(out + i + k * step, v[k], kStream);
  }
}

template <int kVectors, int kBuffers, bool kStream = true>
__global__ void __launch_bounds__(224) stagedCopy(const int* in, int* out, long long tiles) {
  extern __shared__ __align__(128) int ring[];
  constexpr int kTile = 224 * kVectors * 4;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int first = warp * 32 * kVectors * 4 + lane * 4;
  auto issue = [&](long long tile, int b) {
    if (tile < tiles)
      for (int j = 0; j < kVectors; ++j)
        cpAsync16<128>(ring + b * kTile + first + j * 128, in + tile * kTile + first + j * 128);
    cpAsyncCommit();
  };
  long long tile = blockIdx.x;
  for (int b = 0; b < kBuffers - 1; ++b) issue(tile + b * gridDim.x, b);
  for (int r = 0; tile < tiles; ++r, tile += gridDim.x) {
    issue(tile + (kBuffers - 1) * static_cast<long long>(gridDim.x), (r + kBuffers - 1) % kBuffers);
    cpAsyncWait<kBuffers - 1>();
    const int b = r % kBuffers;
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      copyStore(reinterpret_cast<int4*>(out + tile * kTile + first + j * 128),
                *reinterpret_cast<const int4*>(ring + b * kTile + first + j * 128), kStream);
  }
  cpAsyncWait<0>();
}

// The copy engine's copy: one thread a block moves kStageBytes chunks global -> shared -> global
// with cp.async.bulk, kStages chunks in flight (a chunk's store must have read its stage before
// the stage is loaded again).
template <int kStageBytes, int kStages>
__global__ void bulkStagedCopy(const char* in, char* out, long long chunks) {
  extern __shared__ __align__(128) unsigned char stages[];
  __shared__ unsigned long long loaded[kStages];
  if (threadIdx.x != 0) return;
  for (int s = 0; s < kStages; ++s) mbarrierInit(&loaded[s]);
  fenceMbarrierInit();
  const long long step = gridDim.x;
  for (int s = 0; s < kStages; ++s) {
    const long long c = blockIdx.x + s * step;
    if (c < chunks)
      bulkCopyToShared(stages + s * kStageBytes, in + c * kStageBytes, kStageBytes, &loaded[s]);
  }
  for (long long r = 0;; ++r) {
    const long long c = blockIdx.x + r * step;
    if (c >= chunks) break;
    const int s = static_cast<int>(r % kStages);
    mbarrierWait(&loaded[s], static_cast<unsigned>((r / kStages) & 1));
    bulkCopyToGlobal(out + c * kStageBytes, stages + s * kStageBytes, kStageBytes);
    const long long next = c + kStages * step;
    if (next < chunks) {
      bulkStoresHaveRead();
      bulkCopyToShared(stages + s * kStageBytes, in + next * kStageBytes, kStageBytes, &loaded[s]);
    }
  }
  bulkStoresDone();
}

__global__ void countDifferences(const int* a, const int* b, long long n, unsigned long long* bad) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    if (a[i] != b[i]) atomicAdd(bad, 1ull);
}

int run(int argc, char** argv) {
  const ExperimentOptions opt(argc, argv, {24, 28, 30});
  const std::vector<int>& logs = opt.logs;
  const int samples = opt.samples;
  const std::string& only = opt.only;
  cudaDeviceProp prop{};
  cudaCheck(cudaGetDeviceProperties(&prop, 0), "device properties");
  const long long maxN = opt.largestN();
  DeviceArray<int> in(maxN), out(maxN), cubOut(maxN);
  DeviceArray<unsigned long long> bad(1);
  LaunchEpochs epochs(maxN / 2048 + 2);
  size_t cubTemp = 0;
  cudaCheck(cub::DeviceScan::InclusiveSum(nullptr, cubTemp, in.get(), cubOut.get(), maxN),
            "CUB temp size");
  DeviceArray<unsigned char> temp(std::max<size_t>(cubTemp, 1));
  std::printf("device: %s (%d SMs); int32 inclusive add; median of %d samples\n", prop.name,
              prop.multiProcessorCount, samples);
  int failures = 0;
  for (const int lg : logs) {
    const long long n = 1ll << lg;
    fillInput<<<1024, 256>>>(in.get(), n);
    const auto cub = [&] {
      size_t t = cubTemp;
      cub::DeviceScan::InclusiveSum(temp.get(), t, in.get(), cubOut.get(), n);
    };
    const auto copy = [&] {
      cudaMemcpyAsync(out.get(), in.get(), n * sizeof(int), cudaMemcpyDeviceToDevice);
    };
    const double copyMs = medianMs(copy, n, samples), cubMs = medianMs(cub, n, samples);
    cub();
    std::printf("2^%d: copy %.4f ms, CUB %.4f ms (%.3f of the copy)\n", lg, copyMs, cubMs,
                copyMs / cubMs);
    if (opt.value("--sm-copies") != nullptr) {
      const long long vectors = n / 4;
      const auto timeCopy = [&](const char* name, auto launch) {
        bad.zero();
        launch();
        cudaCheck(cudaDeviceSynchronize(), name);
        countDifferences<<<1024, 256>>>(out.get(), in.get(), n, bad.get());
        const bool ok = bad.toHost()[0] == 0;
        const double ms = medianMs(launch, n, samples);
        std::printf("2^%d %-16s | %.4f ms | %.3f copy | %s\n", lg, name, ms, copyMs / ms,
                    ok ? "equal to the input" : "DIFFERS");
        if (!ok) ++failures;
      };
      const auto in4 = reinterpret_cast<const int4*>(in.get());
      const auto out4 = reinterpret_cast<int4*>(out.get());
      timeCopy("sm-copy-x4",
               [&] { vectorCopy<4><<<prop.multiProcessorCount * 8, 256>>>(in4, out4, vectors); });
      timeCopy("sm-copy-x8",
               [&] { vectorCopy<8><<<prop.multiProcessorCount * 4, 256>>>(in4, out4, vectors); });
      timeCopy("sm-copy-x4-plain", [&] {
        vectorCopy<4, false><<<prop.multiProcessorCount * 8, 256>>>(in4, out4, vectors);
      });
      timeCopy("sm-copy-x8-plain", [&] {
        vectorCopy<8, false><<<prop.multiProcessorCount * 4, 256>>>(in4, out4, vectors);
      });
      constexpr int kTile = 224 * 28;
      const long long tiles = n / kTile;  // 2^k is not a multiple: the tail is left out
      const size_t ring = 3 * kTile * sizeof(int);
      cudaFuncSetAttribute(stagedCopy<7, 3>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           static_cast<int>(ring));
      const auto staged = [&] {
        stagedCopy<7, 3><<<prop.multiProcessorCount * 3, 224, ring>>>(in.get(), out.get(), tiles);
      };
      // The tail the staged copy leaves is copied first, so the whole output is compared.
      cudaMemcpy(out.get() + tiles * kTile, in.get() + tiles * kTile,
                 (n - tiles * kTile) * sizeof(int), cudaMemcpyDeviceToDevice);
      timeCopy("staged-28x3x3", staged);
      cudaFuncSetAttribute(stagedCopy<7, 3, false>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           static_cast<int>(ring));
      timeCopy("staged-plain", [&] {
        stagedCopy<7, 3, false>
            <<<prop.multiProcessorCount * 3, 224, ring>>>(in.get(), out.get(), tiles);
      });
      const auto bulkCopy = [&](const char* name, auto kernel, int stageBytes, int stages,
                                int blocksPerSm) {
        const long long chunks = n * 4ll / stageBytes;
        const size_t shared = static_cast<size_t>(stageBytes) * stages;
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(shared));
        cudaMemcpy(reinterpret_cast<char*>(out.get()) + chunks * stageBytes,
                   reinterpret_cast<const char*>(in.get()) + chunks * stageBytes,
                   n * 4ll - chunks * stageBytes, cudaMemcpyDeviceToDevice);
        timeCopy(name, [&] {
          kernel<<<prop.multiProcessorCount * blocksPerSm, 32, shared>>>(
              reinterpret_cast<const char*>(in.get()), reinterpret_cast<char*>(out.get()), chunks);
        });
      };
      bulkCopy("bulk-16kx6x2", bulkStagedCopy<16384, 6>, 16384, 6, 2);
    }
    for (const Variant& v : variants()) {
      if (!only.empty() && v.name != only) continue;
      const long long tiles = (n + v.tile - 1) / v.tile;
      const int perSm = residentBlocksPerSm(v.kernel, v.threads, v.sharedBytes, v.name);
      const auto blocks =
          static_cast<unsigned>(std::min<long long>(tiles, perSm * prop.multiProcessorCount));
      const InputL2Hint hint = v.inputHint(n * 4ll);
      const auto launch = [&] {
        v.kernel<<<blocks, v.threads, v.sharedBytes>>>(
            in.get(), out.get(), n, false, static_cast<int>(tiles), hint, epochs.next());
      };
      if (v.probed) {
        launch();  // warm
        cudaCheck(cudaDeviceSynchronize(), "probe warm-up");
        resetProbe();
        cudaEvent_t a, b;
        cudaEventCreate(&a);
        cudaEventCreate(&b);
        cudaEventRecord(a);
        launch();
        cudaEventRecord(b);
        cudaCheck(cudaEventSynchronize(b), "probed launch");
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        std::printf("2^%d ", lg);
        printProbe(v.name.c_str(), ms, blocks, tiles);
        continue;
      }
      launch();
      cudaCheck(cudaDeviceSynchronize(), v.name.c_str());
      bad.zero();
      countDifferences<<<1024, 256>>>(out.get(), cubOut.get(), n, bad.get());
      const bool ok = bad.toHost()[0] == 0 && !epochs.gaveUp();
      if (!ok) ++failures;
      const double ms = medianMs(launch, n, samples);
      std::printf("2^%d %-16s %3d blocks/SM | %.4f ms | %.3f copy | %.3f CUB | %s\n", lg,
                  v.name.c_str(), perSm, ms, copyMs / ms, cubMs / ms,
                  ok ? "equal to CUB" : "DIFFERS");
    }
    std::printf("2^%d again: copy %.4f ms, CUB %.4f ms\n", lg, medianMs(copy, n, samples),
                medianMs(cub, n, samples));
  }
  return failures ? 1 : 0;
}

}  // namespace
}  // namespace scanviz

int main(int argc, char** argv) {
  return scanviz::experimentMain("lookback_probe", scanviz::run, argc, argv);
}
