#include "app/cli/cli.h"

#include <iostream>

#include "app/core/backends/backend.h"
#include "app/core/file_util.h"
#include "app/core/input_spec.h"
#include "app/core/output_file.h"
#include "app/core/trace_json.h"

namespace scanviz {

int cmdBench(const std::vector<std::string>& args);  // cmd_bench.cpp

const std::set<std::string>& captureValueOptions() {
  static const std::set<std::string> k = {
      "algorithm", "input",        "input-file",      "n",           "seed",
      "pattern",   "block-size",   "coarsening",      "operator",    "dtype",
      "backend",   "record-block", "resident-blocks", "launch-order"};
  return k;
}

const std::set<std::string>& captureFlags() {
  static const std::set<std::string> k = {"exclusive", "static-block-ids", "reverse-threads"};
  return k;
}

namespace {

InputPattern parsePattern(const std::string& s) {
  if (s == "random") return InputPattern::Random;
  if (s == "ones") return InputPattern::Ones;
  if (s == "ascending") return InputPattern::Ascending;
  throw UsageError("--pattern '" + s + "' is not one of random, ones, ascending");
}

LaunchOrder parseLaunchOrder(const std::string& s) {
  if (s == "ascending") return LaunchOrder::Ascending;
  if (s == "descending") return LaunchOrder::Descending;
  if (s == "random") return LaunchOrder::Random;
  throw UsageError("--launch-order '" + s + "' is not one of ascending, descending, random");
}

}  // namespace

CaptureRequest captureRequestFromArgs(const Args& a) {
  CaptureRequest rq;
  const std::string algo = a.getOr("algorithm", "kogge-stone");
  auto id = findAlgorithm(algo);
  if (!id) throw UsageError("unknown algorithm '" + algo + "'; known: " + algorithmKeyList());
  rq.algorithm = *id;
  const std::string op = a.getOr("operator", "add");
  auto parsedOp = parseOperator(op);
  if (!parsedOp) throw UsageError("--operator '" + op + "' is not one of add, max, min, mul");
  rq.op = *parsedOp;
  const std::string dt = a.getOr("dtype", "int32");
  auto parsedDt = parseDType(dt);
  if (!parsedDt) throw UsageError("--dtype '" + dt + "' is not int32 or float32");
  rq.dtype = *parsedDt;
  const std::string be = a.getOr("backend", "auto");
  auto parsedBe = parseBackend(be);
  if (!parsedBe) throw UsageError("--backend '" + be + "' is not one of auto, cuda, cpu");
  rq.backend = *parsedBe;
  rq.exclusive = a.flag("exclusive");
  rq.blockSize = static_cast<int>(a.getInt("block-size", 0, -(1ll << 31), 1ll << 31));
  if (a.has("block-size") && rq.blockSize <= 0)
    throw InputError("block size " + std::to_string(rq.blockSize) +
                     " is not a power of two between 2 and 1024");
  rq.coarsening = static_cast<int>(a.getInt("coarsening", kThreePhaseCoarsening, 1, 64));
  rq.recordBlock = static_cast<int>(a.getInt("record-block", 0, 0, 1 << 30));
  rq.emulator.residentBlocks = static_cast<int>(a.getInt("resident-blocks", 4, 1, 1 << 16));
  rq.emulator.order = parseLaunchOrder(a.getOr("launch-order", "ascending"));
  rq.emulator.staticBlockIds = a.flag("static-block-ids");
  rq.emulator.threadOrder = a.flag("reverse-threads") ? ThreadOrder::Reverse : ThreadOrder::Forward;

  const int sources = a.has("input") + a.has("n") + a.has("input-file");
  if (sources > 1) throw UsageError("give only one of --input, --input-file and --n");
  const unsigned seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  rq.emulator.seed = seed;
  if (a.has("input")) {
    rq.input = parseValues(*a.get("input"));
  } else if (a.has("input-file")) {
    rq.input = parseValues(readWholeFile(*a.get("input-file")));
  } else if (a.has("n")) {
    const long long n = a.getInt("n", 0, -(1ll << 62), 1ll << 62);
    if (n <= 0) throw InputError("N = " + std::to_string(n) + ": N must be at least 1");
    if (n > rq.limits.maxElements)
      throw InputError("N = " + std::to_string(n) + " is above the limit of " +
                       std::to_string(rq.limits.maxElements) + " elements");
    rq.input = generateInput(parsePattern(a.getOr("pattern", "random")), n, seed, rq.dtype, rq.op);
  } else {
    rq.input = defaultLessonInput();
  }
  return rq;
}

std::optional<int> runCli(const std::vector<std::string>& args) {
  if (args.empty() || args[0].rfind("--", 0) == 0) return std::nullopt;
  const std::string cmd = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (cmd == "list") return cmdList(rest);
    if (cmd == "capture") return cmdCapture(rest);
    if (cmd == "verify") return cmdVerify(rest);
    if (cmd == "analyze") return cmdAnalyze(rest);
    if (cmd == "bench") return cmdBench(rest);
    // Drawn with the window's renderer (app/ui/export): main() hands it to the window build.
    if (cmd == "export") return std::nullopt;
    if (cmd == "help") {
      std::cout << "usage: scanviz [list | capture | verify | analyze | bench | export] [options]\n"
                   "       scanviz bench [--algorithms a,b|all] [--sizes 2^10,2^20|2^10..2^16]\n"
                   "         [--dtype int32|float32|both] [--repeats R] [--block-size B]\n"
                   "         [--backend auto|cuda|cpu] [--json FILE] [--csv FILE] [--no-capture]\n"
                   "       scanviz            opens the window on the default lesson\n";
      return 0;
    }
    std::cerr << "scanviz: unknown command '" << cmd
              << "' (commands: list, capture, verify, analyze, bench)\n";
    return 2;
  } catch (const UsageError& e) {
    std::cerr << "scanviz " << cmd << ": " << e.what() << "\n";
  } catch (const WriteError& e) {
    // Reading was fine; the disk refused (full, too large, no permission): not bad input.
    std::cerr << "scanviz " << cmd << ": " << e.what() << "\n";
    return 1;
  } catch (const InputError& e) {
    std::cerr << "scanviz " << cmd << ": " << e.what() << "\n";
  } catch (const BackendError& e) {
    std::cerr << "scanviz " << cmd << ": " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "scanviz " << cmd << ": " << e.what() << "\n";
  }
  return 2;
}

}  // namespace scanviz
