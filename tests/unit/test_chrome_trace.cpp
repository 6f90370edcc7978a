// `scanviz export --format perfetto`: the Chrome Trace Event JSON of a trace keeps the rules of the
// Trace Event Format (no partly overlapping slices on a track, no negative times), every block is
// one complete ("X") event on a track of its SM (one per resident slot) with its wait where the
// window's timeline draws it, and each warp of the recorded block has a track, in cycles, with one
// event per clocked step.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "app/core/capture/capture.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/lesson/warp_clock.h"
#include "app/core/support/version.h"
#include "app/core/trace/chrome_trace.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"
#include "tests/common/child_process.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

// The rules of the Trace Event Format (the "JSON Object Format" of its documentation, as
// chrome://tracing and Perfetto read it): a traceEvents array; every event has a name, a phase,
// integer pid and tid; a complete ("X") event has ts and dur in microseconds, here never negative;
// metadata ("M") events name a process or a thread, or give its sort index; displayTimeUnit is
// "ms" or "ns"; complete events on one thread (a track) nest, never partly overlap (Perfetto
// drops those it cannot nest). Returns the problems, one a line.
std::string traceEventFormatProblems(const json& doc) {
  std::ostringstream out;
  if (!doc.is_object() || !doc.contains("traceEvents") || !doc["traceEvents"].is_array())
    return "no traceEvents array\n";
  if (doc.contains("displayTimeUnit") && doc["displayTimeUnit"] != "ms" &&
      doc["displayTimeUnit"] != "ns")
    out << "displayTimeUnit " << doc["displayTimeUnit"] << "\n";
  if (doc.contains("otherData") && !doc["otherData"].is_object()) out << "otherData\n";
  std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> slices;
  std::set<std::pair<int, int>> namedThreads;
  std::set<int> namedProcesses;
  for (const json& e : doc["traceEvents"]) {
    if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !e.contains("ph") ||
        !e["ph"].is_string() || !e.contains("pid") || !e["pid"].is_number_integer() ||
        !e.contains("tid") || !e["tid"].is_number_integer()) {
      out << "event without name, ph, pid or tid: " << e << "\n";
      continue;
    }
    const std::string ph = e["ph"];
    const std::pair<int, int> track{e["pid"].get<int>(), e["tid"].get<int>()};
    if (e.contains("args") && !e["args"].is_object()) out << "args not an object: " << e << "\n";
    if (ph == "X") {
      if (!e.contains("ts") || !e["ts"].is_number() || e["ts"].get<double>() < 0 ||
          !e.contains("dur") || !e["dur"].is_number() || e["dur"].get<double>() < 0) {
        out << "complete event without ts and dur of 0 or more: " << e << "\n";
        continue;
      }
      const double ts = e["ts"].get<double>();
      slices[track].push_back({ts, ts + e["dur"].get<double>()});
    } else if (ph == "M") {
      const std::string name = e["name"];
      const bool named = name == "process_name" || name == "thread_name";
      const bool sorted = name == "process_sort_index" || name == "thread_sort_index";
      if (!(named || sorted) || !e.contains("args") ||
          (named && !(e["args"].contains("name") && e["args"]["name"].is_string())) ||
          (sorted &&
           !(e["args"].contains("sort_index") && e["args"]["sort_index"].is_number_integer())))
        out << "metadata event the format does not define: " << e << "\n";
      if (name == "process_name") namedProcesses.insert(track.first);
      if (name == "thread_name") namedThreads.insert(track);
    } else {
      out << "phase " << ph << " is not written by scanviz\n";
    }
  }
  int overlaps = 0;
  for (auto& [track, list] : slices) {
    if (!namedThreads.count(track)) out << "track " << track.second << " has no name\n";
    if (!namedProcesses.count(track.first)) out << "process " << track.first << " has no name\n";
    // Longer first at one start, so that an enclosing slice comes before what it holds.
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    constexpr double kEps = 1e-9;
    std::vector<double> open;  // ends of the slices that enclose the current one
    for (const auto& [start, end] : list) {
      while (!open.empty() && open.back() <= start + kEps) open.pop_back();
      if (!open.empty() && end > open.back() + kEps) ++overlaps;
      open.push_back(end);
    }
  }
  if (overlaps) out << overlaps << " slices partly overlap another on their track\n";
  return out.str();
}

std::vector<json> events(const json& doc, const std::string& ph, const std::string& cat = "") {
  std::vector<json> out;
  for (const json& e : doc["traceEvents"])
    if (e["ph"] == ph && (cat.empty() || e.value("cat", "") == cat)) out.push_back(e);
  return out;
}

std::map<int, std::string> trackNames(const json& doc, int pid) {
  std::map<int, std::string> names;
  for (const json& m : events(doc, "M"))
    if (m["name"] == "thread_name" && m["pid"] == pid) {
      EXPECT_TRUE(names.emplace(m["tid"].get<int>(), m["args"]["name"]).second) << m;
    }
  return names;
}

Trace emulatorRun(AlgorithmId id, long long n) {
  return capture(emulatorRequest(id, std::vector<double>(static_cast<size_t>(n), 1.0))).trace;
}

// What the export of `t` breaks of the format's rules, with `what` it is: empty when nothing.
std::string exportProblems(const std::string& what, const Trace& t) {
  if (t.blocks.size() <= 1) return what + ": no block timing\n";
  const json doc = json::parse(chromeTraceJson(t));
  std::string problems = traceEventFormatProblems(doc);
  if (events(doc, "X", "block").size() != t.blocks.size()) problems += "not every block\n";
  if (doc["otherData"]["scanviz_version"] != scanvizVersion()) problems += "no version\n";
  return problems.empty() ? problems : what + ": " + problems;
}

// The cases: GPU traces with blocks resident side by side on one SM (before: 110 and
// 1,333 overlapping slices), and the emulator's, whose block timing is in rounds. They run in a
// child: their heap would stay with this process and let a later test's address-space limit
// (TraceLimitsBeforeReading, which reads the same sample) be met from freed memory.
TEST(ChromeTrace, TheExportKeepsTheRulesOfTheTraceEventFormat) {
  const ChildRun run = runInChild([] {
    return exportProblems("decoupled-lookback-1048576.json",
                          sampleTrace("decoupled-lookback-1048576.json")) +
           exportProblems("single-pass-chained-1048576.json",
                          sampleTrace("single-pass-chained-1048576.json")) +
           exportProblems("decoupled-lookback, emulator, 65,536",
                          emulatorRun(AlgorithmId::DecoupledLookback, 65536)) +
           exportProblems("single-pass-chained, emulator, 65,536",
                          emulatorRun(AlgorithmId::SinglePassChained, 65536));
  });
  ASSERT_TRUE(WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0) << run.said;
  EXPECT_EQ(run.said, "");
}

TEST(ChromeTrace, TheCheckerFindsOverlapsAndNegativeTimes) {
  const auto doc = [](double ts2, double dur2) {
    const json x1 = {{"name", "a"}, {"ph", "X"}, {"pid", 1}, {"tid", 0}, {"ts", 0}, {"dur", 10}};
    json x2 = x1;
    x2["ts"] = ts2;
    x2["dur"] = dur2;
    const json names = {
        {"name", "process_name"}, {"ph", "M"}, {"pid", 1}, {"tid", 0}, {"args", {{"name", "p"}}}};
    json thread = names;
    thread["name"] = "thread_name";
    return json{{"traceEvents", {x1, x2, names, thread}}};
  };
  EXPECT_EQ(traceEventFormatProblems(doc(2, 3)), "");   // nested
  EXPECT_EQ(traceEventFormatProblems(doc(10, 3)), "");  // one after the other
  EXPECT_NE(traceEventFormatProblems(doc(5, 10)).find("partly overlap"), std::string::npos);
  EXPECT_NE(traceEventFormatProblems(doc(-1, 1)).find("0 or more"), std::string::npos);
}

TEST(ChromeTrace, EveryBlockIsOnATrackOfItsSmWithItsWaitWhereTheTimelineDrawsIt) {
  const Trace t = sampleTrace("single-pass-chained-1048576.json");
  const json doc = json::parse(chromeTraceJson(t));
  const BlockTimeline tl = buildBlockTimeline(t, LaneGrouping::BySm);
  const std::map<int, std::string> names = trackNames(doc, kChromeBlocksPid);
  std::map<int, json> byId, waits;
  for (const json& e : events(doc, "X", "block")) {
    EXPECT_EQ(e["pid"], kChromeBlocksPid);
    EXPECT_TRUE(byId.emplace(e["args"]["block"].get<int>(), e).second) << "block twice: " << e;
  }
  for (const json& w : events(doc, "X", "lookback-wait")) waits.emplace(w["args"]["block"], w);
  EXPECT_FALSE(waits.empty());
  std::set<int> sms;
  for (const BlockSpan& s : tl.spans) {
    const TraceBlock& b = t.blocks[s.block];
    sms.insert(b.sm);
    const json& e = byId.at(b.id);
    const std::string track = names.at(e["tid"].get<int>());
    EXPECT_EQ(track.rfind("SM " + std::to_string(b.sm), 0), 0u) << track << " for SM " << b.sm;
    // Times from the first block's start, in µs.
    EXPECT_NEAR(e["ts"].get<double>(), (s.start - tl.start) / 1000.0, 1e-9);
    EXPECT_NEAR(e["dur"].get<double>(), (s.end - s.start) / 1000.0, 1e-9);
    if (s.waitEnd > s.waitStart) {
      const json& w = waits.at(b.id);
      EXPECT_EQ(w["tid"], e["tid"]);
      EXPECT_NEAR(w["ts"].get<double>(), (s.waitStart - tl.start) / 1000.0, 1e-9);
      EXPECT_NEAR(w["dur"].get<double>(), (s.waitEnd - s.waitStart) / 1000.0, 1e-9);
    }
  }
  EXPECT_EQ(sms.size(), 132u);  // the H200's SMs that ran blocks
  // More tracks than SMs: blocks resident side by side on one SM get a slot each.
  EXPECT_GT(names.size(), sms.size());
}

TEST(ChromeTrace, EachWarpHasATrackInCyclesWithOneEventPerClockedStep) {
  const Trace t = sampleTrace("decoupled-lookback-1024.json");
  const WarpClockTable table = warpClockTable(t);
  ASSERT_FALSE(table.empty());
  const json doc = json::parse(chromeTraceJson(t));
  EXPECT_EQ(traceEventFormatProblems(doc), "");
  for (const json& m : events(doc, "M"))
    if (m["name"] == "process_name" && m["pid"] == kChromeWarpsPid) {
      const std::string name = m["args"]["name"];
      EXPECT_NE(name.find("cycles"), std::string::npos) << name;
      EXPECT_EQ(name.find("shown as ns"), std::string::npos) << name;
    }
  std::map<int, std::vector<json>> perWarp;
  for (const json& e : events(doc, "X"))
    if (e["pid"] == kChromeWarpsPid) perWarp[e["tid"].get<int>()].push_back(e);
  ASSERT_EQ(static_cast<int>(perWarp.size()), table.warps);
  double offset = NAN;  // the clock at the axis's 0
  for (const auto& [warp, list] : perWarp) {
    ASSERT_EQ(list.size(), table.steps.size()) << "warp " << warp;
    for (size_t i = 0; i < list.size(); ++i) {
      const WarpClockStep& s = table.steps[i];
      EXPECT_EQ(list[i]["name"], s.label);
      EXPECT_EQ(list[i]["args"]["step"], s.step);
      EXPECT_DOUBLE_EQ(list[i]["dur"].get<double>(), s.cycles[static_cast<size_t>(warp)] / 1000.0);
      // A warp's step ends where its clock stood at the end of that step, every warp from the
      // same 0.
      const double clock =
          static_cast<double>(t.steps[static_cast<size_t>(s.step)].warpClock[warp]);
      const double end = list[i]["ts"].get<double>() + list[i]["dur"].get<double>();
      if (std::isnan(offset)) offset = clock - end * 1000.0;
      EXPECT_NEAR(end * 1000.0 + offset, clock, 1e-3);
      if (i > 0) {
        EXPECT_GE(list[i]["ts"].get<double>(), list[i - 1]["ts"].get<double>());
      }
    }
  }
}

TEST(ChromeTrace, EmulatorRoundsAndNothingToExport) {
  Trace t;
  t.meta.timeUnit = "round";
  t.blocks = {{0, 0, 1, 0, 0, 3, 0}, {1, 1, 0, 2, 1, 5, 1}};
  const json doc = json::parse(chromeTraceJson(t));
  EXPECT_EQ(traceEventFormatProblems(doc), "");
  std::vector<json> blocks = events(doc, "X", "block");
  ASSERT_EQ(blocks.size(), 2u);
  std::sort(blocks.begin(), blocks.end(),
            [](const json& a, const json& b) { return a["args"]["block"] < b["args"]["block"]; });
  EXPECT_EQ(trackNames(doc, kChromeBlocksPid).at(blocks[1]["tid"].get<int>()), "resident slot 0");
  EXPECT_DOUBLE_EQ(blocks[1]["ts"].get<double>(), 2.0);  // one round shown as 1 µs
  EXPECT_DOUBLE_EQ(blocks[1]["dur"].get<double>(), 3.0);
  EXPECT_THROW(chromeTraceJson(Trace{}), InputError);
}

}  // namespace
}  // namespace scanviz
