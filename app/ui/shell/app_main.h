// Opens the classroom window (scanviz with no subcommand). Returns the process exit code: 0, 2
// for a bad command line (one line on stderr), 1 when no window can be opened or an output file
// cannot be written.
#pragma once

#include <string>
#include <vector>

namespace scanviz {

int runApp(const std::vector<std::string>& args);

}  // namespace scanviz
