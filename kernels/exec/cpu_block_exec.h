// The CPU emulator's view of one thread block. Algorithms call parallel(f), barrier(...), edge(...)
// exactly as on the GPU; here parallel(f) runs f for every thread in turn. Because every algorithm
// is race-free between barriers, running threads one after another gives the GPU's result, and
// the thread order is configurable so tests can prove it does not matter.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/block/section_io.h"
#include "kernels/exec/recorded_run.h"
#include "kernels/scan_types.h"

namespace scanviz {

enum class ThreadOrder { Forward, Reverse };

// Receives steps from a CpuBlockExec. The null sink records nothing, for timing the emulator.
struct CpuStepSink {
  RecordedRun* run = nullptr;  // null: count work only
  int64_t* work = nullptr;     // always counted when set
  bool recordSteps = false;    // record this block's steps
  int block = 0;
  int level = 0;
  std::vector<RecordedEdge> pending;  // edges of the step in progress
  WholeArrayRows* whole = nullptr;    // set for every block of a multi-block level-0 launch
  int stepIndex = 0;                  // steps this block has taken: its row in `whole`
};

template <class T>
class CpuBlockExec {
 public:
  using Value = T;

  template <class U>
  struct Regs {
    explicit Regs(const CpuBlockExec& ex) : v(static_cast<size_t>(ex.threads())) {}
    U& operator[](int t) { return v[static_cast<size_t>(t)]; }
    std::vector<U> v;
  };

  CpuBlockExec(int threads, Operator op, CpuStepSink& sink,
               ThreadOrder order = ThreadOrder::Forward)
      : threads_(threads), op_(op), sink_(sink), order_(order) {}

  int threads() const { return threads_; }
  Operator op() const { return op_; }
  T identity() const { return OpTraits<T>::identity(op_); }
  T combine(T a, T b) const { return OpTraits<T>::apply(op_, a, b); }

  template <class F>
  void parallel(F&& f) {
    if (order_ == ThreadOrder::Forward) {
      for (int t = 0; t < threads_; ++t) f(t);
    } else {
      for (int t = threads_ - 1; t >= 0; --t) f(t);
    }
  }

  void sync() {}

  void edge(int t, int dst, int src) {
    if (sink_.work) ++*sink_.work;
    if (sink_.recordSteps) sink_.pending.push_back({t, dst, src});
  }

  // A barrier the algorithm needs, followed by a snapshot of `width` logical elements of arr.
  void barrier(StepCode code, const T* arr, int width, PadMap pad = {}) {
    record(code, arr, width, pad);
  }

  // A step boundary the algorithm does not need a barrier for (warp-synchronous rounds).
  void step(StepCode code, const T* arr, int width) { record(code, arr, width, {}); }

  void stepRegs(StepCode code, Regs<T>& r) { record(code, r.v.data(), threads_, {}); }

  // A step of the warp-totals scan of a block-wide warp scan (threads a multiple of 32): one value
  // per thread, except that the last lane of warp w shows warpTotals[w], the total that thread w
  // (lane w of the first warp) holds while it scans them. The totals are drawn where the warps
  // that produced them end, so the edges of the scan can point at them.
  void stepRegsWarpTotals(StepCode code, Regs<T>& values, Regs<T>& warpTotals) {
    std::vector<T> shown(values.v);
    for (int w = 0; w < threads_ / 32; ++w) shown[static_cast<size_t>(w * 32 + 31)] = warpTotals[w];
    record(code, shown.data(), threads_, {});
  }

  // __shfl_up_sync(full mask, in, delta) for every lane of every warp of the block.
  void shuffleUp(Regs<T>& in, Regs<T>& out, int delta) {
    for (int t = 0; t < threads_; ++t) {
      const int lane = t % 32;
      out[t] = lane >= delta ? in[t - delta] : in[t];
    }
  }

  // Reads the value `t` holds from lane `srcLane` of its warp (__shfl_sync).
  void shuffleIdx(Regs<T>& in, Regs<T>& out, int srcLane) {
    for (int t = 0; t < threads_; ++t) out[t] = in[(t / 32) * 32 + srcLane];
  }

 private:
  // This block's section after its step, at its place in the whole array's row for the step.
  void recordWholeRow(const T* arr, int width, PadMap pad) {
    static_assert(sizeof(T) == sizeof(uint32_t), "whole-array rows hold 32-bit values");
    WholeArrayRows& w = *sink_.whole;
    const int k = sink_.stepIndex;
    if (width != w.sectionWidth) return;
    if (k >= w.capacity) {
      w.overflow = true;
      return;
    }
    if (w.rows.size() <= static_cast<size_t>(k)) w.rows.resize(static_cast<size_t>(k) + 1);
    std::vector<uint32_t>& row = w.rows[static_cast<size_t>(k)];
    if (row.empty()) row.assign(static_cast<size_t>(w.length), 0u);
    const long long base = static_cast<long long>(sink_.block) * width;
    for (int i = 0; i < width && base + i < w.length; ++i) {
      const T v = arr[pad(i)];
      std::memcpy(&row[static_cast<size_t>(base + i)], &v, sizeof(uint32_t));
    }
  }

  void record(StepCode code, const T* arr, int width, PadMap pad) {
    if (sink_.whole) recordWholeRow(arr, width, pad);
    ++sink_.stepIndex;
    if (!sink_.recordSteps || !sink_.run) {
      sink_.pending.clear();
      return;
    }
    RecordedStep s;
    s.code = code;
    s.block = sink_.block;
    s.level = sink_.level;
    s.values.resize(static_cast<size_t>(width));
    for (int i = 0; i < width; ++i)
      s.values[static_cast<size_t>(i)] = static_cast<double>(arr[pad(i)]);
    s.edges.swap(sink_.pending);
    sink_.run->steps.push_back(std::move(s));
  }

  int threads_;
  Operator op_;
  CpuStepSink& sink_;
  ThreadOrder order_;
};

}  // namespace scanviz
