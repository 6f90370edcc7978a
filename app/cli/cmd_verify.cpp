#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/cli/cli.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_format.h"
#include "app/core/bench/verification.h"
#include "app/core/support/terminal_progress.h"

namespace scanviz {
namespace {

// The sizes and block sizes of a scope's matrix, as help shows them (from the matrix itself).
std::string matrixSizes(VerifyScope scope) {
  std::set<long long> sizes;
  for (const VerifyCase& c : verifyMatrix(scope, {})) sizes.insert(c.n);
  std::string text;
  for (const long long n : sizes) text += (text.empty() ? "" : ", ") + std::to_string(n);
  return text;
}

std::string matrixBlocks(VerifyScope scope) {
  std::set<int> blocks;
  for (const VerifyCase& c : verifyMatrix(scope, {})) blocks.insert(c.blockSize);
  std::string text;
  for (const int b : blocks)
    text += (text.empty() ? "" : ", ") +
            (b == 0 ? std::string("the lesson default") : std::to_string(b));
  return text;
}

}  // namespace

const CommandHelp& verifyHelp() {
  static const CommandHelp k = {
      "verify",
      "Check every algorithm against the sequential scan (and CUB on a GPU) over sizes, block "
      "sizes, operators and types; prints a pass table.",
      {"scanviz verify [--backend auto|cuda|cpu] [--quick | --smoke] [--algorithm ID]",
       "               [--sizes LIST] [--block-sizes LIST] [--quiet]"},
      "Exit code 0 when every case passed, 1 when one did not.",
      {{"Verify options",
        {{"backend", "B", "auto", "Where to run: the GPU when there is one (auto), cuda or cpu.",
          keysOf(kBackendKeys)},
         {"quick", "", "",
          "A smaller matrix: sizes " + matrixSizes(VerifyScope::Quick) + "; blocks " +
              matrixBlocks(VerifyScope::Quick) + "."},
         {"smoke", "", "",
          "One pass over every kernel: size " + matrixSizes(VerifyScope::Smoke) + ", block " +
              matrixBlocks(VerifyScope::Smoke) + ", add, both types and variants."},
         {"algorithm", "ID", "every algorithm", "Check only this algorithm."},
         {"sizes", "LIST", matrixSizes(VerifyScope::Full),
          "Input sizes, e.g. 7,1000,2^20 or 2^10..2^16."},
         {"block-sizes", "LIST", matrixBlocks(VerifyScope::Full), "Block sizes, e.g. 32,256."},
         {"quiet", "", "",
          "No progress line on stderr (there is none when stderr is not a terminal)."}}}},
      {"scanviz verify --quick",
       "scanviz verify --backend cpu --algorithm blelloch --sizes 7,2^12"},
  };
  return k;
}

int cmdVerify(const std::vector<std::string>& args) {
  const Args a(args, verifyHelp());
  BackendChoice backend = a.getChoice("backend", BackendChoice::Auto, kBackendKeys);
  if (backend == BackendChoice::Auto)
    backend = cudaStatus().available ? BackendChoice::Cuda : BackendChoice::Cpu;
  if (backend == BackendChoice::Cuda && !cudaStatus().available)
    throw BackendError(cudaStatus().message + "; use --backend cpu or auto");
  const bool onGpu = backend == BackendChoice::Cuda;
  std::optional<AlgorithmId> only;
  if (auto k = a.get("algorithm")) {
    only = findAlgorithm(*k);
    if (!only) throw UsageError(unknownAlgorithmMessage(*k));
    if (const auto fix = fixedVersionOf(*only))
      throw UsageError("'" + *k +
                       "' is flawed on purpose (spot the bug: scanviz list) and is "
                       "never verified; verify its fix, --algorithm " +
                       std::string(algorithmInfo(*fix).key));
  }
  std::printf("verify on %s%s\n", onGpu ? cudaStatus().device.c_str() : "the CPU emulator",
              onGpu ? " (against the sequential scan and CUB)" : " (against the sequential scan)");

  struct Tally {
    int passed = 0, total = 0;
  };
  // Per algorithm, per "dtype op" column.
  std::map<std::string, std::map<std::string, Tally>> table;
  std::vector<std::string> failures;
  const VerifyScope scope = a.flag("smoke")   ? VerifyScope::Smoke
                            : a.flag("quick") ? VerifyScope::Quick
                                              : VerifyScope::Full;
  VerifyOverrides overrides;
  if (auto v = a.get("sizes")) overrides.sizes = parseBenchSizes(*v);
  if (auto v = a.get("block-sizes")) overrides.blockSizes = parseBlockSizeList(*v);
  std::vector<VerifyCase> cases;
  for (const VerifyCase& c : verifyMatrix(scope, overrides))
    if (!only || c.algorithm == *only) cases.push_back(c);
  TerminalProgress progress(progressWanted(a.flag("quiet")));
  for (size_t k = 0; k < cases.size(); ++k) {
    const VerifyCase& c = cases[k];
    progress.show(static_cast<int>(k), static_cast<int>(cases.size()),
                  std::string(algorithmInfo(c.algorithm).key) + " n=" + std::to_string(c.n));
    const VerifyOutcome o = verifyCase(c, backend, onGpu);
    const std::string algo(algorithmInfo(c.algorithm).key);
    Tally& t = table[algo][std::string(dtypeName(c.dtype)) + " " + std::string(operatorName(c.op))];
    ++t.total;
    if (o.ok) {
      ++t.passed;
    } else if (failures.size() < 20) {
      failures.push_back(algo + " " + std::string(dtypeName(c.dtype)) + " " +
                         std::string(operatorName(c.op)) +
                         (c.exclusive ? " exclusive" : " inclusive") + " n=" + std::to_string(c.n) +
                         " block=" + std::to_string(c.blockSize) + ": " + o.detail);
    }
  }
  progress.clear();
  const char* cols[] = {"int32 add",   "int32 max",   "int32 min",   "int32 mul",
                        "float32 add", "float32 max", "float32 min", "float32 mul"};
  std::printf("%-24s", "algorithm");
  for (const char* c : cols) std::printf(" %11s", c);
  std::printf("\n");
  int bad = 0, all = 0;
  for (const auto& info : allAlgorithms()) {
    const auto it = table.find(std::string(info.key));
    if (it == table.end()) continue;
    std::printf("%-24s", std::string(info.key).c_str());
    for (const char* c : cols) {
      const Tally t = it->second[c];
      bad += t.total - t.passed;
      all += t.total;
      char cell[32];
      std::snprintf(cell, sizeof cell, "%s%d/%d", t.passed == t.total ? "" : "FAIL ", t.passed,
                    t.total);
      std::printf(" %11s", cell);
    }
    std::printf("\n");
  }
  for (const auto& f : failures) std::printf("  mismatch: %s\n", f.c_str());
  std::printf("%s: %d of %d cases passed\n", bad ? "FAILED" : "ok", all - bad, all);
  return bad ? 1 : 0;
}

}  // namespace scanviz
