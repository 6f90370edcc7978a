// `scanviz bench`: times every algorithm's uninstrumented kernels next to a device copy, CUB and
// Thrust measured in the same run, and prints one table row per point as it is measured (a
// progress bar on stderr when that is a terminal). Ctrl-C stops between samples and still prints
// and saves what was measured, as SIGTERM does; the exit code then says which (130, 143).
#include <unistd.h>

#include <cstdio>
#include <string>

#include "app/cli/cli.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/bench/bench_engine.h"
#include "app/core/bench/bench_format.h"
#include "app/core/bench/ladder.h"
#include "app/core/bench/lookback_autotune.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/support/file_util.h"
#include "app/core/support/interrupt.h"
#include "app/core/support/output_file.h"
#include "app/core/support/terminal_progress.h"
#include "app/options/capture_options.h"

namespace scanviz {
namespace {

// One line on stderr, redrawn in place: "[#######.......]  37/114  kogge-stone float32 2^20".

BenchConfig benchConfigFromArgs(const Args& a) {
  BenchConfig cfg;
  cfg.backend = a.getChoice("backend", BackendChoice::Auto, kBackendKeys);
  if (auto v = a.get("algorithms")) {
    BenchSubjectChoice chosen = parseBenchAlgorithms(*v);
    cfg.algorithms = std::move(chosen.algorithms);
    cfg.kernels = std::move(chosen.kernels);
  }
  if (auto v = a.get("sizes")) cfg.sizes = parseBenchSizes(*v);
  if (auto v = a.get("dtype")) cfg.dtypes = parseBenchDTypes(*v);
  cfg.op = a.getChoice("operator", Operator::Add, kOperatorKeys);
  cfg.exclusive = a.flag("exclusive");
  cfg.repeats = static_cast<int>(a.getInt("repeats", 0, 1, 1000));
  cfg.blockSize = powerOfTwoOption(a, "block-size", kBlockSizes, cfg.blockSize);
  cfg.seed = static_cast<unsigned>(a.getInt("seed", cfg.seed, 0, 0xffffffffll));
  cfg.segmentLength = static_cast<int>(a.getInt("segment-length", cfg.segmentLength, 1, 1ll << 30));
  if (a.flag("no-capture")) cfg.captureMaxN = 0;
  return cfg;
}

// Writes one output file; a failure is reported and turns the exit code into 1, but never hides
// the table already printed.
bool writeOutput(const std::string& path, const std::string& content, const char* what,
                 std::FILE* messages) {
  try {
    writeFileAtomically(path, content);
    if (!isStandardOutput(path)) std::fprintf(messages, "wrote %s %s\n", what, path.c_str());
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanviz bench: %s\n", e.what());
    return false;
  }
}

// The look-back's shape for this run: --tune measures the candidates now and caches the fastest;
// otherwise the cache's entry for this GPU, driver and version, if any; else the tuning table. A
// cache that cannot be read, or written, is said on stderr and the run goes on without it.
void chooseLookbackShape(const Args& a, BenchConfig& cfg, std::FILE* table) {
  const bool tune = a.flag("tune");
  if (resolveBenchDevice(cfg.backend) != BenchDevice::Cuda) {
    if (tune)
      throw InputError("--tune times the look-back's shapes on a GPU, and " +
                       std::string(cfg.backend == BackendChoice::Cpu
                                       ? "--backend cpu asks for the CPU emulator"
                                       : "there is none (" + cudaStatus().message + ")") +
                       "; run it where a GPU answers");
    return;
  }
  const std::string path = lookbackTuneCachePath();
  if (!tune) {
    std::string problem;
    const auto cached = readLookbackTune(path, currentLookbackTuneKey(cfg.blockSize), problem);
    if (!problem.empty()) std::fprintf(stderr, "scanviz bench: %s\n", problem.c_str());
    if (cached) {
      cfg.lookbackPolicy = cached;
      cfg.lookbackPolicySource = "the tune cache " + path;
    }
    return;
  }
  const LookbackTuneResult result = tuneLookback(cfg, [table](const std::string& line) {
    std::fprintf(table, "tuning: %s\n", line.c_str());
    std::fflush(table);
  });
  std::fprintf(table, "%s", formatLookbackTune(result).c_str());
  cfg.lookbackPolicy = result.chosen;
  cfg.lookbackPolicySource = "--tune, measured in this run";
  if (path.empty()) {
    std::fprintf(stderr,
                 "scanviz bench: no cache folder (neither XDG_CACHE_HOME nor HOME is set): "
                 "the shape is used for this run only\n");
    return;
  }
  try {
    writeLookbackTune(path, result);
    std::fprintf(table, "wrote the tuned shape to %s\n\n", path.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanviz bench: the tuned shape is not cached: %s\n", e.what());
  }
}

// Sizes the device does not time are said before the table (and again under it, with the other
// notes); a run left with nothing to time is bad input, not "bench ok: 0 points".
void checkSomethingToRun(const BenchReport& head) {
  std::string skipped;
  for (const std::string& note : head.notes)
    if (note.rfind("N = ", 0) == 0) skipped += (skipped.empty() ? "" : "; ") + note;
  if (!planBenchmark(head.config, head.device).empty()) {
    if (!skipped.empty()) std::fprintf(stderr, "scanviz bench: %s\n", skipped.c_str());
    return;
  }
  throw InputError(
      "nothing to time: " +
      (skipped.empty() ? std::string("no subject runs on ") +
                             (head.device == BenchDevice::Cuda ? "the GPU" : "the CPU emulator")
                       : skipped) +
      (head.device == BenchDevice::Cpu
           ? "; give --sizes up to " + formatBenchSize(kCpuBenchMaxSize) + ", or run on a GPU"
           : std::string()));
}

std::string sizeList(BenchDevice device) {
  std::string list;
  for (const long long n : defaultBenchSizes(device))
    list += (list.empty() ? "" : ",") + formatBenchSize(n);
  return list;
}

}  // namespace

const CommandHelp& benchHelp() {
  static const CommandHelp k = {
      "bench",
      "Time every algorithm's uninstrumented kernels, the compaction and the radix split pass "
      "beside a device copy, CUB and Thrust, one table row per point as it is measured.",
      {"scanviz bench [--algorithms LIST|all] [--sizes LIST] [--dtype int32|float32|both]",
       "              [--operator add|max|min|mul] [--exclusive]",
       "              [--repeats R] [--block-size B] [--segment-length L]",
       "              [--backend auto|cuda|cpu] [--json FILE]",
       "              [--csv FILE] [--no-capture] [--tune] [--quiet]",
       "scanviz bench --ladder [--json FILE]"},
      "Ctrl-C stops between samples and still prints and saves what was measured. Exit code 1 "
      "when a result was wrong.",
      {{"Bench options",
        {{"algorithms", "LIST", "all",
          "Algorithms to time, e.g. kogge-stone,decoupled-lookback; compaction and radix-split "
          "time our single-pass select beside cub::DeviceSelect::Flagged and "
          "cub::DevicePartition::Flagged (GPU only)."},
         {"sizes", "LIST",
          sizeList(BenchDevice::Cuda) + " on a GPU, " + sizeList(BenchDevice::Cpu) + " on the CPU",
          "Input sizes, e.g. 2^10,2^20 or 2^10..2^16."},
         {"dtype", "T", "both", "Element types.", {"int32", "float32", "both"}},
         {"operator", "OP", "add",
          "The scan's operator; CUB and Thrust run the same scan, and every output is checked "
          "against CUB's.",
          keysOf(kOperatorKeys)},
         {"exclusive", "", "", "Exclusive scans (CUB's and Thrust's too)."},
         {"repeats", "R",
          std::to_string(kGpuDefaultRepeats) + " on a GPU, " + std::to_string(kCpuDefaultRepeats) +
              " on the CPU",
          "Timed samples per point, at least (more, up to " + std::to_string(kMaxRepeatsFactor) +
              " times as many, while the quartiles are over 1% apart; the median is reported), "
              "1 to 1000."},
         blockSizeOption(std::to_string(BenchConfig{}.blockSize), " of the block-level scans"),
         {"backend", "B", "auto", "Where to run.", keysOf(kBackendKeys)},
         {"seed", "S", std::to_string(BenchConfig{}.seed), "Seed of the random input."},
         {"segment-length", "L", std::to_string(BenchConfig{}.segmentLength),
          "Mean length of the segmented scans' random segments (their heads feed CUB's scan by "
          "key as 1-byte keys)."},
         {"json", "FILE", "", "Also write the report as JSON (for `scanviz export --bench`)."},
         {"csv", "FILE", "", "Also write the points as CSV."},
         {"tune", "", "",
          "First time every shape of the production look-back that fits the block size on this "
          "GPU (int32 add at " +
              formatBenchSize(kTuneSize) +
              " beside a copy), use the fastest, and cache it per GPU, driver and scanviz "
              "version in the user's cache folder, where later runs find it (without a cache "
              "entry the tuning table decides)."},
         {"no-capture", "", "",
          "Do not time the instrumented (capture) run, which is timed up to " +
              formatBenchSize(BenchConfig{}.captureMaxN) + " by default."},
         {"ladder", "", "",
          "Measure the latency ladder instead (GPU only): what one hand-off costs at each level "
          "a scan climbs, a block barrier, a cluster barrier, a flag in a neighbour block's "
          "shared memory, a flag through L2, a flag over NVLink, an NCCL all-gather; the levels "
          "this machine cannot time say why. --json writes it for the window's Latency ladder "
          "tab."},
         {"quiet", "", "",
          "No progress line on stderr (there is none when stderr is not a terminal)."},
         {"no-progress", "", "", "The same as --quiet."}}}},
      {"scanviz bench --sizes 2^10,2^20 --dtype both --json bench.json",
       "scanviz bench --algorithms decoupled-lookback --sizes 2^24..2^30 --csv dl.csv",
       "scanviz bench --tune --algorithms decoupled-lookback --sizes 2^28,2^30"},
  };
  return k;
}

namespace {

// `bench --ladder`: the ladder's table, and its JSON with --json.
int benchLadder(const Args& a) {
  for (const char* other : {"algorithms", "sizes", "dtype", "operator", "repeats", "block-size",
                            "segment-length", "csv", "seed"})
    if (a.has(other))
      throw InputError("--ladder measures hand-offs, not scans: leave out --" + std::string(other));
  const std::string json = a.getOr("json", "");
  if (!json.empty())
    if (const std::string problem = outputProblem(json); !problem.empty())
      throw InputError("--json: " + problem);
  LadderReport report;
  try {
    report = measureLadder();
  } catch (const BackendError& e) {
    throw BackendError(std::string("--ladder times hand-offs on a GPU, and there is none (") +
                       e.what() +
                       "); the window's Latency ladder tab shows one recorded on an H200");
  }
  std::FILE* const table = isStandardOutput(json) ? stderr : stdout;
  std::fputs(formatLadderTable(report).c_str(), table);
  if (!json.empty() && !writeOutput(json, ladderReportJson(report), "JSON", table)) return 1;
  return 0;
}

}  // namespace

int cmdBench(const std::vector<std::string>& args) {
  const Args a(args, benchHelp());
  if (a.flag("ladder")) return benchLadder(a);
  BenchConfig cfg = benchConfigFromArgs(a);
  // An output that cannot be written is found now, not after the whole benchmark.
  for (const char* option : {"json", "csv"})
    if (auto path = a.get(option))
      if (const std::string problem = outputProblem(*path); !problem.empty())
        throw InputError("--" + std::string(option) + ": " + problem);
  // `--json -` or `--csv -`: standard output carries that report alone, the table goes to stderr.
  const bool reportOnStdout =
      isStandardOutput(a.getOr("json", "")) || isStandardOutput(a.getOr("csv", ""));
  if (isStandardOutput(a.getOr("json", "")) && isStandardOutput(a.getOr("csv", "")))
    throw InputError("--json - and --csv - would both write standard output; give one a file");
  std::FILE* const table = reportOnStdout ? stderr : stdout;
  chooseLookbackShape(a, cfg, table);

  BenchReport head;
  try {
    head = prepareBenchReport(cfg);
  } catch (const BackendError& e) {
    throw BackendError(std::string("--backend cuda asks for a GPU, but there is none (") +
                       e.what() + "); --backend cpu or auto times the CPU emulator instead");
  }
  checkSomethingToRun(head);
  std::fputs(benchPreamble(head).c_str(), table);
  std::fprintf(table, "\n%s\n", benchTableHeader().c_str());
  std::fflush(table);

  TerminalProgress progress(progressWanted(a.flag("quiet") || a.flag("no-progress")));
  const BenchPoint* previous = nullptr;
  BenchPoint last;
  BenchObserver observer;
  observer.started = [&](const BenchTask& t, int index, int total) {
    progress.show(
        index, total,
        t.subject.key() + " " + std::string(dtypeName(t.dtype)) + " " + formatBenchSize(t.n));
  };
  observer.finished = [&](const BenchPoint& p, int index, int total) {
    progress.clear();
    if (previous && (previous->n != p.n || previous->dtype != p.dtype)) std::fputs("\n", table);
    std::fprintf(table, "%s\n", formatBenchTableRow(p).c_str());
    std::fflush(table);
    last = p;
    previous = &last;
    progress.show(index + 1, total, "");
  };

  BenchReport report;
  {
    // Ctrl-C and SIGTERM stop between samples; what was measured is still printed and saved.
    const DeferredInterrupt interrupt;
    report = runBenchmark(cfg, observer, &DeferredInterrupt::requested());
  }
  progress.clear();
  std::fprintf(table, "\n%s", benchTableFooter(report).c_str());

  bool filesOk = true;
  if (auto path = a.get("json"))
    filesOk &= writeOutput(*path, benchReportJson(report), "JSON", table);
  if (auto path = a.get("csv")) filesOk &= writeOutput(*path, benchReportCsv(report), "CSV", table);
  std::fprintf(table, "%s\n", benchSummaryLine(report).c_str());

  if (const int signalled = exitCodeForInterrupt(); signalled != 0) return signalled;
  if (!filesOk) return 1;
  for (const BenchPoint& p : report.points)
    if (p.check == BenchCheck::Failed) return 1;
  return 0;
}

}  // namespace scanviz
