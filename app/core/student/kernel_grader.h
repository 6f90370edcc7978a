// Grades a student's kernel: parse it (kernel_parser.h), run it on the emulator over the input
// (kernel_machine.h), turn what it did into an ordinary Trace (a step after every barrier interval
// that wrote the recorded array, with its threads and arrows), and give the verdict against the
// algorithm it should behave like (--like) or the sequential scan. Used by `scanviz kernel`, the
// window and the tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/student/kernel_machine.h"
#include "app/core/trace/trace.h"
#include "kernels/scan_types.h"

namespace scanviz::student {

class GpuSession;

struct KernelRequest {
  std::string name;    // the file, as messages name it
  std::string source;  // its text
  std::vector<double> input;
  std::optional<AlgorithmId> like;  // the built-in algorithm whose steps it should take
  int blockSize = 0;                // 0: --like's, else the smallest power of two >= N (<= 1024)
  int sectionSize = 0;              // 0: --like's, else the block size
  Operator op = Operator::Add;
  std::optional<DType> dtype;  // default: the kernel's pointer type (float* -> float32)
  int recordBlock = 0;
  // Cpu: the emulator alone. Cuda or Auto: also on the GPU (kernel_gpu.h) where there is one
  // (Cuda insists: no GPU is bad input), its output and steps set beside the emulator's.
  BackendChoice backend = BackendChoice::Cpu;
  double gpuTimeLimitSeconds = 10;
  // The GPU's child process to run in (kernel_gpu.h), kept by the caller between requests; null:
  // one for this request alone.
  GpuSession* gpuSession = nullptr;
};

// What the GPU did with the kernel, beside the emulator's verdict.
struct GpuVerdict {
  bool ran = false;    // compiled and launched; the fields below are about that run
  std::string status;  // "ran", "compile error", "fault", "timed out", "unavailable"
  std::string message;
  std::string device;
  double compileMs = 0;
  double runMs = 0;
  long long wrongIndex = -1;    // the first output element that differs from the scan's
  int firstDifferentStep = -1;  // the first step whose array differs from the emulator's
  int stepsCompared = 0;
  bool outputEqualsEmulator = false;
};

enum class VerdictKind { Correct, Wrong, Race, OutOfBounds, BarrierDivergence, Hang };
const char* verdictName(VerdictKind k);  // "correct", "wrong", "race", ...

struct KernelVerdict {
  VerdictKind kind = VerdictKind::Correct;
  std::string message;  // one sentence: what is wrong and where, or what was checked
  int line = 0;         // the source line to highlight (0: none)
  int otherLine = 0;    // a race's second line
  std::vector<Finding> findings;
  // Against the expected output: the first element that differs (index -1: none).
  long long wrongIndex = -1;
  double expected = 0;
  double got = 0;
  // Against --like's steps: the first step whose array differs (-1: all equal), and why.
  int firstDifferentStep = -1;
  std::string stepsNote;
  bool exclusive = false;  // the form the output was checked against
  Trace trace;             // the student's run, with --like's labels where the steps line up
  GpuVerdict gpu;          // with backend Cuda or Auto
  // The source lines (1-based, first and last) of each step's writes: the code panel lights them.
  std::vector<std::pair<int, int>> stepLines;
  int exitCode() const { return kind == VerdictKind::Correct ? 0 : 1; }
};

// Throws KernelSourceError (exit 2) for a compile error or a construct outside the subset, and
// InputError (exit 2) for a kernel whose parameters are not (input, output, length).
KernelVerdict gradeKernel(const KernelRequest& rq);

}  // namespace scanviz::student
