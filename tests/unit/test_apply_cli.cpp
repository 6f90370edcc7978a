// `scanviz apply` as scripts rely on it: --json prints the answer as a list, --out writes a trace
// that loads, bad input is one line, exit code 2 and no file; `scanviz list` names every
// application.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/cli_run.h"

namespace scanviz {
namespace {

nlohmann::json applyJson(std::vector<std::string> args) {
  args.insert(args.begin(), "apply");
  args.insert(args.end(), {"--backend", "cpu", "--json"});
  const CapturedRun r = cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

std::string tempFile(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("scanviz-apply-" + name)).string();
}

TEST(ApplyCli, DefaultsReproduceTheSeedsExamples) {
  EXPECT_EQ(applyJson({"sandwich"})["result"],
            nlohmann::json({3, 8, 10, 17, 45, 49, 52, 52, 60, 61}));
  EXPECT_EQ(applyJson({"line-of-sight"})["result"],
            nlohmann::json({1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1}));
  EXPECT_EQ(applyJson({"polynomial"})["result"], nlohmann::json({897}));
  EXPECT_EQ(applyJson({"backward-scan"})["result"], nlohmann::json({25, 22, 21, 14, 14, 10, 9, 3}));
  EXPECT_EQ(applyJson({"compaction"})["result"], nlohmann::json({3, 7, 4, 6, 3}));
  EXPECT_EQ(applyJson({"compaction", "--input", "5 6 7 8", "--flags", "0,1,1,0"})["result"],
            nlohmann::json({6, 7}));
  EXPECT_EQ(applyJson({"compaction", "--greater-than", "6"})["result"], nlohmann::json({7}));
  EXPECT_EQ(applyJson({"radix-sort"})["result"], nlohmann::json({0, 1, 1, 3, 3, 4, 6, 7}));
}

// A select or split pass prints what it counted and what it produced: the exclusive count of
// its flags and the packed (or split) values, never its output as a scan of the values.
TEST(ApplyCli, SelectAndSplitPrintTheirCountsAndTheirOutput) {
  CapturedRun r = cli({"apply", "compaction", "--backend", "cpu"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find("sum scan"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("select by select-lookback"), std::string::npos) << r.out;
  // 3 1 7 0 4 1 6 3 kept where > 2: flags 1 0 1 0 1 0 1 1.
  EXPECT_NE(r.out.find("write address): 0 1 1 2 2 3 3 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("packed output: 3 7 4 6 3\n"), std::string::npos) << r.out;
  r = cli({"apply", "radix-sort", "--backend", "cpu"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find("sum scan"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("split by split-lookback"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("split output (the 0-keys, then the 1-keys): "), std::string::npos) << r.out;
  // Scans of values keep their description.
  r = cli({"apply", "sandwich", "--backend", "cpu"});
  EXPECT_NE(r.out.find("inclusive sum scan"), std::string::npos) << r.out;
}

TEST(ApplyCli, InputsAndNumbersAreTaken) {
  const nlohmann::json sandwich = applyJson({"sandwich", "--input", "10,20,30", "--length", "80"});
  EXPECT_EQ(sandwich["result"], nlohmann::json({10, 30, 60}));
  EXPECT_EQ(sandwich["parameters"]["length"], 80);
  EXPECT_NE(sandwich["answer"].get<std::string>().find("20 of 80 inches are left over"),
            std::string::npos);
  // The id may follow the options.
  EXPECT_EQ(applyJson({"--input", "1 0 -2", "--x", "3", "polynomial"})["result"],
            nlohmann::json({1 - 2 * 9}));
  const nlohmann::json sight = applyJson({"line-of-sight", "--input", "5 1 9", "--viewer-height",
                                          "5", "--algorithm", "decoupled-lookback"});
  EXPECT_EQ(sight["result"], nlohmann::json({1, 0, 1}));
  EXPECT_EQ(sight["scans"][0]["algorithm"], "decoupled-lookback");
  EXPECT_EQ(sight["scans"][0]["output"][0], "-inf");  // JSON has no infinity
}

TEST(ApplyCli, OutWritesTheChosenScansTrace) {
  const std::string file = tempFile("poly.json");
  std::filesystem::remove(file);
  const CapturedRun r =
      cli({"apply", "polynomial", "--backend", "cpu", "--scan", "2", "--out", file});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("p(2) = 897"), std::string::npos) << r.out;
  const Trace t = loadTrace(file);
  EXPECT_EQ(t.meta.op, "add");
  EXPECT_EQ(t.output.back(), 897);
  // With --json, stdout is the one object (the note about the file goes to stderr).
  const CapturedRun j =
      cli({"apply", "polynomial", "--backend", "cpu", "--scan", "1", "--out", file, "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["result"], nlohmann::json({897}));
  EXPECT_NE(j.err.find("wrote"), std::string::npos);
  std::filesystem::remove(file);
}

TEST(ApplyCli, BadInputIsOneLineExitTwoAndNoFile) {
  const std::string file = tempFile("bad.json");
  std::filesystem::remove(file);
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{}, "name the application"},
      {{"sandwiches"}, "'sandwiches' is not an application"},
      {{"sandwich", "--input", "60 50"}, "add up to 110 inches"},
      {{"sandwich", "--input", "3,x"}, "is not a number"},
      {{"sandwich", "--input", ""}, "no values"},
      {{"sandwich", "--input", "3,-2"}, "person 2 asks for -2 inches"},
      {{"sandwich", "--x", "2"}, "--x belongs to polynomial"},
      {{"polynomial", "--x", "two"}, "--x 'two' is not a number"},
      {{"polynomial", "--scan", "3"}, "polynomial runs 2 scans"},
      {{"polynomial", "--input",
        "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
        "1,1,1",
        "--x", "2"},
       "overflows int32"},
      {{"line-of-sight", "--dtype", "int32"}, "runs in float32"},
      {{"backward-scan", "--algorithm", "kogge-stoned"}, "unknown algorithm"},
      {{"backward-scan", "--backend", "tpu"}, "use auto, cuda or cpu"},
      {{"compaction", "--flags", "1,0"}, "--flags has 2 entries for 8 values"},
      {{"compaction", "--flags", "1,0,2,0,1,0,1,1"}, "give only 0 and 1"},
      {{"sandwich", "--flags", "1,0,1,0,1,0,1,0,1,0"}, "sandwich takes no --flags"},
      {{"radix-sort", "--input", "3,-1"}, "not a whole number from 0 to 65535"},
      {{"quicksort-step", "--segments", "3,2"}, "lengths add up to 5, not to the 12 values"},
      {{"quicksort-step", "--segments", "3,two"}, "--segments"},
      {{"quicksort-step", "--segments", "12", "--flags", "1,0,0,0,0,0,0,0,0,0,0,0"},
       "give only one of --flags and --segments"},
      {{"quicksort-step", "--flags", "1,0,1"}, "--flags gives 3 flags for 12 values"},
      {{"compaction", "--segments", "4,4"}, "--segments belongs to quicksort-step"},
      // Issue 35 item 20: a count as it is, NaN refused as the other applications refuse it.
      {{"quicksort-step", "--flags", "1,0,0,0,0,0,0,0,0,0,0,0,0,0"},
       "--flags gives 14 flags for 12 values"},
      {{"quicksort-step", "--input", "5 nan 3 1"}, "value at index 1 is NaN"},
      {{"quicksort-step", "--input", "5 3 inf 1"}, "value at index 2 is infinite"},
      {{"sandwich", "--input", "3;5;2"}, "';' is not a separator"},
  };
  for (auto [args, expected] : cases) {
    args.insert(args.begin(), "apply");
    args.insert(args.end(), {"--out", file});
    const CapturedRun r = cli(args);
    EXPECT_EQ(r.code, 2) << args[1] << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(file)) << r.err;
  }
}

// Binary input (a NUL byte, `--input-file /dev/zero`): the message names the byte instead of
// being cut at it, for capture and every application (issue 35 item 17).
TEST(ApplyCli, BinaryInputIsNamedNotCutAtTheNul) {
  const std::string input = tempFile("binary.txt");
  {
    std::ofstream f(input, std::ios::binary);
    f << "1,2,";
    f.put('\0');
    f << "3";
  }
  std::vector<std::vector<std::string>> runs = {{"capture", "--out", tempFile("nul.json")}};
  for (const ApplicationInfo& app : allApplications())
    runs.push_back({"apply", std::string(app.key)});
  for (std::vector<std::string> args : runs) {
    args.insert(args.end(), {"--backend", "cpu", "--input-file", input});
    const CapturedRun r = cli(args);
    EXPECT_EQ(r.code, 2) << args[1] << ": " << r.err;
    EXPECT_NE(r.err.find("holds the byte 0x00 (value 3): binary data"), std::string::npos)
        << args[1] << ": " << r.err;
    EXPECT_EQ(r.err.find('\0'), std::string::npos) << args[1];
  }
  std::filesystem::remove(input);
}

// Segment lengths are the head flags they imply, parsed as capture parses them.
TEST(ApplyCli, SegmentsGiveTheHeadFlagsOfQuicksortStep) {
  const std::vector<std::string> keys = {"quicksort-step", "--input", "6 2 9 4 6 1 8 3"};
  const auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = keys;
    args.insert(args.end(), extra.begin(), extra.end());
    return applyJson(args);
  };
  const nlohmann::json bySegments = with({"--segments", "3,2,3"});
  EXPECT_EQ(bySegments["flags"], nlohmann::json({1, 0, 0, 1, 0, 1, 0, 0}));
  EXPECT_EQ(bySegments["result"], with({"--flags", "1,0,0,1,0,1,0,0"})["result"]);
  // Pivots 6 | 4 | 1: 2 6 9 | 4 6 | 1 8 3 (each part keeps its order).
  EXPECT_EQ(bySegments["result"], nlohmann::json({2, 6, 9, 4, 6, 1, 8, 3}));
  // An empty segment (length 0) adds no head.
  EXPECT_EQ(with({"--segments", "3,0,5"})["flags"], nlohmann::json({1, 0, 0, 1, 0, 0, 0, 0}));
}

TEST(ApplyCli, ListShowsASectionOfApplications) {
  const CapturedRun r = cli({"list"});
  ASSERT_EQ(r.code, 0);
  const size_t section = r.out.find("Applications (scanviz apply ID):");
  ASSERT_NE(section, std::string::npos) << r.out;
  for (const ApplicationInfo& a : allApplications())
    EXPECT_NE(r.out.find("\n" + std::string(a.key) + " ", section), std::string::npos) << a.key;
}

// The select and split kernels are listed in a section of their own, whose second column keeps
// them out of the rows scripts take as the scans (block or grid).
TEST(ApplyCli, ListShowsTheSelectAndSplitKernels) {
  const CapturedRun r = cli({"list"});
  ASSERT_EQ(r.code, 0);
  const size_t section = r.out.find("Select and split by flags");
  ASSERT_NE(section, std::string::npos) << r.out;
  ASSERT_FALSE(selectAlgorithms().empty());
  for (const AlgorithmInfo& a : selectAlgorithms()) {
    const std::string kind = a.product == AlgorithmProduct::Split ? "split" : "select";
    const size_t row = r.out.find("\n" + std::string(a.key) + " ", section);
    ASSERT_NE(row, std::string::npos) << a.key;
    const std::string line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
    EXPECT_NE(line.find(" " + kind + " "), std::string::npos) << line;
    EXPECT_EQ(line.find(" block "), std::string::npos) << line;
    EXPECT_EQ(line.find(" grid "), std::string::npos) << line;
  }
}

}  // namespace
}  // namespace scanviz
