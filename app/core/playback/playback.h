// Where the lesson is: the step on screen, whether it plays and how fast, and the phases of the
// trace (load, up-sweep, down-sweep...) the scrubber marks and the number keys jump to.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

// A run of consecutive steps with the same phase.
struct PhaseMarker {
  int firstStep = 0;
  int lastStep = 0;
  std::string phase;
};

std::vector<PhaseMarker> phaseMarkers(const Trace& t);

class Playback {
 public:
  static constexpr double kMinSpeed = 0.25;
  static constexpr double kMaxSpeed = 8.0;
  // At 1x one step a second: slow enough to talk over, and the speed keys halve or double it.
  static constexpr double kStepsPerSecondAt1x = 1.0;

  // A new trace: stops playing, keeps the speed.
  void load(int stepCount, std::vector<PhaseMarker> markers, int step = 0);

  int step() const { return step_; }
  int stepCount() const { return stepCount_; }
  int lastStep() const { return stepCount_ > 0 ? stepCount_ - 1 : 0; }
  bool atEnd() const { return step_ >= lastStep(); }
  const std::vector<PhaseMarker>& markers() const { return markers_; }
  // Index into markers() of the phase holding the current step, -1 when there are none.
  int currentPhase() const;

  void setStep(int k);  // clamped to the trace
  void forward() { setStep(step_ + 1); }
  void back() { setStep(step_ - 1); }
  void first() { setStep(0); }
  void last() { setStep(lastStep()); }
  // 1-based, as the keys 1..9 say; false when the trace has fewer phases.
  bool jumpToPhase(int oneBased);

  bool playing() const { return playing_; }
  // Play from the start when the last step is on screen: pressing Space at the end replays.
  void play();
  void pause() { playing_ = false; }
  void togglePlay() { playing_ ? pause() : play(); }

  double speed() const { return speed_; }
  void setSpeed(double s);  // clamped to kMinSpeed..kMaxSpeed
  void faster() { setSpeed(speed_ * 2); }
  void slower() { setSpeed(speed_ / 2); }

  // Advances by the elapsed wall time while playing and stops at the last step. True when the
  // step changed.
  bool tick(double seconds);

 private:
  int step_ = 0;
  int stepCount_ = 0;
  bool playing_ = false;
  double speed_ = 1.0;
  double pending_ = 0;  // seconds played since the last step change
  std::vector<PhaseMarker> markers_;
};

}  // namespace scanviz
