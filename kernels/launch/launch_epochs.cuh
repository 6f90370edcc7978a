// The tile status words of look-back launches that need no clearing between them: zeroed once when
// made, then every launch takes the next launch epoch, which tags the words it writes
// (gpu_grid_exec.cuh), so that a word of an earlier launch reads as "nothing published". Used by
// the compaction and split (select_kernels.cuh) and by the stand-alone experiments
// (tools/experiment_harness.cuh).
#pragma once

#include <cuda_runtime.h>

#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/launch/device_array.cuh"

namespace scanviz {

// A wait longer than this is taken for a deadlock. Real waits are microseconds: even a chain of
// 2^17 tiles hands its prefix on in a few milliseconds.
constexpr unsigned long long kSpinTimeoutNs = 2'000'000'000ull;

// The status words of launches of up to `tiles` tiles, and the diagnostics their spin loops write.
class LaunchEpochs {
 public:
  explicit LaunchEpochs(long long tiles) : status_(static_cast<size_t>(tiles)), diag_(1) {
    status_.zero();
    diag_.zero();
  }

  // The arguments of the next launch, with a new epoch.
  SinglePassDeviceArgs<int> next() {
    epoch_ = epoch_ % kMaxLaunchEpoch + 1;
    SinglePassDeviceArgs<int> a;
    a.diag = diag_.get();
    a.status = status_.get();
    a.spinTimeoutNs = kSpinTimeoutNs;
    a.epoch = epoch_;
    return a;
  }
  unsigned lastEpoch() const { return epoch_; }

  // What the spin loops of the last launch wrote (a copy to the host: it waits for the launch).
  SpinDiagnostics diagnostics() const { return diag_.toHost()[0]; }
  // Whether a block of the launch that wrote `d` gave up waiting (a deadlock).
  bool gaveUp(const SpinDiagnostics& d) const {
    return epoch_ != 0 && d.gaveUp == static_cast<int>(epoch_);
  }
  bool gaveUp() const { return epoch_ != 0 && gaveUp(diagnostics()); }

 private:
  DeviceArray<unsigned long long> status_;
  DeviceArray<SpinDiagnostics> diag_;
  unsigned epoch_ = 0;
};

}  // namespace scanviz
