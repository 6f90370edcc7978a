// The table of step kinds (app/core/algorithms/step_kinds.h): one row per kind, labels with their
// parameter, names as the kernel sources spell them.
#include <gtest/gtest.h>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/algorithms/step_labels.h"

namespace scanviz {
namespace {

TEST(StepKinds, EveryKindFindsItsOwnRow) {
  for (int k = 0; k < kStepKindCount; ++k) {
    const StepKindInfo* info = findStepKind(k);
    ASSERT_NE(info, nullptr) << k;
    EXPECT_EQ(static_cast<int>(info->kind), k);
    EXPECT_EQ(stepLabel({info->kind, 8}).find("{}"), std::string::npos) << info->label;
  }
  EXPECT_EQ(findStepKind(kStepKindCount), nullptr);
  EXPECT_EQ(findStepKind(-1), nullptr);
}

TEST(StepKinds, LabelsCarryTheParameterWhereTheyHaveOne) {
  EXPECT_EQ(stepLabel({StepKind::UpSweep, 4}), "up-sweep stride 4");
  EXPECT_EQ(stepLabel({StepKind::SubsectionScan, 2}), "phase 2: scan subsection totals, stride 2");
  EXPECT_EQ(stepLabel({StepKind::ClearLast, 7}), "clear last element");
  EXPECT_EQ(stepPhase({StepKind::BlellochDown, 1}), "down-sweep");
  EXPECT_EQ(stepLabel({StepKind::Count, 1}), "step");
  EXPECT_EQ(stepPhase({StepKind::Count, 1}), "step");
}

TEST(StepKinds, NamesAreTheEnumeratorsAsWritten) {
  EXPECT_EQ(stepKindName(StepKind::Load), "Load");
  EXPECT_EQ(stepKindName(StepKind::KoggeStoneShift), "KoggeStoneShift");
  EXPECT_EQ(stepKindName(StepKind::TilePrefix), "TilePrefix");
}

TEST(StepKinds, OnlyTheShuffleStaysInRegisters) {
  for (int k = 0; k < kStepKindCount; ++k)
    EXPECT_EQ(findStepKind(k)->registersOnly, static_cast<StepKind>(k) == StepKind::WarpShuffle);
}

}  // namespace
}  // namespace scanviz
