#include "app/core/trace/chrome_trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/lesson/warp_clock.h"
#include "app/core/support/version.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

// Chrome's timestamps are microseconds. Block times are ns on a GPU, scheduler rounds on the
// emulator (one round is shown as 1 µs); warp clocks are cycles (one cycle is drawn per ns of the
// axis, and the track says so). Every time is from the earliest event of its process, so that
// none is negative.
double blockTimeToUs(double t, TimelineUnit unit) {
  return unit == TimelineUnit::Nanoseconds ? t / 1000.0 : t;
}

json metadata(const char* what, int pid, int tid, const json& args) {
  return {{"name", what}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"args", args}};
}

json slice(const std::string& name, const char* cat, int pid, int tid, double ts, double dur,
           const json& args) {
  return {{"name", name}, {"cat", cat}, {"ph", "X"},  {"pid", pid},
          {"tid", tid},   {"ts", ts},   {"dur", dur}, {"args", args}};
}

// "SM 12", "SM 12, slot 2" (a second block resident on it at once), "resident slot 3".
std::string trackName(const SwimLane& lane, int row, TimelineUnit unit) {
  std::string name = lane.sm < 0 ? std::string("SM unknown")
                     : unit == TimelineUnit::Nanoseconds
                         ? "SM " + std::to_string(lane.sm)
                         : "resident slot " + std::to_string(lane.sm);
  if (lane.rows > 1) name += ", slot " + std::to_string(row);
  return name;
}

// One track per resident slot of each SM, as the window's timeline lays them out (its rows): the
// blocks on one track never overlap, and each wait lies inside its block where the timeline draws
// it.
void addBlocks(const Trace& t, json& events) {
  if (t.blocks.empty()) return;
  const BlockTimeline tl = buildBlockTimeline(t, LaneGrouping::BySm);
  const TimelineUnit unit = tl.unit;
  events.push_back(metadata(
      "process_name", kChromeBlocksPid, 0,
      {{"name",
        "blocks of " + t.meta.algorithm + " on " + t.meta.device +
            (unit == TimelineUnit::Rounds ? " (scheduler rounds, one drawn per µs)" : "")}}));
  std::vector<int> firstTrack(tl.lanes.size());
  int tracks = 0;
  for (size_t l = 0; l < tl.lanes.size(); ++l) {
    firstTrack[l] = tracks;
    for (int row = 0; row < tl.lanes[l].rows; ++row, ++tracks) {
      events.push_back(metadata("thread_name", kChromeBlocksPid, tracks,
                                {{"name", trackName(tl.lanes[l], row, unit)}}));
      events.push_back(
          metadata("thread_sort_index", kChromeBlocksPid, tracks, {{"sort_index", tracks}}));
    }
  }
  const auto at = [&](double v) { return blockTimeToUs(v - tl.start, unit); };
  for (const BlockSpan& s : tl.spans) {
    const TraceBlock& b = t.blocks[s.block];
    const int tid = firstTrack[s.lane] + s.row;
    events.push_back(slice("block " + std::to_string(b.id), "block", kChromeBlocksPid, tid,
                           at(s.start), at(s.end) - at(s.start),
                           {{"block", b.id},
                            {"launch_index", b.launchIndex},
                            {"sm", b.sm},
                            {"wait", b.waitNs},
                            {"lookback", b.lookback},
                            {"time_unit", t.meta.timeUnit}}));
    if (s.waitEnd > s.waitStart)
      events.push_back(slice("wait for the predecessors' prefix", "lookback-wait", kChromeBlocksPid,
                             tid, at(s.waitStart), at(s.waitEnd) - at(s.waitStart),
                             {{"block", b.id},
                              {"lookback", b.lookback},
                              {"placed", s.waitEstimated ? "estimated, as the timeline draws it"
                                                         : "exact (the emulator's rounds)"}}));
  }
}

void addWarpClocks(const Trace& t, json& events) {
  const WarpClockTable table = warpClockTable(t);
  if (table.empty()) return;
  double first = std::numeric_limits<double>::infinity();
  for (const WarpClockStep& s : table.steps)
    for (size_t w = 0; w < s.cycles.size(); ++w)
      if (!std::isnan(s.cycles[w]))
        first =
            std::min(first, static_cast<double>(t.steps[static_cast<size_t>(s.step)].warpClock[w]) -
                                s.cycles[w]);
  events.push_back(
      metadata("process_name", kChromeWarpsPid, 0,
               {{"name", "warp clocks of block " + std::to_string(t.meta.recordedBlock) +
                             ", in clock64 cycles (one cycle per ns mark)"}}));
  for (int w = 0; w < table.warps; ++w)
    events.push_back(
        metadata("thread_name", kChromeWarpsPid, w, {{"name", "warp " + std::to_string(w)}}));
  for (const WarpClockStep& s : table.steps) {
    const TraceStep& step = t.steps[static_cast<size_t>(s.step)];
    for (size_t w = 0; w < s.cycles.size(); ++w) {
      if (std::isnan(s.cycles[w])) continue;  // a clock that went backwards
      const double end = static_cast<double>(step.warpClock[w]);
      events.push_back(slice(s.label, s.phase.c_str(), kChromeWarpsPid, static_cast<int>(w),
                             (end - s.cycles[w] - first) / 1000.0, s.cycles[w] / 1000.0,
                             {{"step", s.step}, {"cycles", s.cycles[w]}, {"ops", s.ops}}));
    }
  }
}

}  // namespace

std::string chromeTraceJson(const Trace& t) {
  json events = json::array();
  addBlocks(t, events);
  addWarpClocks(t, events);
  if (events.empty())
    throw InputError("this trace has no block timing and no warp clocks to export");
  const json doc = {{"traceEvents", events},
                    {"displayTimeUnit", "ns"},
                    {"otherData",
                     {{"algorithm", t.meta.algorithm},
                      {"n", t.meta.n},
                      {"backend", t.meta.backend},
                      {"device", t.meta.device},
                      {"time_unit", t.meta.timeUnit},
                      {"warp_clock_unit", "clock64 cycles, drawn one per ns"},
                      {"scanviz_version", scanvizVersion()}}}};
  return doc.dump();
}

}  // namespace scanviz
