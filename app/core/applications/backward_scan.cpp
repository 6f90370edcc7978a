// Backward scan (seed 001, "Further variant: backward scan"): suffix sums s_i = x_i + ... +
// x_(n-1), "what comes after me?". No new kernel: the same inclusive scan runs on the reversed
// view of the array (element i of the view is x_(n-1-i)), and the result read backwards is the
// suffix sum. Work n - 1, depth log n.
#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"

namespace scanviz {
namespace {

ApplicationRun runBackwardScan(const ApplicationInput& in, const ApplicationOptions& options) {
  ApplicationRun run;
  run.scans.push_back(runApplicationScan(
      {"the suffix sums: the inclusive sum of the reversed view", reversed(in.values),
       Operator::Add, false, applicationDType(options, {&in.values})},
      options));
  run.result = reversed(run.scans[0].trace.output);
  run.answer =
      "Suffix sums (each element plus everything after it): " + joinNumbers(run.result) +
      "\nThe scan ran forward on the reversed view: " + joinNumbers(run.scans[0].trace.input) +
      " -> " + joinNumbers(run.scans[0].trace.output) + ", read backwards.";
  return run;
}

std::vector<double> sequentialSuffixSums(const ApplicationInput& in) {
  std::vector<double> out(in.values.size());
  double after = 0;
  for (size_t i = in.values.size(); i-- > 0;) out[i] = after += in.values[i];
  return out;
}

}  // namespace

ApplicationInfo backwardScanApplication() {
  return {
      ApplicationId::BackwardScan,
      "backward-scan",
      "Backward scan",
      "seed 001 (Zachmann's slides), \"Further variant: backward scan\"",
      "suffix sums (\"what comes after me?\"): the same scan on the reversed view",
      "A backward scan combines each element with everything after it: the suffix sums "
      "s_i = x_i + ... + x_(n-1). It needs no kernel of its own: read the array from its end "
      "(element i of the view is x_(n-1-i)), run the same inclusive scan, and read its result "
      "backwards.",
      "the values to sum from the right",
      "3 1 7 0 4 1 6 3",
      {},
      /*flagsMeaning=*/"",
      runBackwardScan,
      sequentialSuffixSums,
  };
}

}  // namespace scanviz
