// Host side of the device trace buffer: allocation sized from the capture limits, reset between
// launches, and conversion of what a TraceRecorder wrote into RecordedSteps, in the same form the
// CPU emulator produces (so GPU and CPU traces can be compared step by step).
#pragma once

#include <algorithm>
#include <cstring>

#include "app/core/backends/cuda_check.cuh"
#include "kernels/exec/device_trace_buffer.h"
#include "kernels/exec/recorded_run.h"

namespace scanviz {

class HostTraceBuffer {
 public:
  // width: values per step; maxEdges: applications per step; maxWarps: warps per block.
  HostTraceBuffer(const CaptureLimits& lim, int width, int maxEdges, int maxWarps, int maxBlocks) {
    view_.width = std::max(1, width);
    view_.maxSteps = static_cast<int>(
        std::min<long long>(lim.maxSteps + 1, lim.maxRecordedValues / view_.width + 2));
    view_.maxEdges = std::max(1, maxEdges);
    view_.maxWarps = std::max(1, maxWarps);
    view_.maxBlocks = std::max(1, maxBlocks);
    const size_t steps = static_cast<size_t>(view_.maxSteps);
    stepCount_.allocate(1);
    stepCodes_.allocate(steps * 2);
    values_.allocate(steps * static_cast<size_t>(view_.width));
    edgeCount_.allocate(steps);
    edges_.allocate(steps * static_cast<size_t>(view_.maxEdges) * 3);
    warpClock_.allocate(steps * static_cast<size_t>(view_.maxWarps));
    work_.allocate(1);
    blocks_.allocate(static_cast<size_t>(view_.maxBlocks));
    overflow_.allocate(1);
    view_.stepCount = stepCount_.get();
    view_.stepCodes = stepCodes_.get();
    view_.values = values_.get();
    view_.edgeCount = edgeCount_.get();
    view_.edges = edges_.get();
    view_.warpClock = warpClock_.get();
    view_.work = work_.get();
    view_.blocks = blocks_.get();
    view_.overflow = overflow_.get();
    work_.zero();
    blocks_.zero();
    resetSteps();
  }

  DeviceTraceBuffer view(int recordBlock) const {
    DeviceTraceBuffer v = view_;
    v.recordBlock = recordBlock;
    return v;
  }

  // Clears the recorded steps (not the work counter or block timings) before the next launch.
  void resetSteps() {
    stepCount_.zero();
    edgeCount_.zero();
    overflow_.zero();
  }

  unsigned long long work() const { return work_.toHost()[0]; }
  std::vector<DeviceBlockTiming> blockTimings(size_t count) const {
    std::vector<DeviceBlockTiming> v(std::min(count, blocks_.size()));
    blocks_.download(v.data(), v.size());
    return v;
  }

  // Appends the steps recorded by the last launch to `out`, decoding values as T.
  template <class T>
  void appendSteps(RecordedRun& out, int block, int level, ArrayKind array) const {
    if (overflow_.toHost()[0])
      throw BackendError("capture limit hit on the GPU: more than " +
                         std::to_string(view_.maxSteps) + " steps or " +
                         std::to_string(view_.maxEdges) +
                         " operator applications in one step; use a smaller block size or N");
    const int steps = stepCount_.toHost()[0];
    if (steps == 0) return;
    const size_t n = static_cast<size_t>(steps);
    std::vector<int32_t> codes(n * 2), edgeCount(n);
    std::vector<uint32_t> values(n * static_cast<size_t>(view_.width));
    std::vector<long long> clocks(n * static_cast<size_t>(view_.maxWarps));
    stepCodes_.download(codes.data(), codes.size());
    edgeCount_.download(edgeCount.data(), n);
    values_.download(values.data(), values.size());
    warpClock_.download(clocks.data(), clocks.size());
    const int maxCount = *std::max_element(edgeCount.begin(), edgeCount.end());
    std::vector<int32_t> edges;
    if (maxCount > 0) {
      edges.resize(n * static_cast<size_t>(view_.maxEdges) * 3);
      edges_.download(edges.data(), edges.size());
    }
    for (size_t s = 0; s < n; ++s) {
      RecordedStep st;
      st.code = StepCode{static_cast<StepKind>(codes[2 * s]), codes[2 * s + 1]};
      st.block = block;
      st.level = level;
      st.array = array;
      st.values.resize(static_cast<size_t>(width_));
      for (int i = 0; i < width_; ++i) {
        T v;
        std::memcpy(&v, &values[s * view_.width + static_cast<size_t>(i)], sizeof(T));
        st.values[static_cast<size_t>(i)] = static_cast<double>(v);
      }
      const int count = std::min(edgeCount[s], view_.maxEdges);
      for (int e = 0; e < count; ++e) {
        const int32_t* p =
            &edges[(s * static_cast<size_t>(view_.maxEdges) + static_cast<size_t>(e)) * 3];
        st.edges.push_back({p[0], p[1], p[2]});
      }
      // Clock ticks of each warp since warp 0 finished the load: warps of one block share their
      // SM's counter, so differences are meaningful.
      const long long base = clocks[0];
      for (int w = 0; w < warps_; ++w)
        st.warpClock.push_back(
            clocks[s * static_cast<size_t>(view_.maxWarps) + static_cast<size_t>(w)] - base);
      out.steps.push_back(std::move(st));
    }
  }

  // How many values and warps of each step are meaningful for the next launch.
  void setShape(int width, int warps) {
    width_ = std::min(width, view_.width);
    warps_ = std::min(warps, view_.maxWarps);
  }

 private:
  DeviceTraceBuffer view_;
  int width_ = 0;
  int warps_ = 0;
  DeviceArray<int32_t> stepCount_, stepCodes_, edgeCount_, edges_, overflow_;
  DeviceArray<uint32_t> values_;
  DeviceArray<long long> warpClock_;
  DeviceArray<unsigned long long> work_;
  DeviceArray<DeviceBlockTiming> blocks_;
};

}  // namespace scanviz
