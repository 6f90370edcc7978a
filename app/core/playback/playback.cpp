#include "app/core/playback/playback.h"

#include <algorithm>

namespace scanviz {

std::vector<PhaseMarker> phaseMarkers(const Trace& t) {
  std::vector<PhaseMarker> markers;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const std::string& phase = t.steps[static_cast<size_t>(k)].phase;
    if (!markers.empty() && markers.back().phase == phase) {
      markers.back().lastStep = k;
    } else {
      markers.push_back({k, k, phase});
    }
  }
  return markers;
}

void Playback::load(int stepCount, std::vector<PhaseMarker> markers, int step) {
  stepCount_ = std::max(0, stepCount);
  markers_ = std::move(markers);
  playing_ = false;
  pending_ = 0;
  setStep(step);
}

int Playback::currentPhase() const {
  for (size_t i = 0; i < markers_.size(); ++i)
    if (step_ >= markers_[i].firstStep && step_ <= markers_[i].lastStep) return static_cast<int>(i);
  return -1;
}

void Playback::setStep(int k) {
  step_ = std::clamp(k, 0, lastStep());
  pending_ = 0;
}

bool Playback::jumpToPhase(int oneBased) {
  if (oneBased < 1 || oneBased > static_cast<int>(markers_.size())) return false;
  setStep(markers_[static_cast<size_t>(oneBased - 1)].firstStep);
  return true;
}

void Playback::play() {
  if (stepCount_ <= 1) return;
  if (atEnd()) setStep(0);
  playing_ = true;
  pending_ = 0;
}

void Playback::setSpeed(double s) {
  speed_ = std::clamp(s, kMinSpeed, kMaxSpeed);
}

bool Playback::tick(double seconds) {
  if (!playing_) return false;
  pending_ += seconds * speed_ * kStepsPerSecondAt1x;
  const int advance = static_cast<int>(pending_);
  if (advance == 0) return false;
  const double keep = pending_ - advance;
  const int before = step_;
  setStep(step_ + advance);
  pending_ = keep;
  if (atEnd()) playing_ = false;
  return step_ != before;
}

}  // namespace scanviz
