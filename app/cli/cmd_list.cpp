#include <cstdio>

#include "app/cli/cli.h"
#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"

namespace scanviz {

const CommandHelp& listHelp() {
  static const CommandHelp k = {
      "list",
      "Print the algorithms, one line each: id, level (block or grid) and what it is; then the "
      "kernels that select or split by flags instead of scanning (id, \"select\" or \"split\"); "
      "then the applications of scan (scanviz apply ID), one line each; then the spot-the-bug "
      "lessons "
      "(id, \"flawed\", the algorithm that fixes it, what goes wrong); then the errata of the "
      "seeds' "
      "text (id, \"erratum\", what is wrong). Work and steps in a summary are the seeds' exact "
      "formulas for one section of N elements in the algorithm's natural form (scanviz analyze "
      "counts a run).",
      {"scanviz list [--traces]"},
      "",
      {{"List options",
        {{"traces", "", "",
          "Print the sample traces that come with scanviz instead (their paths, for scanviz "
          "FILE or --trace)."}}}},
      {"scanviz list", "scanviz list --traces"},
  };
  return k;
}

namespace {

// An algorithm's row: id, what it is (block, grid, select, split) and its summary. The scans and
// the select kernels share it, so that scripts read both sections' columns alike.
void printAlgorithm(const AlgorithmInfo& info, const char* kind) {
  std::printf("%-24s %-6s %s\n", std::string(info.key).c_str(), kind,
              std::string(info.summary).c_str());
}

// The spot-the-bug section: the seeds' mistakes, each beside the algorithm that fixes it. Its
// rows say "flawed" where the algorithms say block or grid, so scripts that want the project's
// algorithms take the rows whose second column is block or grid.
void printLessons() {
  std::printf(
      "\nSpot the bug: the seeds' mistakes, flawed on purpose (scanviz capture "
      "--algorithm ID runs one; verify never counts them):\n");
  for (const Lesson& l : allLessons())
    std::printf("%-28s flawed fix: %-20s %s\n", std::string(l.id).c_str(),
                std::string(l.fixedKey()).c_str(), std::string(l.title).c_str());
}

// The select and split kernels: not scans (verify and bench's scan rows leave them out), but
// captured like one with --flags, and what the compaction and radix-sort applications run. Their
// second column says select or split, so scripts that want the scans still take block or grid.
void printSelectKernels() {
  std::printf(
      "\nSelect and split by flags (scanviz capture --algorithm ID --flags F; compaction and "
      "radix-sort run them):\n");
  for (const AlgorithmInfo& info : selectAlgorithms())
    printAlgorithm(info, info.product == AlgorithmProduct::Split ? "split" : "select");
}

// The errata: the seeds' wrong numbers and statements, with what scanviz's run counts.
void printErrata() {
  std::printf(
      "\nErrata in the seeds' text (the window shows one with --spot-the-bug ID, and what "
      "scanviz's run counts):\n");
  for (const Erratum& e : allErrata())
    std::printf("%-28s erratum %s\n", std::string(e.id).c_str(), std::string(e.title).c_str());
}

}  // namespace

int cmdList(const std::vector<std::string>& args) {
  const Args a(args, listHelp());
  if (a.flag("traces")) {
    const std::vector<std::string> files = sampleTraces();
    if (files.empty()) {
      std::fprintf(stderr, "scanviz list: no sample traces found (assets/traces)\n");
      return 1;
    }
    for (const auto& f : files) std::printf("%s\n", f.c_str());
    return 0;
  }
  for (const AlgorithmInfo& info : allAlgorithms())
    printAlgorithm(info, info.level == AlgorithmLevel::Block ? "block" : "grid");
  printSelectKernels();
  std::printf("\nApplications (scanviz apply ID):\n");
  for (const ApplicationInfo& app : allApplications())
    std::printf("%-24s %s\n", std::string(app.key).c_str(), std::string(app.summary).c_str());
  printLessons();
  printErrata();
  return 0;
}

}  // namespace scanviz
