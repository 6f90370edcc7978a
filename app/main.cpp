// scanviz: with a subcommand, a command-line tool; without one, the classroom window
// (app/program.h has the table of subcommands).
#include <string>
#include <vector>

#include "app/core/support/interrupt.h"
#include "app/program.h"

int main(int argc, char** argv) {
  // Ctrl-C and SIGTERM remove temporary files and exit with 130 or 143 (interrupt.h).
  scanviz::installInterruptHandlers();
  return scanviz::runProgram(std::vector<std::string>(argv + 1, argv + argc));
}
