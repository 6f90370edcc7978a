#include <gtest/gtest.h>

#include "app/core/capture/capture.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

TEST(KoggeStone, LessonSteps) {
  const Trace t = lessonTrace(AlgorithmId::KoggeStone);
  ASSERT_EQ(t.steps.size(), 4u);
  EXPECT_EQ(t.steps[1].values, (std::vector<double>{3, 4, 8, 7, 4, 5, 7, 9}));
  EXPECT_EQ(t.steps[2].values, (std::vector<double>{3, 4, 11, 11, 12, 12, 11, 14}));
  EXPECT_EQ(t.steps[3].values, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(t.counters.work, 17);
  EXPECT_EQ(t.counters.depth, 3);
}

}  // namespace
}  // namespace scanviz
