// scanviz: with a subcommand, a command-line tool; without one, the classroom window.
#include <cstdio>
#include <string>
#include <vector>

#include "app/cli/cli.h"
#include "app/core/interrupt.h"
#if defined(SCANVIZ_WITH_GUI)
#include "app/ui/app_main.h"
#endif

int main(int argc, char** argv) {
  // Ctrl-C and SIGTERM remove temporary files and exit with 130 or 143 (interrupt.h).
  scanviz::installInterruptHandlers();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (auto code = scanviz::runCli(args)) return *code;
#if defined(SCANVIZ_WITH_GUI)
  return scanviz::runApp(args);
#else
  std::fprintf(stderr,
               "scanviz: this build has no window (configured with SCANVIZ_GUI=OFF); "
               "use a subcommand: list, capture, verify, analyze\n");
  return 2;
#endif
}
