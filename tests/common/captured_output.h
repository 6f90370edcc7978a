// A subcommand or the whole program run in the test's process with its standard output and
// standard error captured, written once for the tests of the command line.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace scanviz {

struct CapturedRun {
  int code;
  std::string out;
  std::string err;
};

// run() returns the exit code; what it printed comes back with it.
template <class Run>
CapturedRun withCapturedOutput(Run&& run) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const int code = run();
  std::string out = testing::internal::GetCapturedStdout();
  return {code, std::move(out), testing::internal::GetCapturedStderr()};
}

}  // namespace scanviz
