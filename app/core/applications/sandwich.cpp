// Sandwich cutting (seed 001, "Application from 'Everyday' Life"): a 100-inch sandwich, ten
// people who want 3 5 2 7 28 4 3 0 8 1 inches. Cutting one piece after another is sequential; the
// inclusive sum of the requests gives every cut position at once, so all cuts can be made in
// parallel. Work n - 1 additions, depth log n with a parallel scan.
#include <cmath>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

constexpr int kLength = 0;  // parameter index

void checkRequests(const ApplicationInput& in) {
  const double length = in.parameters[kLength];
  if (!(length > 0)) throw InputError("--length must be more than 0 inches");
  double total = 0;
  for (size_t i = 0; i < in.values.size(); ++i) {
    if (in.values[i] < 0)
      throw InputError("person " + std::to_string(i + 1) + " asks for " +
                       formatNumber(in.values[i]) + " inches; a request is 0 inches or more");
    total += in.values[i];
  }
  if (total > length)
    throw InputError("the requests add up to " + formatNumber(total) + " inches, more than the " +
                     formatNumber(length) + "-inch sandwich; ask for less or give --length " +
                     formatNumber(std::ceil(total)));
}

std::string sandwichAnswer(const ApplicationInput& in, const std::vector<double>& cuts) {
  std::string out = "Cut at " + joinNumbers(cuts, cuts.size()) +
                    " inches: one inclusive sum gives every cut at once.\n";
  for (size_t i = 0; i < in.values.size(); ++i)
    if (in.values[i] == 0)
      out += "Person " + std::to_string(i + 1) +
             " asked for 0 inches and gets no piece (two cuts at " + formatNumber(cuts[i]) + ").\n";
  const double left = in.parameters[kLength] - cuts.back();
  out +=
      formatNumber(left) + " of " + formatNumber(in.parameters[kLength]) + " inches are left over.";
  return out;
}

ApplicationRun runSandwich(const ApplicationInput& in, const ApplicationOptions& options) {
  checkRequests(in);
  ApplicationRun run;
  run.scans.push_back(
      runApplicationScan({"the cut positions: the inclusive sum of the requests", in.values,
                          Operator::Add, false, applicationDType(options, {&in.values})},
                         options));
  run.result = run.scans[0].trace.output;
  run.answer = sandwichAnswer(in, run.result);
  return run;
}

std::vector<double> sequentialCuts(const ApplicationInput& in) {
  std::vector<double> cuts;
  double at = 0;
  for (double inches : in.values) cuts.push_back(at += inches);
  return cuts;
}

}  // namespace

ApplicationInfo sandwichApplication() {
  return {
      ApplicationId::Sandwich,
      "sandwich",
      "Cutting a sandwich",
      "seed 001 (Zachmann's slides), \"Application from 'Everyday' Life\"",
      "where to cut a sandwich for everyone at once: the inclusive sum of the requests",
      "A 100-inch sandwich and ten people who each want some inches of it. Cut one piece after "
      "another and the last person waits for nine cuts. The inclusive sum of the requests is the "
      "position of every cut: person i's piece ends at the sum of the first i requests. With a "
      "parallel scan all cuts are known after log n steps and can be made at the same time. A "
      "request of 0 inches gives two cuts at the same place; what nobody asked for is left over.",
      "the inches each person wants, in order",
      "3 5 2 7 28 4 3 0 8 1",
      {{"length", "INCHES", 100, "The sandwich's length in inches (sandwich)."}},
      /*flagsMeaning=*/"",
      runSandwich,
      sequentialCuts,
  };
}

}  // namespace scanviz
