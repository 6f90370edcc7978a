// What the "Spot the bug" view keeps between frames: the lesson on screen, both of its runs and
// the step shown. Owned by AppState; no ImGui here, so it is tested without a window.
#pragma once

#include <optional>

#include "app/core/lessons.h"

namespace scanviz {

class SpotTheBugState {
 public:
  // Runs the lesson's flawed variant and its fix (small, on the emulator) and stands at `step`;
  // -1: at the step where the two runs part (the first step when they never do). `backend`: where
  // they run (lessonRequest keeps the emulator-only lessons on the emulator).
  void open(const Lesson& lesson, int step = -1, BackendChoice backend = BackendChoice::Cpu);
  void close() { run_.reset(); }
  bool active() const { return run_.has_value(); }
  const LessonRun& run() const { return *run_; }
  const Lesson& lesson() const { return *run_->lesson; }

  int step() const { return step_; }
  // Steps of the longer run (at least 1).
  int steps() const;
  void setStep(int step);

 private:
  std::optional<LessonRun> run_;
  int step_ = 0;
};

}  // namespace scanviz
