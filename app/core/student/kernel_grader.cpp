#include "app/core/student/kernel_grader.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/capture/capture.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_gpu_check.h"
#include "app/core/student/kernel_parser.h"
#include "app/core/student/kernel_plan.h"
#include "app/core/student/kernel_trace.h"
#include "app/core/student/kernel_values.h"
#include "app/core/trace/value_format.h"

namespace scanviz::student {

const char* verdictName(VerdictKind k) {
  // In the enumerators' order; the assertion catches one added without its name.
  static constexpr const char* kNames[] = {
      "correct", "wrong", "race", "out of bounds", "barrier divergence", "hang"};
  static_assert(std::size(kNames) == static_cast<size_t>(VerdictKind::Hang) + 1);
  return kNames[static_cast<size_t>(k)];
}

namespace {

struct Shape {
  int blockSize = 8;
  int sectionSize = 8;
  bool exclusive = false;
  DType dtype = DType::Int32;
  std::optional<Trace> reference;
};

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

// The reference's steps a student's steps stand for: the recorded block's section steps; for the
// hierarchical scan also the whole array after the sections' scans, the sums' scan one level up
// and the whole array after the sums were added, in the reference's order.
std::vector<const TraceStep*> referenceSteps(const Trace& t, int block, bool hierarchical) {
  std::vector<const TraceStep*> out;
  for (const TraceStep& s : t.steps) {
    const bool section = s.array == "section" && s.level == 0 && s.block == block;
    const bool sums = s.array == "section" && s.level == 1;
    const bool whole = s.array == "global" && s.level == 0 &&
                       (s.kind == static_cast<int>(StepKind::SectionsScanned) ||
                        s.kind == static_cast<int>(StepKind::AddBlockSums));
    if (section || (hierarchical && (sums || whole))) out.push_back(&s);
  }
  return out;
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

// The line that last wrote cell `c` in the step, and the array's name.
std::pair<int, std::string> writerOf(const StudentTrace& st, const PlanRun& run, size_t step,
                                     size_t c) {
  const StepOrigin o = st.origins[step];
  const LaunchResult& r = run.results[static_cast<size_t>(o.launch)];
  if (o.interval < 0)
    return {c < r.lastWrites.size() ? r.lastWrites[c].line : 0,
            st.trace.steps[step].array == "global" ? "the output" : r.recordedArray};
  int line = 0;
  for (const RecordedWrite& w : r.intervals[static_cast<size_t>(o.interval)].writes)
    if (w.cell == static_cast<int64_t>(c)) line = w.line;
  return {line, r.recordedArray};
}

void compareSteps(KernelVerdict& v, const StudentTrace& st, std::vector<const TraceStep*> ref,
                  const std::string& like, const PlanRun& run) {
  size_t steps = v.trace.steps.size();
  // With one section a built-in scan stops after the section's scan; the student's hierarchical
  // scan still ran its other launches, whose steps have nothing to be compared with.
  if (v.trace.meta.blocksTotal == 1 && run.results.size() > 1)
    steps = static_cast<size_t>(
        std::count_if(st.origins.begin(), st.origins.end(),
                      [](const StepOrigin& o) { return o.launch == 0 && o.interval >= 0; }));
  const size_t common = std::min(ref.size(), steps);
  for (size_t i = 0; i < common; ++i) {
    const std::vector<double>& got = v.trace.steps[i].values;
    const std::vector<double>& want = ref[i]->values;
    for (size_t c = 0; c < std::min(got.size(), want.size()); ++c) {
      if (got[c] == want[c]) continue;
      v.firstDifferentStep = static_cast<int>(i);
      const auto [line, array] = writerOf(st, run, i, c);
      v.stepsNote = "step " + std::to_string(i) + " (" + ref[i]->label + ") differs from " + like +
                    "'s at " + array + "[" + std::to_string(c) + "]: " + like + " has " +
                    formatValue(want[c], v.trace.meta.dtype) + ", the kernel " +
                    formatValue(got[c], v.trace.meta.dtype) +
                    (line ? " (written at line " + std::to_string(line) + ")" : "");
      if (v.line == 0) v.line = line;
      return;
    }
  }
  const std::string recorded = run.results.front().recordedArray;
  if (ref.size() != steps) {
    v.firstDifferentStep = static_cast<int>(common);
    v.stepsNote = "the kernel has " + std::to_string(steps) +
                  " steps (barrier intervals that wrote " + recorded + "), " + like + " " +
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

// A block-level kernel scans each block's section on its own (PMPP Fig. 8.2): with more than one
// block its output is each section's scan, the sequential scan restarted at every section. The
// hierarchical scan's output, and a grid-level --like's, is the whole array's scan.
std::vector<uint8_t> sectionStarts(const KernelRequest& rq, const Shape& shape,
                                   const LaunchPlan& plan) {
  const bool blockLevel = !rq.like || algorithmInfo(*rq.like).level == AlgorithmLevel::Block;
  std::vector<uint8_t> heads;
  if (!blockLevel || plan.hierarchical() || plan.launches.front().shape.gridSize <= 1) return heads;
  heads.assign(rq.input.size(), 0);
  for (size_t i = 0; i < heads.size(); i += static_cast<size_t>(shape.sectionSize)) heads[i] = 1;
  return heads;
}

void judgeOutput(KernelVerdict& v, const KernelRequest& rq, const Shape& shape,
                 const std::vector<uint8_t>& heads, int gridSize, const std::string& output) {
  const std::vector<uint8_t>* flags = heads.empty() ? nullptr : &heads;
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

// The first launch's findings in the order of kPriority: the verdict's kind, message and lines.
void judgeFindings(KernelVerdict& v, const KernelRequest& rq, const Shape& shape,
                   const Program& program, const LaunchPlan& plan, const PlanRun& run) {
  static const FindingKind kPriority[] = {FindingKind::OutOfBounds, FindingKind::Hang,
                                          FindingKind::BarrierDivergence, FindingKind::Race};
  for (size_t l = 0; l < run.results.size(); ++l) {
    const std::vector<Finding>& found = run.results[l].findings;
    v.findings.insert(v.findings.end(), found.begin(), found.end());
  }
  for (size_t l = 0; l < run.results.size(); ++l) {
    const std::vector<Finding>& found = run.results[l].findings;
    const PlannedLaunch& launch = plan.launches[l];
    const Function& kernel = program.kernels[static_cast<size_t>(launch.kernel)];
    for (FindingKind k : kPriority) {
      auto it =
          std::find_if(found.begin(), found.end(), [&](const Finding& f) { return f.kind == k; });
      if (it == found.end()) continue;
      v.kind = verdictOf(k);
      v.message = (plan.hierarchical() ? "in " + launch.role + ": " : "") + it->message;
      // Past a shared array's end without --like: maybe the kernel takes two elements a thread.
      if (k == FindingKind::OutOfBounds && !rq.like && !rq.sectionSize &&
          it->cell >= shape.sectionSize && !kernel.sharedArrays.empty() &&
          it->array == kernel.sharedArrays.front().name)
        v.message += " (SECTION_SIZE is " + std::to_string(shape.sectionSize) +
                     ", the block size: for a kernel of more elements than threads give --like or "
                     "--section-size)";
      v.line = it->line;
      v.otherLine = it->otherLine;
      return;
    }
  }
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

Program parse(const KernelRequest& rq, Shape& shape) {
  ParseSettings settings;
  settings.blockSize = rq.blockSize ? rq.blockSize : 8;
  settings.sectionSize = rq.sectionSize ? rq.sectionSize : settings.blockSize;
  Program program = parseKernelSource(rq.name, rq.source, settings);
  shape = shapeFor(rq, program.kernels.front());
  if (shape.sectionSize != settings.sectionSize || shape.blockSize != settings.blockSize) {
    settings = {shape.sectionSize, shape.blockSize};
    program = parseKernelSource(rq.name, rq.source, settings);
  }
  return program;
}

}  // namespace

KernelVerdict gradeKernel(const KernelRequest& rq) {
  if (rq.input.empty()) throw InputError("the input is empty: give --input or --n");
  Shape shape;
  const Program program = parse(rq, shape);
  const LaunchPlan plan =
      planLaunches(program, rq.input, {shape.blockSize, shape.sectionSize, rq.recordBlock});
  const int gridSize = plan.launches.front().shape.gridSize;
  if (rq.recordBlock < 0 || rq.recordBlock >= gridSize)
    throw InputError("block " + std::to_string(rq.recordBlock) + " does not exist: the grid has " +
                     std::to_string(gridSize) + " blocks");
  if (rq.backend == BackendChoice::Cuda)
    if (const std::string why = gpuKernelSupport(); !why.empty())
      throw InputError("--backend cuda: " + why);
  const PlanRun run = runPlan(program, plan);

  KernelVerdict v;
  const std::string like = shape.reference ? shape.reference->meta.algorithm : "";
  StudentTrace st = traceOfRun(
      {rq.name, like.empty() ? std::string(algorithmInfo(AlgorithmId::Sequential).key) : like,
       rq.input, rq.op, shape.dtype, shape.exclusive, shape.blockSize, shape.sectionSize,
       rq.recordBlock},
      plan, run);
  std::vector<const TraceStep*> ref;
  if (shape.reference) {
    ref = referenceSteps(*shape.reference, rq.recordBlock, plan.hierarchical());
    labelLikeReference(st.trace, ref);
  }
  v.trace = st.trace;
  v.stepLines = st.stepLines;
  judgeFindings(v, rq, shape, program, plan, run);
  const std::vector<uint8_t> heads = sectionStarts(rq, shape, plan);
  if (!run.stopped() && v.kind == VerdictKind::Correct)
    judgeOutput(v, rq, shape, heads, gridSize,
                plan.arguments[static_cast<size_t>(plan.output)].name);
  if (shape.reference && !run.stopped()) compareSteps(v, st, ref, like, run);
  if (rq.backend != BackendChoice::Cpu) {
    v.gpu = checkOnGpu({rq, program, plan, run, st.origins, shape.sectionSize, shape.blockSize,
                        shape.exclusive, shape.dtype, heads});
    if (rq.backend == BackendChoice::Cuda && v.gpu.status == "unavailable")
      throw InputError("--backend cuda: " + v.gpu.message);
    judgeGpu(v);
  }
  return v;
}

}  // namespace scanviz::student
