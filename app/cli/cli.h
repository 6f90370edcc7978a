// The subcommands of `scanviz`. Each returns the process exit code: 0 success, 1 a check failed
// (verify found a mismatch), 2 bad input or a backend error, with a one-line message on stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/lesson/quiz.h"
#include "app/core/support/command_help.h"
#include "app/options/args.h"
#include "app/options/capture_options.h"

namespace scanviz {

// One subcommand: its name, options and help, and what runs it. The parser of each handler takes
// its option names from help(), so help lists exactly what the command accepts.
struct Subcommand {
  const CommandHelp& (*help)();
  int (*run)(const std::vector<std::string>& args);  // args: what follows the name
  const std::string& name() const { return help().name; }
};

// list, capture, verify, analyze, bench (export, drawn with the window's renderer, is added by
// the program's entry point, app/program.h).
const std::vector<Subcommand>& cliSubcommands();

// Prints help for -h/--help, else runs the command and turns its exceptions into a one-line
// message and exit code 2.
int runSubcommand(const Subcommand& command, const std::vector<std::string>& args);

// Runs one of cliSubcommands(); nullopt when argv names none.
std::optional<int> runCli(const std::vector<std::string>& args);

int cmdList(const std::vector<std::string>& args);
int cmdCapture(const std::vector<std::string>& args);
int cmdVerify(const std::vector<std::string>& args);
int cmdAnalyze(const std::vector<std::string>& args);
int cmdBench(const std::vector<std::string>& args);
int cmdApply(const std::vector<std::string>& args);
int cmdQuiz(const std::vector<std::string>& args);
// scanviz kernel: a student's kernel on the emulator of student kernels (built with libclang).
int cmdKernel(const std::vector<std::string>& args);
const CommandHelp& kernelHelp();
// What `quiz --out` draws its pictures with (app/program.cpp installs the window's exporter);
// without one, --out is refused with a message.
void installQuizSheetWriter(QuizSheetWriter writer);
const CommandHelp& listHelp();
const CommandHelp& captureHelp();
const CommandHelp& verifyHelp();
const CommandHelp& analyzeHelp();
const CommandHelp& benchHelp();
const CommandHelp& applyHelp();
const CommandHelp& quizHelp();

}  // namespace scanviz
