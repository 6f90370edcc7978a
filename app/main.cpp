// scanviz: with a subcommand, a command-line tool; without one, the classroom window
// (app/program.h has the table of subcommands).
#include <string>
#include <vector>

#include "app/core/support/interrupt.h"
#include "app/program.h"

int main(int argc, char** argv) {
  // Ctrl-C and SIGTERM remove temporary files and end the process by the signal (interrupt.h).
  scanviz::installInterruptHandlers();
  const int status = scanviz::runProgram(std::vector<std::string>(argv + 1, argv + argc));
  scanviz::endIfInterrupted();  // a deferred Ctrl-C (bench saved its points) ends by the signal
  return status;
}
