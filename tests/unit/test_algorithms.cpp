#include <gtest/gtest.h>

#include "app/core/capture.h"

namespace scanviz {
namespace {

Trace lesson(AlgorithmId id) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.backend = BackendChoice::Cpu;
  rq.input = {3, 1, 7, 0, 4, 1, 6, 3};
  return capture(rq).trace;
}

TEST(KoggeStone, LessonSteps) {
  const Trace t = lesson(AlgorithmId::KoggeStone);
  ASSERT_EQ(t.steps.size(), 4u);
  EXPECT_EQ(t.steps[1].values, (std::vector<double>{3, 4, 8, 7, 4, 5, 7, 9}));
  EXPECT_EQ(t.steps[2].values, (std::vector<double>{3, 4, 11, 11, 12, 12, 11, 14}));
  EXPECT_EQ(t.steps[3].values, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(t.counters.work, 17);
  EXPECT_EQ(t.counters.depth, 3);
}

}  // namespace
}  // namespace scanviz
