// A subcommand run in the test's process as `scanviz ARGS...` runs it, its output captured: what
// the tests of the command line start from.
#pragma once

#include <string>
#include <vector>

#include "app/cli/cli.h"
#include "tests/common/captured_output.h"

namespace scanviz {

// The exit code is -1 where ARGS name no subcommand.
inline CapturedRun cli(const std::vector<std::string>& args) {
  return withCapturedOutput([&] { return runCli(args).value_or(-1); });
}

}  // namespace scanviz
