// Trace files: what is written is read back unchanged, and broken files get messages that say
// where the problem is instead of crashing or loading half a trace.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Trace captureCpu(AlgorithmId id, std::vector<double> input, DType dtype = DType::Int32,
                 bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(id, std::move(input), Operator::Add, exclusive);
  rq.dtype = dtype;
  return capture(rq).trace;
}

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("scanviz-test-" + name)).string();
}

TEST(TraceIo, RoundTripKeepsEveryField) {
  for (AlgorithmId id :
       {AlgorithmId::BrentKung, AlgorithmId::Hierarchical, AlgorithmId::DecoupledLookback}) {
    const Trace t = captureCpu(id, {3, 1, 7, 0, 4, 1, 6, 3, 9, 2, 5});
    const Trace back = traceFromJson(traceToJson(t));
    EXPECT_EQ(firstTraceDifference(t, back), "");
    EXPECT_EQ(back.meta.backend, t.meta.backend);
    EXPECT_EQ(back.meta.device, t.meta.device);
    EXPECT_EQ(back.meta.timeUnit, t.meta.timeUnit);
    EXPECT_EQ(back.meta.notes, t.meta.notes);
    ASSERT_EQ(back.blocks.size(), t.blocks.size());
    for (size_t i = 0; i < t.blocks.size(); ++i) {
      EXPECT_EQ(back.blocks[i].sm, t.blocks[i].sm);
      EXPECT_EQ(back.blocks[i].endNs, t.blocks[i].endNs);
    }
    EXPECT_EQ(back.counters.sequentialWork, t.counters.sequentialWork);
  }
}

TEST(TraceIo, FloatValuesSurviveExactly) {
  const Trace t =
      captureCpu(AlgorithmId::KoggeStone, {0.1, 1.0 / 3.0, 2.5e-7, 12345.678}, DType::Float32);
  const Trace back = traceFromJson(traceToJson(t));
  EXPECT_EQ(firstTraceDifference(t, back), "");
  EXPECT_EQ(back.output, t.output);
}

TEST(TraceIo, SaveAndLoadThroughAFile) {
  const Trace t = captureCpu(AlgorithmId::Blelloch, {3, 1, 7, 0, 4, 1, 6, 3}, DType::Int32, true);
  const std::string path = tempPath("roundtrip.json");
  saveTrace(t, path);
  const Trace back = loadTrace(path);
  EXPECT_EQ(firstTraceDifference(t, back), "");
  EXPECT_EQ(back.output, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  std::remove(path.c_str());
}

TEST(TraceIo, TruncatedFileSaysSo) {
  const Trace t = captureCpu(AlgorithmId::KoggeStone, {3, 1, 7, 0});
  const std::string json = traceToJson(t);
  try {
    traceFromJson(json.substr(0, json.size() / 2));
    FAIL() << "a truncated trace loaded";
  } catch (const TraceFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
  }
}

TEST(TraceIo, MissingAndWrongFieldsAreNamed) {
  const auto messageOf = [](const std::string& text) {
    try {
      traceFromJson(text);
    } catch (const TraceFormatError& e) {
      return std::string(e.what());
    }
    return std::string("loaded");
  };
  EXPECT_NE(messageOf(R"({"version": 1})").find("'meta'"), std::string::npos);
  EXPECT_NE(messageOf(R"({"version": 7})").find("version 7"), std::string::npos);
  std::string text = traceToJson(captureCpu(AlgorithmId::KoggeStone, {3, 1}));
  const size_t at = text.find("\"values\":[");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 10, "\"values\":[\"x\",");
  EXPECT_NE(messageOf(text).find("steps[0].values"), std::string::npos) << messageOf(text);
}

TEST(TraceIo, MissingFileNamesThePath) {
  try {
    loadTrace("/nonexistent/dir/trace.json");
    FAIL();
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/trace.json"), std::string::npos);
  }
}

TEST(TraceIo, LargeInputsKeepAPrefixAndSaySo) {
  CaptureRequest rq{{.algorithm = AlgorithmId::DecoupledLookback, .backend = BackendChoice::Cpu}};
  rq.input.assign(100000, 1.0);
  rq.limits.maxStoredValues = 1000;
  const Trace t = capture(rq).trace;
  EXPECT_EQ(t.meta.n, 100000);
  EXPECT_EQ(t.meta.storedValues, 1000);
  EXPECT_EQ(t.output.size(), 1000u);
  EXPECT_EQ(t.output.back(), 1000.0);
  const Trace back = traceFromJson(traceToJson(t));
  EXPECT_EQ(back.meta.storedValues, 1000);
  EXPECT_EQ(back.meta.n, 100000);
}

}  // namespace
}  // namespace scanviz
