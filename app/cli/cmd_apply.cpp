// `scanviz apply ID`: run an application's scans as real kernels and answer in the domain's
// words; --json prints the answer as data, --out writes one scan's trace.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application_scan.h"
#include "app/core/support/output_file.h"
#include "app/core/trace/trace_json.h"
#include "app/core/trace/value_format.h"
#include "app/options/application_options.h"

namespace scanviz {
namespace {

// JSON has no infinity: an exclusive max-scan starts with -inf, written as trace files write it.
nlohmann::json numbers(const std::vector<double>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (double v : values) {
    if (std::isfinite(v))
      out.push_back(v == std::floor(v) && std::fabs(v) < 9e15
                        ? nlohmann::json(static_cast<long long>(v))
                        : nlohmann::json(v));
    else
      out.push_back(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
  }
  return out;
}

nlohmann::json runJson(const ApplicationRun& run) {
  const ApplicationInfo& info = applicationInfo(run.id);
  nlohmann::json parameters = nlohmann::json::object();
  for (size_t i = 0; i < info.parameters.size(); ++i)
    parameters[std::string(info.parameters[i].name)] = run.input.parameters[i];
  for (size_t i = 0; i < info.lists.size(); ++i)
    parameters[std::string(info.lists[i].name)] = numbers(run.input.lists[i]);
  nlohmann::json scans = nlohmann::json::array();
  for (const ApplicationScan& s : run.scans) {
    const TraceMeta& m = s.trace.meta;
    scans.push_back({{"purpose", s.purpose},
                     {"algorithm", m.algorithm},
                     {"operator", m.op},
                     {"inclusive", m.inclusive},
                     {"dtype", m.dtype},
                     {"backend", m.backend},
                     {"device", m.device},
                     {"steps", s.trace.steps.size()},
                     {"input", numbers(s.trace.input)},
                     {"output", numbers(s.trace.output)}});
  }
  return {{"application", std::string(info.key)},
          {"input", numbers(run.input.values)},
          {"parameters", parameters},
          {"flags", run.input.flags},
          {"result", numbers(run.result)},
          {"answer", run.answer},
          {"scans", scans}};
}

// What one scan did and produced. A select or split pass (compaction, radix sort) is no scan of
// the values: its scan is the exclusive count of the flags, which the trace keeps as each
// element's write address, and its output is the packed (or split) values.
void printScan(const Trace& t, std::ostream& out) {
  const auto id = findAlgorithm(t.meta.algorithm);
  const AlgorithmProduct product = id ? algorithmProduct(*id) : AlgorithmProduct::Scan;
  const std::string ran = " by " + t.meta.algorithm + ", " + std::to_string(t.steps.size()) +
                          " steps, on " + t.meta.backend + " (" + t.meta.device + ")";
  if (product == AlgorithmProduct::Scan) {
    out << "  " << scanDescription(t.meta.op, t.meta.inclusive, t.meta.dtype) << ran << ": "
        << joinNumbers(t.output) << "\n";
    return;
  }
  const bool split = product == AlgorithmProduct::Split;
  const std::vector<double> counts(t.rows.second.begin(), t.rows.second.end());
  // A select writes the kept values only: the slots after them hold nothing it wrote.
  std::vector<double> output = t.output;
  if (!split && !counts.empty() && !t.rows.flags.empty())
    output.resize(std::min(output.size(),
                           static_cast<size_t>(counts.back() + (t.rows.flags.back() ? 1 : 0))));
  out << "  " << (split ? "split" : "select") << ran << "\n"
      << "  exclusive count of the " << (split ? "0-flags" : "keep-flags") << " ("
      << (split ? "where a 0-key goes; the 1-keys follow all 0-keys"
                : "each kept value's write address")
      << "): " << joinNumbers(counts) << "\n"
      << "  " << (split ? "split output (the 0-keys, then the 1-keys)" : "packed output") << ": "
      << joinNumbers(output) << "\n";
}

void printRun(const ApplicationRun& run, std::ostream& out) {
  const ApplicationInfo& info = applicationInfo(run.id);
  out << info.key << ": " << info.title << " (" << info.seed << ")\n";
  out << "input (" << info.valuesMeaning << "): " << joinNumbers(run.input.values);
  for (size_t i = 0; i < info.parameters.size(); ++i)
    out << "; " << info.parameters[i].name << " " << formatNumber(run.input.parameters[i]);
  for (size_t i = 0; i < info.lists.size(); ++i)
    out << "; " << info.lists[i].name << " " << joinNumbers(run.input.lists[i]);
  if (!run.input.flags.empty())
    out << "; flags " << joinNumbers({run.input.flags.begin(), run.input.flags.end()});
  out << "\n";
  for (size_t i = 0; i < run.scans.size(); ++i) {
    out << "scan " << i + 1 << ": " << run.scans[i].purpose << "\n";
    printScan(run.scans[i].trace, out);
  }
  out << run.answer << "\n";
}

}  // namespace

const CommandHelp& applyHelp() {
  static const CommandHelp k = [] {
    CommandHelp h = {
        "apply",
        "Run one of the seeds' applications of scan (sandwich, line of sight, ...) and answer in "
        "its own words.",
        {"scanviz apply ID [--input \"v,v,...\"] [numbers] [--backend auto|cuda|cpu] "
         "[--out FILE.json] [--json]"},
        "ID is one of: " + applicationKeyList() +
            " (scanviz list describes them). The scans run as real kernels, on the GPU when "
            "there is one, else on the emulator; the defaults reproduce the seed's example. With "
            "a window option (--screenshot FILE.png, --step K, --theme, ...: scanviz --help) the "
            "window opens on the application: its picture above the steps of its scan. Bad "
            "input gets a one-line message and exit code 2; no partial file is written.",
        {{"Output",
          {{"out", "FILE", "", "Write the trace of one scan (--scan) to FILE (JSON)."},
           {"json", "", "",
            "Print one JSON object: the answer as a list (\"result\"), in words (\"answer\"), "
            "and every scan's input and output."}}}},
        {"scanviz apply sandwich", "scanviz apply sandwich --input \"10,20,30\" --length 80",
         "scanviz apply line-of-sight --viewer-height 6 --json",
         "scanviz apply polynomial --input \"1,0,-2\" --x 3 --scan 2 --out sum.json"},
    };
    for (const OptionSection& s : applicationOptionSections()) h.sections.push_back(s);
    return h;
  }();
  return k;
}

int cmdApply(const std::vector<std::string>& args) {
  const ApplicationArguments split = splitApplicationArguments(args, applyHelp().valueOptions());
  const Args a(split.options, applyHelp());
  const ApplicationRequest request = applicationRequestFromArgs(split.id, a);
  const auto out = a.get("out");
  if (out && out->empty()) throw UsageError("--out needs a file name");
  if (out)
    if (const std::string problem = outputProblem(*out); !problem.empty())
      throw InputError(problem);
  const ApplicationRun run = runApplication(request.id, request.input, request.options);
  checkScanIndex(request, run);
  for (const ApplicationScan& s : run.scans)
    if (!s.backendNote.empty()) {
      std::cerr << "note: " << s.backendNote << "\n";
      break;  // every scan falls back for the same reason
    }
  if (out) saveTrace(run.scans[static_cast<size_t>(request.scan)].trace, *out);
  // With `--out -` the trace is stdout: what else is printed goes to stderr.
  std::ostream& text = out && isStandardOutput(*out) ? std::cerr : std::cout;
  if (a.flag("json"))
    text << runJson(run).dump() << "\n";
  else
    printRun(run, text);
  // --json prints one object on stdout, nothing else.
  if (out && !isStandardOutput(*out))
    (a.flag("json") ? std::cerr : text)
        << "wrote " << *out << ": scan " << request.scan + 1 << " of " << run.scans.size() << "\n";
  return 0;
}

}  // namespace scanviz
