#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/cli/cli.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/analysis.h"

namespace scanviz {
namespace {

// A coarsened scan is analysed as a single block of T threads over the whole input, as PMPP 8.5
// does.
int coarseningForOneBlock(long long n, int threads) {
  int c = 1;
  while (c < 64 && static_cast<long long>(c) * threads < n) c *= 2;
  return c;
}

void row(const char* what, double counted, const std::string& formula) {
  std::printf("  %-40s %10.0f   %s\n", what, counted, formula.c_str());
}

void rowReal(const char* what, double value, const std::string& formula) {
  std::printf("  %-40s %10.2f   %s\n", what, value, formula.c_str());
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

const CommandHelp& analyzeHelp() {
  static const CommandHelp k = {
      "analyze",
      "Count the work and depth of an algorithm on N elements and set them beside the seed "
      "texts' formulas, Brent's bound and the predicted speedup on P processors.",
      {"scanviz analyze [--algorithm ID] [--n N] [--processors P] [--block-size B] "
       "[--exclusive | --inclusive]"},
      "Runs on the CPU emulator with an input of ones.",
      {{"Analyze options",
        {{"algorithm", "ID", std::string(algorithmInfo(defaultAlgorithm()).key),
          "The scan to count (`scanviz list` names them)."},
         {"n", "N", "1024", "Input size, 1 to 2^24."},
         {"processors", "P", "32", "Processors of Brent's bound and the seed model."},
         {"block-size", "B",
          "the smallest block that covers N (" +
              algorithmKeyList([](const AlgorithmInfo& a) { return a.coarsened(); }) + ": 64)",
          "Threads per block."},
         {"exclusive", "", "",
          "Count the exclusive scan (the default of blelloch and kogge-stone-exclusive)."},
         {"inclusive", "", "",
          "Count the inclusive scan (Blelloch's with its conversion step)."}}}},
      {"scanviz analyze --algorithm " + std::string(algorithmInfo(defaultAlgorithm()).key) +
           " --n 1024 --processors 32",
       "scanviz analyze --algorithm " + std::string(algorithmKeyWithRole(kRoleExample)) +
           " --n 2048"},
  };
  return k;
}

int cmdAnalyze(const std::vector<std::string>& args) {
  const Args a(args, analyzeHelp());
  const std::string key = a.getOr("algorithm", std::string(algorithmInfo(defaultAlgorithm()).key));
  const auto id = findAlgorithm(key);
  if (!id) throw UsageError(unknownAlgorithmMessage(key));
  const long long n = a.getInt("n", 1024, 1, 1 << 24);
  const int p = static_cast<int>(a.getInt("processors", 32, 1, 1 << 20));
  if (a.flag("exclusive") && a.flag("inclusive"))
    throw UsageError("--exclusive and --inclusive contradict each other; give one of them");

  CaptureRequest rq;
  rq.algorithm = *id;
  rq.backend = BackendChoice::Cpu;
  rq.exclusive = a.flag("exclusive") || (!a.flag("inclusive") && exclusiveByNature(*id));
  rq.input = generateInput(InputPattern::Ones, n, 1, DType::Int32, Operator::Add);
  rq.blockSize = static_cast<int>(a.getInt("block-size", 0, 0, kMaxBlockSize));
  if (algorithmInfo(*id).coarsened()) {
    if (rq.blockSize == 0) rq.blockSize = 64;
    rq.coarsening = coarseningForOneBlock(n, rq.blockSize);
  }
  rq.limits.maxRecordedValues = 1ll << 26;
  const Trace t = capture(rq).trace;
  const RunCounts c = countRun(t);
  const auto f = runFormula(t);
  const double work = static_cast<double>(c.work);
  const double depth = static_cast<double>(c.depth);

  std::printf("%s, %s scan, N = %lld, block %d, section %d, %d section(s), P = %d\n", key.c_str(),
              t.meta.inclusive ? "inclusive" : "exclusive", n, t.meta.blockSize, t.meta.sectionSize,
              t.meta.blocksTotal, p);
  std::printf("  %-40s %10s   %s\n", "", "counted", "formula");
  row("work (operator applications)", work, f ? describeWork(*f) : "- (no formula in the seeds)");
  if (exclusiveByNature(*id))
    row("  of which exclusive -> inclusive", static_cast<double>(c.conversionWork),
        t.meta.inclusive ? "a step of its own: each element combines its own input"
                         : "none: the exclusive scan is this algorithm's own result");
  row("  of which on padding", static_cast<double>(c.paddingWork),
      "identity (+) identity in the padding of a partial section");
  row("sequential work", static_cast<double>(n - 1), "N - 1");
  rowReal("work / sequential work", n > 1 ? work / static_cast<double>(n - 1) : 0.0, "");
  row("depth (dependent operator applications)", depth, f ? describeDepth(*f) : "-");
  row("barrier steps (steps that apply it)", static_cast<double>(c.barrierSteps),
      c.barrierSteps == c.depth ? "one application per thread and step"
                                : "threads apply the operator several times within a step");
  rowReal("Brent's bound on P units", brentBound(work, depth, p),
          fmt("W/P + D = %.0f", work) + fmt("/%.0f", p) + fmt(" + %.0f", depth));
  rowReal("predicted speedup (Brent)", brentSpeedup(n, work, depth, p),
          fmt("N / (W/P + D) = %.4g", brentSpeedup(n, work, depth, p)));
  rowReal("speedup, unlimited units", unlimitedSpeedup(n, depth),
          fmt("N / D = %.4g (no P does better)", unlimitedSpeedup(n, depth)));
  const auto sf =
      seedFormulas(*id, t.meta.blocksTotal == 1 ? t.meta.sectionSize : n, t.meta.blockSize);
  if (sf) {
    SeedFormulas model = *sf;  // a conversion step lengthens the critical path too
    model.depthValue = std::max(model.depthValue, depth);
    std::printf("  %-40s %10s   %s = %.6g\n", "lanes occupied on a GPU", "",
                model.resources.c_str(), model.resourcesValue);
    std::printf("  %-40s %10s   max(%.6g / %d, D = %.6g) = %.6g\n",
                "time units on P units (seed model)", "", model.resourcesValue, p, model.depthValue,
                seedTimeUnits(model, p));
    std::printf("  %-40s %10s   N / time units = %.3g\n", "speedup over sequential (seed model)",
                "", seedSpeedup(model, n, p));
  }
  if (f) std::printf("  (%s)\n", f->source.c_str());
  return 0;
}

}  // namespace scanviz
