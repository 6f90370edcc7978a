// `scanviz export`: the pictures of the Export dialog from the command line, so that a lecturer
// can regenerate a deck's figures with one script. The lesson comes as the window takes it
// (--session, --trace or capture options); SVG needs no display; PNG and GIF draw with OpenGL in
// a hidden window (under xvfb-run where there is no display). Exit codes: 0 written, 2 bad
// options, a bad lesson, no OpenGL context or a file that cannot be written.
#pragma once

#include <string>
#include <vector>

#include "app/core/support/command_help.h"

namespace scanviz {

// `args` are what follows `scanviz export`.
int runExportCommand(const std::vector<std::string>& args);

// The options and help of `scanviz export` (its entry in the subcommand table).
const CommandHelp& exportHelp();
std::string exportUsage();

}  // namespace scanviz
