// The command line as users and tests rely on it: bad input is one line, exit code 2, and no
// file left behind; good input writes a trace that loads.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "app/cli/cli.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {
namespace {

std::string outPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("scanviz-cli-" + name)).string();
}

struct CliResult {
  int code;
  std::string err;
};

CliResult runCapture(std::vector<std::string> args) {
  args.insert(args.begin(), "capture");
  testing::internal::CaptureStderr();
  const int code = runCli(args).value_or(-1);
  return {code, testing::internal::GetCapturedStderr()};
}

TEST(Cli, CaptureWritesALoadableTrace) {
  const std::string out = outPath("ok.json");
  testing::internal::CaptureStdout();
  const CliResult r = runCapture({"--algorithm", "brent-kung", "--input", "3,1,7,0,4,1,6,3",
                                  "--backend", "cpu", "--out", out});
  testing::internal::GetCapturedStdout();
  ASSERT_EQ(r.code, 0) << r.err;
  const Trace t = loadTrace(out);
  EXPECT_EQ(t.output, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(t.counters.work, 11);  // 2N - 2 - log2 N
  std::remove(out.c_str());
}

// Select and split take keep-flags as given: element 0 may be dropped (a segment head would be
// forced to 1), and the trace's second array holds every write address.
TEST(Cli, CaptureSelectAndSplitByKeepFlags) {
  const std::string out = outPath("select.json");
  for (const char* algorithm : {"select-lookback", "split-lookback"}) {
    testing::internal::CaptureStdout();
    const CliResult r = runCapture({"--algorithm", algorithm, "--input", "5,6,7,8", "--flags",
                                    "0,1,1,0", "--backend", "cpu", "--out", out});
    testing::internal::GetCapturedStdout();
    ASSERT_EQ(r.code, 0) << r.err;
    const Trace t = loadTrace(out);
    EXPECT_EQ(t.rows.flags, (std::vector<uint8_t>{0, 1, 1, 0}));
    EXPECT_EQ(t.rows.second, (std::vector<int32_t>{0, 0, 1, 2}));
    EXPECT_EQ(t.output, std::string(algorithm) == "select-lookback"
                            ? (std::vector<double>{6, 7, 0, 0})
                            : (std::vector<double>{6, 7, 5, 8}));
    std::remove(out.c_str());
  }
  for (const auto& [args, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--algorithm", "select-lookback", "--n", "8"}, "give one flag per value (--flags)"},
           {{"--algorithm", "split-lookback", "--input", "1,2", "--segments", "1,1"},
            "give --flags"}}) {
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--backend", "cpu", "--out", out});
    const CliResult r = runCapture(full);
    EXPECT_EQ(r.code, 2) << expected;
    EXPECT_NE(r.err.find(expected), std::string::npos) << "stderr: " << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << expected;
  }
}

TEST(Cli, BadInputIsOneLineExitTwoAndNoFile) {
  const std::string out = outPath("bad.json");
  std::remove(out.c_str());
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--algorithm", "kogge-stoned"}, "unknown algorithm 'kogge-stoned'"},
      {{"--n", "0"}, "N must be at least 1"},
      {{"--n", "-5"}, "N must be at least 1"},
      {{"--n", "1000000000000"}, "above the limit"},
      {{"--input", ""}, "no values"},
      {{"--input", "3,x,7"}, "'x' (value 2) is not a number"},
      {{"--block-size", "12"}, "not a power of two between 2 and 1024"},
      {{"--block-size", "2048"}, "not a power of two between 2 and 1024"},
      {{"--block-size", "1"}, "not a power of two between 2 and 1024"},
      {{"--input", "2147483647,1"}, "overflows int32 at index 1"},
      {{"--input", "1,nan", "--dtype", "float32"}, "NaN"},
      {{"--input", "1,inf", "--dtype", "float32"}, "infinite"},
      {{"--input", "1,1e999", "--dtype", "float32"}, "out of range"},
      {{"--input", "1.5"}, "not an integer"},
      {{"--operator", "xor"}, "not one of add, max, min, mul"},
      {{"--frobnicate"}, "unknown option '--frobnicate'"},
      // Issue 35 item 20: the problem in plain words, not "the limit of a capture".
      {{"--algorithm", "segmented-kogge-stone", "--flags", "1,0,0,1,0,1,0,0,1,0"},
       "--flags gives 10 flags for 8 values"},
      {{"--algorithm", "segmented-kogge-stone", "--segments", "1,1,1,1,1,1,1,1,0,0"},
       "--segments gives 10 lengths for 8 values"},
      {{"--flags", "1,0,0,1,0,1,0,0"}, "scans without segments; use a segmented algorithm"},
      {{"--segments", "3,2,3"}, "segmented-blelloch"},
      {{"--input", "1;2"}, "';' is not a separator; separate numbers with commas, spaces"},
      {{"--coarsening", "3"}, "--coarsening 3 is not a power of two between 1 and 64"},
  };
  for (const auto& [args, expected] : cases) {
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--backend", "cpu", "--out", out});
    const CliResult r = runCapture(full);
    EXPECT_EQ(r.code, 2) << expected;
    EXPECT_NE(r.err.find(expected), std::string::npos) << "stderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << expected;
  }
}

TEST(Cli, UnwritableOutLeavesNothing) {
  const CliResult r = runCapture({"--backend", "cpu", "--out", "/nonexistent-dir/trace.json"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write '/nonexistent-dir/trace.json'"), std::string::npos) << r.err;
}

TEST(Cli, MissingOutIsAUsageError) {
  const CliResult r = runCapture({"--backend", "cpu"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--out FILE is required"), std::string::npos) << r.err;
}

TEST(Cli, StaticBlockIdsDeadlockIsReportedNotHung) {
  const std::string out = outPath("deadlock.json");
  const CliResult r =
      runCapture({"--algorithm", "single-pass-chained", "--n", "4096", "--block-size", "8",
                  "--static-block-ids", "--launch-order", "descending", "--resident-blocks", "2",
                  "--backend", "cpu", "--out", out});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("deadlock"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(Cli, AnalyzeReproducesTheSeedsNumbers) {
  const auto analyze = [](std::vector<std::string> args) {
    args.insert(args.begin(), "analyze");
    testing::internal::CaptureStdout();
    const int code = runCli(args).value_or(-1);
    const std::string out = testing::internal::GetCapturedStdout();
    EXPECT_EQ(code, 0);
    return out;
  };
  const std::string ks32 =
      analyze({"--algorithm", "kogge-stone", "--n", "1024", "--processors", "32"});
  EXPECT_NE(ks32.find("9,217"), std::string::npos);           // PMPP 8.3: N log2 N - (N-1)
  EXPECT_NE(ks32.find("N / D = 102.4 "), std::string::npos);  // unlimited units
  EXPECT_NE(ks32.find("= 320"), std::string::npos);           // 10240 / 32 time units
  EXPECT_NE(ks32.find("= 3.2"), std::string::npos);           // speedup 3.2
  const std::string ks4 =
      analyze({"--algorithm", "kogge-stone", "--n", "1024", "--processors", "4"});
  EXPECT_NE(ks4.find("= 0.4"), std::string::npos);  // slower than sequential with 4 units
  const std::string bk =
      analyze({"--algorithm", "brent-kung", "--n", "1024", "--processors", "32"});
  EXPECT_NE(bk.find("2,036"), std::string::npos);  // 2N - 2 - log2 N
  EXPECT_NE(bk.find("= 304"), std::string::npos);  // 512 (2*10 - 1) / 32
  EXPECT_NE(bk.find("= 3.37"), std::string::npos);
  const std::string tp = analyze(
      {"--algorithm", "three-phase", "--n", "1024", "--block-size", "64", "--processors", "32"});
  EXPECT_NE(tp.find("= 74.0"), std::string::npos) << tp;  // (1023 + 384 + 960) / 32 = 73.97
  EXPECT_NE(tp.find("= 13.8"), std::string::npos) << tp;
}

}  // namespace
}  // namespace scanviz
