// Reading files a hostile user made (issue 15): float32 overflow written so that it reads back,
// every field of a trace and a session validated with a message that names it, size limits
// checked before reading, bounded tick loops, command-line values reported as typed, and a
// capture that cannot fit in memory refused before it starts.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "app/cli/cli.h"
#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/capture/session.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/plot_math.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"
#include "app/core/trace/trace_validation.h"
#include "app/options/capture_options.h"
#include "tests/common/captures.h"
#include "tests/common/child_process.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

std::string tempPath(const std::string& name) {
  return (fs::temp_directory_path() /
          ("scanviz-validation-" + std::to_string(getpid()) + "-" + name))
      .string();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

Trace captureCpu(AlgorithmId id, std::vector<double> input, DType dtype, Operator op,
                 bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(id, std::move(input), op, exclusive);
  rq.dtype = dtype;
  return capture(rq).trace;
}

// Values equal as stored: NaN equals NaN, +0 and -0 differ.
bool sameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

void expectSameValues(const std::vector<double>& a, const std::vector<double>& b,
                      const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_TRUE(sameBits(a[i], b[i])) << what << "[" << i << "]: " << a[i] << " vs " << b[i];
}

// Every field the file holds, compared exactly.
void expectIdentical(const Trace& a, const Trace& b, const std::string& what) {
  EXPECT_EQ(a.version, b.version) << what;
  EXPECT_EQ(a.meta.algorithm, b.meta.algorithm) << what;
  EXPECT_EQ(a.meta.n, b.meta.n) << what;
  EXPECT_EQ(a.meta.blockSize, b.meta.blockSize) << what;
  EXPECT_EQ(a.meta.sectionSize, b.meta.sectionSize) << what;
  EXPECT_EQ(a.meta.op, b.meta.op) << what;
  EXPECT_EQ(a.meta.dtype, b.meta.dtype) << what;
  EXPECT_EQ(a.meta.inclusive, b.meta.inclusive) << what;
  EXPECT_EQ(a.meta.notes, b.meta.notes) << what;
  EXPECT_EQ(a.meta.storedValues, b.meta.storedValues) << what;
  expectSameValues(a.input, b.input, what + " input");
  expectSameValues(a.output, b.output, what + " output");
  ASSERT_EQ(a.steps.size(), b.steps.size()) << what;
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const std::string s = what + " step " + std::to_string(i);
    expectSameValues(a.steps[i].values, b.steps[i].values, s);
    EXPECT_EQ(a.steps[i].edges, b.steps[i].edges) << s;
    EXPECT_EQ(a.steps[i].active, b.steps[i].active) << s;
    EXPECT_EQ(a.steps[i].label, b.steps[i].label) << s;
    EXPECT_EQ(a.steps[i].ops, b.steps[i].ops) << s;
    EXPECT_EQ(a.steps[i].wholeBits.size(), b.steps[i].wholeBits.size()) << s;
    for (size_t k = 0; k < a.steps[i].wholeBits.size(); ++k) {
      const double x = decodeValueBits(a.steps[i].wholeBits[k], a.meta.dtype);
      const double y = decodeValueBits(b.steps[i].wholeBits[k], b.meta.dtype);
      ASSERT_TRUE(sameBits(x, y)) << s << " whole[" << k << "]";
    }
  }
  ASSERT_EQ(a.blocks.size(), b.blocks.size()) << what;
  for (size_t i = 0; i < a.blocks.size(); ++i) {
    EXPECT_EQ(a.blocks[i].startNs, b.blocks[i].startNs) << what;
    EXPECT_EQ(a.blocks[i].waitNs, b.blocks[i].waitNs) << what;
    EXPECT_EQ(a.blocks[i].endNs, b.blocks[i].endNs) << what;
  }
  EXPECT_EQ(a.counters.work, b.counters.work) << what;
  EXPECT_EQ(a.counters.depth, b.counters.depth) << what;
}

// ---- item 4: float32 overflow ---------------------------------------------------------------

TEST(FloatOverflow, CaptureOfAnOverflowingSumWritesATraceThatReadsBack) {
  const std::string out = tempPath("overflow.json");
  ASSERT_EQ(runCli({"capture", "--input", "3e38,3e38", "--dtype", "float32", "--backend", "cpu",
                    "--out", out}),
            0);
  const Trace t = loadTrace(out);
  ASSERT_EQ(t.output.size(), 2u);
  EXPECT_EQ(t.output[0], static_cast<double>(3e38f));
  EXPECT_EQ(t.output[1], INFINITY);
  EXPECT_EQ(t.steps.back().values[1], INFINITY);
  std::ifstream f(out);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"inf\""), std::string::npos);
  EXPECT_EQ(text.find("null"), std::string::npos);
  fs::remove(out);
}

// Random traces of every algorithm, dtype and operator, float ones with values near float's
// limit (so sums and products overflow) and with inf, -inf and NaN put into their steps and
// output: written and read back, every value is the same.
TEST(FloatOverflow, RandomTracesOfEveryKindRoundTripIdentically) {
  std::mt19937 rng(15);
  int overflowed = 0;
  for (const AlgorithmInfo& info : allAlgorithms()) {
    for (DType dtype : {DType::Int32, DType::Float32}) {
      for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul}) {
        const int n = 1 + static_cast<int>(rng() % 70);
        std::vector<double> in(static_cast<size_t>(n));
        for (double& x : in) {
          if (dtype == DType::Int32)
            x = op == Operator::Mul ? ((rng() % 2) ? 1 : -1) : static_cast<int>(rng() % 21) - 10;
          else
            x = (rng() % 4 == 0 ? 2.5e38 : 1.0) * (static_cast<int>(rng() % 2001) - 1000) / 1000.0;
        }
        const std::string what = std::string(info.key) + " " + std::string(dtypeName(dtype)) + " " +
                                 std::string(operatorName(op));
        Trace t = captureCpu(info.id, in, dtype, op, rng() % 2 == 0);
        if (dtype == DType::Float32) {
          for (double x : t.output) overflowed += std::isinf(x) ? 1 : 0;
          const double specials[] = {INFINITY, -INFINITY, std::nan("")};
          TraceStep& s = t.steps[rng() % t.steps.size()];
          s.values[rng() % s.values.size()] = specials[rng() % 3];
          t.output[rng() % t.output.size()] = specials[rng() % 3];
          for (TraceStep& w : t.steps)
            if (!w.wholeBits.empty())
              w.wholeBits[rng() % w.wholeBits.size()] =
                  encodeValueBits(specials[rng() % 3], "float32");
        }
        expectIdentical(t, traceFromJson(traceToJson(t)), what);
      }
    }
  }
  EXPECT_GT(overflowed, 0) << "no float32 capture overflowed: the test lost its point";
}

// ---- item 8: semantic validation ------------------------------------------------------------

json lessonDocument() {
  return json::parse(traceToJson(
      captureCpu(AlgorithmId::KoggeStone, {3, 1, 7, 0, 4, 1, 6, 3}, DType::Int32, Operator::Add)));
}

std::string refusal(const json& doc) {
  try {
    traceFromJson(doc.dump());
  } catch (const TraceFormatError& e) {
    return e.what();
  }
  return "(accepted)";
}

// A field of a JSON file set to a nonsense value, and the name the refusal must give it.
struct NonsenseField {
  const char* pointer;
  json value;
  const char* field;
};

TEST(TraceValidation, EachNonsenseFieldIsRefusedWithItsName) {
  const NonsenseField cases[] = {
      {"/version", 1099511627778ll, "trace.version"},
      {"/version", 5, "trace.version"},
      {"/flags", json::array({1, 0}), "trace.flags"},
      {"/meta/n", -8, "trace.meta.n"},
      {"/meta/n", 1ll << 40, "trace.meta.n"},
      {"/meta/block_size", 0, "trace.meta.block_size"},
      {"/meta/block_size", 3, "trace.meta.block_size"},
      {"/meta/block_size", 2048, "trace.meta.block_size"},
      {"/meta/section_size", 6, "trace.meta.section_size"},
      {"/meta/operator", "pow", "trace.meta.operator"},
      {"/meta/dtype", "int64", "trace.meta.dtype"},
      {"/meta/algorithm", "quick-sort", "trace.meta.algorithm"},
      {"/meta/blocks_total", 7, "trace.meta.blocks_total"},
      {"/meta/recorded_block", 1, "trace.meta.recorded_block"},
      {"/meta/stored_values", 9, "trace.meta.stored_values"},
      {"/meta/time_unit", "years", "trace.meta.time_unit"},
      {"/input/2", 2.5, "trace.input[2]"},
      {"/input/2", "inf", "trace.input[2]"},
      {"/output/0", 4294967296ll, "trace.output[0]"},
      {"/steps/1/edges/0/0", 2147483647, "trace.steps[1].edges[0]"},
      {"/steps/1/edges/0/1", -2, "trace.steps[1].edges[0]"},
      {"/steps/1/active/0", 8, "trace.steps[1].active[0]"},
      {"/steps/1/values", json::array({1, 2}), "trace.steps[1].values"},
      {"/steps/1/kind", 999, "trace.steps[1].kind"},
      {"/steps/1/array", "heap", "trace.steps[1].array"},
      {"/steps/1/block", 5, "trace.steps[1].block"},
      {"/steps/1/ops", -1, "trace.steps[1].ops"},
      {"/steps/1/level", 1e300, "trace.steps[1].level"},
      {"/blocks/0/end_ns", -5, "trace.blocks[0].end_ns"},
      {"/blocks/0/wait_ns", 1ll << 50, "trace.blocks[0].wait_ns"},
      {"/blocks/0/id", 3, "trace.blocks[0].id"},
      {"/counters/depth", 1000, "trace.counters.depth"},
      {"/steps", json::array(), "trace.steps"},
  };
  for (const NonsenseField& c : cases) {
    json doc = lessonDocument();
    doc[json::json_pointer(c.pointer)] = c.value;
    const std::string message = refusal(doc);
    EXPECT_EQ(message.rfind(c.field, 0), 0u)
        << c.pointer << " = " << c.value.dump() << " gave: " << message;
  }
}

TEST(TraceValidation, EverySampleTraceAndFreshCaptureIsValid) {
  int checked = 0;
  for (const auto& e : fs::directory_iterator(sampleTraceDirectory())) {
    if (e.path().extension() != ".json") continue;
    EXPECT_NO_THROW(loadTrace(e.path().string())) << e.path();
    ++checked;
  }
  EXPECT_GE(checked, 20);
  for (const AlgorithmInfo& info : allAlgorithms())
    EXPECT_NO_THROW(validateTrace(
        captureCpu(info.id, std::vector<double>(5000, 1), DType::Int32, Operator::Add)))
        << info.key;
}

TEST(TraceValidation, BlocksAt2To53NsAreValidAndTheirTicksAreFew) {
  json doc = lessonDocument();
  doc["blocks"][0]["start_ns"] = 9007199254740992ll;
  doc["blocks"][0]["end_ns"] = 9007199254740992ll + 4;
  const Trace t = traceFromJson(doc.dump());
  for (TimelineUnit unit : {TimelineUnit::Nanoseconds, TimelineUnit::Rounds}) {
    BlockTimeline tl = buildBlockTimeline(t);
    tl.unit = unit;
    TimelineGeometry g;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<AxisTick> ticks = timeTicks(tl, fullView(tl), g);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    EXPECT_GE(ticks.size(), 1u);
    EXPECT_LE(ticks.size(), static_cast<size_t>(2 * g.maxTicks + 2));
    for (size_t i = 1; i < ticks.size(); ++i) EXPECT_GT(ticks[i].value, ticks[i - 1].value);
  }
}

TEST(TickLoops, LinearTicksFarFromZeroEnd) {
  // At 2^60 a step of 1 does not change a double: the old loop never ended.
  const double big = std::ldexp(1.0, 60);
  const auto ticks = plot::linearTicks(big, big + 10, 8);
  EXPECT_LE(ticks.size(), 18u);
  EXPECT_EQ(plot::stepMultiples(big, big + 10, 1, 100).size(), 1u);
  EXPECT_EQ(plot::stepMultiples(0, 10, 1, 100).size(), 11u);
  EXPECT_EQ(plot::stepMultiples(0, 1e12, 1, 100).size(), 100u);
}

// ---- item 7: limits before reading ------------------------------------------------------------

TEST(TraceLimitsBeforeReading, ALargeFileIsRefusedWithoutBeingRead) {
  const std::string path = tempPath("huge.json");
  {
    std::ofstream f(path);
    f << "{";
  }
  fs::resize_file(path, static_cast<uintmax_t>(kMaxTraceFileBytes) + 1);  // sparse: no disk used
  const auto start = std::chrono::steady_clock::now();
  try {
    loadTrace(path);
    ADD_FAILURE() << "a file above the limit was read";
  } catch (const TraceFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("512 MiB"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  fs::remove(path);
}

TEST(TraceLimitsBeforeReading, DirectoriesAreNamedAsSuch) {
  const std::string dir = fs::temp_directory_path().string();
  try {
    loadTrace(dir);
    ADD_FAILURE();
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  try {
    loadSession(dir);
    ADD_FAILURE();
  } catch (const ConfigFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  try {
    readValuesFile(dir);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
}

TEST(TraceLimitsBeforeReading, OutOfMemoryWhileReadingIsAMessage) {
  if (kAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: RLIMIT_AS cannot be used";
  // A real sample (1.2 MB) read under an address-space limit too small to parse it, in a child.
  const std::string path =
      (fs::path(sampleTraceDirectory()) / "decoupled-lookback-1048576.json").string();
  const ChildRun child = runInChild([&] {
    std::vector<char> hold(1);
    rlimit lim{};
    getrlimit(RLIMIT_AS, &lim);
    std::ifstream statm("/proc/self/statm");
    long long pages = 0;
    statm >> pages;
    lim.rlim_cur = static_cast<rlim_t>(pages * sysconf(_SC_PAGESIZE) + (1 << 20));
    setrlimit(RLIMIT_AS, &lim);
    std::string msg = "(accepted)";
    try {
      loadTrace(path);
    } catch (const std::exception& e) {
      msg = e.what();
    }
    return msg;
  });
  const std::string& got = child.said;
  ASSERT_TRUE(WIFEXITED(child.status)) << "the reader died of signal " << WTERMSIG(child.status);
  EXPECT_NE(got.find("not enough memory"), std::string::npos) << got;
  EXPECT_NE(got.find("decoupled-lookback-1048576.json"), std::string::npos) << got;
  EXPECT_NE(got.find("MiB"), std::string::npos) << got;
}

// ---- items 10 and 11: values as typed, limits as soon as they pass --------------------------

TEST(CommandLineValues, BlockSizeIsReportedAsTypedWithTheRange) {
  const Args a({"--block-size", "2147483648"}, captureValueOptions(), captureFlags());
  try {
    captureRequestFromArgs(a);
    ADD_FAILURE();
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("2147483648"), std::string::npos) << m;
    EXPECT_EQ(m.find("-2147483648"), std::string::npos) << m;
    EXPECT_NE(m.find("between 2 and 1024"), std::string::npos) << m;
  }
}

TEST(CommandLineValues, InputFileIsRefusedAsSoonAsItPassesTheLimit) {
  const std::string path = tempPath("values.txt");
  // 11 values and then a token that is not a number: with a limit of 10, the limit is reported,
  // so the reading stopped before the bad token.
  writeText(path, "1 2 3 4 5 6 7 8 9 10 11 not-a-number");
  try {
    readValuesFile(path, 10);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 10 values"), std::string::npos) << e.what();
  }
  try {
    readValuesFile(path, 100);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'not-a-number' (value 12) is not a number"),
              std::string::npos)
        << e.what();
  }
  fs::remove(path);
}

// ---- item 12: memory -------------------------------------------------------------------------

TEST(CaptureMemory, TheEstimateAtTheLimitIsUnder20BytesAnElement) {
  const CaptureLimits lim;
  EXPECT_LT(estimateCaptureBytes(lim.maxElements, lim), 20 * lim.maxElements);
  EXPECT_GT(estimateCaptureBytes(lim.maxElements, lim), 16 * lim.maxElements);
}

TEST(CaptureMemory, ACaptureThatCannotFitIsRefusedBeforeItStarts) {
  if (kAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: RLIMIT_AS cannot be used";
  const ChildRun child = runInChild([]() -> std::string {
    rlimit lim{};
    getrlimit(RLIMIT_AS, &lim);
    lim.rlim_cur = 2ll << 30;
    setrlimit(RLIMIT_AS, &lim);
    try {
      const Args a({"--n", "268435456", "--backend", "cpu"}, captureValueOptions(), captureFlags());
      captureRequestFromArgs(a);
    } catch (const InputError& e) {
      return e.what();
    } catch (...) {
      return "(another exception than InputError)";
    }
    return "(not refused)";
  });
  ASSERT_TRUE(WIFEXITED(child.status));
  EXPECT_EQ(WEXITSTATUS(child.status), 0);
  EXPECT_NE(child.said.find("needs about"), std::string::npos) << child.said;
  EXPECT_NE(child.said.find("MiB"), std::string::npos) << child.said;
}

// ---- sessions ----------------------------------------------------------------------------------

TEST(SessionValidation, OutOfRangeFieldsAreNamed) {
  const NonsenseField cases[] = {
      {"/config/block_size", 3, "config.block_size"},
      {"/config/block_size", 4294967296ll, "config.block_size"},
      {"/config/coarsening", 0, "config.coarsening"},
      {"/config/input/n", -1, "config.input.n"},
      {"/config/emulator/resident_blocks", 0, "config.emulator.resident_blocks"},
      {"/config/record_block", 1e300, "config.record_block"},
      {"/step", 1e300, "step"},
      {"/step", -1, "step"},
      // Wrapped into an int these read as version 0, 1 or -5 (issue 35 item 16).
      {"/version", 2147483648ll, "version"},
      {"/version", 4294967297ll, "version"},
      {"/version", -5, "version"},
      {"/version", 0, "version"},
      {"/version", 2, "version"},
  };
  for (const NonsenseField& c : cases) {
    Session s;
    s.config.source = InputSource::Random;
    json doc = json::parse(sessionToJson(s));
    doc[json::json_pointer(c.pointer)] = c.value;
    try {
      sessionFromJson(doc.dump(), "s.json");
      ADD_FAILURE() << c.pointer << " accepted";
    } catch (const ConfigFormatError& e) {
      EXPECT_NE(std::string(e.what()).find(c.field), std::string::npos)
          << c.pointer << ": " << e.what();
    }
  }
}

// A NUL in a session's text would cut a path at that byte (open "a" for "a\0b"): refused, named.
TEST(SessionValidation, ANulInATextFieldIsRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"/trace_file", "trace_file"},
      {"/config/input/file", "config.input.file"},
  };
  for (const auto& [pointer, field] : cases) {
    Session s;
    s.config.source = InputSource::File;
    s.config.inputFile = "values.txt";
    json doc = json::parse(sessionToJson(s));
    doc[json::json_pointer(pointer)] = std::string("a\0b", 3);
    try {
      sessionFromJson(doc.dump(), "s.json");
      ADD_FAILURE() << pointer << " accepted";
    } catch (const ConfigFormatError& e) {
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("NUL"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace scanviz
