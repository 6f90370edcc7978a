// Host side of the device trace buffer: allocation sized from the capture limits, reset between
// launches, and conversion of what a TraceRecorder wrote into RecordedSteps, in the same form the
// CPU emulator produces (so GPU and CPU traces can be compared step by step).
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/exec/device_trace_buffer.h"
#include "kernels/exec/recorded_run.h"
#include "kernels/launch/backend_error.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"

namespace scanviz {

class HostTraceBuffer {
 public:
  // maxSteps, maxRecordedValues: the capture limits (CaptureLimits); width: values per step;
  // maxEdges: most applications in one step; maxWarps: warps per block.
  HostTraceBuffer(int maxSteps, long long maxRecordedValues, int width, int maxEdges, int maxWarps,
                  int maxBlocks) {
    view_.width = std::max(1, width);
    view_.maxSteps =
        static_cast<int>(std::min<long long>(maxSteps + 1, maxRecordedValues / view_.width + 2));
    // One edge pool for all steps of a launch: room for maxEdges in each of 64 steps.
    view_.maxEdges =
        static_cast<int>(std::clamp<long long>(64ll * std::max(1, maxEdges), 1 << 16, 1 << 21));
    view_.maxWarps = std::max(1, maxWarps);
    view_.maxBlocks = std::max(1, maxBlocks);
    const size_t steps = static_cast<size_t>(view_.maxSteps);
    stepCount_.allocate(1);
    stepCodes_.allocate(steps * kStepCodeFields);
    values_.allocate(steps * static_cast<size_t>(view_.width));
    edgeCount_.allocate(1);
    edges_.allocate(static_cast<size_t>(view_.maxEdges) * 4);
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
    // Rows are read back whole, so slots a step does not write (past the values it shows, warps
    // of smaller blocks) must hold defined values.
    values_.zero();
    warpClock_.zero();
    work_.zero();
    blocks_.zero();
    resetSteps();
  }

  // Room for the flags and second-array rows of the steps that record them (StepRows), when the
  // problem has them; without it a step's rows are not recorded.
  void enableRows(bool flags, bool second) {
    const size_t slots = static_cast<size_t>(view_.maxSteps) * static_cast<size_t>(view_.width);
    if (flags && flags_.size() == 0) {
      flags_.allocate(slots);
      flags_.zero();
      view_.flags = flags_.get();
    }
    if (second && second_.size() == 0) {
      second_.allocate(slots);
      second_.zero();
      view_.second = second_.get();
    }
  }

  // withWhole: the launch writes whole-array rows (level 0 of a multi-block run).
  DeviceTraceBuffer view(int recordBlock, bool withWhole = false) const {
    DeviceTraceBuffer v = view_;
    v.recordBlock = recordBlock;
    if (withWhole && wholeRows_.size() > 0) {
      v.wholeRows = wholeRows_.get();
      v.wholeLength = wholeLength_;
      v.wholeWidth = wholeWidth_;
      v.wholeCapacity = wholeCapacity_;
      v.wholeOverflow = wholeOverflow_.get();
    }
    return v;
  }

  // Room for whole-array rows when the run's RecordedRun::whole was started (the budget allows
  // them). Zeroed, so that rows are defined even where a step of another width wrote nothing.
  void enableWholeRows(const WholeArrayRows& whole) {
    if (whole.length == 0) return;
    wholeLength_ = whole.length;
    wholeElements_ = whole.elements;
    wholeWidth_ = whole.sectionWidth;
    wholeCapacity_ = whole.capacity;
    wholeRows_.allocate(static_cast<size_t>(whole.capacity) * static_cast<size_t>(whole.length));
    wholeRows_.zero();
    wholeOverflow_.allocate(1);
    wholeOverflow_.zero();
  }

  // After the launch that wrote them: the rows of the steps the recorded block took.
  void takeWholeRows(WholeArrayRows& whole) const {
    if (wholeRows_.size() == 0) return;
    whole.overflow = wholeOverflow_.toHost()[0] != 0;
    const int steps = std::min(stepCount_.toHost()[0], wholeCapacity_);
    if (whole.overflow || steps <= 0) return;
    const auto length = static_cast<size_t>(wholeLength_);
    whole.rows.resize(static_cast<size_t>(steps));
    for (size_t k = 0; k < whole.rows.size(); ++k) {
      whole.rows[k].resize(length);
      cudaCheck(cudaMemcpy(whole.rows[k].data(), wholeRows_.get() + k * length,
                           length * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                "copy a whole-array row to the host");
    }
  }

  // The whole array of a global step, when whole-array rows are kept.
  template <class T>
  void copyWholeArray(const T* deviceData, long long n, RecordedStep& s) const {
    if (wholeRows_.size() == 0 || n != wholeElements_) return;
    s.wholeBits.resize(static_cast<size_t>(n));
    cudaCheck(cudaMemcpy(s.wholeBits.data(), deviceData, static_cast<size_t>(n) * sizeof(T),
                         cudaMemcpyDeviceToHost),
              "copy the whole array to the host");
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

  // Appends the start / wait / end records of the first `blocks` blocks (at most maxTimed), with
  // times relative to the earliest start, as the emulator reports them.
  void appendBlockTimings(long long blocks, int maxTimed, RecordedRun& run) const {
    const auto timings = blockTimings(static_cast<size_t>(std::min<long long>(blocks, maxTimed)));
    if (timings.empty()) return;
    uint64_t t0 = timings[0].start;
    for (const auto& t : timings) t0 = std::min<uint64_t>(t0, t.start);
    for (const auto& t : timings) {
      RecordedBlock b;
      b.id = t.id;
      b.launchIndex = t.launchIndex;
      b.sm = t.sm;
      b.startNs = static_cast<int64_t>(t.start - t0);
      b.waitNs = static_cast<int64_t>(t.waitEnd - t.waitStart);
      b.endNs = static_cast<int64_t>(t.end - t0);
      b.lookback = t.lookback;
      run.blocks.push_back(b);
    }
  }

  // Appends the steps recorded by the last launch to `out`, decoding values as T.
  template <class T>
  void appendSteps(RecordedRun& out, int block, int level, ArrayKind array) const {
    if (overflow_.toHost()[0])
      throw BackendError(
          "capture limit hit on the GPU: more than " + std::to_string(view_.maxSteps) +
          " steps or " + std::to_string(view_.maxEdges) +
          " recorded operator applications and moves; use a smaller block size or N");
    const int steps = stepCount_.toHost()[0];
    if (steps == 0) return;
    const size_t n = static_cast<size_t>(steps);
    std::vector<int32_t> codes(n * kStepCodeFields);
    std::vector<uint32_t> values(n * static_cast<size_t>(view_.width));
    std::vector<long long> clocks(n * static_cast<size_t>(view_.maxWarps));
    stepCodes_.download(codes.data(), codes.size());
    values_.download(values.data(), values.size());
    warpClock_.download(clocks.data(), clocks.size());
    const size_t slots = n * static_cast<size_t>(view_.width);
    std::vector<uint8_t> flags(flags_.size() > 0 ? slots : 0);
    std::vector<int32_t> second(second_.size() > 0 ? slots : 0);
    if (!flags.empty()) flags_.download(flags.data(), flags.size());
    if (!second.empty()) second_.download(second.data(), second.size());
    const int used = std::min(edgeCount_.toHost()[0], view_.maxEdges);
    std::vector<int32_t> pool(static_cast<size_t>(used) * 4);
    if (used > 0) edges_.download(pool.data(), pool.size());
    std::vector<std::vector<RecordedEdge>> edgesOfStep(n), movesOfStep(n);
    for (size_t e = 0; e < static_cast<size_t>(used); ++e) {
      const int32_t* p = &pool[e * 4];
      const int32_t step = p[0] & ~kMoveTag;
      auto& into = (p[0] & kMoveTag) ? movesOfStep : edgesOfStep;
      if (step >= 0 && static_cast<size_t>(step) < n)
        into[static_cast<size_t>(step)].push_back({p[1], p[2], p[3]});
    }
    for (size_t s = 0; s < n; ++s) {
      RecordedStep st;
      const int32_t* code = &codes[kStepCodeFields * s];
      st.code = StepCode{static_cast<StepKind>(code[0]), code[1]};
      const int rows = code[2];
      // A step narrower than the launch's (a cluster's totals) shows only its own values.
      const int width = code[3] >= 0 && code[3] < width_ ? code[3] : width_;
      st.block = block;
      st.level = level + code[4];
      st.array = array;
      st.values.resize(static_cast<size_t>(width));
      for (int i = 0; i < width; ++i) {
        T v;
        std::memcpy(&v, &values[s * view_.width + static_cast<size_t>(i)], sizeof(T));
        st.values[static_cast<size_t>(i)] = static_cast<double>(v);
      }
      const auto row = flags.begin() + static_cast<long>(s * view_.width);
      if ((rows & 1) && !flags.empty()) st.flags.assign(row, row + width);
      const auto col = second.begin() + static_cast<long>(s * view_.width);
      if ((rows & 2) && !second.empty()) st.second.assign(col, col + width);
      st.edges = std::move(edgesOfStep[s]);
      st.moves = std::move(movesOfStep[s]);
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
  DeviceArray<uint8_t> flags_;
  DeviceArray<int32_t> second_;
  DeviceArray<long long> warpClock_;
  DeviceArray<unsigned long long> work_;
  DeviceArray<DeviceBlockTiming> blocks_;
  DeviceArray<uint32_t> wholeRows_;
  DeviceArray<int32_t> wholeOverflow_;
  long long wholeLength_ = 0;
  long long wholeElements_ = 0;
  int wholeWidth_ = 0;
  int wholeCapacity_ = 0;
};

}  // namespace scanviz
