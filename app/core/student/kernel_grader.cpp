#include "app/core/student/kernel_grader.h"

#include <algorithm>
#include <cmath>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/capture/capture.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_instrument.h"
#include "app/core/student/kernel_parser.h"
#include "app/core/student/kernel_values.h"
#include "app/core/trace/value_format.h"

namespace scanviz::student {

const char* verdictName(VerdictKind k) {
  switch (k) {
    case VerdictKind::Correct:
      return "correct";
    case VerdictKind::Wrong:
      return "wrong";
    case VerdictKind::Race:
      return "race";
    case VerdictKind::OutOfBounds:
      return "out of bounds";
    case VerdictKind::BarrierDivergence:
      return "barrier divergence";
    case VerdictKind::Hang:
      return "hang";
  }
  return "?";
}

namespace {

struct Shape {
  int blockSize = 8;
  int sectionSize = 8;
  bool exclusive = false;
  DType dtype = DType::Int32;
  std::optional<Trace> reference;
};

// The kernel's parameters as scanviz passes them: the input, the output, then optionally the
// blocks' sums (the hierarchical scan's first kernel), and the length.
std::vector<Argument> arguments(const Function& k, const std::vector<double>& input, int blocks) {
  std::vector<Argument> out;
  int pointers = 0, numbers = 0;
  for (int p = 0; p < k.parameters; ++p) {
    const Variable& v = k.slots[static_cast<size_t>(p)];
    Argument a;
    a.name = v.name;
    if (v.type == ValueType::Pointer) {
      a.type = v.pointee;
      size_t length = pointers == 0 || pointers == 1 ? input.size() : static_cast<size_t>(blocks);
      a.data.assign(length, 0.0);
      if (pointers == 0)
        for (size_t i = 0; i < input.size(); ++i)
          a.data[i] = storeAs(a.type, makeNumber(ValueType::Float64, input[i]));
      ++pointers;
    } else if (isIntegral(v.type)) {
      a.isBuffer = false;
      a.type = v.type;  // the GPU passes the length's bytes as the parameter's own type
      a.number = static_cast<double>(input.size());
      ++numbers;
    }
    out.push_back(a);
  }
  if (pointers < 2 || pointers > 3 || numbers != 1)
    throw InputError(
        k.name + " takes (" +
        [&] {
          std::string s;
          for (int p = 0; p < k.parameters; ++p)
            s += (p ? ", " : "") + k.slots[static_cast<size_t>(p)].name;
          return s;
        }() +
        "): scanviz runs a kernel of (input, output, length) as PMPP Fig. 8.2 writes it, "
        "or (input, output, block sums, length)");
  return out;
}

DType kernelDType(const Function& k) {
  for (int p = 0; p < k.parameters; ++p) {
    const Variable& v = k.slots[static_cast<size_t>(p)];
    if (v.type == ValueType::Pointer) return isFloating(v.pointee) ? DType::Float32 : DType::Int32;
  }
  return DType::Int32;
}

Shape shapeFor(const KernelRequest& rq, const Function& firstParse) {
  Shape s;
  s.dtype = rq.dtype.value_or(kernelDType(firstParse));
  if (rq.like) {
    CaptureRequest c;
    c.algorithm = *rq.like;
    c.input = rq.input;
    c.op = rq.op;
    c.dtype = s.dtype;
    c.blockSize = rq.blockSize;
    c.backend = BackendChoice::Cpu;
    c.recordBlock = rq.recordBlock;
    c.exclusive = exclusiveByNature(*rq.like);  // the algorithm's own form, as the lessons show it
    s.reference = capture(c).trace;
    s.blockSize = s.reference->meta.blockSize;
    s.sectionSize = rq.sectionSize ? rq.sectionSize : s.reference->meta.sectionSize;
    s.exclusive = !s.reference->meta.inclusive;
    return s;
  }
  // One element a thread, as Kogge-Stone's lesson block covers N.
  s.blockSize = rq.blockSize ? rq.blockSize
                             : defaultBlockSize(AlgorithmId::KoggeStone,
                                                static_cast<long long>(rq.input.size()));
  s.sectionSize = rq.sectionSize ? rq.sectionSize : s.blockSize;
  return s;
}

// The reference's steps of the recorded block's section, the ones a student's steps stand for.
std::vector<const TraceStep*> sectionSteps(const Trace& t, int block) {
  std::vector<const TraceStep*> out;
  for (const TraceStep& s : t.steps)
    if (s.block == block && s.level == 0 && s.array == "section") out.push_back(&s);
  return out;
}

TraceStep stepOf(const RecordedInterval& r, int block, int sectionSize) {
  TraceStep s;
  s.kind = static_cast<int>(StepKind::StudentInterval);
  s.param = r.barrierLine;
  s.label = r.barrierLine ? "up to the barrier at line " + std::to_string(r.barrierLine)
                          : "up to the kernel's end";
  s.phase = std::string(stepKindInfo(StepKind::StudentInterval).phase);
  s.block = block;
  s.offset = block * sectionSize;
  s.values = r.values;
  std::vector<StepArrow> edges, moves;
  for (const RecordedWrite& w : r.writes) {
    int dst = static_cast<int>(w.cell);
    if (w.operations > 0) {
      bool any = false;
      for (int64_t src : w.sources)
        if (src != w.cell) {
          edges.push_back({w.thread, dst, static_cast<int>(src)});
          any = true;
        }
      if (!any) edges.push_back({w.thread, dst, -1});
      s.ops += w.operations;
    } else {
      moves.push_back({w.thread, dst, w.sources.size() == 1 ? static_cast<int>(w.sources[0]) : -1});
    }
  }
  setStepArrows(s, edges, moves);
  return s;
}

Trace traceOf(const KernelRequest& rq, const Shape& shape, const LaunchResult& run, int gridSize) {
  Trace t;
  t.meta.algorithm = shape.reference ? shape.reference->meta.algorithm
                                     : std::string(algorithmInfo(AlgorithmId::Sequential).key);
  t.meta.n = static_cast<long long>(rq.input.size());
  t.meta.blockSize = shape.blockSize;
  t.meta.sectionSize = shape.sectionSize;
  t.meta.op = std::string(operatorName(rq.op));
  t.meta.dtype = std::string(dtypeName(shape.dtype));
  t.meta.inclusive = !shape.exclusive;
  t.meta.backend = "cpu";
  t.meta.device =
      "scanviz's emulator of student kernels (block by block, threads in ascending order)";
  t.meta.timeUnit = "round";
  t.meta.blocksTotal = gridSize;
  t.meta.recordedBlock = rq.recordBlock;
  t.meta.storedValues = t.meta.n;
  t.meta.notes.push_back("student kernel " + rq.name +
                         ": a step after each barrier interval that wrote " + run.recordedArray);
  t.input = rq.input;
  if (const size_t out = outputArgument(run.arguments)) t.output = run.arguments[out].data;
  for (const RecordedInterval& r : run.intervals)
    t.steps.push_back(stepOf(r, rq.recordBlock, shape.sectionSize));
  for (int b = 0; b < gridSize; ++b) t.blocks.push_back(TraceBlock{b, b, -1, 0, 0, 0, 0});
  t.counters.work = run.operations;
  for (const TraceStep& s : t.steps) t.counters.depth += s.ops > 0 ? 1 : 0;
  t.counters.sequentialWork = std::max<int64_t>(0, t.meta.n - 1);
  return t;
}

// Where the student's steps line up with the reference's one for one, they take its labels, so
// the views read "stride 2" rather than a line number.
void labelLikeReference(Trace& t, const std::vector<const TraceStep*>& ref) {
  if (ref.size() != t.steps.size()) return;
  for (size_t i = 0; i < ref.size(); ++i) {
    t.steps[i].label = ref[i]->label;
    t.steps[i].phase = ref[i]->phase;
    t.steps[i].kind = ref[i]->kind;
    t.steps[i].param = ref[i]->param;
  }
}

void compareSteps(KernelVerdict& v, const std::vector<const TraceStep*>& ref,
                  const std::string& like, const LaunchResult& run) {
  size_t common = std::min(ref.size(), v.trace.steps.size());
  for (size_t i = 0; i < common; ++i) {
    const std::vector<double>& got = v.trace.steps[i].values;
    const std::vector<double>& want = ref[i]->values;
    for (size_t c = 0; c < std::min(got.size(), want.size()); ++c) {
      if (got[c] == want[c]) continue;
      v.firstDifferentStep = static_cast<int>(i);
      int line = 0;
      for (const RecordedWrite& w : run.intervals[i].writes)
        if (w.cell == static_cast<int64_t>(c)) line = w.line;
      v.stepsNote = "step " + std::to_string(i) + " (" + ref[i]->label + ") differs from " + like +
                    "'s at " + run.recordedArray + "[" + std::to_string(c) + "]: " + like +
                    " has " + formatValue(want[c], v.trace.meta.dtype) + ", the kernel " +
                    formatValue(got[c], v.trace.meta.dtype) +
                    (line ? " (written at line " + std::to_string(line) + ")" : "");
      if (v.line == 0) v.line = line;
      return;
    }
  }
  if (ref.size() != v.trace.steps.size()) {
    v.firstDifferentStep = static_cast<int>(common);
    v.stepsNote = "the kernel has " + std::to_string(v.trace.steps.size()) +
                  " steps (barrier intervals that wrote " + run.recordedArray + "), " + like + " " +
                  std::to_string(ref.size());
    return;
  }
  v.stepsNote = "its " + std::to_string(ref.size()) + " steps equal " + like + "'s";
}

VerdictKind verdictOf(FindingKind k) {
  switch (k) {
    case FindingKind::Race:
      return VerdictKind::Race;
    case FindingKind::OutOfBounds:
      return VerdictKind::OutOfBounds;
    case FindingKind::BarrierDivergence:
      return VerdictKind::BarrierDivergence;
    case FindingKind::Hang:
      return VerdictKind::Hang;
  }
  return VerdictKind::Wrong;
}

// A block-level kernel scans each block's section on its own (PMPP Fig. 8.2; the hierarchical
// scan's other kernels add the sections' sums): with more than one block its output is each
// section's scan, the sequential scan restarted at every section.
std::vector<uint8_t> sectionStarts(const KernelRequest& rq, const Shape& shape) {
  bool blockLevel = !rq.like || algorithmInfo(*rq.like).level == AlgorithmLevel::Block;
  std::vector<uint8_t> heads;
  if (!blockLevel) return heads;
  heads.assign(rq.input.size(), 0);
  for (size_t i = 0; i < heads.size(); i += static_cast<size_t>(shape.sectionSize)) heads[i] = 1;
  return heads;
}

void judgeOutput(KernelVerdict& v, const KernelRequest& rq, const Shape& shape, int gridSize,
                 const std::string& output) {
  const std::vector<uint8_t> heads = sectionStarts(rq, shape);
  const std::vector<uint8_t>* flags = gridSize > 1 && !heads.empty() ? &heads : nullptr;
  Mismatch m = compareWithReference(rq.input, v.trace.output, rq.op, shape.exclusive, shape.dtype,
                                    gridSize, flags);
  v.exclusive = shape.exclusive;
  if (m.index >= 0 && !shape.reference) {
    Mismatch other =
        compareWithReference(rq.input, v.trace.output, rq.op, true, shape.dtype, gridSize, flags);
    if (other.index < 0) {
      v.exclusive = true;
      m = other;
    }
  }
  std::string form = v.exclusive ? "exclusive" : "inclusive";
  std::string scanned =
      flags ? "each " + std::to_string(shape.sectionSize) + "-element section's " + form + " scan"
            : "the " + form + " scan";
  if (m.index < 0) {
    v.message =
        output + " holds " + scanned + " of the " + std::to_string(rq.input.size()) + " inputs";
    return;
  }
  v.kind = VerdictKind::Wrong;
  v.wrongIndex = m.index;
  v.expected = m.expected;
  v.got = m.actual;
  v.message = output + "[" + std::to_string(m.index) + "] is " +
              formatValue(m.actual, v.trace.meta.dtype) + " where " + scanned + " has " +
              formatValue(m.expected, v.trace.meta.dtype);
}

// The kernel once more on the GPU, its output judged like the emulator's and its array after
// each barrier compared with the emulator's step that ended at that barrier.
GpuVerdict onGpu(const KernelRequest& rq, const Program& program, const Shape& shape,
                 const LaunchShape& launch, const std::vector<Argument>& args,
                 const LaunchResult& run) {
  GpuVerdict g;
  GpuKernelRequest gr;
  gr.kernel =
      instrumentForSnapshots(program.kernels.front(), rq.name, rq.source,
                             static_cast<int>(std::min<int64_t>(launch.barrierBudget, 4096)));
  gr.arguments = args;
  gr.shape = launch;
  gr.sectionSize = shape.sectionSize;
  gr.timeLimitSeconds = rq.gpuTimeLimitSeconds;
  const GpuKernelResult r = runOnGpu(gr);
  g.status = gpuRunStatusName(r.status);
  g.message = r.message;
  g.device = r.device;
  g.compileMs = r.compileMs;
  g.runMs = r.runMs;
  if (r.status != GpuRunStatus::Ran) return g;
  g.ran = true;
  if (const size_t out = outputArgument(args)) {
    g.outputEqualsEmulator = r.buffers.at(out) == run.arguments.at(out).data;
    const std::vector<uint8_t> heads = sectionStarts(rq, shape);
    const int grid = launch.gridSize;
    g.wrongIndex =
        compareWithReference(rq.input, r.buffers[out], rq.op, shape.exclusive, shape.dtype, grid,
                             grid > 1 && !heads.empty() ? &heads : nullptr)
            .index;
  }
  for (size_t s = 0; s < run.intervals.size(); ++s) {
    const RecordedInterval& iv = run.intervals[s];
    if (iv.barrierIndex <= 0 || static_cast<size_t>(iv.barrierIndex) > r.snapshots.size()) continue;
    ++g.stepsCompared;
    if (r.snapshots[static_cast<size_t>(iv.barrierIndex) - 1] != iv.values &&
        g.firstDifferentStep < 0)
      g.firstDifferentStep = static_cast<int>(s);
  }
  return g;
}

// The GPU's word on a kernel the emulator found correct: a different output or no end.
void judgeGpu(KernelVerdict& v) {
  if (v.kind != VerdictKind::Correct) return;
  if (v.gpu.status == "timed out") {
    v.kind = VerdictKind::Hang;
    v.message = "on the GPU: " + v.gpu.message;
  } else if (v.gpu.ran && v.gpu.wrongIndex >= 0) {
    v.kind = VerdictKind::Wrong;
    v.wrongIndex = v.gpu.wrongIndex;
    v.message = "on the GPU (" + v.gpu.device + ") element " + std::to_string(v.gpu.wrongIndex) +
                " of the output differs from the scan, though the emulator's run is right";
  } else if (v.gpu.status == "fault") {
    v.kind = VerdictKind::Wrong;
    v.message = "on the GPU: " + v.gpu.message;
  }
}

}  // namespace

KernelVerdict gradeKernel(const KernelRequest& rq) {
  if (rq.input.empty()) throw InputError("the input is empty: give --input or --n");
  ParseSettings settings;
  settings.blockSize = rq.blockSize ? rq.blockSize : 8;
  settings.sectionSize = rq.sectionSize ? rq.sectionSize : settings.blockSize;
  Program program = parseKernelSource(rq.name, rq.source, settings);
  Shape shape = shapeFor(rq, program.kernels.front());
  if (shape.sectionSize != settings.sectionSize || shape.blockSize != settings.blockSize) {
    settings = {shape.sectionSize, shape.blockSize};
    program = parseKernelSource(rq.name, rq.source, settings);
  }
  if (program.kernels.size() > 1)
    throw InputError(
        rq.name + " holds " + std::to_string(program.kernels.size()) +
        " kernels: scanviz runs files of one kernel for now (the hierarchical scan's three "
        "kernels, each in its own file, run one at a time)");
  const Function& kernel = program.kernels.front();
  int gridSize = static_cast<int>((rq.input.size() + static_cast<size_t>(shape.sectionSize) - 1) /
                                  static_cast<size_t>(shape.sectionSize));
  if (rq.recordBlock < 0 || rq.recordBlock >= gridSize)
    throw InputError("block " + std::to_string(rq.recordBlock) + " does not exist: the grid has " +
                     std::to_string(gridSize) + " blocks");
  LaunchShape launch;
  launch.gridSize = gridSize;
  launch.blockSize = shape.blockSize;
  launch.recordedBlock = rq.recordBlock;
  // A thread's statements between two barriers: a sequential loop over every element is fine.
  launch.threadBudget = std::max<int64_t>(1 << 20, 64 * static_cast<int64_t>(rq.input.size()));
  launch.instructionBudget =
      std::max<int64_t>(20'000'000, 256 * static_cast<int64_t>(rq.input.size()));
  launch.barrierBudget = std::max<int64_t>(4096, 4 * static_cast<int64_t>(shape.sectionSize));
  const std::vector<Argument> args = arguments(kernel, rq.input, gridSize);
  if (rq.backend == BackendChoice::Cuda)
    if (const std::string why = gpuKernelSupport(); !why.empty())
      throw InputError("--backend cuda: " + why);
  LaunchResult run = runKernel(kernel, args, launch);

  KernelVerdict v;
  v.trace = traceOf(rq, shape, run, gridSize);
  for (const RecordedInterval& r : run.intervals) {
    std::pair<int, int> lines{0, 0};
    for (const RecordedWrite& w : r.writes)
      lines = lines.first == 0
                  ? std::pair{w.line, w.line}
                  : std::pair{std::min(lines.first, w.line), std::max(lines.second, w.line)};
    v.stepLines.push_back(lines);
  }
  std::vector<const TraceStep*> ref;
  std::string like = shape.reference ? shape.reference->meta.algorithm : "";
  if (shape.reference) {
    ref = sectionSteps(*shape.reference, rq.recordBlock);
    labelLikeReference(v.trace, ref);
  }
  v.findings = run.findings;
  static const FindingKind kPriority[] = {FindingKind::OutOfBounds, FindingKind::Hang,
                                          FindingKind::BarrierDivergence, FindingKind::Race};
  for (FindingKind k : kPriority) {
    auto it = std::find_if(run.findings.begin(), run.findings.end(),
                           [&](const Finding& f) { return f.kind == k; });
    if (it == run.findings.end()) continue;
    v.kind = verdictOf(k);
    v.message = it->message;
    // Past a shared array's end without --like: maybe the kernel takes two elements a thread.
    if (k == FindingKind::OutOfBounds && !rq.like && !rq.sectionSize &&
        it->cell >= shape.sectionSize && !kernel.sharedArrays.empty() &&
        it->array == kernel.sharedArrays.front().name)
      v.message += " (SECTION_SIZE is " + std::to_string(shape.sectionSize) +
                   ", the block size: for a kernel of more elements than threads give --like or "
                   "--section-size)";
    v.line = it->line;
    v.otherLine = it->otherLine;
    break;
  }
  const size_t out = outputArgument(run.arguments);
  const std::string output = out ? run.arguments[out].name : "the output";
  if (!run.stopped && v.kind == VerdictKind::Correct) judgeOutput(v, rq, shape, gridSize, output);
  if (shape.reference && !run.stopped) compareSteps(v, ref, like, run);
  if (rq.backend != BackendChoice::Cpu) {
    v.gpu = onGpu(rq, program, shape, launch, args, run);
    if (rq.backend == BackendChoice::Cuda && v.gpu.status == "unavailable")
      throw InputError("--backend cuda: " + v.gpu.message);
    judgeGpu(v);
  }
  return v;
}

}  // namespace scanviz::student
