// The one entry point of `scanviz`: the table of subcommands (app/cli's and export), the window,
// `--help`, `--version`, `help COMMAND` and `scanviz FILE.json`. main() only calls runProgram.
#pragma once

#include <string>
#include <vector>

#include "app/cli/cli.h"

namespace scanviz {

// Every subcommand, in the order help lists them.
const std::vector<Subcommand>& subcommands();
// The window's options and help (`scanviz [options]`); nullptr in a build without the window.
const CommandHelp* windowCommandHelp();

// `scanviz --help`: usage, the subcommands, the window's options, exit codes. help2man reads it.
std::string programHelp();
// `scanviz --help-all`: programHelp() and the help of every command (the man page reads it).
std::string programHelpAll();
// "scanviz 0.1 (git ...)"
std::string versionLine();
// A bash completion script for scanviz, from the subcommand and option tables.
std::string bashCompletion();

// Runs scanviz with argv[1..]; returns the process exit code.
int runProgram(const std::vector<std::string>& args);

}  // namespace scanviz
