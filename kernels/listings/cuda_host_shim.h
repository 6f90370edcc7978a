// Runs the textbook listings of kernels/listings/ with the host C++ compiler, so that a machine
// without a GPU (a lecture laptop, CI) still compiles and runs the very code the lessons show.
// Under nvcc this header is empty and the listings are ordinary CUDA.
//
// It is NOT the project's emulator (kernels/exec/) and not the student-kernel interpreter: it knows
// just enough CUDA for the listings (threadIdx, blockIdx, blockDim, gridDim, warpSize, __global__,
// __device__, __shared__, __syncthreads, __syncwarp, atomicAdd, atomicExch, __threadfence, the
// warp shuffles __shfl_sync / __shfl_up_sync / __shfl_down_sync, __ballot_sync, __ffs) and runs a
// launch in a fixed
// order, the one the lessons' emulator notes state:
//   - every CUDA thread is a fiber (ucontext) on the calling OS thread;
//   - warps run in turn, ascending; a warp's lanes run in lockstep (unless a launch asks for its
//     lanes one after the other, LaunchOptions::lockstepLanes): each lane runs from the warp's
//     common shared-memory state to its next barrier, atomic or exit, and only then are the lanes'
//     writes merged (so every lane loads before any lane of its warp stores, as SIMT hardware does
//     for one statement; lanes that write the same byte: the highest lane wins);
//   - a barrier releases when every thread of the block that has not exited waits at it (what
//     current GPUs do); threads that exited before it make it a mismatch, which the report says;
//   - blocks run in launch order (ascending, or descending), `residentBlocks` at a time; a block
//     keeps its own shared memory, which starts filled with 0xDEADBEEF words (garbage one can
//     recognise: -559038737 as an int, as the emulator's unmapped reads);
//   - a shuffle or ballot is an exchange among the lanes of its mask: each lane leaves its value
//     and yields until every lane of the mask has left one, then reads the others' (a lane of
//     the mask that never comes stalls the launch);
//   - global memory is plain host memory, sequentially consistent (__threadfence does nothing);
//   - a launch gives up after `stepBudget` rounds in which some thread ran (a spin that never ends:
//     the report says it stalled instead of hanging).
// Atomics on shared memory are not supported (a lane sees its warp's state at the round's start).
// __shared__ variables are statics in one linker section, so that the scheduler can save, restore
// and merge them (GNU toolchains: __start_/__stop_ symbols of the section).
#pragma once

#ifndef __CUDACC__

#include <ucontext.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __shared__ __attribute__((section("scanviz_listing_shared"))) static

extern "C" unsigned char __start_scanviz_listing_shared[];
extern "C" unsigned char __stop_scanviz_listing_shared[];

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

// What a kernel reads; set by the scheduler before it resumes a thread.
inline dim3 threadIdx, blockIdx, blockDim, gridDim;

namespace cuda_host_shim {

constexpr unsigned kWarpSize = 32;

struct LaunchOptions {
  unsigned residentBlocks = 1;
  bool descendingLaunch = false;
  long stepBudget = 1'000'000;
  // false: a warp's lanes run one after the other, each seeing what the lanes before it wrote. A
  // race-free kernel (no shared location written and read by two threads between the same two
  // barriers) computes the same either way, and a launch costs a fraction: nothing is compared.
  // The flawed lessons race on purpose and keep the lockstep that shows their flaw.
  bool lockstepLanes = true;
};

struct LaunchReport {
  bool finished = false;         // false: the budget ran out (a spin that never ends)
  bool barrierMismatch = false;  // a barrier released while some threads of its block had exited
  long rounds = 0;               // rounds run (each resident block: every warp once)
};

class Scheduler {
 public:
  enum class State { Ready, AtBarrier, Done };

  // The running scheduler (one launch at a time, on one OS thread).
  static Scheduler*& current() {
    static Scheduler* s = nullptr;
    return s;
  }

  LaunchReport run(dim3 grid, dim3 block, const LaunchOptions& o, std::function<void()> body) {
    if (grid.y * grid.z != 1 || block.y * block.z != 1 || block.x == 0)
      throw std::invalid_argument("cuda_host_shim: one-dimensional launches only");
    body_ = std::move(body);
    lockstep_ = o.lockstepLanes;
    gridDim = grid;
    blockDim = block;
    current() = this;
    std::vector<unsigned> pending(grid.x);
    for (unsigned b = 0; b < grid.x; ++b) pending[b] = o.descendingLaunch ? grid.x - 1 - b : b;
    std::reverse(pending.begin(), pending.end());  // taken from the back
    std::vector<std::unique_ptr<Block>> resident;
    LaunchReport report;
    for (long round = 0; round < o.stepBudget; ++round) {
      while (resident.size() < std::max(1u, o.residentBlocks) && !pending.empty()) {
        resident.push_back(startBlock(pending.back()));
        pending.pop_back();
      }
      if (resident.empty()) {
        report.finished = true;
        break;
      }
      ++report.rounds;
      for (auto& b : resident) step(*b, report);
      std::erase_if(resident, [&](auto& b) {
        if (!b->done()) return false;
        if (inArena_ == b.get()) inArena_ = nullptr;  // its shared memory is not needed again
        spareStacks_.push_back(std::move(b->stacks));  // the next block's threads run on them
        return true;
      });
    }
    inArena_ = nullptr;
    current() = nullptr;
    return report;
  }

  // Called by a running thread: back to the scheduler, as `next`.
  void yield(State next) {
    running_->state = next;
    swapcontext(&running_->context, &scheduler_);
  }

  // Called by the lanes of a warp that `mask` names: each leaves `value` and waits until every
  // lane of the mask has left its own (a lane of the mask that never comes: the launch stalls, as
  // a wrong mask would hang or go wrong on a GPU); then each gets the values of all 32 lanes. Two
  // slots alternate: a lane can only leave its next value once every lane has left this one, and
  // so has read the one before.
  template <class T>
  std::array<T, kWarpSize> exchange(unsigned mask, T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    Thread& t = *running_;
    Exchange& e = exchanges_[{blockIdx.x, t.index / kWarpSize}];
    const unsigned lane = t.index % kWarpSize, seq = t.exchanges++;
    auto& slot = e.slots[seq % 2];
    std::memcpy(&slot[lane], &value, sizeof(T));
    e.left[lane] = seq + 1;
    auto everyoneLeft = [&] {
      for (unsigned l = 0; l < kWarpSize; ++l)
        if ((mask >> l & 1u) && e.left[l] < seq + 1) return false;
      return true;
    };
    do yield(State::Ready);
    while (!everyoneLeft());
    std::array<T, kWarpSize> all{};
    for (unsigned l = 0; l < kWarpSize; ++l) std::memcpy(&all[l], &slot[l], sizeof(T));
    return all;
  }

 private:
  struct Thread {
    ucontext_t context;
    unsigned index = 0;
    State state = State::Ready;
    unsigned exchanges = 0;  // shuffles and ballots so far
  };
  struct Block {
    unsigned id = 0;
    std::vector<Thread> threads;
    std::unique_ptr<char[]> stacks;
    std::vector<unsigned char> shared;  // saved while another block runs; empty before it ran
    bool done() const {
      return std::all_of(threads.begin(), threads.end(),
                         [](const Thread& t) { return t.state == State::Done; });
    }
  };
  static constexpr size_t kStackBytes = 64 * 1024;

  static unsigned char* arena() { return __start_scanviz_listing_shared; }
  static size_t arenaBytes() {
    return static_cast<size_t>(__stop_scanviz_listing_shared - __start_scanviz_listing_shared);
  }
  // A fresh block's shared memory: 0xDEADBEEF words over the whole section.
  static const std::vector<unsigned char>& garbage() {
    static const std::vector<unsigned char> g = [] {
      std::vector<unsigned char> v(arenaBytes());
      for (size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<unsigned char>(0xDEADBEEFu >> (8 * (i % 4)));
      return v;
    }();
    return g;
  }

  static void entry() {
    Scheduler& s = *current();
    s.body_();
    s.running_->state = State::Done;  // uc_link returns to the scheduler
  }

  std::unique_ptr<Block> startBlock(unsigned id) {
    auto b = std::make_unique<Block>();
    b->id = id;
    b->threads.resize(blockDim.x);
    if (spareStacks_.empty()) {
      b->stacks.reset(new char[kStackBytes * blockDim.x]);
    } else {
      b->stacks = std::move(spareStacks_.back());
      spareStacks_.pop_back();
    }
    for (unsigned t = 0; t < blockDim.x; ++t) {
      Thread& th = b->threads[t];
      th.index = t;
      getcontext(&th.context);
      th.context.uc_stack.ss_sp = b->stacks.get() + kStackBytes * t;
      th.context.uc_stack.ss_size = kStackBytes;
      th.context.uc_link = &scheduler_;
      makecontext(&th.context, &Scheduler::entry, 0);
    }
    return b;
  }

  // One round of a block: each warp, ascending, runs its ready lanes in lockstep to their next
  // yield; then a barrier that every live thread waits at is released. The section holds the
  // shared memory of the block that ran last; it is saved and the block's own restored only when
  // another block ran in between (with one resident block: only when a block starts).
  void step(Block& b, LaunchReport& report) {
    if (inArena_ != &b) {
      if (inArena_) inArena_->shared.assign(arena(), arena() + arenaBytes());
      // A block that never ran has no copy of its own yet: garbage.
      std::memcpy(arena(), b.shared.empty() ? garbage().data() : b.shared.data(), arenaBytes());
      inArena_ = &b;
    }
    for (unsigned w = 0; w * kWarpSize < b.threads.size(); ++w) runWarp(b, w);
    bool waiting = false, exited = false;
    for (const Thread& t : b.threads) {
      if (t.state == State::Ready) return;
      waiting |= t.state == State::AtBarrier;
      exited |= t.state == State::Done;
    }
    if (waiting && exited) report.barrierMismatch = true;
    for (Thread& t : b.threads)
      if (t.state == State::AtBarrier) t.state = State::Ready;
  }

  // Each ready lane runs from the warp's state `before`; its writes are noted and undone, and
  // applied together once every lane has run.
  void runWarp(Block& b, unsigned w) {
    const size_t first = w * kWarpSize, end = std::min<size_t>(b.threads.size(), first + kWarpSize);
    if (std::none_of(b.threads.begin() + first, b.threads.begin() + end,
                     [](const Thread& t) { return t.state == State::Ready; }))
      return;
    if (!lockstep_) {
      for (size_t lane = first; lane < end; ++lane) runLane(b, b.threads[lane]);
      return;
    }
    const size_t bytes = arenaBytes();
    const std::vector<unsigned char> before(arena(), arena() + bytes);
    std::vector<std::pair<size_t, unsigned char>> writes;
    for (size_t lane = first; lane < end; ++lane) {
      Thread& t = b.threads[lane];
      if (t.state != State::Ready) continue;
      runLane(b, t);
      constexpr size_t kChunk = 64;
      for (size_t c = 0; c < bytes; c += kChunk) {
        const size_t n = std::min(kChunk, bytes - c);
        if (std::memcmp(arena() + c, before.data() + c, n) == 0) continue;
        for (size_t i = c; i < c + n; ++i)
          if (arena()[i] != before[i]) {
            writes.emplace_back(i, arena()[i]);
            arena()[i] = before[i];
          }
      }
    }
    for (const auto& [i, value] : writes) arena()[i] = value;
  }

  // One ready lane, to its next yield.
  void runLane(Block& b, Thread& t) {
    if (t.state != State::Ready) return;
    threadIdx = dim3(t.index);
    blockIdx = dim3(b.id);
    running_ = &t;
    swapcontext(&scheduler_, &t.context);
  }

  std::function<void()> body_;
  bool lockstep_ = true;
  Block* inArena_ = nullptr;  // whose shared memory the section holds now
  // The stacks of blocks that finished (all of one launch's size): a new block reuses them
  // rather than allocating its own.
  std::vector<std::unique_ptr<char[]>> spareStacks_;
  struct Exchange {
    std::array<std::array<uint64_t, kWarpSize>, 2> slots{};
    std::array<unsigned, kWarpSize> left{};  // exchanges each lane has left a value for
  };
  std::map<std::pair<unsigned, unsigned>, Exchange> exchanges_;  // by block and warp
  ucontext_t scheduler_{};
  Thread* running_ = nullptr;
};

// kernel<<<grid, block>>>(args...) on the host, in the order described above.
template <class... Params, class... Args>
LaunchReport launch(dim3 grid, dim3 block, const LaunchOptions& o, void (*kernel)(Params...),
                    Args... args) {
  Scheduler s;
  const std::tuple<Args...> bound(args...);
  return s.run(grid, block, o, [&] { std::apply(kernel, bound); });
}

template <class... Params, class... Args>
LaunchReport launch(dim3 grid, dim3 block, void (*kernel)(Params...), Args... args) {
  return launch(grid, block, LaunchOptions{}, kernel, args...);
}

}  // namespace cuda_host_shim

inline void __syncthreads() {
  cuda_host_shim::Scheduler::current()->yield(cuda_host_shim::Scheduler::State::AtBarrier);
}

inline void __threadfence() {}

// An atomic is a point where another thread may run: a spinning thread lets the others go on.
template <class T>
T atomicAdd(T* address, T value) {
  const T old = *address;
  *address = old + value;
  cuda_host_shim::Scheduler::current()->yield(cuda_host_shim::Scheduler::State::Ready);
  return old;
}

template <class T>
T atomicExch(T* address, T value) {
  const T old = *address;
  *address = value;
  cuda_host_shim::Scheduler::current()->yield(cuda_host_shim::Scheduler::State::Ready);
  return old;
}

constexpr int warpSize = static_cast<int>(cuda_host_shim::kWarpSize);

// Lanes of a warp meet: what each wrote to shared memory before it, the others see after it.
inline void __syncwarp(unsigned /*mask*/ = 0xffffffffu) {
  cuda_host_shim::Scheduler::current()->yield(cuda_host_shim::Scheduler::State::Ready);
}

template <class T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize) {
  const auto all = cuda_host_shim::Scheduler::current()->exchange(mask, var);
  const unsigned lane = threadIdx.x % cuda_host_shim::kWarpSize;
  const unsigned w = static_cast<unsigned>(width);
  return all[lane / w * w + static_cast<unsigned>(srcLane) % w];
}

template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  const auto all = cuda_host_shim::Scheduler::current()->exchange(mask, var);
  const unsigned lane = threadIdx.x % cuda_host_shim::kWarpSize;
  return lane % static_cast<unsigned>(width) >= delta ? all[lane - delta] : var;
}

template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  const auto all = cuda_host_shim::Scheduler::current()->exchange(mask, var);
  const unsigned lane = threadIdx.x % cuda_host_shim::kWarpSize;
  return lane % static_cast<unsigned>(width) + delta < static_cast<unsigned>(width)
             ? all[lane + delta]
             : var;
}

inline unsigned __ballot_sync(unsigned mask, int predicate) {
  const auto all = cuda_host_shim::Scheduler::current()->exchange(mask, predicate);
  unsigned bits = 0;
  for (unsigned l = 0; l < cuda_host_shim::kWarpSize; ++l)
    if ((mask >> l & 1u) && all[l]) bits |= 1u << l;
  return bits;
}

inline int __ffs(unsigned x) {
  return x ? __builtin_ctz(x) + 1 : 0;
}

#endif  // __CUDACC__
