// The latency ladder measured on this machine's GPUs (ladder.h): each probe of
// kernels/ladder/handoff_probes.cuh launched a few times after a warm-up, its loop's time divided
// by its hand-offs, the median kept. NVLink needs two GPUs with peer access; NCCL is not part of
// this build (the multi-GPU scan's work brings it), and the ladder says so.
#include <algorithm>
#include <vector>

#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/ladder.h"
#include "app/core/support/utc_time.h"
#include "kernels/ladder/handoff_probes.cuh"
#include "kernels/launch/cuda_check.cuh"

namespace scanviz {
namespace {

using ladder::ProbeTiming;

constexpr int kRepeats = 7;

// Device memory for one probe's flags and timings, zeroed before every run.
struct ProbeBuffers {
  int* flags = nullptr;  // two 128-byte lines
  ProbeTiming* timing = nullptr;
  int* sms = nullptr;
  ProbeBuffers() {
    cudaCheck(cudaMalloc(&flags, 64 * sizeof(int)), "ladder flags");
    cudaCheck(cudaMalloc(&timing, sizeof(ProbeTiming)), "ladder timing");
    cudaCheck(cudaMalloc(&sms, 2 * sizeof(int)), "ladder SMs");
  }
  ~ProbeBuffers() {
    cudaFree(flags);
    cudaFree(timing);
    cudaFree(sms);
  }
  ProbeBuffers(const ProbeBuffers&) = delete;
  ProbeBuffers& operator=(const ProbeBuffers&) = delete;
  void clear() {
    cudaCheck(cudaMemset(flags, 0, 64 * sizeof(int)), "ladder flags");
    cudaCheck(cudaMemset(timing, 0, sizeof(ProbeTiming)), "ladder timing");
  }
  ProbeTiming read() const {
    ProbeTiming t{};
    cudaCheck(cudaMemcpy(&t, timing, sizeof t, cudaMemcpyDeviceToHost), "ladder timing");
    return t;
  }
};

// Runs `launch(rounds)` once to warm up and kRepeats times; the median time of one hand-off.
template <class Launch>
LadderRung timed(LadderRungId id, int rounds, ProbeBuffers& b, Launch launch) {
  LadderRung rung;
  rung.id = id;
  std::vector<double> each;
  ProbeTiming last{};
  for (int r = 0; r <= kRepeats; ++r) {
    b.clear();
    launch(r == 0 ? rounds / 10 : rounds);
    cudaCheckLaunch(std::string(ladderRungInfo(id).key).c_str(), /*sync=*/true);
    last = b.read();
    if (last.ns == 0) {
      rung.notMeasured = "the partner never answered (were both parties resident?)";
      return rung;
    }
    if (r > 0) each.push_back(static_cast<double>(last.ns) / rounds);
  }
  std::sort(each.begin(), each.end());
  rung.ns = each[each.size() / 2];
  if (last.smA >= 0 && last.smB >= 0)
    rung.where = last.smA == last.smB
                     ? "SM " + std::to_string(last.smA)
                     : "SMs " + std::to_string(last.smA) + " and " + std::to_string(last.smB);
  return rung;
}

LadderRung needsHopper(LadderRungId id, const CudaStatus& s) {
  LadderRung rung;
  rung.id = id;
  rung.notMeasured = "clusters need compute capability 9.0 (Hopper); this GPU is " +
                     std::to_string(s.computeMajor) + "." + std::to_string(s.computeMinor);
  return rung;
}

// GPU 0 and GPU 1 ping-pong through flags in each other's memory, one block each.
LadderRung nvlinkRung(int gpus) {
  LadderRung rung;
  rung.id = LadderRungId::NvlinkFlag;
  if (gpus < 2) {
    rung.notMeasured = "this machine has one GPU";
    return rung;
  }
  int access = 0;
  cudaCheck(cudaDeviceCanAccessPeer(&access, 0, 1), "peer access");
  if (!access) {
    rung.notMeasured = "GPUs 0 and 1 cannot reach each other's memory";
    return rung;
  }
  ProbeBuffers* side[2] = {nullptr, nullptr};
  for (int d = 0; d < 2; ++d) {
    cudaCheck(cudaSetDevice(d), "peer GPU");
    const cudaError_t e = cudaDeviceEnablePeerAccess(1 - d, 0);
    if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) cudaCheck(e, "peer access");
    cudaGetLastError();  // "already enabled" is not an error here
    side[d] = new ProbeBuffers;
  }
  cudaCheck(cudaSetDevice(0), "GPU 0");
  const auto launch = [&](int rounds) {
    for (int d = 1; d >= 0; --d) {  // the answering side first, so that it waits
      cudaCheck(cudaSetDevice(d), "peer GPU");
      side[d]->clear();
      ladder::peerFlagProbe<<<1, 1>>>(rounds, side[d]->flags, side[1 - d]->flags, d == 0,
                                      side[d]->timing);
    }
    cudaCheck(cudaSetDevice(1), "GPU 1");
    cudaCheck(cudaDeviceSynchronize(), "peer probe on GPU 1");
    cudaCheck(cudaSetDevice(0), "GPU 0");
  };
  rung = timed(LadderRungId::NvlinkFlag, 20000, *side[0], launch);
  if (rung.measured()) rung.where = "GPUs 0 and 1";
  for (int d = 0; d < 2; ++d) {
    cudaSetDevice(d);
    delete side[d];
  }
  cudaSetDevice(0);
  return rung;
}

}  // namespace

LadderReport measureLadder() {
  const CudaStatus& s = cudaStatus();
  if (!s.available) throw BackendError(s.message);
  LadderReport report;
  report.device = s.device;
  report.driverVersion = s.driverVersion;
  report.date = utcNowIso();
  cudaCheck(cudaGetDeviceCount(&report.gpus), "device count");
  cudaCheck(cudaSetDevice(0), "GPU 0");
  ProbeBuffers b;
  report.rungs.push_back(timed(LadderRungId::BlockBarrier, 200000, b, [&](int rounds) {
    ladder::blockBarrierProbe<<<1, 64>>>(rounds, b.timing);
  }));
  const bool hopper = s.computeMajor >= 9;
  report.rungs.push_back(
      hopper ? timed(LadderRungId::ClusterBarrier, 20000, b,
                     [&](int rounds) { ladder::clusterBarrierProbe<<<2, 32>>>(rounds, b.timing); })
             : needsHopper(LadderRungId::ClusterBarrier, s));
  report.rungs.push_back(
      hopper ? timed(LadderRungId::DsmemFlag, 20000, b,
                     [&](int rounds) { ladder::dsmemFlagProbe<<<2, 32>>>(rounds, b.timing); })
             : needsHopper(LadderRungId::DsmemFlag, s));
  LadderRung l2 = timed(LadderRungId::L2Flag, 20000, b, [&](int rounds) {
    ladder::l2FlagProbe<<<2, 1>>>(rounds, b.flags, b.timing, b.sms);
  });
  if (l2.measured()) {
    int sms[2] = {0, 0};
    cudaCheck(cudaMemcpy(sms, b.sms, sizeof sms, cudaMemcpyDeviceToHost), "ladder SMs");
    l2.where = "SMs " + std::to_string(sms[0]) + " and " + std::to_string(sms[1]);
  }
  report.rungs.push_back(std::move(l2));
  report.rungs.push_back(nvlinkRung(report.gpus));
  LadderRung nccl;
  nccl.id = LadderRungId::NcclAllGather;
  nccl.notMeasured = report.gpus < 2 ? "this machine has one GPU"
                                     : "this build has no NCCL (the multi-GPU scan brings it)";
  report.rungs.push_back(std::move(nccl));
  return report;
}

}  // namespace scanviz
