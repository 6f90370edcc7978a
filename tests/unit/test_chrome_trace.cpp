// `scanviz export --format perfetto`: the Chrome Trace Event JSON of a trace has the fields the
// event format requires, every block is one complete ("X") event on its SM's track with its
// times, and each warp of the recorded block has a track with one event per clocked step.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/lesson/warp_clock.h"
#include "app/core/trace/chrome_trace.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

// The fields chrome://tracing and Perfetto need: every event has name, ph, pid and tid; a
// complete event also ts and dur (>= 0); metadata events name a process or a thread.
void expectWellFormed(const json& doc) {
  ASSERT_TRUE(doc.contains("traceEvents") && doc["traceEvents"].is_array());
  for (const json& e : doc["traceEvents"]) {
    ASSERT_TRUE(e.contains("name") && e["name"].is_string()) << e;
    ASSERT_TRUE(e.contains("ph") && e["ph"].is_string()) << e;
    ASSERT_TRUE(e.contains("pid") && e["pid"].is_number_integer()) << e;
    ASSERT_TRUE(e.contains("tid") && e["tid"].is_number_integer()) << e;
    const std::string ph = e["ph"];
    ASSERT_TRUE(ph == "X" || ph == "M") << e;
    if (ph == "X") {
      ASSERT_TRUE(e.contains("ts") && e["ts"].is_number()) << e;
      ASSERT_TRUE(e.contains("dur") && e["dur"].is_number() && e["dur"] >= 0) << e;
    } else {
      ASSERT_TRUE(e.contains("args") && e["args"].is_object()) << e;
    }
  }
}

std::vector<json> events(const json& doc, const std::string& ph, const std::string& cat = "") {
  std::vector<json> out;
  for (const json& e : doc["traceEvents"])
    if (e["ph"] == ph && (cat.empty() || e.value("cat", "") == cat)) out.push_back(e);
  return out;
}

TEST(ChromeTrace, EveryBlockIsOneCompleteEventOnItsSmTrack) {
  const Trace t = sampleTrace("single-pass-chained-1048576.json");
  const json doc = json::parse(chromeTraceJson(t));
  expectWellFormed(doc);
  const std::vector<json> blocks = events(doc, "X", "block");
  ASSERT_EQ(blocks.size(), t.blocks.size());
  std::map<int, json> byId;
  for (const json& e : blocks) {
    EXPECT_EQ(e["pid"], kChromeBlocksPid);
    EXPECT_TRUE(byId.emplace(e["args"]["block"].get<int>(), e).second) << "block twice: " << e;
  }
  // The SM tracks are named once each.
  std::map<int, std::string> trackNames;
  for (const json& m : events(doc, "M"))
    if (m["name"] == "thread_name" && m["pid"] == kChromeBlocksPid) {
      EXPECT_TRUE(trackNames.emplace(m["tid"].get<int>(), m["args"]["name"]).second);
    }
  for (const TraceBlock& b : t.blocks) {
    const json& e = byId.at(b.id);
    EXPECT_EQ(e["tid"], b.sm) << b.id;
    EXPECT_EQ(trackNames.at(b.sm), "SM " + std::to_string(b.sm));
    EXPECT_DOUBLE_EQ(e["ts"].get<double>(), static_cast<double>(b.startNs) / 1000.0);
    EXPECT_DOUBLE_EQ(e["dur"].get<double>(), static_cast<double>(b.endNs - b.startNs) / 1000.0);
  }
  EXPECT_EQ(trackNames.size(), 132u);  // the H200's SMs that ran blocks
  // The chained scan's waits are inside their blocks, on the same track.
  for (const json& w : events(doc, "X", "lookback-wait")) {
    const json& block = byId.at(w["args"]["block"].get<int>());
    EXPECT_EQ(w["tid"], block["tid"]);
    EXPECT_GE(w["ts"].get<double>(), block["ts"].get<double>());
    EXPECT_LE(w["dur"].get<double>(), block["dur"].get<double>());
  }
  EXPECT_FALSE(events(doc, "X", "lookback-wait").empty());
}

TEST(ChromeTrace, EachWarpHasATrackWithOneEventPerClockedStep) {
  const Trace t = sampleTrace("decoupled-lookback-1024.json");
  const WarpClockTable table = warpClockTable(t);
  ASSERT_FALSE(table.empty());
  const json doc = json::parse(chromeTraceJson(t));
  expectWellFormed(doc);
  std::map<int, std::vector<json>> perWarp;
  for (const json& e : events(doc, "X"))
    if (e["pid"] == kChromeWarpsPid) perWarp[e["tid"].get<int>()].push_back(e);
  ASSERT_EQ(static_cast<int>(perWarp.size()), table.warps);
  for (const auto& [warp, list] : perWarp) {
    ASSERT_EQ(list.size(), table.steps.size()) << "warp " << warp;
    for (size_t i = 0; i < list.size(); ++i) {
      const WarpClockStep& s = table.steps[i];
      EXPECT_EQ(list[i]["name"], s.label);
      EXPECT_EQ(list[i]["args"]["step"], s.step);
      EXPECT_DOUBLE_EQ(list[i]["dur"].get<double>(), s.cycles[static_cast<size_t>(warp)] / 1000.0);
      // A warp's step ends where its clock stood at the end of that step.
      const double end = list[i]["ts"].get<double>() + list[i]["dur"].get<double>();
      EXPECT_NEAR(end * 1000.0,
                  static_cast<double>(t.steps[static_cast<size_t>(s.step)].warpClock[warp]), 1e-6);
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
  expectWellFormed(doc);
  const std::vector<json> blocks = events(doc, "X", "block");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[1]["tid"], 0);
  EXPECT_DOUBLE_EQ(blocks[1]["ts"].get<double>(), 2.0);  // one round shown as 1 µs
  EXPECT_DOUBLE_EQ(blocks[1]["dur"].get<double>(), 3.0);
  EXPECT_THROW(chromeTraceJson(Trace{}), InputError);
}

}  // namespace
}  // namespace scanviz
