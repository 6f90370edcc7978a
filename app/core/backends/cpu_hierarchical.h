// The hierarchical scan on the CPU emulator (PMPP 8.6): the launcher that carries out the steps of
// the driver written once in hierarchical_driver.h with emulated blocks. Used by `hierarchical`,
// its segmented and flawed forms, and every block-level algorithm whose input is longer than one
// section.
#pragma once

#include <algorithm>
#include <cstring>
#include <vector>

#include "app/core/backends/backend.h"
#include "app/core/backends/hierarchical_driver.h"
#include "kernels/block/segmented_io.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/grid/segmented_hierarchical.h"
#include "kernels/lessons/hierarchical_s_minus_one.h"

namespace scanviz {

// A step over the global array: a window of it as values, and at level 0, when whole-array rows
// are recorded, all of it.
template <class T>
void recordGlobalStep(RecordedRun& run, StepKind kind, int level, ArrayKind array, const T* data,
                      long long n, int window, int64_t ops) {
  RecordedStep s;
  s.code = StepCode{kind, 0};
  s.level = level;
  s.array = array;
  s.ops = ops;
  const long long shown = std::min<long long>(n, window);
  s.values.assign(data, data + shown);
  if (level == 0 && run.whole.length > 0 && run.whole.elements == n) {
    s.wholeBits.resize(static_cast<size_t>(n));
    std::memcpy(s.wholeBits.data(), data, static_cast<size_t>(n) * sizeof(uint32_t));
  }
  run.steps.push_back(std::move(s));
}

// Order in which the emulator launches blocks, and the resident slot ("SM") each one gets.
std::vector<int> emulatorLaunchOrder(const EmulatorOptions& emu, int blocks);

// The segmented grid step (kernels/grid/segmented_hierarchical.h): section b >= 1 combines the
// carry into its elements before its first head. Returns the operator applications.
template <class T>
int64_t addSegmentCarries(Operator op, T* out, const uint8_t* flags, const T* scanned, long long n,
                          int section) {
  int64_t ops = 0;
  for (long long b = 1; b * section < n; ++b) {
    const long long start = b * section;
    const int count = static_cast<int>(std::min<long long>(section, n - start));
    int firstHead = count;
    for (int i = 0; flags && i < count; ++i)
      if (flags[start + i]) {
        firstHead = i;
        break;
      }
    const T carry = segmentCarry(scanned, b);
    for (int i = 0; i < count && carryReaches(i, firstHead); ++i, ++ops)
      out[start + i] = withCarry(op, carry, out[start + i]);
  }
  return ops;
}

// Seed 000's third kernel (kernels/lessons/hierarchical_s_minus_one.h) over every section of a
// level, one emulated block of `section` threads each, in the emulator's launch order: block 0's
// read of S[-1] is reported in the run's notes. Returns the operator applications.
template <class T>
int64_t runSeedThirdKernel(const RunRequest& rq, T* out, const T* scanned, long long n, int section,
                           int level, RecordedRun& run) {
  const long long blocks = (n + section - 1) / section;
  for (int b : emulatorLaunchOrder(rq.emulator, static_cast<int>(blocks))) {
    CpuStepSink sink;
    sink.run = &run;
    sink.block = b;
    sink.level = level;
    CpuBlockExec<T> ex(section, rq.op, sink, rq.emulator.threadOrder);
    const long long start = static_cast<long long>(b) * section;
    addPreviousSectionTotal(ex, out + start,
                            static_cast<int>(std::min<long long>(section, n - start)), scanned,
                            static_cast<int>(blocks), b);
  }
  return n;
}

// The emulator's launcher of the hierarchical driver (hierarchical_driver.h): a level's sections
// are emulated blocks run in the emulator's launch order; its totals live in vectors. Level 0
// records the steps of rq.recordBlock, every block's timing and the whole-array rows.
template <class T, class SectionScan>
class CpuSectionLauncher {
 public:
  using Value = T;
  using Algo = SectionScan;

  CpuSectionLauncher(const Algo& algo, const RunRequest& rq, RecordedRun& run)
      : algo_(algo), rq_(rq), run_(run) {}

  int section() const { return algo_.sectionSize(rq_.blockSize); }

  class Totals {
   public:
    Totals(long long sections, bool segmented)
        : sums_(static_cast<size_t>(sections > 1 ? sections : 0)),
          flags_(segmented ? sums_.size() : 0) {}
    T* sums() { return sums_.empty() ? nullptr : sums_.data(); }
    uint8_t* flags() { return flags_.empty() ? nullptr : flags_.data(); }

   private:
    std::vector<T> sums_;
    std::vector<uint8_t> flags_;
  };
  Totals sectionTotals(long long sections, int, bool segmented) const {
    return Totals(sections, segmented);
  }

  class Scanned {
   public:
    explicit Scanned(long long sections) : values_(static_cast<size_t>(sections)) {}
    T* values() { return values_.data(); }

   private:
    std::vector<T> values_;
  };
  // Seed 000's third kernel reads S[-1]: the emulator reports that read instead of performing it
  // (CpuBlockExec::readUnguarded), so no slack is needed before the totals.
  Scanned scannedTotals(long long sections, int, bool) const { return Scanned(sections); }

  void scanSections(const SectionLaunch<T>& l) {
    const int threads = rq_.blockSize;
    const int section = this->section();
    std::vector<T> shared(static_cast<size_t>(algo_.sharedSlots(threads)));
    int64_t* work = rq_.record ? &run_.work : nullptr;
    const std::vector<int> order = emulatorLaunchOrder(rq_.emulator, static_cast<int>(l.blocks));
    if (l.level == 0 && rq_.record) startWholeArrayRows(run_, rq_.limits, l.n, section, l.blocks);
    for (size_t k = 0; k < order.size(); ++k) {
      const long long b = order[k];
      const int recordBlock = l.level == 0 ? rq_.recordBlock : 0;
      CpuStepSink sink;
      sink.run = &run_;
      sink.work = work;
      sink.recordSteps = rq_.record && b == recordBlock;
      sink.block = static_cast<int>(b);
      sink.level = l.level;
      if (l.level == 0 && run_.whole.length > 0) sink.whole = &run_.whole;
      CpuBlockExec<T> ex(threads, rq_.op, sink, rq_.emulator.threadOrder);
      SectionIO<T> io;
      io.in = l.in + b * section;
      io.out = l.out + b * section;
      io.n = static_cast<int>(std::min<long long>(section, l.n - b * section));
      io.exclusive = l.exclusive;
      io.total = l.sums ? l.sums + b : nullptr;
      io.flags = l.flags ? l.flags + b * section : nullptr;
      if (l.level == 0) io.second = secondFrom(rq_, b * section);
      io.totalFlag = l.sumFlags ? l.sumFlags + b : nullptr;
      algo_.run(ex, shared.data(), io);
      if (l.level == 0 && rq_.record && static_cast<int>(k) < rq_.limits.maxBlocksTimed)
        recordBlockTiming(static_cast<int>(b), static_cast<int>(k));
    }
  }

  void addBlockSums(T* out, const T* scanned, long long n, int) const {
    const int section = this->section();
    for (long long b = 1; b * section < n; ++b) {
      const long long end = std::min<long long>(n, (b + 1) * section);
      for (long long i = b * section; i < end; ++i)
        out[i] = OpTraits<T>::apply(rq_.op, scanned[b], out[i]);
    }
  }

  int64_t addSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
                            int) const {
    return scanviz::addSegmentCarries(rq_.op, out, flags, scanned, n, section());
  }

  int64_t seedThirdKernel(T* out, const T* scanned, long long n, int level) {
    return runSeedThirdKernel(rq_, out, scanned, n, section(), level, run_);
  }

  void record(const GridStep& g, const T* data) {
    if (!rq_.record) return;
    run_.work += g.ops;
    recordGlobalStep(run_, g.kind, g.level, ArrayKind::Global, data, g.n, rq_.limits.globalWindow,
                     g.ops);
    listGridWrites(run_.steps.back(), g, section(), rq_.blockSize, g.flags);
  }

 private:
  // A level-0 block's place on the timeline: launched k-th, in slot k mod residentBlocks, one
  // round long.
  void recordBlockTiming(int block, int k) {
    const int slots = std::max(1, rq_.emulator.residentBlocks);
    RecordedBlock rb;
    rb.id = rb.launchIndex = block;
    rb.sm = k % slots;
    rb.startNs = static_cast<int64_t>(k) / slots;
    rb.endNs = rb.startNs + 1;
    run_.blocks.push_back(rb);
  }

  const Algo& algo_;
  const RunRequest& rq_;
  RecordedRun& run_;
};

// The whole hierarchical scan of `n` elements on the emulator. `flags`: the problem's head flags,
// null without any.
template <class T, class Algo>
void cpuScanHierarchically(const Algo& algo, const RunRequest& rq, const T* in, T* out, long long n,
                           bool exclusive, RecordedRun& run, const uint8_t* flags) {
  CpuSectionLauncher<T, Algo> launcher(algo, rq, run);
  scanHierarchically(launcher, in, out, n, exclusive, 0, flags);
}

}  // namespace scanviz
