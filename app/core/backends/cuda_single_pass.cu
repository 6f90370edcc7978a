// Single-pass grid scans on the GPU: thin kernels around the per-tile code of kernels/grid/
// (the code the CPU emulator runs), one launch per scan. Each kernel takes a tile id, scans its
// tile, waits for its predecessors in a spin loop around the shared poll function (one thread for
// the chained scan, one warp for the look-back), then combines the prefix and stores.
// With rq.record the kernels carry a TraceRecorder: the steps of the tile whose logical id is
// rq.recordBlock, work counted in every tile, and per block the SM, %globaltimer at start, before
// and after waiting and at the end, and the look-back count. Without it they carry the
// NullRecorder and nothing is measured; only the watchdog that turns a deadlock into an error
// (static block ids) remains, looking at the clock once every 1024 spins.
// Uninstrumented decoupled look-back with dynamic tile ids (what `verify` and the benchmark run)
// is the production kernel instead: the same protocol with larger tiles staged in shared memory,
// 16-byte vectors and warp-shuffle scans (kernels/grid/lookback_agent.cuh), its shape from
// kernels/grid/lookback_tuning.h. This file is its dispatch layer: pick the policy and the
// operator's instantiation, size the grid (one block per tile, or what fits on the GPU for a
// persistent agent), and launch it alone (no memset).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/core/backends/cuda_check.cuh"
#include "app/core/backends/cuda_trace_buffer.cuh"
#include "app/core/backends/device_scan_impl.h"
#include "app/core/backends/single_pass.h"
#include "app/core/backends/single_pass_common.h"
#include "app/core/profile_range.h"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/grid/lookback_agent.cuh"
#include "kernels/grid/lookback_tuning.h"
#include "kernels/grid/segmented_lookback.h"
#include "kernels/grid/segmented_lookback_agent.cuh"
#include "kernels/grid/single_pass_chained.h"

namespace scanviz {
namespace {

// A wait longer than this is taken for a deadlock. Real waits are microseconds: even a chain of
// 2^17 tiles hands its prefix on in a few milliseconds.
constexpr unsigned long long kSpinTimeoutNs = 2'000'000'000ull;

template <class Rec>
__device__ Rec makeTileRecorder(const DeviceTraceBuffer& buf) {
  Rec rec{};
  if constexpr (Rec::kRecords) {
    rec.buf = buf;
    rec.active = false;  // GpuGrid::beginTile selects the recorded tile once its id is known
    rec.step = 0;
  }
  return rec;
}

// Block timing, kept by thread 0 and written at the end of the block (TraceRecorder only).
template <class Rec>
struct TileClock {
  DeviceBlockTiming t{};
  __device__ void start() {
    if (Rec::kRecords && threadIdx.x == 0) {
      t.start = gridGlobalTimerNs();
      t.sm = gridSmId();
    }
  }
  __device__ void waitStart() {
    if (Rec::kRecords && threadIdx.x == 0) t.waitStart = gridGlobalTimerNs();
  }
  __device__ void waitEnd(int lookback) {
    if (Rec::kRecords && threadIdx.x == 0) {
      t.waitEnd = gridGlobalTimerNs();
      t.lookback = lookback;
    }
  }
  // After the barrier that follows the stores, so that the end covers the whole tile.
  __device__ void finish(const DeviceTraceBuffer& buf, int tile) {
    if constexpr (Rec::kRecords) {
      __syncthreads();
      if (threadIdx.x == 0 && tile < buf.maxBlocks) {
        t.end = gridGlobalTimerNs();
        t.id = tile;
        t.launchIndex = static_cast<int32_t>(blockIdx.x);
        buf.blocks[tile] = t;
      }
    }
  }
};

// The instrumented single-pass kernels, chained scan, decoupled look-back or segmented look-back
// (Protocol): scan the tile, wait for the prefix of the tiles before it, finish the tile. Only
// the wait differs. `flags`: the head flags of the segmented look-back, null for the others.
template <class Protocol, class T, class Rec>
__global__ void __launch_bounds__(1024)
    singlePassKernel(const T* in, const uint8_t* flags, T* out, long long n, Operator op,
                     bool exclusive, SinglePassDeviceArgs<T> args, DeviceTraceBuffer buf) {
  constexpr bool kSegmented = std::is_same_v<Protocol, SegmentedLookback>;
  using Shared = std::conditional_t<kSegmented, SegmentedTileShared<T>, TileShared<T>>;
  extern __shared__ __align__(16) unsigned char tileBytes[];
  T* xy = reinterpret_cast<T*>(tileBytes);
  __shared__ Shared sh;
  __shared__ int gaveUp;
  TileClock<Rec> clock;
  clock.start();
  Rec rec = makeTileRecorder<Rec>(buf);
  GpuBlockExec<T, Rec> ex(op, rec);
  GpuGrid<T, Rec> grid(args, rec);

  if constexpr (kSegmented)
    Protocol::scanTile(ex, grid, sh, xy, in, flags, n);
  else
    Protocol::scanTile(ex, grid, sh, xy, in, n);
  if constexpr (std::is_same_v<Protocol, SinglePassChained>) {
    if (threadIdx.x == 0) {  // only the leader spins; the others wait at the barrier below
      clock.waitStart();
      SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
      bool stop = false;
      while (!stop && SinglePassChained::poll(grid, sh, op) != PollResult::Done)
        stop = watchdog.expired(sh.tile, SinglePassChained::waitsFor(sh.tile));
      gaveUp = stop;
      clock.waitEnd(sh.tile > 0 ? 1 : 0);
    }
  } else {
    if (threadIdx.x < 32) {  // warp 0 looks back; the other warps wait at the barrier below
      GpuLookbackWarp warp(Protocol::windowWidth(static_cast<int>(blockDim.x)));
      LookbackCursor<T> cursor = Protocol::startLookback(sh, op);
      clock.waitStart();
      SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
      bool stop = false;
      while (!stop && Protocol::poll(warp, grid, sh, cursor, op) != PollResult::Done) {
        // Lane 0 decides and the warp follows, so every lane leaves the loop together.
        const bool expired = threadIdx.x == 0 && watchdog.expired(sh.tile, cursor.waitingFor);
        stop = __shfl_sync(warp.mask(), expired, 0);
      }
      if (threadIdx.x == 0) gaveUp = stop;
      clock.waitEnd(cursor.inspected);
    }
  }
  __syncthreads();  // sh.prefix (or the decision to give up) reaches every thread
  if (gaveUp) return;
  Protocol::finishTile(ex, sh, xy, out, exclusive);
  clock.finish(buf, sh.tile);
}

// The production decoupled look-back scan (uninstrumented, dynamic tile ids), with the agent the
// policy names (lookback_agent.cuh): one block per tile, or persistent blocks with a look-back
// warp. One instantiation per value type, operator and policy.
template <class T, class Policy>
using ProductionAgent = std::conditional_t<Policy::kPipelined, PipelinedLookbackAgent<T, Policy>,
                                           LookbackAgent<T, Policy>>;

template <class T, Operator kOp, class Policy>
__global__ void __launch_bounds__(Policy::kMaxThreads, Policy::kMinBlocksPerSm)
    lookbackProductionKernel(const T* in, T* out, long long n, bool exclusive, int tiles,
                             bool evictFirst, SinglePassDeviceArgs<T> args) {
  using Agent = ProductionAgent<T, Policy>;
  extern __shared__ __align__(16) unsigned char tileBytes[];
  __shared__ typename Agent::Shared sh;
  Agent::template run<StaticOp<T, kOp>>(in, out, n, exclusive, tiles, evictFirst, args,
                                        reinterpret_cast<T*>(tileBytes), sh);
}

template <class T>
using ProductionKernel = void (*)(const T*, T*, long long, bool, int, bool,
                                  SinglePassDeviceArgs<T>);

// Everything a production launch needs, worked out once per (request, n).
template <class T>
struct ProductionLaunch {
  ProductionKernel<T> kernel = nullptr;
  int threads = 0;
  int tiles = 0;
  unsigned blocks = 0;
  size_t sharedBytes = 0;
  bool evictFirst = false;  // the input copies carry an L2 evict-first policy (see the policy)
};

// f(std::integral_constant<Operator, op>{}): picks, at run time, a kernel instantiated per
// operator.
template <class F>
auto withStaticOperator(Operator op, F&& f) {
  switch (op) {
    case Operator::Add:
      return f(std::integral_constant<Operator, Operator::Add>{});
    case Operator::Max:
      return f(std::integral_constant<Operator, Operator::Max>{});
    case Operator::Min:
      return f(std::integral_constant<Operator, Operator::Min>{});
    default:
      return f(std::integral_constant<Operator, Operator::Mul>{});
  }
}

template <class T, class Policy>
ProductionKernel<T> productionKernelFor(Operator op) {
  return withStaticOperator(op, [](auto k) -> ProductionKernel<T> {
    return lookbackProductionKernel<T, decltype(k)::value, Policy>;
  });
}

template <class T, class Policy>
ProductionLaunch<T> planProductionLaunch(Operator op, int blockSize, long long n) {
  using Agent = ProductionAgent<T, Policy>;
  ProductionLaunch<T> p;
  p.kernel = productionKernelFor<T, Policy>(op);
  p.threads = blockSize;
  const int tileSize = Agent::tileElements(blockSize);
  const long long tiles = (n + tileSize - 1) / tileSize;
  if (tiles > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  p.tiles = static_cast<int>(tiles);
  p.sharedBytes = Agent::sharedBytes(blockSize);
  p.evictFirst = n * static_cast<long long>(sizeof(T)) <= Policy::kEvictFirstMaxBytes;
  // Above 48 KB a block's dynamic shared memory must be asked for; below it this changes nothing.
  cudaCheck(cudaFuncSetAttribute(p.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(p.sharedBytes)),
            "raise the look-back kernel's shared-memory limit");
  int perSm = 0;
  cudaCheck(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, p.kernel, p.threads, p.sharedBytes),
      "look-back kernel occupancy");
  if (perSm < 1) throw BackendError("the look-back kernel does not fit on this GPU");
  const long long resident = static_cast<long long>(perSm) * cudaStatus().smCount;
  p.blocks = static_cast<unsigned>(Agent::blocksFor(tiles, resident));
  return p;
}

// The production segmented look-back (segmented_lookback_agent.cuh): one block of
// kSegmentedThreads per tile of kSegmentedItems elements a thread, whatever the request's block
// size (which shapes the recorded lesson's tiles). One instantiation per value type, operator and
// load form.
constexpr int kSegmentedThreads = 256;
constexpr int kSegmentedItems = 16;

// kMinBlocks: the blocks per SM __launch_bounds__ asks the compiler to make room for (registers).
// 6 (the default; at most 42 registers a thread): H100, 2^28 int32, 1.12x CUB's scan by key, where
// 4 (56 registers, so 4 blocks of 256 threads an SM) gave 0.97x and 8 (32 registers, spills)
// 0.98x: more blocks keep more loads in flight while others look back or store.
template <class T, Operator kOp, bool kTranspose, int kMinBlocks>
__global__ void __launch_bounds__(kSegmentedThreads, kMinBlocks)
    segmentedProductionKernel(const T* in, const uint8_t* flags, T* out, long long n,
                              bool exclusive, SinglePassDeviceArgs<T> args) {
  using Agent = SegmentedLookbackAgent<T, kSegmentedThreads, kSegmentedItems, kTranspose>;
  __shared__ typename Agent::Shared sh;
  Agent::template run<StaticOp<T, kOp>>(in, flags, out, n, exclusive, args, sh);
}

template <class T>
using SegmentedKernel = void (*)(const T*, const uint8_t*, T*, long long, bool,
                                 SinglePassDeviceArgs<T>);

template <class T, bool kTranspose, int kMinBlocks>
SegmentedKernel<T> segmentedKernelFor(Operator op) {
  return withStaticOperator(op, [](auto k) -> SegmentedKernel<T> {
    return segmentedProductionKernel<T, decltype(k)::value, kTranspose, kMinBlocks>;
  });
}

// The production segmented kernel's form: warp-striped loads and stores turned around in shared
// memory at 6 blocks per SM (the default); SCANVIZ_SEGMENTED_LOAD=blocked (each thread moves its
// own vectors, 4 blocks) or SCANVIZ_SEGMENTED_BLOCKS=4|8, for measuring the others in one session.
template <class T>
SegmentedKernel<T> segmentedKernelFor(Operator op) {
  static const std::string_view load = [] {
    const char* v = std::getenv("SCANVIZ_SEGMENTED_LOAD");
    return std::string_view(v ? v : "");
  }();
  static const std::string_view blocks = [] {
    const char* v = std::getenv("SCANVIZ_SEGMENTED_BLOCKS");
    return std::string_view(v ? v : "");
  }();
  if (load == "blocked") return segmentedKernelFor<T, false, 4>(op);
  if (blocks == "4") return segmentedKernelFor<T, true, 4>(op);
  if (blocks == "8") return segmentedKernelFor<T, true, 8>(op);
  return segmentedKernelFor<T, true, 6>(op);
}

template <class T>
struct SegmentedLaunch {
  SegmentedKernel<T> kernel = nullptr;
  long long tiles = 0;
};

template <class T>
SegmentedLaunch<T> planSegmentedLaunch(Operator op, long long n) {
  SegmentedLaunch<T> p;
  p.kernel = segmentedKernelFor<T>(op);
  const long long tile = static_cast<long long>(kSegmentedThreads) * kSegmentedItems;
  p.tiles = (n + tile - 1) / tile;
  if (p.tiles > 0x7fffffffll - 65536) throw BackendError("too many tiles for one launch");
  return p;
}

// SCANVIZ_LOOKBACK_AGENT=one-tile selects the one-tile-per-block agent where the pipelined one
// is the default, for measuring both in one session (docs/notes/production-scan.md); anything
// else, or nothing, keeps the default.
bool preferOneTileAgent() {
  static const bool prefer = [] {
    const char* v = std::getenv("SCANVIZ_LOOKBACK_AGENT");
    return v != nullptr && std::string_view(v) == "one-tile";
  }();
  return prefer;
}

}  // namespace

LookbackTuning productionLookbackTuning(int blockSize) {
  const CudaStatus& dev = cudaStatus();
  return lookbackTuning(selectLookbackPolicy({dev.computeMajor, dev.computeMinor, dev.device},
                                             blockSize, preferOneTileAgent()));
}

namespace {

template <class T>
ProductionLaunch<T> planProductionLaunch(const RunRequest& rq, long long n) {
  const bool tuned = rq.lookbackPolicy && lookbackPolicyFits(*rq.lookbackPolicy, rq.blockSize);
  switch (tuned ? *rq.lookbackPolicy : productionLookbackTuning(rq.blockSize).id) {
    case LookbackPolicyId::Sm90Pipelined:
      return planProductionLaunch<T, LookbackPolicySm90Pipelined>(rq.op, rq.blockSize, n);
    case LookbackPolicyId::Sm90PipelinedH200:
      return planProductionLaunch<T, LookbackPolicySm90PipelinedH200>(rq.op, rq.blockSize, n);
    case LookbackPolicyId::Sm90:
      return planProductionLaunch<T, LookbackPolicySm90>(rq.op, rq.blockSize, n);
    default:
      return planProductionLaunch<T, LookbackPolicyGeneric>(rq.op, rq.blockSize, n);
  }
}

// The device memory of one single-pass scan besides input and output. Zeroed when made; the
// chained scan and the recorded look-back clear it again before each launch, the production
// look-back needs no clearing (launch epochs, gpu_grid_exec.cuh).
template <class T>
class SinglePassWorkspace {
 public:
  SinglePassWorkspace(bool chained, long long tiles) : diag_(1) {
    if (chained) {
      flags_.allocate(static_cast<size_t>(tiles));
      values_.allocate(static_cast<size_t>(tiles));
    } else {
      status_.allocate(static_cast<size_t>(tiles));
    }
    diag_.zero();
    flags_.zero();
    status_.zero();
  }

  // The arguments of the next launch, with a new epoch.
  SinglePassDeviceArgs<T> args(bool staticIds) const {
    epoch_ = epoch_ % kMaxLaunchEpoch + 1;
    SinglePassDeviceArgs<T> a;
    a.diag = diag_.get();
    a.flags = flags_.get();
    a.values = values_.get();
    a.status = status_.get();
    a.staticIds = staticIds;
    a.spinTimeoutNs = kSpinTimeoutNs;
    a.epoch = epoch_;
    return a;
  }
  unsigned lastEpoch() const { return epoch_; }

  // Every flag and status word back to "nothing published" (X), the tile counter to 0. Enqueued
  // on the default stream, like the launch that follows.
  void reset() const {
    cudaCheck(cudaMemsetAsync(diag_.get(), 0, sizeof(SpinDiagnostics)), "reset the tile counter");
    if (flags_.size())
      cudaCheck(cudaMemsetAsync(flags_.get(), 0, flags_.size() * sizeof(unsigned)),
                "reset the chained flags");
    if (status_.size())
      cudaCheck(cudaMemsetAsync(status_.get(), 0, status_.size() * sizeof(unsigned long long)),
                "reset the tile status words");
  }

  SpinDiagnostics diagnostics() const { return diag_.toHost()[0]; }

 private:
  mutable unsigned epoch_ = 0;
  DeviceArray<SpinDiagnostics> diag_;
  DeviceArray<unsigned> flags_;
  DeviceArray<T> values_;
  DeviceArray<unsigned long long> status_;
};

// The instrumented (or NullRecorder) kernel of the request's single-pass scan.
template <class T, class Rec>
void launchSinglePass(const SinglePassShape& shape, const RunRequest& rq, const T* in,
                      const uint8_t* flags, T* out, long long n, const SinglePassWorkspace<T>& ws,
                      const DeviceTraceBuffer& buf) {
  const int threads = rq.blockSize;
  const int slots = shape.chained     ? SinglePassChained::sharedSlots(threads)
                    : shape.segmented ? SegmentedLookback::sharedSlots(threads)
                                      : DecoupledLookback::sharedSlots(threads);
  const size_t shared = static_cast<size_t>(slots) * sizeof(T);
  if (shape.tiles > 0x7fffffffll) throw BackendError("too many tiles for one launch");
  const auto grid = static_cast<unsigned>(shape.tiles);
  const SinglePassDeviceArgs<T> args = ws.args(rq.emulator.staticBlockIds);
  const char* name = shape.chained     ? "single-pass-chained kernel"
                     : shape.segmented ? "segmented-lookback kernel"
                                       : "decoupled-lookback kernel";
  const char* protocol = shape.chained     ? "chained"
                         : shape.segmented ? "segmented look-back"
                                           : "decoupled look-back";
  const ProfileRange phase(std::string("single-pass scan, ") + protocol + " (" +
                           std::to_string(shape.tiles) + " tiles)");
  // Above 48 KB a block's dynamic shared memory must be asked for (the segmented tile's flags at
  // block size 1024); below it this changes nothing.
  if (shape.segmented)
    cudaCheck(
        cudaFuncSetAttribute(singlePassKernel<SegmentedLookback, T, Rec>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)),
        "raise the segmented look-back kernel's shared-memory limit");
  ws.reset();
  if (shape.chained) {
    singlePassKernel<SinglePassChained, T, Rec>
        <<<grid, threads, shared>>>(in, nullptr, out, n, rq.op, rq.exclusive, args, buf);
  } else if (shape.segmented) {
    singlePassKernel<SegmentedLookback, T, Rec>
        <<<grid, threads, shared>>>(in, flags, out, n, rq.op, rq.exclusive, args, buf);
  } else {
    singlePassKernel<DecoupledLookback, T, Rec>
        <<<grid, threads, shared>>>(in, nullptr, out, n, rq.op, rq.exclusive, args, buf);
  }
  cudaCheckLaunch(name, false);
}

template <class T>
void launchProduction(const ProductionLaunch<T>& p, const T* in, T* out, long long n,
                      bool exclusive, const SinglePassWorkspace<T>& ws) {
  const ProfileRange phase("single-pass scan, decoupled look-back (production kernel, " +
                           std::to_string(p.tiles) + " tiles)");
  p.kernel<<<p.blocks, p.threads, p.sharedBytes>>>(in, out, n, exclusive, p.tiles, p.evictFirst,
                                                   ws.args(false));
  cudaCheckLaunch("decoupled-lookback kernel", false);
}

template <class T>
void launchSegmentedProduction(const SegmentedLaunch<T>& p, const T* in, const uint8_t* flags,
                               T* out, long long n, bool exclusive,
                               const SinglePassWorkspace<T>& ws) {
  const ProfileRange phase("segmented look-back (production kernel, " + std::to_string(p.tiles) +
                           " tiles)");
  p.kernel<<<static_cast<unsigned>(p.tiles), kSegmentedThreads>>>(in, flags, out, n, exclusive,
                                                                  ws.args(false));
  cudaCheckLaunch("segmented-lookback kernel", false);
}

void throwIfGaveUp(const SpinDiagnostics& d, unsigned epoch, const RunRequest& rq) {
  if (d.gaveUp != static_cast<int>(epoch)) return;
  throw BackendError(
      "deadlock on the GPU: block " + std::to_string(d.waitingTile) + " waited more than " +
      std::to_string(kSpinTimeoutNs / 1000000000ull) + " s for block " +
      std::to_string(d.waitedFor) + ", which never published (" +
      (rq.emulator.staticBlockIds
           ? "static block ids: a resident block waits for one that has no slot; dynamic block "
             "ids taken from an atomic counter (PMPP 8.7) avoid it)"
           : "with dynamic block ids this should not happen; please report it)") +
      "; the kernel was stopped and its output is incomplete");
}

// Uninstrumented decoupled look-back with dynamic tile ids runs the production kernel; recorded
// runs, static tile ids (the deadlock demonstration) and the chained scan run the kernels above.
bool usesProductionKernel(const RunRequest& rq) {
  return (rq.algorithm == AlgorithmId::DecoupledLookback ||
          rq.algorithm == AlgorithmId::SegmentedLookback) &&
         !rq.record && !rq.emulator.staticBlockIds;
}

// Status words for the tiles of the kernel that will run: the production segmented kernel's
// tiles need not be the recorded kernel's.
long long workspaceTiles(const RunRequest& rq, const SinglePassShape& shape, long long n) {
  if (!shape.segmented || !usesProductionKernel(rq)) return shape.tiles;
  return std::max(shape.tiles, planSegmentedLaunch<int32_t>(rq.op, n).tiles);
}

template <class T>
RunResult<T> runSinglePass(const RunRequest& rq, const std::vector<T>& input) {
  const long long n = static_cast<long long>(input.size());
  const SinglePassShape shape = checkSinglePassRequest(rq, n);
  RunResult<T> r;
  r.output.assign(input.size(), T{});
  if (n == 0) return r;
  DeviceArray<T> in(input.size()), out(input.size());
  in.upload(input.data(), input.size());
  const uint8_t* hostFlags = shape.segmented ? flagsFrom(rq, 0) : nullptr;
  DeviceArray<uint8_t> flags(hostFlags ? input.size() : 0);
  if (hostFlags) flags.upload(hostFlags, input.size());
  const uint8_t* deviceFlags = hostFlags ? flags.get() : nullptr;
  SinglePassWorkspace<T> ws(shape.chained, workspaceTiles(rq, shape, n));

  if (!rq.record) {
    if (usesProductionKernel(rq) && shape.segmented)
      launchSegmentedProduction(planSegmentedLaunch<T>(rq.op, n), in.get(), deviceFlags, out.get(),
                                n, rq.exclusive, ws);
    else if (usesProductionKernel(rq))
      launchProduction(planProductionLaunch<T>(rq, n), in.get(), out.get(), n, rq.exclusive, ws);
    else
      launchSinglePass<T, NullRecorder>(shape, rq, in.get(), deviceFlags, out.get(), n, ws,
                                        DeviceTraceBuffer{});
    cudaCheck(cudaDeviceSynchronize(), "single-pass scan");
    throwIfGaveUp(ws.diagnostics(), ws.lastEpoch(), rq);
    out.download(r.output.data(), r.output.size());
    return r;
  }

  const int threads = rq.blockSize;
  const int warps = (threads + 31) / 32;
  // Exactly the recorded tile's steps; each step applies the operator at most once per slot.
  CaptureLimits limits = rq.limits;
  limits.maxSteps = shape.chained ? SinglePassChained::recordedSteps(threads)
                                  : DecoupledLookback::recordedSteps(threads);
  const int timed = static_cast<int>(std::min<long long>(shape.tiles, rq.limits.maxBlocksTimed));
  HostTraceBuffer trace(limits, shape.section, shape.section, warps, timed);
  trace.setShape(shape.section, warps);
  if (shape.segmented) trace.enableRows(true, false);  // the OR-ed flags of every step
  startWholeArrayRows(r.run, rq.limits, n, shape.section, shape.tiles);
  trace.enableWholeRows(r.run.whole);
  launchSinglePass<T, TraceRecorder>(shape, rq, in.get(), deviceFlags, out.get(), n, ws,
                                     trace.view(rq.recordBlock, true));
  cudaCheck(cudaDeviceSynchronize(), "single-pass scan (recorded)");
  throwIfGaveUp(ws.diagnostics(), ws.lastEpoch(), rq);
  out.download(r.output.data(), r.output.size());
  trace.appendSteps<T>(r.run, rq.recordBlock, 0, ArrayKind::Section);
  trace.takeWholeRows(r.run.whole);
  r.run.work = static_cast<int64_t>(trace.work());
  trace.appendBlockTimings(shape.tiles, rq.limits.maxBlocksTimed, r.run);
  if (shape.tiles > 1) r.run.notes.push_back(singlePassStepsNote(rq, shape.tiles));
  return r;
}

template <class T>
void makeDeviceScan(const RunRequest& rq, long long n, DeviceScan::Impl& impl) {
  const SinglePassShape shape = checkSinglePassRequest(rq, n);
  auto ws = std::make_shared<SinglePassWorkspace<T>>(shape.chained, workspaceTiles(rq, shape, n));
  impl.workspace.push_back(ws);
  impl.launches = 1;
  const SinglePassWorkspace<T>* w = ws.get();
  const bool exclusive = rq.exclusive;
  if (usesProductionKernel(rq) && shape.segmented) {
    const SegmentedLaunch<T> plan = planSegmentedLaunch<T>(rq.op, n);
    impl.enqueue = [plan, exclusive, n, w](const void* in, void* out, const uint8_t* flags) {
      launchSegmentedProduction(plan, static_cast<const T*>(in), flags, static_cast<T*>(out), n,
                                exclusive, *w);
    };
    return;
  }
  if (usesProductionKernel(rq)) {
    const ProductionLaunch<T> plan = planProductionLaunch<T>(rq, n);
    impl.enqueue = [plan, exclusive, n, w](const void* in, void* out, const uint8_t*) {
      launchProduction(plan, static_cast<const T*>(in), static_cast<T*>(out), n, exclusive, *w);
    };
    return;
  }
  const RunRequest timed = rq;
  impl.enqueue = [timed, shape, n, w](const void* in, void* out, const uint8_t* flags) {
    launchSinglePass<T, NullRecorder>(shape, timed, static_cast<const T*>(in),
                                      shape.segmented ? flags : nullptr, static_cast<T*>(out), n,
                                      *w, DeviceTraceBuffer{});
  };
}

}  // namespace

RunResult<int32_t> runSinglePassOnCuda(const RunRequest& rq, const std::vector<int32_t>& input) {
  return runSinglePass(rq, input);
}
RunResult<float> runSinglePassOnCuda(const RunRequest& rq, const std::vector<float>& input) {
  return runSinglePass(rq, input);
}

void makeSinglePassDeviceScan(const RunRequest& rq, DType dtype, long long n,
                              DeviceScan::Impl& impl) {
  if (dtype == DType::Int32)
    makeDeviceScan<int32_t>(rq, n, impl);
  else
    makeDeviceScan<float>(rq, n, impl);
}

}  // namespace scanviz
