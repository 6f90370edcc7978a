// How the views of Compare move together. Every lane's steps are placed on one shared axis; the
// global position is an index into the sorted set of places where some lane starts a step, so
// each press of "step forward" changes at least one view. A lane shows its last step that began
// at or before the position.
//   by step:  step k sits at k, so every lane shows min(k, its last step);
//   by time:  GPU clocks when every lane has them (a step ends when its slowest warp does, in
//             clock64 cycles since the load), so the faster algorithm finishes first; otherwise
//             normalised progress, step k of K at k / K, so all finish together.
// No UI here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/support/enum_keys.h"
#include "app/core/trace/trace.h"

namespace scanviz {

enum class CompareSync { ByStep, ByTime };

inline constexpr EnumKey<CompareSync> kCompareSyncKeys[] = {{CompareSync::ByStep, "step"},
                                                            {CompareSync::ByTime, "time"}};

// What the shared axis measures.
enum class SyncBasis { Step, Cycles, Fraction };

// Each step's end in clock64 cycles after the load (the slowest warp of the step), made
// non-decreasing; empty when some step has no warp clocks (CPU traces, grid-level steps).
std::vector<double> stepClockTimes(const Trace& t);

struct SyncPlan {
  CompareSync mode = CompareSync::ByStep;
  SyncBasis basis = SyncBasis::Step;
  std::vector<std::vector<double>> laneTimes;  // per lane, where each step starts; empty: no trace
  std::vector<double> positions;               // sorted, distinct; positions[0] == 0
};

// Lanes without a trace (nullptr) take part with no steps.
SyncPlan planSync(const std::vector<const Trace*>& lanes, CompareSync mode);

// The step lane `lane` shows at global position `g` (clamped); -1 when the lane has no steps.
int laneStepAt(const SyncPlan& p, size_t lane, int g);

// The global position whose value is nearest to `value`, to keep the place when the plan changes.
int positionIndexNear(const SyncPlan& p, double value);

// The axis in words, for the UI: what synchronises the views and in which unit.
std::string describeSync(const SyncPlan& p);
// The position in the axis' unit: "step 3", "2100 cycles", "50% of each run".
std::string describePosition(const SyncPlan& p, int g);

}  // namespace scanviz
