#include "app/core/student/kernel_trace.h"

#include <algorithm>

#include "app/core/algorithms/scan_options.h"
#include "app/core/algorithms/step_kinds.h"

namespace scanviz::student {
namespace {

using Lines = std::pair<int, int>;

Lines widen(Lines lines, int line) {
  if (line <= 0) return lines;
  return lines.first == 0 ? Lines{line, line}
                          : Lines{std::min(lines.first, line), std::max(lines.second, line)};
}

// One barrier interval of the recorded block: its writes to the recorded array are the step's
// threads, an operator application an arrow from each other cell read, a plain copy a move.
TraceStep intervalStep(const RecordedInterval& r, int block, int offset, int level,
                       const std::string& labelPrefix) {
  TraceStep s;
  s.kind = static_cast<int>(StepKind::StudentInterval);
  s.param = r.barrierLine;
  s.label =
      labelPrefix + (r.barrierLine ? "up to the barrier at line " + std::to_string(r.barrierLine)
                                   : "up to the kernel's end");
  s.phase = std::string(stepKindInfo(StepKind::StudentInterval).phase);
  s.block = block;
  s.level = level;
  s.offset = offset;
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

// The whole array after a launch of the hierarchical scan, each element drawn from its last
// write: a plain store a move from outside the array, an addition an arrow from outside it.
TraceStep wholeArrayStep(StepKind kind, const std::vector<double>& values,
                         const std::vector<ElementWrite>& writes, int64_t ops) {
  TraceStep s;
  s.kind = static_cast<int>(kind);
  s.label = std::string(stepKindInfo(kind).label);
  s.phase = std::string(stepKindInfo(kind).phase);
  s.array = "global";
  s.values = values;
  s.ops = ops;
  std::vector<StepArrow> edges, moves;
  for (size_t i = 0; i < writes.size(); ++i) {
    if (writes[i].thread < 0) continue;
    (writes[i].combined ? edges : moves).push_back({writes[i].thread, static_cast<int>(i), -1});
  }
  setStepArrows(s, edges, moves);
  return s;
}

Lines linesOf(const RecordedInterval& r) {
  Lines lines{0, 0};
  for (const RecordedWrite& w : r.writes) lines = widen(lines, w.line);
  return lines;
}

Lines linesOf(const std::vector<ElementWrite>& writes) {
  Lines lines{0, 0};
  for (const ElementWrite& w : writes) lines = widen(lines, w.line);
  return lines;
}

void addIntervals(StudentTrace& out, const LaunchResult& r, int launch, int block, int offset,
                  int level, const std::string& labelPrefix) {
  for (size_t i = 0; i < r.intervals.size(); ++i) {
    out.trace.steps.push_back(intervalStep(r.intervals[i], block, offset, level, labelPrefix));
    out.origins.push_back({launch, static_cast<int>(i)});
    out.stepLines.push_back(linesOf(r.intervals[i]));
  }
}

// `ops`: the operator applications the step stands for (none for the sections' scans, whose own
// steps counted theirs).
void addWholeArray(StudentTrace& out, StepKind kind, const LaunchResult& r, int launch, int watched,
                   int64_t ops) {
  out.trace.steps.push_back(
      wholeArrayStep(kind, r.arguments.at(static_cast<size_t>(watched)).data, r.lastWrites, ops));
  out.origins.push_back({launch, -1});
  out.stepLines.push_back(linesOf(r.lastWrites));
}

void fillMeta(Trace& t, const TraceSettings& s, const LaunchPlan& plan, const PlanRun& run) {
  t.meta.algorithm = s.algorithm;
  t.meta.n = static_cast<long long>(s.input.size());
  t.meta.blockSize = s.blockSize;
  t.meta.sectionSize = s.sectionSize;
  t.meta.op = std::string(operatorName(s.op));
  t.meta.dtype = std::string(dtypeName(s.dtype));
  t.meta.inclusive = !s.exclusive;
  t.meta.backend = "cpu";
  t.meta.device =
      "scanviz's emulator of student kernels (block by block, threads in ascending order)";
  t.meta.timeUnit = "round";
  const int grid = plan.launches.front().shape.gridSize;
  t.meta.blocksTotal = grid;
  t.meta.recordedBlock = s.recordedBlock;
  t.meta.storedValues = t.meta.n;
  const std::string recorded = run.results.empty() ? "" : run.results.front().recordedArray;
  t.meta.notes.push_back("student kernel " + s.file +
                         ": a step after each barrier interval that wrote " + recorded +
                         (plan.hierarchical() ? ", the hierarchical scan's three launches" : ""));
  for (int b = 0; b < grid; ++b) t.blocks.push_back(TraceBlock{b, b, -1, 0, 0, 0, 0});
}

}  // namespace

StudentTrace traceOfRun(const TraceSettings& settings, const LaunchPlan& plan, const PlanRun& run) {
  StudentTrace out;
  Trace& t = out.trace;
  fillMeta(t, settings, plan, run);
  t.input = settings.input;
  t.output = run.arguments.at(static_cast<size_t>(plan.output)).data;
  const int offset = settings.recordedBlock * settings.sectionSize;
  for (size_t l = 0; l < run.results.size(); ++l) {
    const LaunchResult& r = run.results[l];
    const int launch = static_cast<int>(l);
    t.counters.work += r.operations;
    if (!plan.hierarchical()) {
      addIntervals(out, r, launch, settings.recordedBlock, offset, 0, "");
    } else if (l == 0) {
      addIntervals(out, r, launch, settings.recordedBlock, offset, 0, "");
      if (!r.stopped) addWholeArray(out, StepKind::SectionsScanned, r, launch, 1, 0);
    } else if (l == 1) {
      addIntervals(out, r, launch, 0, 0, 1, "block sums (level 1): ");
    } else {
      addWholeArray(out, StepKind::AddBlockSums, r, launch, 0, r.operations);
    }
  }
  for (const TraceStep& s : t.steps) t.counters.depth += s.ops > 0 ? 1 : 0;
  t.counters.sequentialWork = std::max<int64_t>(0, t.meta.n - 1);
  return out;
}

}  // namespace scanviz::student
