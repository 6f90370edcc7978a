// The CPU emulator's view of one thread block. Algorithms call parallel(f), barrier(...), edge(...)
// exactly as on the GPU; here parallel(f) runs f for every thread in turn. Because every algorithm
// is race-free between barriers, running threads one after another gives the GPU's result, and
// the thread order is configurable so tests can prove it does not matter.
// Two hazards of the seeds' flawed kernels (kernels/lessons/) are made visible here:
//  - Warps in turn (ThreadOrder::WarpsAscending / WarpsDescending): warps run one after another,
//    in that order, lanes in order within a warp. A statement like `XY[t] += XY[t-stride]` is,
//    inside a warp, one load all lanes issue and then one store (lockstep); readThenWrite() runs
//    it that way. Two orders, two legal GPU schedules: an algorithm with a race between warps
//    gives different results under them, a race-free one the same. ThreadOrder::WarpsRandom
//    draws a fresh order of the warps for every statement from a seed (splitmix64), so that a
//    race roulette (app/core/lesson/race_roulette.h) samples many legal schedules and any one of
//    them is replayed from its seed.
//  - Early exit (exitThread): a thread that left never reaches a barrier; a barrier reached by
//    fewer threads than the block has is a barrier mismatch (undefined behaviour on a GPU), and is
//    reported in the sink and in the run's notes. The remaining threads go on, as GPUs since Volta
//    usually let them.
//  - Unguarded accesses (readUnguarded / writeUnguarded): a global access the seed makes without
//    its `i < n` test. Out of bounds the emulator touches no memory: it reports the access in the
//    run's notes (the first read; every write, up to kNotedStrayWrites), a read gives
//    kUnmappedBits, a write is dropped.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/block/section_io.h"
#include "kernels/exec/recorded_run.h"
#include "kernels/exec/unmapped.h"
#include "kernels/scan_types.h"

namespace scanviz {

enum class ThreadOrder { Forward, Reverse, WarpsAscending, WarpsDescending, WarpsRandom };

constexpr int kEmulatedWarpSize = 32;
// Out-of-bounds writes a block notes one by one (each a line of the run's notes); past that only
// counted.
constexpr int kNotedStrayWrites = 32;

// The first barrier a block reached with some of its threads gone.
struct BarrierMismatch {
  StepCode code{StepKind::Load, 0};  // the step the barrier ends (sync(): the next recorded one)
  int stepIndex = 0;                 // steps this block had recorded before it
  int arrived = 0;                   // threads that reached it
  int threads = 0;                   // threads of the block
  int firstExited = 0;               // lowest thread that had left
};

// Receives steps from a CpuBlockExec. The null sink records nothing, for timing the emulator.
struct CpuStepSink {
  RecordedRun* run = nullptr;  // null: count work only
  int64_t* work = nullptr;     // always counted when set
  bool recordSteps = false;    // record this block's steps
  int block = 0;
  int level = 0;
  std::vector<RecordedEdge> pending;       // edges of the step in progress
  std::vector<RecordedEdge> pendingMoves;  // its moves
  WholeArrayRows* whole = nullptr;         // set for every block of a multi-block level-0 launch
  int stepIndex = 0;                       // steps this block has taken
  int levelZeroSteps = 0;                  // of them at level 0: the row of the next in `whole`
  int barrierMismatches = 0;               // barriers reached by fewer threads than the block has
  BarrierMismatch firstMismatch;           // valid when barrierMismatches > 0
  int outOfBoundsReads = 0;                // unguarded reads past an array's end (readUnguarded)
  int outOfBoundsWrites = 0;
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
               ThreadOrder order = ThreadOrder::Forward, uint64_t seed = 0)
      : threads_(threads), op_(op), sink_(sink), order_(order), random_(seed) {}

  int threads() const { return threads_; }
  Operator op() const { return op_; }
  T identity() const { return OpTraits<T>::identity(op_); }
  T combine(T a, T b) const { return OpTraits<T>::apply(op_, a, b); }

  template <class F>
  void parallel(F&& f) {
    if (warpsInTurn()) {
      forEachWarp([&](int begin, int end) {
        for (int t = begin; t < end; ++t)
          if (alive(t)) f(t);
      });
    } else if (order_ == ThreadOrder::Forward) {
      for (int t = 0; t < threads_; ++t)
        if (alive(t)) f(t);
    } else {
      for (int t = threads_ - 1; t >= 0; --t)
        if (alive(t)) f(t);
    }
  }

  // One read-modify-write statement without a barrier inside: value = read(t), then
  // write(t, value). Warps in turn: every lane of a warp reads before any lane of it writes, as
  // the warp's load and store instructions do; otherwise each thread reads and writes in turn.
  template <class Read, class Write>
  void readThenWrite(Read&& read, Write&& write) {
    if (!warpsInTurn()) {
      parallel([&](int t) { write(t, read(t)); });
      return;
    }
    std::vector<T> held(static_cast<size_t>(threads_));
    forEachWarp([&](int begin, int end) {
      for (int t = begin; t < end; ++t)
        if (alive(t)) held[static_cast<size_t>(t)] = read(t);
      for (int t = begin; t < end; ++t)
        if (alive(t)) write(t, held[static_cast<size_t>(t)]);
    });
  }

  // The thread returns from the kernel (`if (gid >= N) return;`): it runs nothing more and
  // reaches no barrier.
  void exitThread(int t) {
    if (exited_.empty()) exited_.assign(static_cast<size_t>(threads_), false);
    exited_[static_cast<size_t>(t)] = true;
  }

  void sync() { arriveAtBarrier(StepCode{StepKind::Load, -1}); }

  // `name`[i] read by thread t with no test of i against the array's `n` elements (the seeds'
  // `X[i]` in a partial tile). In bounds: the element. Past the end: kUnmappedBits, reported.
  T readUnguarded(const T* array, int i, int n, int t, const char* name) {
    if (i >= 0 && i < n) return array[i];
    if (sink_.outOfBoundsReads++ == 0) noteOutOfBounds("read", t, name, i, n);
    return unmappedValue<T>();
  }

  // `name`[i] = v by thread t with no test of i: in bounds the store, past the end dropped and
  // reported (on a GPU it overwrites whatever memory follows the array).
  void writeUnguarded(T* array, int i, int n, T v, int t, const char* name) {
    if (i >= 0 && i < n) {
      array[i] = v;
      return;
    }
    // Every write past the end is noted (up to a limit a block), so that spot the bug draws each
    // cell the seed overwrites, not only the first.
    if (sink_.outOfBoundsWrites++ < kNotedStrayWrites) noteOutOfBounds("write", t, name, i, n);
  }

  void edge(int t, int dst, int src) {
    if (sink_.work) ++*sink_.work;
    if (sink_.recordSteps) sink_.pending.push_back({t, dst, src});
  }

  // Thread t wrote dst without applying the operator: the old value of src (-1: a value from
  // outside the array) copied in. Not work, but the thread was busy and the cell was written.
  void move(int t, int dst, int src) {
    if (sink_.recordSteps) sink_.pendingMoves.push_back({t, dst, src});
  }

  // A barrier the algorithm needs, followed by a snapshot of `width` logical elements of arr
  // (and of the rows given, if any).
  void barrier(StepCode code, const T* arr, int width, PadMap pad = {}, StepRows rows = {}) {
    arriveAtBarrier(code);
    record(code, arr, width, pad, rows);
  }

  // A step boundary the algorithm does not need a barrier for (warp-synchronous rounds).
  void step(StepCode code, const T* arr, int width) { record(code, arr, width, {}, {}); }

  void stepRegs(StepCode code, Regs<T>& r) { record(code, r.v.data(), threads_, {}, {}); }

  // A step of the warp-totals scan of a block-wide warp scan (threads a multiple of 32): one value
  // per thread, except that the last lane of warp w shows warpTotals[w], the total that thread w
  // (lane w of the first warp) holds while it scans them. The totals are drawn where the warps
  // that produced them end, so the edges of the scan can point at them.
  void stepRegsWarpTotals(StepCode code, Regs<T>& values, Regs<T>& warpTotals) {
    std::vector<T> shown(values.v);
    for (int w = 0; w < threads_ / 32; ++w) shown[static_cast<size_t>(w * 32 + 31)] = warpTotals[w];
    record(code, shown.data(), threads_, {}, {});
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
  bool warpsInTurn() const {
    return order_ == ThreadOrder::WarpsAscending || order_ == ThreadOrder::WarpsDescending ||
           order_ == ThreadOrder::WarpsRandom;
  }

  bool alive(int t) const { return exited_.empty() || !exited_[static_cast<size_t>(t)]; }

  // f(begin, end) for the threads of each warp, warps in the order of order_.
  template <class F>
  void forEachWarp(F&& f) {
    const int warps = (threads_ + kEmulatedWarpSize - 1) / kEmulatedWarpSize;
    std::vector<int> order(static_cast<size_t>(warps));
    for (int k = 0; k < warps; ++k)
      order[static_cast<size_t>(k)] = order_ == ThreadOrder::WarpsDescending ? warps - 1 - k : k;
    if (order_ == ThreadOrder::WarpsRandom)  // Fisher-Yates, the same draws on every platform
      for (int k = warps - 1; k > 0; --k)
        std::swap(order[static_cast<size_t>(k)],
                  order[static_cast<size_t>(nextRandom() % static_cast<uint64_t>(k + 1))]);
    for (const int w : order)
      f(w * kEmulatedWarpSize, std::min(threads_, (w + 1) * kEmulatedWarpSize));
  }

  // splitmix64: small, and its sequence is fixed by the seed alone (std::shuffle's is not).
  uint64_t nextRandom() {
    uint64_t z = (random_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  void arriveAtBarrier(StepCode code) {
    if (exited_.empty()) return;
    int arrived = 0;
    int firstExited = -1;
    for (int t = 0; t < threads_; ++t) {
      if (alive(t))
        ++arrived;
      else if (firstExited < 0)
        firstExited = t;
    }
    if (arrived == threads_) return;
    if (sink_.barrierMismatches++ == 0) {
      sink_.firstMismatch = BarrierMismatch{code, sink_.stepIndex, arrived, threads_, firstExited};
      if (sink_.run) sink_.run->notes.push_back(mismatchNote(sink_.firstMismatch));
    }
  }

  // The first out-of-bounds read and the first write of a block, in the run's notes. The
  // index is the block's: element i of its section, which holds n of the array's elements; a
  // negative one lies before the array (seed 000's S[blockIdx.x-1] in block 0).
  void noteOutOfBounds(const char* kind, int t, const char* name, int i, int n) {
    if (!sink_.run) return;
    const bool read = kind[0] == 'r';
    const bool before = i < 0;
    const std::string where =
        before ? ", before the array's first element (the array holds " + std::to_string(n) + "); "
               : " of its section, which holds " + std::to_string(n) +
                     " elements (the array ends there); ";
    const char* side = before ? "before" : "past";
    sink_.run->notes.push_back(
        std::string("out-of-bounds ") + kind + " in block " + std::to_string(sink_.block) +
        (sink_.level > 0 ? " of level " + std::to_string(sink_.level) + " (the block sums)"
                         : std::string()) +
        ": thread " + std::to_string(t) + (read ? " read " : " wrote ") + name + "[" +
        std::to_string(i) + "]" + where +
        (read ? std::string("the emulator gave it 0xDEADBEEF, a GPU whatever lies ") + side +
                    " the array"
              : std::string("the emulator dropped it, a GPU overwrites whatever memory ") +
                    (before ? "precedes" : "follows") + " the array"));
  }

  std::string mismatchNote(const BarrierMismatch& m) const {
    return "barrier mismatch in block " + std::to_string(sink_.block) + ": " +
           std::to_string(m.arrived) + " of " + std::to_string(m.threads) +
           " threads reached the barrier after step " + std::to_string(m.stepIndex) + "; " +
           std::to_string(m.threads - m.arrived) + " (from thread " +
           std::to_string(m.firstExited) +
           " on) had returned early (undefined behaviour on a GPU: __syncthreads() must be reached "
           "by every thread of the block)";
  }

  // This block's section after its step, at its place in the whole array's row for the step.
  void recordWholeRow(const T* arr, int width, PadMap pad) {
    static_assert(sizeof(T) == sizeof(uint32_t), "whole-array rows hold 32-bit values");
    WholeArrayRows& w = *sink_.whole;
    const int k = sink_.levelZeroSteps;
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

  void record(StepCode code, const T* arr, int width, PadMap pad, StepRows rows) {
    // The whole-array rows are the level-0 array's; a cluster's totals (level 1) have none.
    if (sink_.level == 0) {
      if (sink_.whole) recordWholeRow(arr, width, pad);
      ++sink_.levelZeroSteps;
    }
    ++sink_.stepIndex;
    if (!sink_.recordSteps || !sink_.run) {
      sink_.pending.clear();
      sink_.pendingMoves.clear();
      return;
    }
    RecordedStep s;
    s.code = code;
    s.block = sink_.block;
    s.level = sink_.level;
    s.values.resize(static_cast<size_t>(width));
    for (int i = 0; i < width; ++i)
      s.values[static_cast<size_t>(i)] = static_cast<double>(arr[pad(i)]);
    if (rows.flags)
      for (int i = 0; i < width; ++i) s.flags.push_back(rows.flagAt(i));
    if (rows.second)
      for (int i = 0; i < width; ++i) s.second.push_back(rows.secondAt(i));
    s.edges.swap(sink_.pending);
    s.moves.swap(sink_.pendingMoves);
    sink_.run->steps.push_back(std::move(s));
  }

  int threads_;
  Operator op_;
  CpuStepSink& sink_;
  ThreadOrder order_;
  uint64_t random_;           // WarpsRandom: the generator's state, started at the seed
  std::vector<bool> exited_;  // threads that returned from the kernel; empty while none did
};

}  // namespace scanviz
