// Hierarchical scan on the CPU emulator (PMPP 8.6): scan every section, scan the section totals
// recursively (exclusive), add each section's scanned total into it. Used by `hierarchical` and
// by every block-level algorithm whose input is longer than one section.
#pragma once

#include <algorithm>
#include <cstring>
#include <vector>

#include "app/core/backends/backend.h"
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

// One level of the hierarchical scan. `flags`: the head flags of this level's elements (level 0:
// the problem's, deeper: whether each section below held a head), null without any.
template <class T, class Algo>
void cpuScanLevel(const Algo& algo, const RunRequest& rq, const T* in, T* out, long long n,
                  bool exclusive, int level, RecordedRun& run, const uint8_t* flags) {
  constexpr bool segmented = kIsSegmentedScan<Algo>;
  const int threads = rq.blockSize;
  const int section = algo.sectionSize(threads);
  const long long blocks = (n + section - 1) / section;
  std::vector<T> shared(static_cast<size_t>(algo.sharedSlots(threads)));
  std::vector<T> sums(static_cast<size_t>(blocks > 1 ? blocks : 0));
  std::vector<uint8_t> sumFlags(segmented ? sums.size() : 0);
  int64_t* work = rq.record ? &run.work : nullptr;
  const std::vector<int> order = emulatorLaunchOrder(rq.emulator, static_cast<int>(blocks));
  if (level == 0 && rq.record) startWholeArrayRows(run, rq.limits, n, section, blocks);
  for (size_t k = 0; k < order.size(); ++k) {
    const long long b = order[k];
    const int recordBlock = level == 0 ? rq.recordBlock : 0;
    CpuStepSink sink;
    sink.run = &run;
    sink.work = work;
    sink.recordSteps = rq.record && b == recordBlock;
    sink.block = static_cast<int>(b);
    sink.level = level;
    if (level == 0 && run.whole.length > 0) sink.whole = &run.whole;
    CpuBlockExec<T> ex(threads, rq.op, sink, rq.emulator.threadOrder);
    SectionIO<T> io;
    io.in = in + b * section;
    io.out = out + b * section;
    io.n = static_cast<int>(std::min<long long>(section, n - b * section));
    io.exclusive = exclusive;
    io.total = blocks > 1 ? &sums[static_cast<size_t>(b)] : nullptr;
    io.flags = flags ? flags + b * section : nullptr;
    if (level == 0) io.second = secondFrom(rq, b * section);
    io.totalFlag = sumFlags.empty() ? nullptr : &sumFlags[static_cast<size_t>(b)];
    algo.run(ex, shared.data(), io);
    if (level == 0 && rq.record && static_cast<int>(k) < rq.limits.maxBlocksTimed) {
      const int slots = std::max(1, rq.emulator.residentBlocks);
      RecordedBlock rb;
      rb.id = rb.launchIndex = static_cast<int>(b);
      rb.sm = static_cast<int>(k) % slots;
      rb.startNs = static_cast<int64_t>(k) / slots;
      rb.endNs = rb.startNs + 1;
      run.blocks.push_back(rb);
    }
  }
  if (blocks == 1) return;
  const int window = rq.limits.globalWindow;
  if (rq.record)
    recordGlobalStep(run, StepKind::SectionsScanned, level, ArrayKind::Global, out, n, window, 0);
  std::vector<T> scanned(sums.size());
  // A segmented scan scans its totals inclusively: entry b-1 is the carry into section b; so does
  // seed 000's kernel 2, whose third kernel adds entry b-1.
  constexpr bool seedThirdKernel = kRunsSeedThirdKernel<Algo>;
  cpuScanLevel<T, Algo>(algo, rq, sums.data(), scanned.data(), blocks,
                        /*exclusive=*/!segmented && !seedThirdKernel, level + 1, run,
                        segmented ? sumFlags.data() : nullptr);
  if constexpr (seedThirdKernel) {
    const int64_t ops = runSeedThirdKernel(rq, out, scanned.data(), n, section, level, run);
    if (rq.record) {
      run.work += ops;
      recordGlobalStep(run, StepKind::AddBlockSums, level, ArrayKind::Global, out, n, window, ops);
    }
    return;
  }
  if constexpr (segmented) {
    const int64_t ops = addSegmentCarries(rq.op, out, flags, scanned.data(), n, section);
    if (rq.record) {
      run.work += ops;
      recordGlobalStep(run, StepKind::SegmentCarry, level, ArrayKind::Global, out, n, window, ops);
    }
    return;
  }
  for (long long b = 1; b < blocks; ++b) {
    const long long end = std::min<long long>(n, (b + 1) * section);
    for (long long i = b * section; i < end; ++i)
      out[i] = OpTraits<T>::apply(rq.op, scanned[b], out[i]);
  }
  if (rq.record) {
    run.work += n - section;
    recordGlobalStep(run, StepKind::AddBlockSums, level, ArrayKind::Global, out, n, window,
                     n - section);
  }
}

}  // namespace scanviz
