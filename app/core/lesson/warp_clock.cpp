#include "app/core/lesson/warp_clock.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scanviz {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double median(std::vector<double> v) {
  v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return std::isnan(x); }), v.end());
  if (v.empty()) return kNaN;
  std::sort(v.begin(), v.end());
  const size_t mid = v.size() / 2;
  return v.size() % 2 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
}

// The step the clocks of `k` continue from: the nearest earlier step of the same block and level
// with as many warp clocks. -1 when there is none.
int clockPredecessor(const Trace& t, int k) {
  const TraceStep& s = t.steps[static_cast<size_t>(k)];
  for (int p = k - 1; p >= 0; --p) {
    const TraceStep& q = t.steps[static_cast<size_t>(p)];
    if (q.warpClock.empty()) continue;
    if (q.block == s.block && q.level == s.level && q.warpClock.size() == s.warpClock.size())
      return p;
    return -1;
  }
  return -1;
}

WarpClockStep measureStep(const Trace& t, int k, int from) {
  const TraceStep& s = t.steps[static_cast<size_t>(k)];
  const TraceStep& p = t.steps[static_cast<size_t>(from)];
  WarpClockStep w;
  w.step = k;
  w.label = s.label;
  w.phase = s.phase;
  w.ops = s.ops;
  for (size_t i = 0; i < s.warpClock.size(); ++i) {
    const int64_t d = s.warpClock[i] - p.warpClock[i];
    w.cycles.push_back(d >= 0 ? static_cast<double>(d) : kNaN);
  }
  w.median = median(w.cycles);
  w.slowest = -std::numeric_limits<double>::infinity();
  w.fastest = std::numeric_limits<double>::infinity();
  for (double c : w.cycles)
    if (!std::isnan(c)) {
      w.slowest = std::max(w.slowest, c);
      w.fastest = std::min(w.fastest, c);
    }
  if (std::isnan(w.median)) w.slowest = w.fastest = kNaN;
  return w;
}

void addPhases(WarpClockTable& table) {
  for (const WarpClockStep& s : table.steps) {
    if (std::isnan(s.median)) continue;
    auto it = std::find_if(table.phases.begin(), table.phases.end(),
                           [&s](const WarpClockPhase& p) { return p.phase == s.phase; });
    if (it == table.phases.end()) it = table.phases.insert(table.phases.end(), {s.phase, 0, 0});
    it->cycles += s.median;
    table.totalCycles += s.median;
  }
  for (WarpClockPhase& p : table.phases)
    p.share = table.totalCycles > 0 ? p.cycles / table.totalCycles : 0;
}

}  // namespace

const WarpClockStep* WarpClockTable::forStep(int k) const {
  for (const WarpClockStep& s : steps)
    if (s.step == k) return &s;
  return nullptr;
}

WarpClockTable warpClockTable(const Trace& t) {
  WarpClockTable table;
  for (int k = 1; k < static_cast<int>(t.steps.size()); ++k) {
    if (t.steps[static_cast<size_t>(k)].warpClock.empty()) continue;
    const int from = clockPredecessor(t, k);
    if (from < 0) continue;
    table.steps.push_back(measureStep(t, k, from));
    table.warps = std::max(table.warps, static_cast<int>(table.steps.back().cycles.size()));
  }
  addPhases(table);
  return table;
}

std::vector<WarpClockSeries> warpClockSeries(const WarpClockTable& table) {
  std::vector<WarpClockSeries> series(static_cast<size_t>(table.warps));
  for (int w = 0; w < table.warps; ++w) series[static_cast<size_t>(w)].warp = w;
  for (const WarpClockStep& s : table.steps)
    for (size_t w = 0; w < s.cycles.size(); ++w) {
      series[w].step.push_back(s.step);
      series[w].cycles.push_back(s.cycles[w]);
    }
  return series;
}

}  // namespace scanviz
