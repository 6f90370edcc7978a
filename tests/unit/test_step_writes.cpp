// Which cells a step wrote, derived from the step kind (app/core/playback/step_writes.h), on the
// Blelloch lesson worked by hand. Input 3 1 7 0 4 1 6 3, 4 threads, a section of 8:
//   up-sweep     stride 1, 2, 4   -> 3 4 7 11 4 5 6 25
//   clear last                    -> 3 4 7 11 4 5 6 0
//   down-sweep stride 4: i = 7         XY[3] = 0,  XY[7] = 0 + 11        -> 3 4 7 0 4 5 6 11
//   down-sweep stride 2: i = 3, 7      XY[1] = 0,  XY[3] = 0 + 4;
//                                      XY[5] = 11, XY[7] = 11 + 5        -> 3 0 7 4 4 11 6 16
//   down-sweep stride 1: i = 1, 3, 5, 7 (each writes i - 1 and i)        -> 0 3 4 11 11 15 16 22
#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/playback/step_writes.h"
#include "kernels/scan_types.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Trace captureCpu(AlgorithmId id, std::vector<double> input, bool exclusive = false) {
  return capture(emulatorRequest(id, std::move(input), Operator::Add, exclusive)).trace;
}

// The steps of one kind, in trace order.
std::vector<int> stepsOfKind(const Trace& t, StepKind kind) {
  std::vector<int> found;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].kind == static_cast<int>(kind)) found.push_back(k);
  return found;
}

class BlellochLesson : public ::testing::TestWithParam<AlgorithmId> {};

TEST_P(BlellochLesson, DownSweepWritesBothEndsOfEveryEdge) {
  const Trace t = captureCpu(GetParam(), defaultLessonInput());
  const std::vector<int> down = stepsOfKind(t, StepKind::BlellochDown);
  ASSERT_EQ(down.size(), 3u);
  const auto step = [&](int k) -> const TraceStep& { return t.steps[static_cast<size_t>(k)]; };
  EXPECT_EQ(step(down[0]).param, 4);
  EXPECT_EQ(step(down[1]).param, 2);
  EXPECT_EQ(step(down[2]).param, 1);
  // The values the hand computation gives, so that the written sets below are about this run.
  EXPECT_EQ(step(down[0]).values, (std::vector<double>{3, 4, 7, 0, 4, 5, 6, 11}));
  EXPECT_EQ(step(down[1]).values, (std::vector<double>{3, 0, 7, 4, 4, 11, 6, 16}));
  EXPECT_EQ(step(down[2]).values, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));

  EXPECT_EQ(writtenCells(t, down[0]), (std::vector<int>{3, 7}));
  EXPECT_EQ(writtenCells(t, down[1]), (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(writtenCells(t, down[2]), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));

  using W = CellWrite;
  const W n = W::None, c = W::Combined, m = W::Moved;
  EXPECT_EQ(cellWrites(t, down[0]), (std::vector<W>{n, n, n, m, n, n, n, c}));
  EXPECT_EQ(cellWrites(t, down[1]), (std::vector<W>{n, m, n, c, n, m, n, c}));
  EXPECT_EQ(cellWrites(t, down[2]), (std::vector<W>{m, c, m, c, m, c, m, c}));
  EXPECT_EQ(stepMoves(step(down[0])), (std::vector<CellMove>{{3, 7}}));
  EXPECT_EQ(stepMoves(step(down[1])), (std::vector<CellMove>{{1, 3}, {5, 7}}));

  // The heat view's marks are the same set.
  EXPECT_EQ(writtenElements(t, down[0]), (std::vector<uint8_t>{0, 0, 0, 1, 0, 0, 0, 1}));
}

TEST_P(BlellochLesson, MovesAreNotCountedAsOperations) {
  const Trace t = captureCpu(GetParam(), defaultLessonInput(), /*exclusive=*/true);
  const std::vector<int> down = stepsOfKind(t, StepKind::BlellochDown);
  ASSERT_EQ(down.size(), 3u);
  EXPECT_EQ(stepMetrics(t, down[0]).ops, 1);
  EXPECT_EQ(stepMetrics(t, down[1]).ops, 2);
  EXPECT_EQ(stepMetrics(t, down[2]).ops, 4);
  // Work 2(n - 1) for the exclusive scan: 7 up the tree, 7 down.
  EXPECT_EQ(stepMetrics(t, static_cast<int>(t.steps.size()) - 1).cumulativeWork, 14);
}

TEST_P(BlellochLesson, TheRootIsClearedAndOtherStepsWriteTheirDestinations) {
  const Trace t = captureCpu(GetParam(), defaultLessonInput());
  const std::vector<int> clear = stepsOfKind(t, StepKind::ClearLast);
  ASSERT_EQ(clear.size(), 1u);
  EXPECT_EQ(writtenCells(t, clear[0]), (std::vector<int>{7}));
  const std::vector<int> up = stepsOfKind(t, StepKind::UpSweep);
  ASSERT_EQ(up.size(), 3u);
  EXPECT_EQ(writtenCells(t, up[0]), (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(writtenCells(t, up[1]), (std::vector<int>{3, 7}));
  EXPECT_EQ(writtenCells(t, up[2]), (std::vector<int>{7}));
  EXPECT_TRUE(stepMoves(t.steps[static_cast<size_t>(up[0])]).empty());
}

TEST_P(BlellochLesson, TheHeatViewMarksTheSameCells) {
  const Trace t = captureCpu(GetParam(), defaultLessonInput());
  const std::vector<int> down = stepsOfKind(t, StepKind::BlellochDown);
  ASSERT_EQ(down.size(), 3u);
  const HeatGrid g = buildHeatGrid(t, HeatScale::Linear, 16);
  for (int step : down) {
    const std::vector<int> cells = writtenCells(t, step);
    for (int i = 0; i < 8; ++i)
      EXPECT_EQ(g.at(0, step, i).written(), std::count(cells.begin(), cells.end(), i) == 1)
          << "step " << step << " element " << i;
  }
  EXPECT_TRUE(g.at(0, down[0], 3).written());  // the move's destination
}

INSTANTIATE_TEST_SUITE_P(Variants, BlellochLesson,
                         ::testing::Values(AlgorithmId::Blelloch,
                                           AlgorithmId::BlellochConflictFree),
                         [](const ::testing::TestParamInfo<AlgorithmId>& info) {
                           return std::string(info.param == AlgorithmId::Blelloch ? "Blelloch"
                                                                                  : "ConflictFree");
                         });

TEST(StepWritesByKind, WritesThatLeaveAValueUnchangedStillCount) {
  // All zeros: no step changes a value, yet the kernel writes the same cells.
  const Trace t = captureCpu(AlgorithmId::Blelloch, std::vector<double>(8, 0));
  const std::vector<int> clear = stepsOfKind(t, StepKind::ClearLast);
  const std::vector<int> down = stepsOfKind(t, StepKind::BlellochDown);
  ASSERT_EQ(clear.size(), 1u);
  ASSERT_EQ(down.size(), 3u);
  EXPECT_EQ(writtenCells(t, clear[0]), (std::vector<int>{7}));
  EXPECT_EQ(writtenCells(t, down[0]), (std::vector<int>{3, 7}));
  EXPECT_EQ(writtenCells(t, down[1]), (std::vector<int>{1, 3, 5, 7}));
}

TEST(StepWritesByKind, TheShiftedLoadWritesEveryValidElement) {
  const Trace t = captureCpu(AlgorithmId::KoggeStoneExclusive, {5, 1, 4, 2, 3});
  ASSERT_EQ(t.steps[0].kind, static_cast<int>(StepKind::KoggeStoneShift));
  ASSERT_EQ(t.steps[0].values.size(), 8u);
  EXPECT_EQ(writtenCells(t, 0), (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(StepWritesByKind, OutOfRangeStepsWriteNothing) {
  const Trace t = captureCpu(AlgorithmId::Blelloch, defaultLessonInput());
  EXPECT_TRUE(writtenCells(t, -1).empty());
  EXPECT_TRUE(cellWrites(t, static_cast<int>(t.steps.size())).empty());
}

}  // namespace
}  // namespace scanviz
