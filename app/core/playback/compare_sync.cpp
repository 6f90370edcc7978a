#include "app/core/playback/compare_sync.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace scanviz {
namespace {

// Fractions k / K of different K meet at equal values only up to rounding.
constexpr double kSamePlace = 1e-9;

std::vector<double> stepIndices(const Trace& t) {
  std::vector<double> times(t.steps.size());
  for (size_t k = 0; k < times.size(); ++k) times[k] = static_cast<double>(k);
  return times;
}

std::vector<double> stepFractions(const Trace& t) {
  std::vector<double> times(t.steps.size(), 0.0);
  const double last = static_cast<double>(std::max<size_t>(1, t.steps.size()) - 1);
  for (size_t k = 0; k < times.size() && last > 0; ++k) times[k] = static_cast<double>(k) / last;
  return times;
}

bool everyLaneHasClocks(const std::vector<const Trace*>& lanes) {
  bool any = false;
  for (const Trace* t : lanes) {
    if (!t) continue;
    if (stepClockTimes(*t).empty()) return false;
    any = true;
  }
  return any;
}

std::vector<double> mergedPositions(const std::vector<std::vector<double>>& laneTimes) {
  std::vector<double> all{0.0};
  for (const auto& times : laneTimes) all.insert(all.end(), times.begin(), times.end());
  std::sort(all.begin(), all.end());
  std::vector<double> distinct;
  for (double v : all)
    if (distinct.empty() || v - distinct.back() > kSamePlace) distinct.push_back(v);
  return distinct;
}

}  // namespace

std::vector<double> stepClockTimes(const Trace& t) {
  std::vector<double> times;
  times.reserve(t.steps.size());
  for (const TraceStep& s : t.steps) {
    if (s.warpClock.empty()) return {};
    const auto slowest = *std::max_element(s.warpClock.begin(), s.warpClock.end());
    times.push_back(static_cast<double>(slowest));
  }
  if (times.empty()) return {};
  const double origin = times[0];
  double previous = 0;
  for (double& v : times) {
    // Warps drift, so a step can read a few cycles "before" the previous one: keep the order.
    v = std::max(previous, v - origin);
    previous = v;
  }
  return times;
}

SyncPlan planSync(const std::vector<const Trace*>& lanes, CompareSync mode) {
  SyncPlan p;
  p.mode = mode;
  const bool clocks = mode == CompareSync::ByTime && everyLaneHasClocks(lanes);
  p.basis = mode == CompareSync::ByStep ? SyncBasis::Step
            : clocks                    ? SyncBasis::Cycles
                                        : SyncBasis::Fraction;
  for (const Trace* t : lanes) {
    if (!t || t->steps.empty()) {
      p.laneTimes.emplace_back();
      continue;
    }
    p.laneTimes.push_back(p.basis == SyncBasis::Step     ? stepIndices(*t)
                          : p.basis == SyncBasis::Cycles ? stepClockTimes(*t)
                                                         : stepFractions(*t));
  }
  p.positions = mergedPositions(p.laneTimes);
  return p;
}

int laneStepAt(const SyncPlan& p, size_t lane, int g) {
  if (lane >= p.laneTimes.size() || p.laneTimes[lane].empty() || p.positions.empty()) return -1;
  const int last = static_cast<int>(p.positions.size()) - 1;
  const double at = p.positions[static_cast<size_t>(std::clamp(g, 0, last))];
  const auto& times = p.laneTimes[lane];
  const auto it = std::upper_bound(times.begin(), times.end(), at + kSamePlace);
  return std::max(0, static_cast<int>(it - times.begin()) - 1);
}

int positionIndexNear(const SyncPlan& p, double value) {
  if (p.positions.empty()) return 0;
  const auto it = std::lower_bound(p.positions.begin(), p.positions.end(), value - kSamePlace);
  if (it == p.positions.end()) return static_cast<int>(p.positions.size()) - 1;
  const int i = static_cast<int>(it - p.positions.begin());
  if (i > 0 && value - p.positions[static_cast<size_t>(i - 1)] < *it - value) return i - 1;
  return i;
}

std::string describeSync(const SyncPlan& p) {
  switch (p.basis) {
    case SyncBasis::Step:
      return "by step: every view shows step k, or its last step once it has finished";
    case SyncBasis::Cycles:
      return "by real time: GPU clock cycles (clock64) at the end of each step, from the load; "
             "the faster algorithm finishes first";
    case SyncBasis::Fraction:
      break;
  }
  return "by normalised progress: step k of K at k/K, so all views finish together (real time "
         "needs GPU clocks in every trace; these have none)";
}

std::string describePosition(const SyncPlan& p, int g) {
  if (p.positions.empty()) return "no steps";
  const int last = static_cast<int>(p.positions.size()) - 1;
  const double v = p.positions[static_cast<size_t>(std::clamp(g, 0, last))];
  char text[64];
  switch (p.basis) {
    case SyncBasis::Step:
      std::snprintf(text, sizeof text, "step %.0f", v);
      break;
    case SyncBasis::Cycles:
      std::snprintf(text, sizeof text, "%.0f cycles", v);
      break;
    case SyncBasis::Fraction:
      std::snprintf(text, sizeof text, "%.0f%% of each run", 100 * v);
      break;
  }
  return text;
}

}  // namespace scanviz
