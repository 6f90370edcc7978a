// Single-pass grid schemes on the GPU, every registry row whose descriptor's driver is SinglePass
// (single_pass_common.h dispatches): the scheme's kernel of kernels/launch/single_pass_kernels.cuh,
// its workspace and trace buffer, and the reading back of what it recorded. An uninstrumented run
// with dynamic tile ids (what `verify` and the benchmark run) launches the scheme's production
// kernel where it has one (ProductionKernelOf below: the decoupled and the segmented look-back);
// this file picks its policy (kernels/grid/lookback_tuning.h, read with the device) and its
// operator's instantiation, and launches it alone (no memset).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/core/backends/device_scan_impl.h"
#include "app/core/backends/single_pass.h"
#include "app/core/backends/single_pass_common.h"
#include "app/core/support/profile_range.h"
#include "kernels/grid/lookback_tuning.h"
#include "kernels/launch/cluster_kernels.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/launch/single_pass_kernels.cuh"
#include "kernels/launch/trace_buffer.cuh"

namespace scanviz {
namespace {

// The production segmented launch of the operator over n elements: the pipelined agent in the
// shipped shape once every resident block gets two tiles or more, the one-tile agent below that
// (the ring never turns over there, and the one-tile agent's smaller tiles keep more blocks busy:
// x CUB's scan by key at 2^20, one-tile 1.84 on an H100 and 1.86 on an H200, pipelined 1.34 and
// 1.35; docs/benchmarks.md). SCANVIZ_SEGMENTED_AGENT=one-tile (every size the one-tile agent),
// pipelined (every size the shipped shape) or 16x4x3 (the pipelined agent with 16 items a thread,
// 4 buffers and 3 blocks an SM), for measuring them beside each other in one session.
template <class T>
SegmentedLaunch<T> planSegmentedLaunchFor(Operator op, long long n) {
  static const std::string_view agent = [] {
    const char* v = std::getenv("SCANVIZ_SEGMENTED_AGENT");
    return std::string_view(v ? v : "");
  }();
  const int sms = cudaStatus().smCount;
  if (agent == "one-tile") return planSegmentedOneTileLaunch<T>(op, n);
  if (agent == "16x4x3")
    return planSegmentedPipelinedLaunch<T, PipelinedSegmentedShape<16, 4, 3>>(op, n, sms);
  const SegmentedLaunch<T> pipelined = planSegmentedPipelinedLaunch<T, SegmentedShape>(op, n, sms);
  if (agent != "pipelined" && pipelined.tiles < 2 * pipelined.residentBlocks)
    return planSegmentedOneTileLaunch<T>(op, n);
  return pipelined;
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

// The production launch of the request: its tuned policy, or the tuning table's row for this GPU.
template <class T>
ProductionLaunch<T> planProductionLaunchFor(const RunRequest& rq, long long n) {
  const bool tuned = rq.lookbackPolicy && lookbackPolicyFits(*rq.lookbackPolicy, rq.blockSize);
  const int sms = cudaStatus().smCount;
  switch (tuned ? *rq.lookbackPolicy : productionLookbackTuning(rq.blockSize).id) {
    case LookbackPolicyId::Sm90Pipelined:
      return planProductionLaunch<T, LookbackPolicySm90Pipelined>(rq.op, rq.blockSize, n, sms);
    case LookbackPolicyId::Sm90:
      return planProductionLaunch<T, LookbackPolicySm90>(rq.op, rq.blockSize, n, sms);
    default:
      return planProductionLaunch<T, LookbackPolicyGeneric>(rq.op, rq.blockSize, n, sms);
  }
}

// Select and split: where the kernel writes besides `out` (their selected elements), kept
// until the results are read back.
template <class T>
struct SelectDeviceOutputs {
  DeviceArray<T> rejected;
  DeviceArray<int32_t> addresses;
  DeviceArray<int32_t> count;
  SelectOutputs<T> view(T* selected, long long n) const {
    return {selected, rejected.get(), addresses.get(), count.get(), n};
  }
};

// The protocol in the profiler's range of a recorded launch ("single-pass scan, chained (8
// tiles)"), read from the scheme's traits; tests/gpu/test_gpu_traces.cpp looks for these words.
template <class Scheme>
const char* protocolWords() {
  using Traits = SinglePassTraits<Scheme>;
  if constexpr (Traits::kClustered)
    return "cluster look-back";
  else if constexpr (!Traits::kLookback)
    return "chained";
  else if constexpr (Traits::kSegmented)
    return "segmented look-back";
  else if constexpr (Traits::kSelects)
    return Scheme::kSplit ? "split by decoupled look-back" : "select by decoupled look-back";
  else
    return "decoupled look-back";
}

// The instrumented (or NullRecorder) kernel of the request's single-pass scheme.
template <class Scheme, class T, class Rec>
void launchSinglePass(const SinglePassShape& shape, const RunRequest& rq, const T* in,
                      const uint8_t* flags, T* out, long long n, const SinglePassWorkspace<T>& ws,
                      const DeviceTraceBuffer& buf, const SelectOutputs<T>& selectOut = {}) {
  if (shape.tiles > 0x7fffffffll) throw BackendError("too many tiles for one launch");
  const SinglePassDeviceArgs<T> args = ws.args(rq.emulator.staticBlockIds);
  static const std::string kernel = std::string(algorithmOf<Scheme>.key) + " kernel";
  const ProfileRange phase(ProfileCategory::GridPhase, std::string("single-pass scan, ") +
                                                           protocolWords<Scheme>() + " (" +
                                                           std::to_string(shape.tiles) + " tiles)");
  ws.reset();
  if constexpr (SinglePassTraits<Scheme>::kClustered) {
    const CudaStatus& gpu = cudaStatus();
    if (gpu.computeMajor < 9)
      throw BackendError(std::string(algorithmOf<Scheme>.key) +
                         " runs in thread-block clusters, which need a GPU of compute capability "
                         "9.0 or newer; this one is " +
                         std::to_string(gpu.computeMajor) + "." + std::to_string(gpu.computeMinor) +
                         ": use --backend cpu");
    launchClusterKernel<Scheme, T, Rec>(shape.tiles, rq.blockSize, in, out, n, rq.op, rq.exclusive,
                                        args, buf);
  } else {
    launchSinglePassKernel<Scheme, T, Rec>(static_cast<unsigned>(shape.tiles), rq.blockSize, in,
                                           flags, out, n, rq.op, rq.exclusive, args, buf,
                                           selectOut);
  }
  cudaCheckLaunch(kernel.c_str(), false);
}

template <class T>
void launchProduction(const ProductionLaunch<T>& p, const T* in, T* out, long long n,
                      bool exclusive, const SinglePassWorkspace<T>& ws) {
  const ProfileRange phase(ProfileCategory::GridPhase,
                           "single-pass scan, decoupled look-back (production kernel, " +
                               std::to_string(p.tiles) + " tiles)");
  p.launch(in, out, n, exclusive, ws.args(false));
  cudaCheckLaunch("decoupled-lookback kernel", false);
}

template <class T>
void launchSegmentedProduction(const SegmentedLaunch<T>& p, const T* in, const uint8_t* flags,
                               T* out, long long n, bool exclusive,
                               const SinglePassWorkspace<T>& ws) {
  const ProfileRange phase(ProfileCategory::GridPhase, "segmented look-back (production kernel, " +
                                                           std::to_string(p.tiles) + " tiles)");
  p.launch(in, flags, out, n, exclusive, ws.args(false));
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

// The production kernel of a scheme, where it has one: what an uninstrumented run with dynamic
// tile ids launches instead of the scheme's recorded kernel (kernels/grid/*_agent.cuh). A scheme
// without one (single-pass-chained, and any new scheme until it gets one) runs its recorded
// kernel with the NullRecorder. A specialisation per scheme with a production kernel: its plan for
// (request, n), the plan's enqueue, and the tile status words its tiles need.
template <class Scheme>
struct ProductionKernelOf {
  static constexpr bool kExists = false;
};

template <>
struct ProductionKernelOf<DecoupledLookback> {
  static constexpr bool kExists = true;
  template <class T>
  struct Plan {
    ProductionLaunch<T> launch;
    void enqueue(const T* in, const uint8_t*, T* out, long long n, bool exclusive,
                 const SinglePassWorkspace<T>& ws) const {
      launchProduction(launch, in, out, n, exclusive, ws);
    }
  };
  template <class T>
  static Plan<T> plan(const RunRequest& rq, long long n) {
    return {planProductionLaunchFor<T>(rq, n)};
  }
  static long long workspaceTiles(const RunRequest&, long long, long long tiles) { return tiles; }
};

template <>
struct ProductionKernelOf<SegmentedLookback> {
  static constexpr bool kExists = true;
  template <class T>
  struct Plan {
    SegmentedLaunch<T> launch;
    void enqueue(const T* in, const uint8_t* flags, T* out, long long n, bool exclusive,
                 const SinglePassWorkspace<T>& ws) const {
      launchSegmentedProduction(launch, in, flags, out, n, exclusive, ws);
    }
  };
  template <class T>
  static Plan<T> plan(const RunRequest& rq, long long n) {
    return {planSegmentedLaunchFor<T>(rq.op, n)};
  }
  // The production tiles need not be the recorded kernel's: each type's launch picks its agent,
  // and the one-tile agent's tiles are the smaller.
  static long long workspaceTiles(const RunRequest& rq, long long n, long long tiles) {
    return std::max({tiles, planSegmentedLaunchFor<int32_t>(rq.op, n).tiles,
                     planSegmentedOneTileLaunch<int32_t>(rq.op, n).tiles});
  }
};

// Uninstrumented runs with dynamic tile ids run the production kernel where the scheme has one;
// recorded runs and static tile ids (the deadlock demonstration) run the recorded kernel.
template <class Scheme>
bool usesProductionKernel(const RunRequest& rq) {
  return ProductionKernelOf<Scheme>::kExists && !rq.record && !rq.emulator.staticBlockIds;
}

// Status words (or chained flags) for the tiles of the kernel that will run.
template <class Scheme>
long long workspaceTiles(const RunRequest& rq, const SinglePassShape& shape, long long n) {
  if constexpr (ProductionKernelOf<Scheme>::kExists)
    if (usesProductionKernel<Scheme>(rq))
      return ProductionKernelOf<Scheme>::workspaceTiles(rq, n, shape.tiles);
  return shape.tiles;
}

// Select and split: the addresses and (split) the rejected elements after the selected ones, as
// the emulator's result holds them.
template <class T>
void readSelectResults(AlgorithmProduct product, const SelectDeviceOutputs<T>& sel,
                       RunResult<T>& r) {
  if (product == AlgorithmProduct::Scan) return;
  r.addresses.assign(r.output.size(), 0);
  sel.addresses.download(r.addresses.data(), r.addresses.size());
  if (product != AlgorithmProduct::Split) return;
  int32_t count = 0;
  sel.count.download(&count, 1);
  if (count < 0 || static_cast<size_t>(count) > r.output.size())
    throw BackendError("the split kernel reported " + std::to_string(count) + " selected of " +
                       std::to_string(r.output.size()) + " elements");
  sel.rejected.download(r.output.data() + count, r.output.size() - static_cast<size_t>(count));
}

template <class T, class Scheme>
RunResult<T> runScheme(const RunRequest& rq, const std::vector<T>& input) {
  using Traits = SinglePassTraits<Scheme>;
  constexpr AlgorithmProduct product = algorithmOf<Scheme>.product;
  const long long n = static_cast<long long>(input.size());
  const SinglePassShape shape = checkSinglePassRequest<Scheme>(rq, n);
  RunResult<T> r;
  r.output.assign(input.size(), T{});
  if (n == 0) return r;
  DeviceArray<T> in(input.size()), out(input.size());
  in.upload(input.data(), input.size());
  SelectDeviceOutputs<T> sel;
  if constexpr (Traits::kSelects) {
    out.zero();  // select leaves the slots after its kept elements as they are
    sel.rejected.allocate(product == AlgorithmProduct::Split ? input.size() : 0);
    sel.addresses.allocate(input.size());
    sel.count.allocate(1);
  }
  const SelectOutputs<T> selectOut = sel.view(out.get(), n);
  const uint8_t* hostFlags = Traits::kTakesFlags ? flagsFrom(rq, 0) : nullptr;
  DeviceArray<uint8_t> flags(hostFlags ? input.size() : 0);
  if (hostFlags) flags.upload(hostFlags, input.size());
  const uint8_t* deviceFlags = hostFlags ? flags.get() : nullptr;
  SinglePassWorkspace<T> ws(!Traits::kLookback, workspaceTiles<Scheme>(rq, shape, n));

  if (!rq.record) {
    if constexpr (ProductionKernelOf<Scheme>::kExists)
      if (usesProductionKernel<Scheme>(rq))
        ProductionKernelOf<Scheme>::template plan<T>(rq, n).enqueue(in.get(), deviceFlags,
                                                                    out.get(), n, rq.exclusive, ws);
    if (!usesProductionKernel<Scheme>(rq))
      launchSinglePass<Scheme, T, NullRecorder>(shape, rq, in.get(), deviceFlags, out.get(), n, ws,
                                                DeviceTraceBuffer{}, selectOut);
    cudaCheck(cudaDeviceSynchronize(), "single-pass scan");
    throwIfGaveUp(ws.diagnostics(), ws.lastEpoch(), rq);
    out.download(r.output.data(), r.output.size());
    readSelectResults(product, sel, r);
    return r;
  }

  const int threads = rq.blockSize;
  const int warps = (threads + 31) / 32;
  // Exactly the recorded tile's steps; each step applies the operator at most once per slot.
  CaptureLimits limits = rq.limits;
  limits.maxSteps = Scheme::recordedSteps(threads);
  const int timed = static_cast<int>(std::min<long long>(shape.tiles, rq.limits.maxBlocksTimed));
  HostTraceBuffer trace(limits.maxSteps, limits.maxRecordedValues, shape.section, shape.section,
                        warps, timed);
  trace.setShape(shape.section, warps);
  if (Traits::kSegmented) trace.enableRows(true, false);  // the OR-ed flags of every step
  if (Traits::kSelects) trace.enableRows(true, true);     // the keep-flags and the count row
  startWholeArrayRows(r.run, rq.limits, n, shape.section, shape.tiles);
  trace.enableWholeRows(r.run.whole);
  launchSinglePass<Scheme, T, TraceRecorder>(shape, rq, in.get(), deviceFlags, out.get(), n, ws,
                                             trace.view(rq.recordBlock, true), selectOut);
  cudaCheck(cudaDeviceSynchronize(), "single-pass scan (recorded)");
  throwIfGaveUp(ws.diagnostics(), ws.lastEpoch(), rq);
  out.download(r.output.data(), r.output.size());
  readSelectResults(product, sel, r);
  trace.appendSteps<T>(r.run, rq.recordBlock, 0, ArrayKind::Section);
  trace.takeWholeRows(r.run.whole);
  r.run.work = static_cast<int64_t>(trace.work());
  trace.appendBlockTimings(shape.tiles, rq.limits.maxBlocksTimed, r.run);
  if (shape.tiles > 1) r.run.notes.push_back(singlePassStepsNote(rq, shape.tiles));
  return r;
}

template <class T>
RunResult<T> runSinglePass(const RunRequest& rq, const std::vector<T>& input) {
  RunResult<T> r;
  withRequestedSinglePassScheme(
      rq, [&](auto scheme) { r = runScheme<T, typename decltype(scheme)::type>(rq, input); });
  return r;
}

template <class T, class Scheme>
void makeSchemeDeviceScan(const RunRequest& rq, long long n, DeviceScan::Impl& impl) {
  const SinglePassShape shape = checkSinglePassRequest<Scheme>(rq, n);
  if (!algorithmOf<Scheme>.scans())
    throw BackendError(std::string(algorithmOf<Scheme>.key) +
                       " selects rather than scans: verify and bench time scans only");
  auto ws = std::make_shared<SinglePassWorkspace<T>>(!SinglePassTraits<Scheme>::kLookback,
                                                     workspaceTiles<Scheme>(rq, shape, n));
  impl.workspace.push_back(ws);
  impl.launches = 1;
  const SinglePassWorkspace<T>* w = ws.get();
  const bool exclusive = rq.exclusive;
  if constexpr (ProductionKernelOf<Scheme>::kExists) {
    if (usesProductionKernel<Scheme>(rq)) {
      const auto plan = ProductionKernelOf<Scheme>::template plan<T>(rq, n);
      impl.enqueue = [plan, exclusive, n, w](const void* in, void* out, const uint8_t* flags) {
        plan.enqueue(static_cast<const T*>(in), flags, static_cast<T*>(out), n, exclusive, *w);
      };
      return;
    }
  }
  const RunRequest timed = rq;
  impl.enqueue = [timed, shape, n, w](const void* in, void* out, const uint8_t* flags) {
    launchSinglePass<Scheme, T, NullRecorder>(shape, timed, static_cast<const T*>(in), flags,
                                              static_cast<T*>(out), n, *w, DeviceTraceBuffer{});
  };
}

template <class T>
void makeDeviceScan(const RunRequest& rq, long long n, DeviceScan::Impl& impl) {
  withRequestedSinglePassScheme(rq, [&](auto scheme) {
    makeSchemeDeviceScan<T, typename decltype(scheme)::type>(rq, n, impl);
  });
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