// The window's command line (issue 33 item 3, issue 35 items 5 and 20): the capture options are
// read once, by the parser `scanviz capture` uses, into the same ScanOptions; the UI scale has
// its own name, --ui-scale, with --scale kept as its old spelling.
#include <gtest/gtest.h>

#include "app/options/capture_options.h"
#include "app/ui/shell/command_line.h"

namespace scanviz {
namespace {

std::string usageErrorOf(const std::vector<std::string>& args) {
  try {
    parseLaunchOptions(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(LaunchOptions, TheUiScaleHasItsOwnNameAndTheOldSpellingStillWorks) {
  EXPECT_EQ(parseLaunchOptions({"--ui-scale", "2"}).scale, 2.0f);
  EXPECT_EQ(parseLaunchOptions({"--scale", "1.5"}).scale, 1.5f);  // as users have it
  EXPECT_FALSE(parseLaunchOptions({}).scale.has_value());
  EXPECT_NE(usageErrorOf({"--ui-scale", "2", "--scale", "2"}).find("only one of --ui-scale"),
            std::string::npos);
  EXPECT_NE(usageErrorOf({"--ui-scale", "9"}).find("--ui-scale 9 is out of range"),
            std::string::npos);
  const std::string help = launchUsage();
  EXPECT_NE(help.find("--ui-scale S"), std::string::npos);
  EXPECT_NE(help.find("Old spellings"), std::string::npos);
  EXPECT_NE(help.find("--scale S"), std::string::npos);
}

// The same words and the same value as `scanviz capture`: the window keeps no parser of its own.
TEST(LaunchOptions, CaptureOptionsAreReadAsCaptureReadsThem) {
  const std::vector<std::string> args = {"--algorithm",    "three-phase", "--n",          "300",
                                         "--pattern",      "ascending",   "--coarsening", "8",
                                         "--seed",         "5",           "--block-size", "16",
                                         "--launch-order", "random"};
  const LaunchOptions o = parseLaunchOptions(args);
  ASSERT_TRUE(o.captureError.empty()) << o.captureError;
  const ScanOptions c = scanOptionsFromArgs(Args(args, captureValueOptions(), captureFlags()));
  EXPECT_EQ(o.config.algorithm, c.algorithm);
  EXPECT_EQ(o.config.source, InputSource::Ascending);
  EXPECT_EQ(o.config.n, 300);
  EXPECT_EQ(o.config.coarsening, 8);
  EXPECT_EQ(o.config.blockSize, 16);
  EXPECT_EQ(o.config.seed, 5u);
  EXPECT_EQ(o.config.emulator.order, LaunchOrder::Random);
  EXPECT_EQ(toCaptureRequest(o.config).input, toCaptureRequest(c).input);
  // A bad value is the capture's message, shown over the default lesson.
  EXPECT_EQ(parseLaunchOptions({"--block-size", "3"}).captureError,
            "--block-size 3 is not a power of two between 2 and 1024");
  EXPECT_EQ(parseLaunchOptions({"--coarsening", "3"}).captureError,
            "--coarsening 3 is not a power of two between 1 and 64");
}

// Issue 35 item 20: --flags for a scan without segments is refused, not stored in the options
// (and from there in a saved session).
TEST(LaunchOptions, FlagsForAScanWithoutSegmentsAreRefused) {
  EXPECT_NE(usageErrorOf({"--algorithm", "kogge-stone", "--flags", "1,0,0,1,0,1,0,0"})
                .find("scans without segments"),
            std::string::npos);
  EXPECT_EQ(
      parseLaunchOptions({"--algorithm", "segmented-kogge-stone", "--flags", "1,0,0,1,0,1,0,0"})
          .config.headFlags,
      (std::vector<uint8_t>{1, 0, 0, 1, 0, 1, 0, 0}));
  EXPECT_NE(parseLaunchOptions({"--input", "1;2"}).captureError.find("';' is not a separator"),
            std::string::npos);
}

}  // namespace
}  // namespace scanviz
