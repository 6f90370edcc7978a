#include "app/scene/spot_the_bug_scene.h"

#include <algorithm>
#include <cstdio>

#include "app/scene/compare_counters.h"
#include "app/scene/compare_scene.h"
#include "app/scene/deadlock_scene.h"

namespace scanviz {
namespace {

int shownStep(const Trace& t, int step) {
  return std::clamp(step, 0, static_cast<int>(t.steps.size()) - 1);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// The writes past the end the emulator noted, at their columns in the shown step's section.
std::vector<StrayCell> strayCellsOf(const Trace& t, int step) {
  std::vector<StrayCell> cells;
  if (t.steps.empty()) return cells;
  const int block = t.steps[static_cast<size_t>(shownStep(t, step))].block;
  for (const StrayWrite& w : strayWrites(t.meta.notes))
    if (w.block == block)
      cells.push_back({static_cast<int>(w.index), static_cast<int>(w.length),
                       w.array + "[" + std::to_string(w.index) + "]", w.note});
  return cells;
}

CompareViewSpec viewOf(const char* role, const std::shared_ptr<const Trace>& trace,
                       const std::string& error, int step, const std::vector<int>& cells) {
  CompareViewSpec v;
  v.trace = trace.get();
  if (trace) {
    v.title = std::string(role) + ": " + trace->meta.algorithm;
    v.step = shownStep(*trace, step);
    for (const std::string& note : trace->meta.notes)
      if (note.rfind("output ", 0) == 0) v.subtitle = note;  // matches or differs, and where
    v.counters = compareCounters(*trace, v.step);
    v.differingCells = cells;
  } else {
    v.title = std::string(role);
    v.subtitle = error;
  }
  return v;
}

}  // namespace

std::string lessonStepLabel(const Trace* t, int step) {
  if (!t || t->steps.empty()) return "-";
  return t->steps[static_cast<size_t>(shownStep(*t, step))].label;
}

std::vector<std::string> spotTheBugHeadline(const LessonRun& r) {
  std::vector<std::string> lines;
  lines.push_back("Spot the bug: " + std::string(r.lesson->title));
  if (!r.flawed) {
    lines.push_back("The flawed run never finishes: " + r.flawedError);
    return lines;
  }
  std::string where = r.partingStep < 0
                          ? std::string("the runs never part")
                          : "the runs part at step " + std::to_string(r.partingStep) + " (" +
                                lessonStepLabel(r.flawed.get(), r.partingStep) + ")";
  if (r.firstWrongCell >= 0 && r.fixed) {
    const auto cell = static_cast<size_t>(r.firstWrongCell);
    where += ";  first wrong output cell " + std::to_string(r.firstWrongCell) + ": " +
             number(r.flawed->output[cell]) + " instead of " + number(r.fixed->output[cell]);
  }
  lines.push_back(where);
  for (const std::string& hazard : r.hazards) lines.push_back("The emulator caught: " + hazard);
  // Which hardware ran them: a race the GPU happened not to expose shows as runs that never part.
  if (r.fixed)
    lines.push_back("run by " + r.flawed->meta.backend + " (" + r.flawed->meta.device + ")" +
                    (r.flawed->meta.backend == r.fixed->meta.backend
                         ? std::string()
                         : ", the fix by " + r.fixed->meta.backend));
  return lines;
}

Scene buildSpotTheBugScene(const SpotTheBugSceneRequest& rq, const ArraySceneStyle& style,
                           const ViewPalette& palette, const MeasureText& measure) {
  const LessonRun& r = *rq.run;
  const std::vector<int> cells = differingCells(r, rq.step);
  CompareViewSpec flawed = viewOf("Flawed", r.flawed, r.flawedError, rq.step, cells);
  if (r.flawed) {
    flawed.garbageCells = garbageCells(r, rq.step);
    flawed.strayCells = strayCellsOf(*r.flawed, rq.step);
  } else if (r.flawedDeadlock) {
    const DeadlockReport report = *r.flawedDeadlock;
    flawed.picture = [report, &palette, &measure](float width, const ArraySceneStyle& s) {
      return buildDeadlockScene(report, width, s, palette, measure);
    };
  }
  CompareSceneRequest compare;
  compare.views = {std::move(flawed), viewOf("Fixed", r.fixed, r.fixedError, rq.step, cells)};
  compare.headline = spotTheBugHeadline(r);
  compare.tone = HeadlineTone::Fail;
  compare.diffLegend = true;
  compare.width = rq.width;
  compare.height = rq.height;
  return buildCompareScene(compare, style, palette, measure);
}

}  // namespace scanviz
