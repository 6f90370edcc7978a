// What the "Spot the bug" view keeps between frames: the lesson on screen, both of its runs and
// the step shown, or an erratum of the seeds' text with what scanviz's run counted. Owned by
// AppState; no ImGui here, so it is tested without a window.
#pragma once

#include <optional>
#include <string>

#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"

namespace scanviz {

class SpotTheBugState {
 public:
  // Runs the lesson's flawed variant and its fix (small, on the emulator) and stands at `step`;
  // -1: at the step where the two runs part (the first step when they never do). `backend`: where
  // they run (lessonRequest keeps the emulator-only lessons on the emulator).
  void open(const Lesson& lesson, int step = -1, BackendChoice backend = BackendChoice::Cpu);
  // Shows an erratum instead, running its evidence once (on the emulator).
  void openErratum(const Erratum& erratum);
  void close() {
    run_.reset();
    erratum_ = nullptr;
  }
  bool active() const { return run_.has_value() || erratum_; }
  // The lesson on screen; null while an erratum is (or nothing).
  const LessonRun* lessonRun() const { return run_ ? &*run_ : nullptr; }
  const LessonRun& run() const { return *run_; }
  const Lesson& lesson() const { return *run_->lesson; }
  const Erratum* erratum() const { return erratum_; }
  // The erratum's evidence; empty when it has none, or when its run failed (evidenceError).
  const std::optional<ErratumEvidence>& evidence() const { return evidence_; }
  const std::string& evidenceError() const { return evidenceError_; }

  int step() const { return step_; }
  // Steps of the longer run (at least 1).
  int steps() const;
  void setStep(int step);

 private:
  std::optional<LessonRun> run_;
  int step_ = 0;
  const Erratum* erratum_ = nullptr;
  std::optional<ErratumEvidence> evidence_;
  std::string evidenceError_;
};

}  // namespace scanviz
