// The subcommands of `scanviz`. Each returns the process exit code: 0 success, 1 a check failed
// (verify found a mismatch), 2 bad input or a backend error, with a one-line message on stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/core/capture.h"

namespace scanviz {

// Runs a subcommand; nullopt when argv names none (the caller opens the window).
std::optional<int> runCli(const std::vector<std::string>& args);

int cmdList(const std::vector<std::string>& args);
int cmdCapture(const std::vector<std::string>& args);
int cmdVerify(const std::vector<std::string>& args);
int cmdAnalyze(const std::vector<std::string>& args);

// Options shared by `capture` and the window: --algorithm, --input | --n [--seed],
// --block-size, --coarsening, --operator, --dtype, --exclusive, --backend, emulator options.
const std::set<std::string>& captureValueOptions();
const std::set<std::string>& captureFlags();
CaptureRequest captureRequestFromArgs(const Args& a);

}  // namespace scanviz
