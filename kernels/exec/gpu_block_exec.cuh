// The GPU's view of one thread block: parallel(f) is simply f(threadIdx.x), barrier() is
// __syncthreads(). The recorder is a template policy: with NullRecorder every recording call is an
// empty inline function, so the timed kernel is the uninstrumented kernel.
#pragma once

#include <cuda_runtime.h>

#include "kernels/block/section_io.h"
#include "kernels/exec/device_trace_buffer.h"
#include "kernels/scan_types.h"

namespace scanviz {

template <class T>
__device__ __forceinline__ uint32_t toBits(T v) {
  return *reinterpret_cast<const uint32_t*>(&v);
}

struct NullRecorder {
  static constexpr bool kRecords = false;
  __device__ void edge(int, int, int) {}
  __device__ void move(int, int, int) {}
  template <class T>
  __device__ void snapshot(StepCode, const T*, int, PadMap, StepRows) {}
  template <class T>
  __device__ void snapshotReg(StepCode, T, int) {}
  template <class T>
  __device__ void snapshotRegWarpTotals(StepCode, T, T) {}
};

// Records the steps of one chosen block and counts work in every block. With whole-array rows,
// every block also writes its section after each step into that step's row of the whole array.
struct TraceRecorder {
  static constexpr bool kRecords = true;
  DeviceTraceBuffer buf;
  bool active = false;  // this block's steps are recorded
  int step = 0;
  int rowBlock = 0;  // where this block's section goes in a whole-array row (its tile id)
  int level = 0;     // of the steps recorded now: 1 for a cluster's totals (cluster_lookback.h)
  int levelZeroStep = 0;  // level-0 steps taken: the whole-array row of the next one

  // The row of the current step for a step `width` values wide, or null when none is kept.
  __device__ uint32_t* wholeRow(int width) {
    if (!buf.wholeRows || width != buf.wholeWidth || level != 0) return nullptr;
    // A block past the last tile (a cluster's empty blocks) has no place in the row.
    if (static_cast<long long>(rowBlock) * buf.wholeWidth >= buf.wholeLength) return nullptr;
    if (levelZeroStep >= buf.wholeCapacity) {
      if (threadIdx.x == 0) atomicExch(buf.wholeOverflow, 1);
      return nullptr;
    }
    return buf.wholeRows + static_cast<size_t>(levelZeroStep) * buf.wholeLength;
  }
  __device__ void nextStep() {
    ++step;
    if (level == 0) ++levelZeroStep;
  }
  __device__ void putWhole(uint32_t* row, int i, uint32_t bits) {
    row[static_cast<long long>(rowBlock) * buf.wholeWidth + i] = bits;
  }

  __device__ void edge(int t, int dst, int src) {
    atomicAdd(buf.work, 1ull);
    put(step, t, dst, src);
  }

  // A write without the operator (CpuBlockExec::move): same pool, kMoveTag on the step field.
  __device__ void move(int t, int dst, int src) { put(step | kMoveTag, t, dst, src); }

  __device__ void put(int tag, int t, int dst, int src) {
    if (!active || step >= buf.maxSteps) return;
    // One pool for all steps: a step's edge count varies from 0 to the whole section.
    const int slot = atomicAdd(buf.edgeCount, 1);
    if (slot >= buf.maxEdges) {
      atomicExch(buf.overflow, 1);
      return;
    }
    int32_t* e = buf.edges + static_cast<size_t>(slot) * 4;
    e[0] = tag;
    e[1] = t;
    e[2] = dst;
    e[3] = src;
  }

  // rows: the StepRows mask of the rows this step records (0: values only); width: the values
  // it shows (-1: the launch's width).
  __device__ void header(StepCode code, int rows = 0, int width = -1) {
    if (threadIdx.x == 0) {
      int32_t* c = buf.stepCodes + kStepCodeFields * step;
      c[0] = static_cast<int32_t>(code.kind);
      c[1] = code.param;
      c[2] = rows;
      c[3] = width;
      c[4] = level;
      *buf.stepCount = step + 1;
    }
    const int warp = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0 && warp < buf.maxWarps)
      buf.warpClock[static_cast<size_t>(step) * buf.maxWarps + warp] = clock64();
  }

  // Called by every thread after the algorithm's barrier: copy, then a second barrier so that
  // no thread overwrites the array before all threads copied it.
  template <class T>
  __device__ void snapshot(StepCode code, const T* arr, int width, PadMap pad, StepRows rows) {
    if (uint32_t* row = wholeRow(width))
      for (int i = threadIdx.x; i < width; i += blockDim.x) putWhole(row, i, toBits(arr[pad(i)]));
    if (active && step < buf.maxSteps) {
      // Rows the buffer has no room for are not recorded (the host asked for none).
      const StepRows kept{buf.flags ? rows.flags : nullptr, buf.second ? rows.second : nullptr,
                          rows.valid};
      header(code, kept.mask(), width);
      const size_t at = static_cast<size_t>(step) * buf.width;
      for (int i = threadIdx.x; i < width && i < buf.width; i += blockDim.x) {
        buf.values[at + i] = toBits(arr[pad(i)]);
        if (kept.flags) buf.flags[at + i] = kept.flagAt(i);
        if (kept.second) buf.second[at + i] = kept.secondAt(i);
      }
    } else if (active) {
      atomicExch(buf.overflow, 1);
    }
    nextStep();
    __syncthreads();
  }

  template <class T>
  __device__ void snapshotReg(StepCode code, T v, int) {
    if (uint32_t* row = wholeRow(static_cast<int>(blockDim.x)))
      putWhole(row, threadIdx.x, toBits(v));
    if (active && step < buf.maxSteps) {
      header(code);
      if (threadIdx.x < buf.width)
        buf.values[static_cast<size_t>(step) * buf.width + threadIdx.x] = toBits(v);
    } else if (active) {
      atomicExch(buf.overflow, 1);
    }
    nextStep();
  }

  // Like snapshotReg, but the last lane of warp w shows the warp total that thread w (lane w of
  // the first warp) holds instead of its own value (CpuBlockExec::stepRegsWarpTotals). Every slot
  // is written by exactly one thread, so no barrier is needed.
  template <class T>
  __device__ void snapshotRegWarpTotals(StepCode code, T v, T warpTotal) {
    if (uint32_t* row = wholeRow(static_cast<int>(blockDim.x))) {
      const int t = threadIdx.x;
      if (t % 32 != 31) putWhole(row, t, toBits(v));
      if (t < static_cast<int>(blockDim.x / 32)) putWhole(row, t * 32 + 31, toBits(warpTotal));
    }
    if (active && step < buf.maxSteps) {
      header(code);
      uint32_t* dst = buf.values + static_cast<size_t>(step) * buf.width;
      const int t = threadIdx.x;
      if (t % 32 != 31 && t < buf.width) dst[t] = toBits(v);
      const int shownAt = t * 32 + 31;
      if (t < static_cast<int>(blockDim.x / 32) && shownAt < buf.width)
        dst[shownAt] = toBits(warpTotal);
    } else if (active) {
      atomicExch(buf.overflow, 1);
    }
    nextStep();
  }
};

template <class T, class Rec>
class GpuBlockExec {
 public:
  using Value = T;

  template <class U>
  struct Regs {
    __device__ explicit Regs(const GpuBlockExec&) {}
    __device__ U& operator[](int) { return v; }
    U v;
  };

  __device__ GpuBlockExec(Operator op, Rec& rec) : op_(op), rec_(rec) {}

  __device__ int threads() const { return blockDim.x; }
  __device__ Operator op() const { return op_; }
  __device__ T identity() const { return OpTraits<T>::identity(op_); }
  __device__ T combine(T a, T b) const { return OpTraits<T>::apply(op_, a, b); }

  template <class F>
  __device__ void parallel(F&& f) {
    f(static_cast<int>(threadIdx.x));
  }
  __device__ void sync() { __syncthreads(); }
  // `return` from the kernel inside a parallel() body: the thread ends here (PTX exit). Only the
  // flawed variants of kernels/lessons/ do this before a barrier.
  __device__ void exitThread(int) { asm volatile("exit;"); }
  // One read-modify-write statement without a barrier inside (CpuBlockExec::readThenWrite).
  template <class Read, class Write>
  __device__ void readThenWrite(Read&& read, Write&& write) {
    const int t = static_cast<int>(threadIdx.x);
    write(t, read(t));
  }
  __device__ void edge(int t, int dst, int src) { rec_.edge(t, dst, src); }
  __device__ void move(int t, int dst, int src) { rec_.move(t, dst, src); }
  // The seeds' accesses without an `i < n` test (CpuBlockExec::readUnguarded): here the plain
  // access, past the end included; the CUDA backend keeps a section of slack past its arrays.
  __device__ T readUnguarded(const T* array, int i, int, int, const char*) { return array[i]; }
  __device__ void writeUnguarded(T* array, int i, int, T v, int, const char*) { array[i] = v; }

  __device__ void barrier(StepCode code, const T* arr, int width, PadMap pad = {},
                          StepRows rows = {}) {
    __syncthreads();
    rec_.snapshot(code, arr, width, pad, rows);
  }
  __device__ void step(StepCode code, const T* arr, int width) {
    if (Rec::kRecords) __syncthreads();
    rec_.snapshot(code, arr, width, PadMap{}, StepRows{});
  }
  __device__ void stepRegs(StepCode code, Regs<T>& r) { rec_.snapshotReg(code, r.v, 0); }
  __device__ void stepRegsWarpTotals(StepCode code, Regs<T>& values, Regs<T>& warpTotals) {
    rec_.snapshotRegWarpTotals(code, values.v, warpTotals.v);
  }

  __device__ unsigned laneMask() const {
    const unsigned n = blockDim.x;
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
  }
  __device__ void shuffleUp(Regs<T>& in, Regs<T>& out, int delta) {
    out.v = __shfl_up_sync(laneMask(), in.v, delta);
  }
  __device__ void shuffleIdx(Regs<T>& in, Regs<T>& out, int srcLane) {
    out.v = __shfl_sync(laneMask(), in.v, srcLane);
  }

 private:
  Operator op_;
  Rec& rec_;
};

}  // namespace scanviz
