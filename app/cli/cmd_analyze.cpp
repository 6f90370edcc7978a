#include <cmath>
#include <cstdio>

#include "app/cli/cli.h"
#include "app/core/analysis.h"
#include "app/core/input_spec.h"

namespace scanviz {
namespace {

// Three-phase analyses a single block of T threads over the whole input, as PMPP 8.5 does.
int threePhaseCoarsening(long long n, int threads) {
  int c = 1;
  while (c < 64 && static_cast<long long>(c) * threads < n) c *= 2;
  return c;
}

}  // namespace

const CommandHelp& analyzeHelp() {
  static const CommandHelp k = {
      "analyze",
      "Count the work and depth of an algorithm on N elements and set them beside the seed "
      "texts' formulas, Brent's bound and the predicted speedup on P processors.",
      {"scanviz analyze [--algorithm ID] [--n N] [--processors P] [--block-size B]"},
      "Runs on the CPU emulator with an input of ones.",
      {{"Analyze options",
        {{"algorithm", "ID", "kogge-stone", "The scan to count (`scanviz list` names them)."},
         {"n", "N", "1024", "Input size, 1 to 2^24."},
         {"processors", "P", "32", "Processors of Brent's bound and the seed model."},
         {"block-size", "B", "the smallest block that covers N (three-phase: 64)",
          "Threads per block."}}}},
      {"scanviz analyze --algorithm kogge-stone --n 1024 --processors 32",
       "scanviz analyze --algorithm brent-kung --n 2048"},
  };
  return k;
}

int cmdAnalyze(const std::vector<std::string>& args) {
  const Args a(args, analyzeHelp().valueOptions(), analyzeHelp().flags());
  const std::string key = a.getOr("algorithm", "kogge-stone");
  const auto id = findAlgorithm(key);
  if (!id) throw UsageError("unknown algorithm '" + key + "'; known: " + algorithmKeyList());
  const long long n = a.getInt("n", 1024, 1, 1 << 24);
  const int p = static_cast<int>(a.getInt("processors", 32, 1, 1 << 20));

  CaptureRequest rq;
  rq.algorithm = *id;
  rq.backend = BackendChoice::Cpu;
  rq.input = generateInput(InputPattern::Ones, n, 1, DType::Int32, Operator::Add);
  rq.blockSize = static_cast<int>(a.getInt("block-size", 0, 0, kMaxBlockSize));
  if (*id == AlgorithmId::ThreePhase) {
    if (rq.blockSize == 0) rq.blockSize = 64;
    rq.coarsening = threePhaseCoarsening(n, rq.blockSize);
  }
  rq.limits.maxRecordedValues = 1ll << 26;
  const Trace t = capture(rq).trace;
  const double work = static_cast<double>(t.counters.work);
  const double depth = static_cast<double>(t.counters.depth);

  std::printf("%s, N = %lld, block %d, section %d, %d section(s), P = %d\n", key.c_str(), n,
              t.meta.blockSize, t.meta.sectionSize, t.meta.blocksTotal, p);
  std::printf("  %-34s %12s   %s\n", "", "counted", "seed formula");
  const auto f = seedFormulas(*id, n, t.meta.blockSize);
  const auto row = [](const char* what, double counted, const std::string& formula, double value) {
    std::printf("  %-34s %12.0f   %s = %.6g\n", what, counted, formula.c_str(), value);
  };
  row("work (operator applications)", work, f ? f->work : "-", f ? f->workValue : 0);
  row("sequential work", static_cast<double>(n - 1), "N - 1", static_cast<double>(n - 1));
  std::printf(
      "  %-34s %12.2f   %s\n", "work / sequential work", n > 1 ? work / (n - 1) : 0.0,
      f && n > 1 ? (std::to_string(f->workValue / (n - 1)).substr(0, 5) + "x").c_str() : "-");
  row("depth (steps that apply the operator)", depth, f ? f->depth : "-", f ? f->depthValue : 0);
  std::printf("  %-34s %12.2f   W/P + D = %.0f/%d + %.0f\n", "Brent's bound on P units",
              brentBound(work, depth, p), work, p, depth);
  std::printf("  %-34s %12.2f   N / (W/P + D)\n", "predicted speedup (Brent)",
              static_cast<double>(n) / brentBound(work, depth, p));
  if (f) {
    std::printf("  %-34s %12s   N / D = %.6g\n", "speedup, unlimited units", "", n / f->depthValue);
    std::printf("  %-34s %12s   %s = %.6g\n", "lanes occupied on a GPU", "", f->resources.c_str(),
                f->resourcesValue);
    std::printf("  %-34s %12s   %.6g / %d = %.6g\n", "time units on P units (seed model)", "",
                f->resourcesValue, p, seedTimeUnits(*f, p));
    std::printf("  %-34s %12s   N / time units = %.3g\n", "speedup over sequential (seed model)",
                "", seedSpeedup(*f, n, p));
    std::printf("  (%s)\n", f->source.c_str());
  }
  return 0;
}

}  // namespace scanviz
