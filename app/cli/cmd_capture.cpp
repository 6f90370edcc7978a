#include <iostream>

#include "app/cli/cli.h"
#include "app/core/output_file.h"
#include "app/core/trace_json.h"

namespace scanviz {

int cmdCapture(const std::vector<std::string>& args) {
  std::set<std::string> options = captureValueOptions();
  options.insert("out");
  Args a(args, options, captureFlags());
  const auto out = a.get("out");
  if (!out || out->empty()) throw UsageError("--out FILE is required (where to write the trace)");
  // Found before the capture, which may take a while at large N.
  if (const std::string problem = outputProblem(*out); !problem.empty()) throw InputError(problem);
  const CaptureRequest rq = captureRequestFromArgs(a);
  const CaptureOutcome o = capture(rq);
  if (!o.backendNote.empty()) std::cerr << "note: " << o.backendNote << "\n";
  saveTrace(o.trace, *out);
  const Trace& t = o.trace;
  // With `--out -` the trace is stdout: the summary goes to stderr.
  (*out == "-" ? std::cerr : std::cout)
      << "wrote " << *out << ": " << t.meta.algorithm << ", n " << t.meta.n << ", block "
      << t.meta.blockSize << ", " << t.steps.size() << " steps, work " << t.counters.work
      << ", depth " << t.counters.depth << ", " << t.meta.backend << " (" << t.meta.device << ")\n";
  return 0;
}

}  // namespace scanviz
