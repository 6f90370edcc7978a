// The problem model beside the values (issue 13 item 5): head flags and a second array go from
// the capture request through the emulator's recorder into the trace, survive the JSON file, and
// a file whose rows are malformed is refused with the field named. tests/gpu checks that the CUDA
// recorder records the same rows.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/trace/trace.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

using nlohmann::json;

CaptureRequest requestWithRows(AlgorithmId id, int n, int blockSize) {
  CaptureRequest rq = emulatorRequest(id, {});
  rq.blockSize = blockSize;
  for (int i = 0; i < n; ++i) {
    rq.input.push_back((i * 7) % 5);
    rq.rows.flags.push_back(i % 3 == 0 ? 1 : 0);
    rq.rows.second.push_back(100 - i);
  }
  rq.rows.secondName = "keys";
  return rq;
}

TEST(ProblemRows, CaptureStoresTheInputRowsAndTheLoadStepShowsTheSection) {
  for (int recordBlock : {0, 1}) {
    CaptureRequest rq = requestWithRows(AlgorithmId::KoggeStone, 20, 8);
    rq.recordBlock = recordBlock;
    const Trace t = capture(rq).trace;
    EXPECT_EQ(t.version, kTraceVersion);
    EXPECT_EQ(t.rows.flags, rq.rows.flags);
    EXPECT_EQ(t.rows.second, rq.rows.second);
    EXPECT_EQ(t.rows.secondName, "keys");
    const TraceStep& load = t.steps.at(0);
    ASSERT_EQ(load.flags.size(), 8u);
    ASSERT_EQ(load.second.size(), 8u);
    for (int i = 0; i < 8; ++i) {
      const int element = recordBlock * 8 + i;
      EXPECT_EQ(load.flags[static_cast<size_t>(i)], element % 3 == 0 ? 1 : 0) << element;
      EXPECT_EQ(load.second[static_cast<size_t>(i)], 100 - element) << element;
    }
    // Kogge-Stone does not change the rows, so its later steps show the load's.
    EXPECT_TRUE(t.steps.at(1).flags.empty());
    EXPECT_EQ(flagsShown(t, 1), &load.flags);
    EXPECT_EQ(secondShown(t, 1), &load.second);
  }
}

TEST(ProblemRows, PaddingPastTheLastElementShowsZeros) {
  CaptureRequest rq = requestWithRows(AlgorithmId::Blelloch, 5, 4);  // one section of 8
  const Trace t = capture(rq).trace;
  const std::vector<uint8_t> flags{1, 0, 0, 1, 0, 0, 0, 0};
  const std::vector<int32_t> second{100, 99, 98, 97, 96, 0, 0, 0};
  EXPECT_EQ(t.steps.at(0).flags, flags);
  EXPECT_EQ(t.steps.at(0).second, second);
}

TEST(ProblemRows, WithoutRowsNothingIsRecorded) {
  CaptureRequest rq = requestWithRows(AlgorithmId::BrentKung, 12, 4);
  rq.rows = {};
  const Trace t = capture(rq).trace;
  EXPECT_TRUE(t.rows.empty());
  for (size_t i = 0; i < t.steps.size(); ++i) {
    EXPECT_TRUE(t.steps[i].flags.empty());
    EXPECT_EQ(flagsShown(t, i), nullptr);
  }
  EXPECT_EQ(json::parse(traceToJson(t)).count("flags"), 0u);
}

TEST(ProblemRows, RowsSurviveTheJsonFile) {
  const Trace t = capture(requestWithRows(AlgorithmId::Hierarchical, 40, 4)).trace;
  const Trace back = traceFromJson(traceToJson(t));
  EXPECT_EQ(firstTraceDifference(t, back), "");
  EXPECT_EQ(back.rows.flags, t.rows.flags);
  EXPECT_EQ(back.rows.second, t.rows.second);
  EXPECT_EQ(back.rows.secondName, "keys");
  EXPECT_EQ(back.steps.at(0).flags, t.steps.at(0).flags);
  EXPECT_EQ(back.steps.at(0).second, t.steps.at(0).second);
  // A difference in a row is a difference between traces.
  Trace other = back;
  other.steps.at(0).flags.at(1) ^= 1;
  EXPECT_NE(firstTraceDifference(t, other).find("flags"), std::string::npos);
}

// The reader refuses a malformed row and names it.
std::string refusal(const std::function<void(json&)>& breakIt) {
  json j = json::parse(traceToJson(capture(requestWithRows(AlgorithmId::KoggeStone, 6, 8)).trace));
  breakIt(j);
  try {
    traceFromJson(j.dump());
  } catch (const TraceFormatError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ProblemRows, MalformedRowsAreRefusedWithTheFieldNamed) {
  EXPECT_EQ(refusal([](json&) {}), "accepted");
  EXPECT_NE(refusal([](json& j) { j["flags"].erase(0); }).find("trace.flags: 5 entries"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["flags"][2] = 2; }).find("trace.flags[2]: 2 is not a flag"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) {
              j["steps"][0]["flags"][3] = 7;
            }).find("trace.steps[0].flags[3]: 7 is not a flag"),
            std::string::npos);
  EXPECT_NE(
      refusal([](json& j) { j["steps"][0]["flags"][3] = 300; }).find("trace.steps[0].flags[3]"),
      std::string::npos);
  EXPECT_NE(refusal([](json& j) {
              j["steps"][0]["second"].push_back(1);
            }).find("trace.steps[0].second: 9 entries but the step holds 8 values"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) { j["second"][0] = 0.5; }).find("trace.second[0]"),
            std::string::npos);
  EXPECT_NE(refusal([](json& j) {
              j["version"] = 2;
            }).find("trace.flags: a version 2 trace has no such row"),
            std::string::npos);
}

TEST(ProblemRows, CaptureRefusesRowsThatDoNotFitTheInput) {
  CaptureRequest rq = requestWithRows(AlgorithmId::KoggeStone, 6, 8);
  rq.rows.flags.pop_back();
  EXPECT_THROW(capture(rq), InputError);
  rq = requestWithRows(AlgorithmId::KoggeStone, 6, 8);
  rq.rows.flags[4] = 2;
  try {
    capture(rq);
    FAIL() << "a flag of 2 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("flag 2 at index 4"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scanviz
