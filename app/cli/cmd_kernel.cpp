// `scanviz kernel FILE.cu...`: runs students' kernels on the emulator of student kernels
// (app/core/student) and grades them: correct, wrong, race, out of bounds, barrier divergence or
// hang, with the source line. Exit code 0 when every file is correct, 1 when one has a finding,
// 2 when one does not compile or the input is bad.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "app/cli/cli.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_grader.h"
#include "app/core/student/kernel_parser.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/trace/trace_json.h"
#include "app/core/trace/value_format.h"

namespace scanviz {

namespace {

// The capture options that say what the kernel runs on (the rest, such as --algorithm and
// --backend, are --like's and the emulator's to decide).
OptionSection inputOptions() {
  static const std::set<std::string> kept = {
      "input", "input-file", "n", "seed", "pattern", "block-size", "operator", "dtype", "backend"};
  OptionSection s{"Input options", {}};
  for (const OptionSpec& o : captureOptionSection().options)
    if (kept.count(o.name)) s.options.push_back(o);
  return s;
}

}  // namespace

const CommandHelp& kernelHelp() {
  static const CommandHelp k = {
      "kernel",
      "Run a student's CUDA scan kernel on scanviz's emulator, draw its steps like a built-in "
      "algorithm's, find its races and grade it against the algorithm it should behave like.",
      {"scanviz kernel FILE.cu... [--like ID] [capture options] [--section-size S] "
       "[--record-block B] [--out trace.json] [--json]"},
      "FILE.cu holds one __global__ kernel taking (input, output, length), as PMPP Fig. 8.2 "
      "prints it, or the hierarchical scan's two or three kernels (PMPP 8.6: sections with "
      "their sums, the sums scanned, the sums added); SECTION_SIZE and BLOCK_SIZE are defined "
      "by scanviz. It is parsed by libclang (without it, by scanviz's own parser of the subset) "
      "and interpreted, never run natively: every thread runs to its next "
      "__syncthreads(), and every shared and global access between two barriers is checked, so a "
      "race is found even when the output is right. The verdict: correct; wrong (the first "
      "element and, with --like, the first step that differ); race (the two threads, the cell, "
      "both lines); out of bounds (the line); barrier divergence (threads that skipped a "
      "__syncthreads()); hang. With --backend cuda it also runs on the GPU, compiled by NVRTC in "
      "a child process kept for every file of the call. docs/student-kernels.md lists the "
      "subset of CUDA it runs.",
      {{"Kernel options",
        {{"like", "ID", "the sequential scan",
          "The built-in algorithm the kernel should behave like: its block and section size, "
          "its form (Blelloch's is exclusive) and its steps, compared one by one."},
         {"section-size", "S", "--like's, else the block size",
          "What SECTION_SIZE is: the elements one block scans."},
         {"record-block", "B", "0", "The block whose steps the trace records."},
         {"out", "FILE", "", "Write the kernel's trace (one file only): `scanviz FILE` opens it."},
         {"json", "", "", "One JSON object per file, one per line, for grading a class."}}},
       inputOptions()},
      {"scanviz kernel tests/student_kernels/kogge_stone.cu --like kogge-stone --n 16",
       "scanviz kernel submissions/*.cu --like brent-kung --n 1000 --json"},
  };
  return k;
}

namespace {

// A kernel is a page of code; a file of megabytes is not one.
constexpr long long kMaxKernelBytes = 1 << 20;

std::string sourceLine(const student::KernelRequest& rq, int line) {
  std::istringstream in(rq.source);
  std::string text;
  for (int i = 1; std::getline(in, text); ++i)
    if (i == line) return text;
  return "";
}

// `ms`: the whole verdict's wall time (parse, emulator, GPU), for grading a class at scale.
nlohmann::json verdictJson(const std::string& file, const student::KernelVerdict& v, double ms) {
  nlohmann::json j = {{"file", file},
                      {"verdict", student::verdictName(v.kind)},
                      {"message", v.message},
                      {"line", v.line},
                      {"steps", v.trace.steps.size()},
                      {"form", v.exclusive ? "exclusive" : "inclusive"},
                      {"work", v.trace.counters.work},
                      {"verdict_ms", ms}};
  if (v.otherLine) j["other_line"] = v.otherLine;
  if (v.wrongIndex >= 0)
    j["wrong"] = {{"index", v.wrongIndex}, {"expected", v.expected}, {"got", v.got}};
  if (!v.stepsNote.empty()) j["steps_note"] = v.stepsNote;
  if (v.firstDifferentStep >= 0) j["first_different_step"] = v.firstDifferentStep;
  nlohmann::json findings = nlohmann::json::array();
  for (const student::Finding& f : v.findings) {
    nlohmann::json o = {{"kind", student::findingKindName(f.kind)},
                        {"message", f.message},
                        {"block", f.block},
                        {"line", f.line}};
    if (f.thread >= 0) o["thread"] = f.thread;
    if (f.otherThread >= 0) o["other_thread"] = f.otherThread;
    if (f.otherLine) o["other_line"] = f.otherLine;
    if (f.cell >= 0) o["cell"] = {{"array", f.array}, {"index", f.cell}};
    findings.push_back(o);
  }
  j["findings"] = findings;
  if (!v.gpu.status.empty()) {
    nlohmann::json g = {
        {"status", v.gpu.status}, {"message", v.gpu.message}, {"device", v.gpu.device}};
    if (v.gpu.ran) {
      g["compile_ms"] = v.gpu.compileMs;
      g["run_ms"] = v.gpu.runMs;
      g["output_equals_emulator"] = v.gpu.outputEqualsEmulator;
      g["wrong_index"] = v.gpu.wrongIndex;
      g["steps_compared"] = v.gpu.stepsCompared;
      g["first_different_step"] = v.gpu.firstDifferentStep;
    }
    j["gpu"] = g;
  }
  return j;
}

void printVerdict(const std::string& file, const student::KernelRequest& rq,
                  const student::KernelVerdict& v) {
  std::cout << file << ": " << student::verdictName(v.kind) << ": " << v.message << "\n";
  if (v.line > 0) std::cout << "  " << v.line << " | " << sourceLine(rq, v.line) << "\n";
  if (v.otherLine > 0 && v.otherLine != v.line)
    std::cout << "  " << v.otherLine << " | " << sourceLine(rq, v.otherLine) << "\n";
  for (size_t i = 1; i < v.findings.size(); ++i)
    std::cout << "  also " << v.findings[i].message << "\n";
  if (!v.stepsNote.empty()) std::cout << "  " << v.stepsNote << "\n";
  const student::GpuVerdict& g = v.gpu;
  if (g.ran) {
    std::cout << "  on the GPU (" << g.device << "): output "
              << (g.wrongIndex < 0 ? "is the scan"
                                   : "differs at element " + std::to_string(g.wrongIndex))
              << (g.outputEqualsEmulator ? ", equal to the emulator's" : ", not the emulator's")
              << "; ";
    if (g.stepsCompared == 0)
      std::cout << "no step compared";
    else if (g.firstDifferentStep < 0)
      std::cout << "its " << g.stepsCompared << " steps equal the emulator's";
    else
      std::cout << "step " << g.firstDifferentStep << " differs from the emulator's";
    std::cout << " (compiled in " << formatQuantity(g.compileMs) << " ms, ran in "
              << formatQuantity(g.runMs) << " ms)\n";
  } else if (!g.status.empty() && g.status != "unavailable") {
    std::cout << "  on the GPU: " << g.status << ": " << g.message << "\n";
  }
}

// A file that was not graded, as --json's line for it.
nlohmann::json badInputJson(const std::string& file, const std::exception& e) {
  return {{"file", file}, {"verdict", "bad input"}, {"message", e.what()}};
}

// A file that was not graded: its JSON line with --json, else `message` on stderr; exit 2.
int reportUngraded(bool json, const nlohmann::json& line, const std::string& message) {
  if (json)
    std::cout << line.dump() << "\n";
  else
    std::cerr << message << "\n";
  return 2;
}

}  // namespace

int cmdKernel(const std::vector<std::string>& args) {
  std::vector<std::string> files, options;
  for (const std::string& s : args)
    (s.rfind("--", 0) == 0 || !options.empty() ? options : files).push_back(s);
  // An option's value follows it: only the leading words are files.
  const Args a(options, kernelHelp());
  if (files.empty()) throw UsageError("name the kernel file: scanviz kernel FILE.cu [options]");
  const bool json = a.flag("json");
  const auto out = a.get("out");
  if (out && files.size() != 1) throw UsageError("--out writes one kernel's trace: name one file");
  if (out)
    if (const std::string problem = outputProblem(*out); !problem.empty())
      throw InputError(problem);
  const CaptureRequest capture = captureRequestFromArgs(a);
  student::KernelRequest base;
  base.input = capture.input;
  if (const auto like = a.get("like")) {
    base.like = findAlgorithm(*like);
    if (!base.like) throw UsageError(unknownAlgorithmMessage(*like));
  }
  base.blockSize = a.has("block-size") ? capture.blockSize : 0;
  base.sectionSize = static_cast<int>(a.getInt("section-size", 0, 1, 1 << 16));
  base.op = capture.op;
  if (a.has("dtype")) base.dtype = capture.dtype;
  base.recordBlock = static_cast<int>(a.getInt("record-block", 0, 0, 1 << 30));
  base.backend = capture.backend;

  // One GPU child for every file: a class's submissions share one CUDA context.
  student::GpuSession gpu;
  base.gpuSession = &gpu;
  int status = 0;
  for (const std::string& file : files) {
    student::KernelRequest rq = base;
    rq.name = file;
    try {
      rq.source = readFileUpTo(file, kMaxKernelBytes, "kernels");
      const auto started = std::chrono::steady_clock::now();
      const student::KernelVerdict v = student::gradeKernel(rq);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count();
      if (json)
        std::cout << verdictJson(file, v, ms).dump() << "\n";
      else
        printVerdict(file, rq, v);
      status = std::max(status, v.exitCode());
      if (out) saveTrace(v.trace, *out);
    } catch (const student::KernelSourceError& e) {
      status = reportUngraded(
          json,
          {{"file", file}, {"verdict", "compile error"}, {"message", e.what()}, {"line", e.line}},
          e.what());
    } catch (const FileError& e) {
      status =
          reportUngraded(json, badInputJson(file, e), std::string("scanviz kernel: ") + e.what());
    } catch (const InputError& e) {
      status =
          reportUngraded(json, badInputJson(file, e), "scanviz kernel: " + file + ": " + e.what());
    }
  }
  return status;
}

}  // namespace scanviz
