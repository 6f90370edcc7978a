// The flawed kernels of kernels/lessons/ on the CPU emulator, one block at a time: each produces
// the wrong result its file documents under its provoking schedule (worked out by hand in the
// comments), the fixed kernel the right one under the same schedule, and the emulator reports
// the early return's barrier mismatch.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "kernels/block/blelloch.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/sequential.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/lessons/blelloch_early_return.h"
#include "kernels/lessons/blelloch_offset_times_four.h"
#include "kernels/lessons/int_accumulator.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"
#include "kernels/lessons/neighbour_sum_serial.h"

namespace scanviz {
namespace {

template <class T>
struct BlockResult {
  std::vector<T> out;
  CpuStepSink sink;
  RecordedRun run;
};

// One block of `threads` threads over `in` (at most one section), steps recorded.
template <class Algo, class T>
BlockResult<T> runBlock(const std::vector<T>& in, int threads, ThreadOrder order,
                        bool exclusive = false) {
  BlockResult<T> r;
  r.out.assign(in.size(), T{});
  std::vector<T> shared(static_cast<size_t>(Algo::sharedSlots(threads)), T{});
  r.sink.run = &r.run;
  r.sink.recordSteps = true;
  CpuBlockExec<T> ex(threads, Operator::Add, r.sink, order);
  SectionIO<T> io;
  io.in = in.data();
  io.out = r.out.data();
  io.n = static_cast<int>(in.size());
  io.exclusive = exclusive;
  Algo::run(ex, shared.data(), io);
  return r;
}

template <class T>
std::vector<T> inclusiveScan(const std::vector<T>& in) {
  std::vector<T> out(in.size());
  std::partial_sum(in.begin(), in.end(), out.begin());
  return out;
}

template <class T>
std::vector<T> exclusiveScan(const std::vector<T>& in) {
  std::vector<T> out(in.size(), T{});
  for (size_t i = 1; i < in.size(); ++i) out[i] = out[i - 1] + in[i - 1];
  return out;
}

template <class T>
int firstDifference(const std::vector<T>& a, const std::vector<T>& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return static_cast<int>(i);
  return -1;
}

const std::vector<int32_t> kLesson = {3, 1, 7, 0, 4, 1, 6, 3};

// --- 1. In-place Kogge-Stone with one barrier per iteration ------------------------------------

TEST(LessonKernels, OneBarrierKoggeStoneRacesBetweenWarpsWhenWarpsRunInAscendingOrder) {
  const std::vector<int32_t> ones(64, 1);
  const auto r = runBlock<KoggeStoneOneBarrierScan>(ones, 64, ThreadOrder::WarpsAscending);
  // Stride 1: warp 0 finishes first, so lane 32 reads XY[31] = 2 (already x30 + x31) instead of
  // x31 = 1 and gets 3; every cell of warp 0 is right, cell 32 is the first wrong one.
  EXPECT_EQ(firstDifference(r.out, inclusiveScan(ones)), 32);
  ASSERT_GE(r.run.steps.size(), 2u);
  EXPECT_EQ(r.run.steps[1].code.param, 1);
  EXPECT_EQ(r.run.steps[1].values[31], 2);
  EXPECT_EQ(r.run.steps[1].values[32], 3);
  EXPECT_EQ(r.run.steps[1].values[33], 2);
  // Stride 16 reads XY[31] for lane 47 after warp 0 finished it (x0..x31 instead of x16..x31),
  // and so on: cells 32..47 end 16 too high, cells 48..62 all read 64, only the last one happens
  // to be right (stride 32 reads warp 0's final values, which no longer change).
  for (int i = 32; i < 48; ++i) EXPECT_EQ(r.out[static_cast<size_t>(i)], i + 1 + 16) << i;
  for (int i = 48; i < 64; ++i) EXPECT_EQ(r.out[static_cast<size_t>(i)], 64) << i;
}

TEST(LessonKernels, OneBarrierKoggeStoneHappensToBeRightWhenWarpsRunInDescendingOrder) {
  const std::vector<int32_t> ones(64, 1);
  EXPECT_EQ(runBlock<KoggeStoneOneBarrierScan>(ones, 64, ThreadOrder::WarpsDescending).out,
            inclusiveScan(ones));
}

TEST(LessonKernels, OneBarrierKoggeStoneCannotRaceInsideOneWarp) {
  EXPECT_EQ(runBlock<KoggeStoneOneBarrierScan>(kLesson, 8, ThreadOrder::WarpsAscending).out,
            inclusiveScan(kLesson));
}

TEST(LessonKernels, FixedKoggeStoneIsRightUnderBothWarpOrders) {
  std::vector<int32_t> in(256);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i % 7) - 3;
  for (const ThreadOrder o : {ThreadOrder::WarpsAscending, ThreadOrder::WarpsDescending})
    EXPECT_EQ(runBlock<KoggeStoneScan>(in, 256, o).out, inclusiveScan(in));
  EXPECT_NE(runBlock<KoggeStoneOneBarrierScan>(in, 256, ThreadOrder::WarpsAscending).out,
            inclusiveScan(in));
}

// --- 2. if (gid >= N) return; before the barriers of a partial tile ----------------------------

TEST(LessonKernels, EarlyReturnIsReportedAsABarrierMismatch) {
  const std::vector<int32_t> in = {1, 2, 3, 4, 5, 6};
  const auto r = runBlock<BlellochEarlyReturnScan>(in, 8, ThreadOrder::Forward, true);
  EXPECT_GT(r.sink.barrierMismatches, 0);
  EXPECT_EQ(r.sink.firstMismatch.arrived, 6);
  EXPECT_EQ(r.sink.firstMismatch.threads, 8);
  EXPECT_EQ(r.sink.firstMismatch.firstExited, 6);
  EXPECT_EQ(r.sink.firstMismatch.stepIndex, 0);  // the load's barrier: the very first
  EXPECT_EQ(r.sink.firstMismatch.code.kind, StepKind::Load);
  ASSERT_EQ(r.run.notes.size(), 1u);
  EXPECT_NE(r.run.notes[0].find("6 of 8 threads"), std::string::npos) << r.run.notes[0];
  // Thread 7 left, so the root is never cleared: the total 21 stays in it and the down-sweep
  // adds it to every element (slots 6 and 7 were never loaded: the emulator's zeros).
  EXPECT_EQ(r.out, (std::vector<int32_t>{21, 22, 24, 27, 31, 36}));
}

TEST(LessonKernels, SameTileKernelWithoutTheEarlyReturnIsRightAndReportsNothing) {
  const std::vector<int32_t> in = {1, 2, 3, 4, 5, 6};
  using CorrectTile = Seed003TileScan<false, 1>;
  const auto fixed = runBlock<CorrectTile>(in, 8, ThreadOrder::Forward, true);
  EXPECT_EQ(fixed.sink.barrierMismatches, 0);
  EXPECT_EQ(fixed.out, exclusiveScan(in));
  const auto blelloch = runBlock<BlellochScan>(in, 4, ThreadOrder::Forward, true);
  EXPECT_EQ(blelloch.out, exclusiveScan(in));
}

TEST(LessonKernels, EarlyReturnIsHarmlessOnAFullTile) {
  const auto r = runBlock<BlellochEarlyReturnScan>(kLesson, 8, ThreadOrder::Forward, true);
  EXPECT_EQ(r.sink.barrierMismatches, 0);
  EXPECT_TRUE(r.run.notes.empty());
  EXPECT_EQ(r.out, exclusiveScan(kLesson));
}

// --- 3. Up-sweep stepping offset <<= 2 ---------------------------------------------------------

TEST(LessonKernels, OffsetTimesFourSkipsTheStride2Level) {
  const auto r = runBlock<BlellochOffsetTimesFourScan>(kLesson, 8, ThreadOrder::Forward, true);
  // Load, up-sweep 1, up-sweep 4 (no 2), clear, down-sweep 4, 2, 1.
  ASSERT_EQ(r.run.steps.size(), 7u);
  EXPECT_EQ(r.run.steps[1].code.param, 1);
  EXPECT_EQ(r.run.steps[2].code.param, 4);
  // After the up-sweep, temp[3] = a2+a3 = 7 (never got a0+a1) and temp[7] = a2..a3 + a6+a7 = 16
  // (never got a4+a5).
  EXPECT_EQ(r.run.steps[2].values, (std::vector<double>{3, 4, 7, 7, 4, 5, 6, 16}));
  EXPECT_EQ(r.out, (std::vector<int32_t>{0, 3, 4, 11, 7, 11, 12, 18}));
  EXPECT_EQ(firstDifference(r.out, exclusiveScan(kLesson)), 4);
  using CorrectTile = Seed003TileScan<false, 1>;
  EXPECT_EQ(runBlock<CorrectTile>(kLesson, 8, ThreadOrder::Forward, true).out,
            exclusiveScan(kLesson));
}

// --- 4. Seed 003's "serial scan": input[i] + input[i-1] ----------------------------------------

TEST(LessonKernels, NeighbourSumAddsTheLeftInputNotTheRunningResult) {
  const auto r = runBlock<NeighbourSumSerialScan>(kLesson, 8, ThreadOrder::Forward);
  EXPECT_EQ(r.out, (std::vector<int32_t>{0, 4, 8, 7, 4, 5, 7, 9}));
  EXPECT_EQ(firstDifference(r.out, inclusiveScan(kLesson)), 0);
  EXPECT_EQ(r.out[1], inclusiveScan(kLesson)[1]);  // right only at i = 1
  EXPECT_EQ(runBlock<SequentialScan>(kLesson, 8, ThreadOrder::Forward).out, inclusiveScan(kLesson));
}

// --- 5. A float sum in an int accumulator ------------------------------------------------------

TEST(LessonKernels, IntAccumulatorTruncatesFloatSumsAtEveryStep) {
  const std::vector<float> in = {0.5f, 0.5f, 0.5f, 0.5f, 1.75f, 2.25f, -0.5f, 3.0f};
  const auto r = runBlock<IntAccumulatorScan>(in, 8, ThreadOrder::Forward);
  EXPECT_EQ(r.out, (std::vector<float>{0, 0, 0, 0, 1, 3, 2, 5}));
  const auto fixed = runBlock<SequentialScan>(in, 8, ThreadOrder::Forward);
  EXPECT_EQ(fixed.out, (std::vector<float>{0.5f, 1, 1.5f, 2, 3.75f, 6, 5.5f, 8.5f}));
}

TEST(LessonKernels, IntAccumulatorIsInvisibleOnIntegerInputs) {
  EXPECT_EQ(runBlock<IntAccumulatorScan>(kLesson, 8, ThreadOrder::Forward).out,
            inclusiveScan(kLesson));
}

}  // namespace
}  // namespace scanviz
