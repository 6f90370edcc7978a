#include <iostream>

#include "app/cli/cli.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/lesson/analysis.h"
#include "app/core/support/output_file.h"
#include "app/core/support/terminal_progress.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {

const CommandHelp& captureHelp() {
  static const CommandHelp k = {
      "capture",
      "Run one scan and write its trace: the array after every step, the operator applications, "
      "work and depth, warp clocks and block timing.",
      {"scanviz capture [capture options] --out FILE.json"},
      "Open the trace with `scanviz FILE.json`. Bad input gets a one-line message and exit code 2; "
      "no partial file is written.",
      {{"Output",
        {{"out", "FILE", "", "Where to write the trace (JSON); required."},
         {"quiet", "", "",
          "No progress line on stderr (there is none when stderr is not a terminal)."},
         {"verbose", "", "",
          "Also say on stderr why the run is on the CPU emulator when --backend auto finds no "
          "GPU (CUDA's own words)."}}},
       captureOptionSection()},
      {"scanviz capture --algorithm " + std::string(algorithmKeyWithRole(kRoleExample)) +
           " --input 3,1,7,0,4,1,6,3 --out " + std::string(algorithmKeyWithRole(kRoleExample)) +
           ".json",
       "scanviz capture --algorithm decoupled-lookback --n 1048576 --backend cuda --out dl.json",
       "scanviz capture --algorithm blelloch --n 64 --pattern ones --exclusive --out b.json"},
  };
  return k;
}

int cmdCapture(const std::vector<std::string>& args) {
  const Args a(args, captureHelp());
  const auto out = a.get("out");
  if (!out || out->empty()) throw UsageError("--out FILE is required (where to write the trace)");
  // Found before the capture, which may take a while at large N.
  if (const std::string problem = outputProblem(*out); !problem.empty()) throw InputError(problem);
  const CaptureRequest rq = captureRequestFromArgs(a);
  const CaptureOutcome o = [&] {
    // A capture of millions of elements takes seconds on the emulator: a terminal sees it tick.
    const ElapsedProgress progress(progressWanted(a.flag("quiet")),
                                   "capturing " + std::string(algorithmInfo(rq.algorithm).key));
    return capture(rq);
  }();
  if (!o.backendNote.empty()) std::cerr << "note: " << o.backendNote << "\n";
  if (a.flag("verbose") && rq.backend != BackendChoice::Cpu && o.trace.meta.backend == "cpu")
    std::cerr << "note: " << cudaStatus().message << "\n";
  saveTrace(o.trace, *out);
  const Trace& t = o.trace;
  // With `--out -` the trace is stdout: the summary goes to stderr.
  (isStandardOutput(*out) ? std::cerr : std::cout)
      << "wrote " << *out << ": " << t.meta.algorithm << ", n " << t.meta.n << ", block "
      << t.meta.blockSize << ", " << t.steps.size() << " steps, work " << t.counters.work
      << ", depth " << countRun(t).depth << " (" << t.counters.depth << " barrier steps), "
      << (t.meta.inclusive ? "inclusive" : "exclusive") << ", " << t.meta.backend << " ("
      << t.meta.device << ")\n";
  return 0;
}

}  // namespace scanviz
