#include "app/core/trace/chrome_trace.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "app/core/capture/capture.h"
#include "app/core/lesson/warp_clock.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

// Chrome's timestamps are microseconds. Block times are ns on a GPU, scheduler rounds on the
// emulator (one round is shown as 1 µs); warp clocks are cycles (one cycle is shown as 1 ns).
double blockTimeToUs(int64_t t, const std::string& unit) {
  return unit == "ns" ? static_cast<double>(t) / 1000.0 : static_cast<double>(t);
}

json metadata(const char* what, int pid, int tid, const json& args) {
  return {{"name", what}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"args", args}};
}

std::string smName(int sm, const std::string& unit) {
  if (sm < 0) return "SM unknown";
  return (unit == "ns" ? "SM " : "resident slot ") + std::to_string(sm);
}

void addBlocks(const Trace& t, json& events) {
  if (t.blocks.empty()) return;
  const std::string& unit = t.meta.timeUnit;
  events.push_back(metadata("process_name", kChromeBlocksPid, 0,
                            {{"name", "blocks of " + t.meta.algorithm + " on " + t.meta.device}}));
  std::set<int> sms;
  for (const TraceBlock& b : t.blocks) sms.insert(b.sm);
  for (const int sm : sms) {
    events.push_back(metadata("thread_name", kChromeBlocksPid, sm, {{"name", smName(sm, unit)}}));
    events.push_back(metadata("thread_sort_index", kChromeBlocksPid, sm, {{"sort_index", sm}}));
  }
  for (const TraceBlock& b : t.blocks) {
    const json args = {{"block", b.id},    {"launch_index", b.launchIndex}, {"sm", b.sm},
                       {"wait", b.waitNs}, {"lookback", b.lookback},        {"time_unit", unit}};
    events.push_back({{"name", "block " + std::to_string(b.id)},
                      {"cat", "block"},
                      {"ph", "X"},
                      {"pid", kChromeBlocksPid},
                      {"tid", b.sm},
                      {"ts", blockTimeToUs(b.startNs, unit)},
                      {"dur", blockTimeToUs(b.endNs - b.startNs, unit)},
                      {"args", args}});
    if (b.waitNs > 0)
      events.push_back({{"name", "wait for the predecessors' prefix"},
                        {"cat", "lookback-wait"},
                        {"ph", "X"},
                        {"pid", kChromeBlocksPid},
                        {"tid", b.sm},
                        {"ts", blockTimeToUs(b.startNs, unit)},
                        {"dur", blockTimeToUs(b.waitNs, unit)},
                        {"args", {{"block", b.id}, {"lookback", b.lookback}}}});
  }
}

void addWarpClocks(const Trace& t, json& events) {
  const WarpClockTable table = warpClockTable(t);
  if (table.empty()) return;
  events.push_back(
      metadata("process_name", kChromeWarpsPid, 0,
               {{"name", "warp clocks of block " + std::to_string(t.meta.recordedBlock) +
                             " (clock64 cycles, shown as ns)"}}));
  for (int w = 0; w < table.warps; ++w)
    events.push_back(
        metadata("thread_name", kChromeWarpsPid, w, {{"name", "warp " + std::to_string(w)}}));
  for (const WarpClockStep& s : table.steps) {
    const TraceStep& step = t.steps[static_cast<size_t>(s.step)];
    for (size_t w = 0; w < s.cycles.size(); ++w) {
      if (std::isnan(s.cycles[w])) continue;  // a clock that went backwards
      const double end = static_cast<double>(step.warpClock[w]);
      events.push_back({{"name", s.label},
                        {"cat", s.phase},
                        {"ph", "X"},
                        {"pid", kChromeWarpsPid},
                        {"tid", static_cast<int>(w)},
                        {"ts", (end - s.cycles[w]) / 1000.0},
                        {"dur", s.cycles[w] / 1000.0},
                        {"args", {{"step", s.step}, {"cycles", s.cycles[w]}, {"ops", s.ops}}}});
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
                      {"time_unit", t.meta.timeUnit}}}};
  return doc.dump();
}

}  // namespace scanviz
