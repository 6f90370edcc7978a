// Compare's model in the tests: its base on the default lesson, and the wait until every lane has
// been captured.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "app/core/capture/capture.h"
#include "app/core/capture/capture_config.h"
#include "app/core/playback/compare_model.h"

namespace scanviz {

// Compare's base on the default lesson (3 1 7 0 4 1 6 3), captured on the emulator.
inline CompareBase lessonBase() {
  CompareBase base;
  base.config.backend = BackendChoice::Cpu;
  base.lesson = std::make_shared<const Trace>(capture(toCaptureRequest(base.config)).trace);
  return base;
}

// Every lane captured and the requested position applied: the second update applies what the
// background captures brought.
inline void settle(CompareModel& m, const CompareBase& base) {
  m.update(base);
  m.waitIdle();
  m.update(base);
  ASSERT_FALSE(m.busy());
}

}  // namespace scanviz
