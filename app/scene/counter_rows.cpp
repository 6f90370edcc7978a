#include "app/scene/counter_rows.h"

#include <cmath>
#include <cstdio>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/lesson/analysis.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"

namespace scanviz {
namespace {

const char* const kPaddingWork = "Work on padding";
const char* const kPaddingLeftOut = "Padding, left out";

std::string percent(long long part, long long whole) {
  return whole > 0
             ? formatQuantity(100.0 * static_cast<double>(part) / static_cast<double>(whole)) + "%"
             : std::string("0%");
}

void addWorkRows(const Trace& t, int step, const StepMetrics& m, const RunCounts& c,
                 bool realElements, std::vector<CounterRow>& rows) {
  rows.push_back({"Ops this step", formatCount(m.ops),
                  "Operator applications in this step, over all its threads."});
  const bool real = realElements && c.paddingWork > 0;
  if (real)
    rows.push_back({"Work so far",
                    formatCount(m.cumulativeWork - c.paddingUpTo(step)) + " of " +
                        formatCount(c.realWork()) + "  (real elements)",
                    "Operator applications on the input's elements up to and including this "
                    "step, next to the run's work on them: W without the padding."});
  else
    rows.push_back(
        {"Work so far", formatCount(m.cumulativeWork) + " of " + formatCount(c.work),
         "Operator applications up to and including this step, next to the whole run's work W."});
  if (c.conversionWork > 0)
    rows.push_back({"Exclusive -> inclusive", formatCount(c.conversionWork) + " of the work",
                    "This algorithm produces the exclusive scan; the inclusive one asked for "
                    "takes a step of its own in which each element combines its own input."});
  if (c.paddingWork > 0)
    rows.push_back({real ? kPaddingLeftOut : kPaddingWork,
                    formatCount(c.paddingWork) + " = " + percent(c.paddingWork, c.work) +
                        " of W = " + formatCount(c.work),
                    "Applications that combine the identity padding of a partial section with "
                    "more padding: they change no result. The switch under the table leaves "
                    "them out of W, the bound and the speedup."});
  rows.push_back({"Sequential work", formatCount(t.counters.sequentialWork) + "  (N - 1)",
                  "What one thread walking the array needs: the yardstick for work efficiency."});
  const auto f = runFormula(t);
  if (f)
    rows.push_back({"Seed formula", describeWork(*f),
                    "The work this algorithm's own formula predicts (" + f->source +
                        "), at the section length S its sections are padded to."});
}

void addThreadRows(const StepMetrics& m, bool section, std::vector<CounterRow>& rows) {
  if (!section) {
    rows.push_back({"Active threads", "every block",
                    "A grid-level step: all blocks of the launch take part."});
    return;
  }
  rows.push_back({"Active threads",
                  formatCount(m.activeThreads) + " of " + formatCount(m.residentThreads),
                  "Threads that applied the operator; the others are resident but idle."});
  rows.push_back(
      {"Active warps", formatCount(m.activeWarps) + " of " + formatCount(m.residentWarps),
       "Warps with at least one active lane: each of them issues the step's instructions."});
  const std::string eff = m.activeWarps == 0 ? std::string("no warp active")
                                             : formatQuantity(100.0 * m.warpEfficiency) + "%  (" +
                                                   formatCount(m.activeThreads) + " of " +
                                                   formatCount(32ll * m.activeWarps) + " lanes)";
  rows.push_back({"Warp efficiency", eff,
                  "Active lanes / (32 x warps touched): the share of the issued SIMD width that "
                  "did useful work."});
}

std::string bankText(const BankConflicts& b) {
  if (!b.applies) return "no shared-memory accesses recorded";
  if (b.conflicts == 0) return "none (conflict-free)";
  // The worst access first (its way is what the lecture calls the conflict), then its cost
  // over the whole step.
  return formatQuantity(b.worstWay) + "-way (warp " + formatQuantity(b.worstWarp) +
         ")  \xC2\xB7  " + formatQuantity(b.extraCycles) +
         (b.extraCycles == 1 ? " replay" : " replays") + " in all";
}

}  // namespace

std::vector<CounterRow> counterRows(const Trace& t, int step, int processors, bool realElements) {
  std::vector<CounterRow> rows;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return rows;
  const StepMetrics m = stepMetrics(t, step);
  const bool section = isSectionStep(t.steps[static_cast<size_t>(step)]);
  rows.push_back(
      {"Step", formatCount(step) + " of " + formatCount(static_cast<long long>(t.steps.size()) - 1),
       "Step 0 is the state right after the load; every later step ends at a barrier."});
  const RunCounts c = countRun(t);
  rows.push_back(
      {"Depth D",
       c.depth == c.barrierSteps ? formatCount(c.depth) + " steps"
                                 : formatCount(c.depth) + " applications  (" +
                                       formatCount(c.barrierSteps) + " barrier steps)",
       "Depth: the critical path of dependent operator applications, where a thread that applies "
       "the operator several times in one step (a coarsened scan's sequential phases) counts each. "
       "Barrier steps: the steps that apply the operator."});
  addWorkRows(t, step, m, c, realElements, rows);
  addThreadRows(m, section, rows);
  rows.push_back(
      {"Bank conflicts", section ? bankText(m.banks) : "not a shared-memory step",
       "The worst conflict: n-way when one warp sends n accesses to one of the 32 four-byte "
       "banks in one instruction, which then replays n - 1 times; and the replays summed over "
       "the step's warps and accesses. Computed from the step's operator applications."});
  const bool real = realElements && c.paddingWork > 0;
  const double w = static_cast<double>(real ? c.realWork() : c.work);
  const double d = static_cast<double>(c.depth);
  rows.push_back(
      {"Brent W/P + D",
       formatQuantity(w) + "/" + formatCount(processors) + " + " + formatQuantity(d) + " = " +
           formatQuantity(brentBound(w, d, processors)) + " steps",
       std::string("Brent's theorem: with P processors the run needs at most W/P + D steps. Set "
                   "P below.") +
           (real ? " W is the real elements' work." : "")});
  rows.push_back({"Predicted speedup",
                  formatQuantity(brentSpeedup(t.meta.n, w, d, processors)) + "x  (at most " +
                      formatQuantity(unlimitedSpeedup(t.meta.n, d)) + "x = N / D)",
                  "The sequential scan's N steps over Brent's bound; with unlimited processors "
                  "the bound falls to the depth D, so no P beats N / D."});
  return rows;
}

bool hasPaddingRow(const std::vector<CounterRow>& rows) {
  for (const CounterRow& r : rows)
    if (r.label == kPaddingWork || r.label == kPaddingLeftOut) return true;
  return false;
}

}  // namespace scanviz
