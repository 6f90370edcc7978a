#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/cli/cli.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/analysis.h"
#include "app/core/trace/value_format.h"
#include "app/options/capture_options.h"

namespace scanviz {
namespace {

// A coarsened scan is analysed as a single block of T threads over the whole input, as PMPP 8.5
// does.
int coarseningForOneBlock(long long n, int threads) {
  int c = 1;
  while (c < 64 && static_cast<long long>(c) * threads < n) c *= 2;
  return c;
}

std::string q(double v) {
  return formatQuantity(v);
}

// A row of the table: what, the number counted (or modelled), and its formula.
void row(const char* what, const std::string& value, const std::string& formula) {
  std::printf("  %-40s %12s   %s\n", what, value.c_str(), formula.c_str());
}

void row(const char* what, double value, const std::string& formula) {
  row(what, q(value), formula);
}

// Which run the counted numbers are of: one section, or the hierarchical composition that an N
// larger than one block's section needs (PMPP 8.6), which is not the seeds' one-section model.
void printRunLine(const Trace& t, const std::string& key) {
  if (t.meta.blocksTotal <= 1) {
    std::printf("Counted on the run scanviz makes: one section of %s elements, one block of %d.\n",
                q(static_cast<double>(t.meta.sectionSize)).c_str(), t.meta.blockSize);
    return;
  }
  const AlgorithmInfo& info = algorithmInfo(*findAlgorithm(t.meta.algorithm));
  if (info.driver == AlgorithmDriver::SinglePass) {
    std::printf("Counted on the run scanviz makes: one launch of %s tiles of %s elements.\n",
                q(t.meta.blocksTotal).c_str(), q(t.meta.sectionSize).c_str());
    return;
  }
  const std::string sections = info.sections ? std::string(info.sections->key) : key;
  std::printf(
      "Counted on the run scanviz makes: N is more than one block's section of %s elements, so "
      "it runs hierarchically (PMPP 8.6): %s sections scanned by %s, their sums scanned the "
      "same way, the sums added back.\n",
      q(t.meta.sectionSize).c_str(), q(t.meta.blocksTotal).c_str(), sections.c_str());
}

struct Counted {
  double work = 0;  // the work the table reports: all of it, or the real elements' alone
  double depth = 0;
};

void printCounted(const Trace& t, const RunCounts& c, const Counted& w, bool realElements, int p) {
  const auto id = findAlgorithm(t.meta.algorithm);
  const auto f = runFormula(t);
  const long long n = t.meta.n;
  std::printf("  %-40s %12s   %s\n", "", "counted", "formula");
  if (realElements)
    row("work on the input's elements", w.work,
        "W without the padding (the formula counts the padded sections)");
  else
    row("work (operator applications)", w.work,
        f ? describeWork(*f) : "- (no formula in the seeds)");
  if (exclusiveByNature(*id))
    row("  of which exclusive -> inclusive", static_cast<double>(c.conversionWork),
        t.meta.inclusive ? "a step of its own: each element combines its own input"
                         : "none: the exclusive scan is this algorithm's own result");
  const std::string share =
      c.work > 0 ? q(100.0 * static_cast<double>(c.paddingWork) / static_cast<double>(c.work)) +
                       "% of W = " + q(static_cast<double>(c.work))
                 : std::string("none");
  row(realElements ? "  padding, left out" : "  of which on padding",
      static_cast<double>(c.paddingWork),
      "identity (+) identity in the padding of a partial section: " + share);
  row("sequential work", static_cast<double>(n - 1), "N - 1");
  row("work / sequential work", n > 1 ? q(w.work / static_cast<double>(n - 1)) + "x" : "-",
      realElements ? "the input's elements alone" : "");
  row("depth (dependent operator applications)", w.depth, f ? describeDepth(*f) : "-");
  row("barrier steps (steps that apply it)", static_cast<double>(c.barrierSteps),
      c.barrierSteps == c.depth ? "one application per thread and step"
                                : "threads apply the operator several times within a step");
  row("Brent's bound on P units", brentBound(w.work, w.depth, p),
      "W/P + D = " + q(w.work) + "/" + q(p) + " + " + q(w.depth));
  const double brent = brentSpeedup(n, w.work, w.depth, p);
  row("predicted speedup (Brent)", q(brent) + "x", "N / (W/P + D) = " + q(brent));
  const double unlimited = unlimitedSpeedup(n, w.depth);
  row("speedup, unlimited units", q(unlimited) + "x",
      "N / D = " + q(unlimited) + " (no P does better)");
  if (f) std::printf("  (%s)\n", f->source.c_str());
}

// The seeds' model: what the lecture's numbers are about. For a block algorithm that is one
// section of all N elements, whatever block a GPU can hold (Hillis-Steele's "a factor of log n:
// 20x for 10^6 elements"); for a composition, its sections as PMPP 8.6 counts them.
void printModel(const Trace& t, AlgorithmId id, double countedDepth, int p) {
  const long long n = t.meta.n;
  const auto sf =
      seedFormulas(id, t.meta.blocksTotal == 1 ? t.meta.sectionSize : n, t.meta.blockSize);
  if (!sf) return;
  SeedFormulas model = *sf;
  const bool oneSection = t.meta.blocksTotal == 1 || algorithmInfo(id).costSectionCap != 0;
  if (!oneSection) {
    std::printf(
        "The seeds' model (%s): one section of all N = %s elements, as the lecture counts it "
        "(the run above is the hierarchical one):\n",
        model.source.c_str(), q(static_cast<double>(n)).c_str());
    row("work (model)", model.workValue, model.work);
    row("work / sequential work (model)",
        n > 1 ? q(model.workValue / static_cast<double>(n - 1)) + "x" : "-", "");
    row("depth (model)", model.depthValue, model.depth);
    row("Brent's bound on P units (model)", brentBound(model.workValue, model.depthValue, p),
        "W/P + D");
    row("predicted speedup (Brent, model)",
        q(brentSpeedup(n, model.workValue, model.depthValue, p)) + "x", "N / (W/P + D)");
  } else {
    // A conversion step lengthens the critical path too.
    model.depthValue = std::max(model.depthValue, countedDepth);
    std::printf("The seeds' model (%s), every occupied lane costing a unit:\n",
                model.source.c_str());
  }
  row("lanes occupied on a GPU", "", model.resources + " = " + q(model.resourcesValue));
  row("time units on P units (seed model)", "",
      "max(" + q(model.resourcesValue) + " / " + q(p) + ", D = " + q(model.depthValue) +
          ") = " + q(seedTimeUnits(model, p)));
  row("speedup over sequential (seed model)", "",
      "N / time units = " + q(seedSpeedup(model, n, p)));
}

}  // namespace

const CommandHelp& analyzeHelp() {
  static const CommandHelp k = {
      "analyze",
      "Count the work and depth of an algorithm on N elements and set them beside the seed "
      "texts' formulas, Brent's bound and the predicted speedup on P processors.",
      {"scanviz analyze [--algorithm ID] [--n N] [--processors P] [--block-size B] "
       "[--exclusive | --inclusive] [--real-elements]"},
      "Runs on the CPU emulator with an input of ones, in the algorithm's natural form unless "
      "--exclusive or --inclusive says otherwise. The counted numbers are of the run scanviz "
      "makes: an N larger than one block's section runs hierarchically (PMPP 8.6), and the "
      "output says so. The seeds' model (one section of all N elements, what the lecture's "
      "figures count) follows, with its work, depth and speedups.",
      {{"Analyze options",
        {{"algorithm", "ID", std::string(algorithmInfo(defaultAlgorithm()).key),
          "The scan to count (`scanviz list` names them)."},
         {"n", "N", "1024", "Input size, 1 to 2^24."},
         {"processors", "P", "32", "Processors of Brent's bound and the seed model."},
         blockSizeOption("the smallest block that covers N (" +
                         algorithmKeyList([](const AlgorithmInfo& a) { return a.coarsened(); }) +
                         ": 64)"),
         {"exclusive", "", "",
          "Count the exclusive scan (the default of blelloch and kogge-stone-exclusive)."},
         {"inclusive", "", "", "Count the inclusive scan (Blelloch's with its conversion step)."},
         {"real-elements", "", "",
          "Count the work on the input's elements alone: a partial section's padding (identity "
          "combined with identity) is left out of W, the bound and the speedups, its share "
          "stated beside."}}}},
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
  rq.blockSize = powerOfTwoOption(a, "block-size", kBlockSizes, 0);
  if (algorithmInfo(*id).coarsened()) {
    if (rq.blockSize == 0) rq.blockSize = 64;
    rq.coarsening = coarseningForOneBlock(n, rq.blockSize);
  }
  rq.limits.maxRecordedValues = 1ll << 26;
  const Trace t = capture(rq).trace;
  const RunCounts c = countRun(t);
  const bool realElements = a.flag("real-elements");
  const Counted counted{static_cast<double>(realElements ? c.realWork() : c.work),
                        static_cast<double>(c.depth)};

  std::printf("%s, %s scan, N = %s, block %s, section %s, %s section(s), P = %s\n", key.c_str(),
              t.meta.inclusive ? "inclusive" : "exclusive", q(static_cast<double>(n)).c_str(),
              q(t.meta.blockSize).c_str(), q(t.meta.sectionSize).c_str(),
              q(t.meta.blocksTotal).c_str(), q(p).c_str());
  printRunLine(t, key);
  printCounted(t, c, counted, realElements, p);
  printModel(t, *id, counted.depth, p);
  return 0;
}

}  // namespace scanviz
