// Each option declared once (issue 33 item 3): the operators' table, with no switch over an
// operator that could fall into a `default:`; the block-size rule written in one place; and one
// ScanOptions value that the command line is read into once, for capture and the window alike.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/core/algorithms/scan_options.h"
#include "app/core/capture/capture_config.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/lessons.h"
#include "app/options/capture_options.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

std::vector<Operator> everyOperator() {
  std::vector<Operator> ops;
  for (int i = 0; i < kOperatorCount; ++i) ops.push_back(static_cast<Operator>(i));
  return ops;
}

// A row missing from the key table is a compile error (scan_options.h); this is its run-time
// face: every operator has its own key and symbol, and the key reads back as the operator.
TEST(OperatorTable, EveryOperatorHasItsOwnKeyAndSymbol) {
  static_assert(static_cast<int>(std::size(kOperatorKeys)) == kOperatorCount);
  EXPECT_EQ(kOperatorCount, 4);
  std::set<std::string_view> keys;
  std::set<std::string_view> symbols;
  for (Operator op : everyOperator()) {
    EXPECT_EQ(parseOperator(operatorName(op)), op) << operatorName(op);
    EXPECT_NE(operatorSymbol(op), "?") << operatorName(op);
    keys.insert(operatorName(op));
    symbols.insert(operatorSymbol(op));
  }
  EXPECT_EQ(keys.size(), everyOperator().size());
  EXPECT_EQ(symbols.size(), everyOperator().size());
  EXPECT_EQ(operatorSymbol(Operator::Add), "+");
  EXPECT_EQ(operatorSymbol(Operator::Mul), "\xC3\x97");  // U+00D7, as the pictures write it
}

// The identity leaves every value as it is, for both element types: what pads a partial section.
TEST(OperatorTable, TheIdentityChangesNothingInEitherType) {
  for (Operator op : everyOperator()) {
    for (int32_t v : {-7, 0, 1, 5, INT32_MAX, INT32_MIN}) {
      EXPECT_EQ(OpTraits<int32_t>::apply(op, OpTraits<int32_t>::identity(op), v), v)
          << operatorName(op) << " " << v;
      EXPECT_EQ(OpTraits<int32_t>::apply(op, v, OpTraits<int32_t>::identity(op)), v);
    }
    for (float v : {-2.5f, 0.0f, 3.25f, 1e30f}) {
      EXPECT_EQ(OpTraits<float>::apply(op, OpTraits<float>::identity(op), v), v)
          << operatorName(op) << " " << v;
    }
  }
}

// Each operator combines as its name says; nothing silently multiplies.
TEST(OperatorTable, EachOperatorCombinesAsItsNameSays) {
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Add, 3, 4), 7);
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Max, 3, 4), 4);
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Min, 3, 4), 3);
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Mul, 3, 4), 12);
  EXPECT_EQ(OpTraits<float>::apply(Operator::Add, 1.5f, 2.0f), 3.5f);
  EXPECT_EQ(OpTraits<float>::apply(Operator::Max, -1.5f, 2.0f), 2.0f);
  EXPECT_EQ(OpTraits<float>::apply(Operator::Min, -1.5f, 2.0f), -1.5f);
  EXPECT_EQ(OpTraits<float>::apply(Operator::Mul, 1.5f, 2.0f), 3.0f);
  // int32 wraps (in unsigned arithmetic, defined there) instead of overflowing.
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Add, INT32_MAX, 1), INT32_MIN);
  EXPECT_EQ(OpTraits<int32_t>::apply(Operator::Mul, 65536, 65536), 0);
  EXPECT_EQ(OpTraits<int32_t>::identity(Operator::Max), INT32_MIN);
  EXPECT_EQ(OpTraits<float>::identity(Operator::Min), std::numeric_limits<float>::infinity());
}

// The source files of app/ and kernels/ (scene and export included: the rules hold there too).
std::vector<fs::path> sources() {
  std::vector<fs::path> files;
  for (const char* dir : {"app", "kernels"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(SCANVIZ_SOURCE_DIR) / dir)) {
      const std::string ext = e.path().extension().string();
      if (ext == ".h" || ext == ".cpp" || ext == ".cu" || ext == ".cuh") files.push_back(e.path());
    }
  return files;
}

std::string textOf(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The body of the switch whose keyword starts at `at`: from its first '{' to the matching '}'.
std::string switchBody(const std::string& text, size_t at) {
  const size_t open = text.find('{', at);
  if (open == std::string::npos) return {};
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return text.substr(open, i - open + 1);
  }
  return text.substr(open);
}

// A `default:` in a switch over the operator is how a forgotten operator silently multiplied:
// without one, -Wswitch names the missing case. (Before: four such switches.)
TEST(OperatorTable, NoSwitchOverAnOperatorHasADefault) {
  std::vector<std::string> found;
  for (const fs::path& file : sources()) {
    const std::string text = textOf(file);
    for (size_t at = text.find("switch ("); at != std::string::npos;
         at = text.find("switch (", at + 1)) {
      const std::string body = switchBody(text, at);
      if (body.find("case Operator::") != std::string::npos &&
          body.find("default:") != std::string::npos)
        found.push_back(fs::relative(file, SCANVIZ_SOURCE_DIR).string());
    }
  }
  EXPECT_TRUE(found.empty()) << "switch over Operator with a default: " << found.front();
}

// The block-size rule (a power of two between 2 and 1024) is written once, as kBlockSizes in
// algorithm_catalog.h: no other source states its bounds in words or tests them by hand.
// (Before: 10 places, 8 of them checks.)
TEST(BlockSizeRule, IsWrittenOnce) {
  // "2 and 1024", "2 to 1024", "2..1024", but not the roulette's own "32 to 1024".
  const std::regex spelled("(^|[^0-9])2( and | to |\\.\\.)1024");
  const std::regex compared("[<>]=? *kM(in|ax)BlockSize *(\\)|\\|\\||&&|;)");
  std::vector<std::string> found;
  for (const fs::path& file : sources()) {
    const std::string name = fs::relative(file, SCANVIZ_SOURCE_DIR).string();
    if (name.rfind("app/core/algorithms/algorithm_catalog.", 0) == 0) continue;
    std::istringstream lines(textOf(file));
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
      ++number;
      bool hit = std::regex_search(line, spelled);
      // A hand-written check: a bound of the rule compared against (a loop over the sizes is no
      // check, nor a bound divided into warps).
      hit |= std::regex_search(line, compared) && line.find("for (") == std::string::npos;
      if (line.find("getInt(\"block-size\"") != std::string::npos) hit = true;
      if (hit) found.push_back(name + ":" + std::to_string(number) + ": " + line);
    }
  }
  std::string all;
  for (const std::string& f : found) all += f + "\n";
  EXPECT_TRUE(found.empty()) << all;
  EXPECT_TRUE(kBlockSizes.holds(2) && kBlockSizes.holds(1024) && kBlockSizes.holds(64));
  EXPECT_FALSE(kBlockSizes.holds(1) || kBlockSizes.holds(2048) || kBlockSizes.holds(12));
  EXPECT_FALSE(kBlockSizes.holds(-1024) || kBlockSizes.holds(0));
  EXPECT_EQ(kBlockSizes.text(), "a power of two between 2 and 1024");
  EXPECT_NE(blockSizeOption("x").help.find(kBlockSizes.text()), std::string::npos);
}

// The one check of the settings, as capture, the command line and sessions report it.
TEST(ScanSettings, OneCheckNamesTheFieldAndItsRule) {
  ScanSettings s;
  EXPECT_EQ(scanSettingsProblem(s), "");
  s.blockSize = 12;
  EXPECT_EQ(scanSettingsProblem(s), "block size 12 is not a power of two between 2 and 1024");
  s.blockSize = 1024;
  s.coarsening = 3;
  EXPECT_EQ(scanSettingsProblem(s), "coarsening 3 is not a power of two between 1 and 64");
  s.coarsening = 64;
  s.recordBlock = -1;
  EXPECT_NE(scanSettingsProblem(s), "");
  // The request and the options are these settings: a field added there reaches both.
  CaptureRequest rq;
  ScanOptions o;
  static_cast<ScanSettings&>(o).blockSize = 32;
  static_cast<ScanSettings&>(rq) = o;
  EXPECT_EQ(rq.blockSize, 32);
}

Args argsOf(const std::vector<std::string>& words) {
  return Args(words, captureValueOptions(), captureFlags());
}

// The command line is read into one ScanOptions; the request is made from it.
TEST(ScanOptionsFromArgs, ReadsEveryOptionOnce) {
  const Args a = argsOf({"--algorithm",
                         "brent-kung",
                         "--n",
                         "100",
                         "--pattern",
                         "ones",
                         "--seed",
                         "7",
                         "--block-size",
                         "32",
                         "--operator",
                         "max",
                         "--dtype",
                         "float32",
                         "--exclusive",
                         "--backend",
                         "cpu",
                         "--resident-blocks",
                         "2",
                         "--launch-order",
                         "descending",
                         "--reverse-threads"});
  const ScanOptions o = scanOptionsFromArgs(a);
  EXPECT_EQ(o.algorithm, AlgorithmId::BrentKung);
  EXPECT_EQ(o.source, InputSource::Ones);
  EXPECT_EQ(o.n, 100);
  EXPECT_EQ(o.seed, 7u);
  EXPECT_EQ(o.blockSize, 32);
  EXPECT_EQ(o.op, Operator::Max);
  EXPECT_EQ(o.dtype, DType::Float32);
  EXPECT_TRUE(o.exclusive);
  EXPECT_EQ(o.backend, BackendChoice::Cpu);
  EXPECT_EQ(o.emulator.residentBlocks, 2);
  EXPECT_EQ(o.emulator.order, LaunchOrder::Descending);
  EXPECT_EQ(o.emulator.threadOrder, ThreadOrder::Reverse);
  const CaptureRequest rq = captureRequestFromArgs(a);
  EXPECT_EQ(rq.input, std::vector<double>(100, 1.0));
  EXPECT_EQ(rq.blockSize, 32);
  EXPECT_EQ(rq.emulator.seed, 7u);
  EXPECT_EQ(rq.emulator.order, LaunchOrder::Descending);
}

// A spot-the-bug lesson's id brings its input and schedule into the options themselves, so the
// window (which reads the same options) shows what `capture` does.
TEST(ScanOptionsFromArgs, ALessonIdBringsItsSetup) {
  const Lesson& lesson = allLessons().front();
  const ScanOptions o = scanOptionsFromArgs(argsOf({"--algorithm", std::string(lesson.id)}));
  const CaptureRequest shown = lessonRequest(lesson, /*fixed=*/false);
  EXPECT_EQ(o.algorithm, shown.algorithm);
  EXPECT_EQ(o.source, InputSource::Typed);
  EXPECT_EQ(toCaptureRequest(o).input, shown.input);
  EXPECT_EQ(o.blockSize, shown.blockSize);
  EXPECT_EQ(o.emulator.residentBlocks, shown.emulator.residentBlocks);
}

// Issue 35 item 20: head flags for a scan without segments are refused (not stored), with the
// segmented algorithms named.
TEST(ScanOptionsFromArgs, FlagsForAScanWithoutSegmentsAreRefused) {
  for (const char* option : {"--flags", "--segments"}) {
    const std::string value = std::string(option) == "--flags" ? "1,0,0,1,0,1,0,0" : "3,2,3";
    try {
      scanOptionsFromArgs(argsOf({"--algorithm", "kogge-stone", option, value}));
      ADD_FAILURE() << option << " accepted for kogge-stone";
    } catch (const UsageError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("kogge-stone scans without segments"), std::string::npos) << m;
      EXPECT_NE(m.find("segmented-kogge-stone"), std::string::npos) << m;
      EXPECT_NE(m.find("segmented-blelloch"), std::string::npos) << m;
    }
  }
  EXPECT_NO_THROW(scanOptionsFromArgs(
      argsOf({"--algorithm", "segmented-blelloch", "--flags", "1,0,0,1,0,1,0,0"})));
  EXPECT_NO_THROW(
      scanOptionsFromArgs(argsOf({"--algorithm", "select-lookback", "--flags", "0,1,0,1"})));
}

// The input's separators are named, and a stray one is named as such.
TEST(InputValues, AStraySeparatorIsNamed) {
  for (const char* text : {"1;2", "3,1|7"}) {
    try {
      parseValues(text);
      ADD_FAILURE() << text << " accepted";
    } catch (const InputError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("is not a separator"), std::string::npos) << m;
      EXPECT_NE(m.find("commas, spaces, tabs or line breaks"), std::string::npos) << m;
    }
  }
  EXPECT_EQ(parseValues("1, 2\t3\n4\r\n5"), (std::vector<double>{1, 2, 3, 4, 5}));
}

// Ten flags for eight values say so, whatever the count (not "more than 9 values").
TEST(InputValues, TooManyFlagsAreCounted) {
  const auto messageOf = [](auto f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(messageOf([] { parseHeadFlags("1,0,0,1,0,1,0,0,1,0", 8); }),
            "--flags gives 10 flags for 8 values; give one 0 or 1 per value (1 starts a segment)");
  EXPECT_NE(messageOf([] { parseKeepFlags("1,1,1", 2); }).find("3 flags for 2 values"),
            std::string::npos);
  EXPECT_NE(messageOf([] { headFlagsFromLengths("1,1,0,0,0", 2); }).find("5 lengths for 2 values"),
            std::string::npos);
  EXPECT_EQ(parseHeadFlags("0,1", 2), (std::vector<uint8_t>{1, 1}));
}

// The controls beside an opened trace describe it: its algorithm, form, operator, type and block
// size replace the options' (the input is the options' own; a trace's is its data).
TEST(ScanOptions, TakeTheSettingsOfAnOpenedTrace) {
  ScanOptions before;
  before.n = 64;
  TraceMeta m;
  m.algorithm = "blelloch";
  m.inclusive = false;
  m.op = "max";
  m.dtype = "float32";
  m.blockSize = 4;
  const ScanOptions after = withSettingsOfTrace(before, m);
  EXPECT_EQ(after.algorithm, *findAlgorithm("blelloch"));
  EXPECT_TRUE(after.exclusive);
  EXPECT_EQ(after.op, Operator::Max);
  EXPECT_EQ(after.dtype, DType::Float32);
  EXPECT_EQ(after.blockSize, 4);
  EXPECT_EQ(after.n, 64);
  // What a trace names that this build does not know leaves the options' own value.
  m.algorithm = "bubble";
  m.op = "xor";
  m.blockSize = 12;
  const ScanOptions kept = withSettingsOfTrace(before, m);
  EXPECT_EQ(kept.algorithm, before.algorithm);
  EXPECT_EQ(kept.op, before.op);
  EXPECT_EQ(kept.blockSize, before.blockSize);
}

}  // namespace
}  // namespace scanviz
