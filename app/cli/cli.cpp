#include "app/cli/cli.h"

#include <iostream>
#include <new>

#include "app/core/backends/backend.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/capture/input_spec.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {

const std::vector<Subcommand>& cliSubcommands() {
  static const std::vector<Subcommand> k = {
      {listHelp, cmdList},       {captureHelp, cmdCapture}, {verifyHelp, cmdVerify},
      {analyzeHelp, cmdAnalyze}, {benchHelp, cmdBench},     {applyHelp, cmdApply},
      {quizHelp, cmdQuiz},
#ifdef SCANVIZ_WITH_STUDENT_KERNELS
      {kernelHelp, cmdKernel},
#endif
  };
  return k;
}

int runSubcommand(const Subcommand& command, const std::vector<std::string>& args) {
  const std::string& name = command.name();
  if (asksForHelp(args)) {
    std::cout << formatHelp(command.help());
    return 0;
  }
  try {
    return command.run(args);
  } catch (const UsageError& e) {
    std::cerr << "scanviz " << name << ": " << e.what() << " (scanviz " << name
              << " --help lists the options)\n";
  } catch (const WriteError& e) {
    // Reading was fine; the disk refused (full, too large, no permission): not bad input.
    std::cerr << "scanviz " << name << ": " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "scanviz " << name << ": " << outOfMemoryMessage() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "scanviz " << name << ": " << e.what() << "\n";
  }
  return 2;
}

std::optional<int> runCli(const std::vector<std::string>& args) {
  if (args.empty()) return std::nullopt;
  for (const Subcommand& c : cliSubcommands())
    if (c.name() == args[0]) return runSubcommand(c, {args.begin() + 1, args.end()});
  return std::nullopt;
}

}  // namespace scanviz
