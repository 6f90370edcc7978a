#include "app/scene/spot_the_bug_scene.h"

#include <algorithm>
#include <cstdio>

#include "app/scene/compare_counters.h"
#include "app/scene/compare_scene.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"

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

// The headline without its last line (which hardware ran the runs): presentation mode's status
// line says it under the view.
// Brief views have no step title: the headline names the step shown where it is not the one
// where the runs part.
std::vector<std::string> headlineOf(const LessonRun& r, int step, bool presentation) {
  std::vector<std::string> lines = spotTheBugHeadline(r);
  if (presentation && !r.flawed && r.flawedDeadlock) {
    // The deadlock's figure in the flawed run's place tells the rest of the report.
    const size_t colon = r.flawedError.find(':');
    lines[1] = "The flawed run never finishes: " + r.flawedError.substr(0, colon) +
               (colon == std::string::npos ? "" : " (the figure below)");
  }
  if (!presentation || !r.flawed || !r.fixed) return lines;
  if (lines.size() > 2) lines.pop_back();
  // What the emulator caught, one line: each kind and place once, with how often; the flawed
  // run's cells show where (the whole reports are the window's report and the CLI's).
  if (!r.hazards.empty()) {
    lines.resize(lines.size() - r.hazards.size());
    std::vector<std::pair<std::string, int>> kinds;
    for (const std::string& h : r.hazards) {
      const std::string kind = h.substr(0, h.find(':'));
      auto it =
          std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == kind; });
      if (it == kinds.end())
        kinds.push_back({kind, 1});
      else
        ++it->second;
    }
    std::string caught = "The emulator caught: ";
    for (size_t i = 0; i < kinds.size(); ++i)
      caught += (i ? ", " : "") + kinds[i].first +
                (kinds[i].second > 1 ? " (" + std::to_string(kinds[i].second) + "\xC3\x97)" : "");
    lines.push_back(caught + " (marked in the flawed run)");
  }
  const int steps = static_cast<int>(std::max(r.flawed->steps.size(), r.fixed->steps.size()));
  if (step != r.partingStep && lines.size() > 1)
    lines[1] = "Step " + std::to_string(step) + " of " + std::to_string(steps - 1) + " (" +
               lessonStepLabel(r.flawed.get(), step) + ") shown;  " + lines[1];
  return lines;
}

// The sizes of the code and of the text under the runs.
struct FooterSizes {
  float text, code, pad;
};

FooterSizes footerSizes(const ArraySceneStyle& style) {
  // Presentation mode: the back row's size (the views' labels are larger, but the code must be
  // whole on the screen); at normal size, the labels' size.
  const bool big = style.minTextSize > 0;
  return {big ? style.minTextSize : style.labelSize,
          big ? style.minTextSize : 0.95f * style.labelSize, 0.5f * style.labelSize};
}

// One column of code in a frame: its title (bold, wrapped) on the frame's first lines, then its
// lines (monospaced, wrapped to the column); `codeTop` is where the code starts (under the
// taller of the two titles). Returns the y under the frame.
float addCodeColumn(Scene& scene, const std::string& title, std::string_view code,
                    const std::string& role, float x, float y, float codeTop, float width,
                    const FooterSizes& z, const ViewPalette& pal, const MeasureText& measure) {
  const float inner = 0.3f * z.code;
  addWrappedText(scene, title, x + inner, y + inner, width - 2 * inner, z.text, true, pal.text,
                 "code-title", 1.3f, measure);
  const int columns = std::max(8, static_cast<int>((width - 2 * inner) / (kMonoAdvance * z.code)));
  float cy = codeTop;
  for (size_t start = 0; start <= code.size();) {
    const size_t end = std::min(code.find('\n', start), code.size());
    for (std::string& part : wrapCodeLine(std::string(code.substr(start, end - start)), columns)) {
      SceneText& t = addSceneText(scene, x + inner, cy, std::move(part), pal.text, z.code, false,
                                  TextAlign::Left, role);
      t.mono = true;
      cy += 1.1f * z.code;
    }
    start = end + 1;
  }
  const float bottom = cy + inner;
  SceneRect& frame = addSceneRect(scene, x, y, width, bottom - y, pal.beforeFill, "code-frame");
  frame.stroke = pal.cellStroke;
  frame.strokeWidth = 1.5f;
  frame.rounding = inner;
  return bottom;
}

// Under the runs: the seed's lines beside the fix, then why (and, at normal size, the schedule
// that shows the mistake), from y = 0; the scene's height is the footer's.
Scene footerScene(const Lesson& l, float width, const ArraySceneStyle& style,
                  const ViewPalette& pal, const MeasureText& measure) {
  Scene s;
  const FooterSizes z = footerSizes(style);
  const float colW = std::max(100.0f, 0.5f * (width - 3 * z.pad));
  // Short titles, one line each; the seed's reference closes the paragraph under the code.
  const std::string seedTitle = "The seed's lines";
  const std::string fixTitle = "The fix";
  const auto titleHeight = [&](const std::string& t) {
    return static_cast<float>(wrapWords(t, colW - 0.6f * z.code, z.text, true, measure).size()) *
           1.3f * z.text;
  };
  const float top = 0;
  const float codeTop =
      top + 0.3f * z.code + std::max(titleHeight(seedTitle), titleHeight(fixTitle));
  const float left = addCodeColumn(s, seedTitle, l.seedLines, "code-seed", z.pad, top, codeTop,
                                   colW, z, pal, measure);
  const float right = addCodeColumn(s, fixTitle, l.fixLines, "code-fix", 2 * z.pad + colW, top,
                                    codeTop, colW, z, pal, measure);
  float y = std::max(left, right) + 0.25f * z.text;
  y = addWrappedText(s, "Why: " + std::string(l.why) + " (" + std::string(l.seed) + ")", z.pad, y,
                     width - 2 * z.pad, z.text, false, pal.text, "why", 1.2f, measure);
  if (style.minTextSize <= 0)
    y = addWrappedText(s, "Schedule: " + std::string(l.emulatorNote), z.pad, y + 0.2f * z.text,
                       width - 2 * z.pad, z.text, false, pal.textDim, "schedule", 1.3f, measure);
  s.width = width;
  s.height = y + 0.1f * z.text;
  return s;
}

}  // namespace

std::vector<std::string> wrapCodeLine(const std::string& line, int columns) {
  columns = std::max(columns, 8);
  const size_t indent = std::min(line.find_first_not_of(' '), line.size());
  std::vector<std::string> out;
  std::string rest = line;
  while (static_cast<int>(rest.size()) > columns) {
    // The last space that leaves the line within the columns, past the indentation.
    size_t cut = rest.rfind(' ', static_cast<size_t>(columns));
    const size_t lead = out.empty() ? indent : indent + 4;
    if (cut == std::string::npos || cut <= lead) cut = static_cast<size_t>(columns);
    out.push_back(rest.substr(0, cut));
    const size_t next = rest.find_first_not_of(' ', cut);
    rest = std::string(std::min(indent + 4, static_cast<size_t>(columns) / 2), ' ') +
           (next == std::string::npos ? std::string() : rest.substr(next));
  }
  out.push_back(rest);
  return out;
}

int spotTheBugFocus(const LessonRun& r, int step) {
  for (int s : {step, r.partingStep}) {
    if (s < 0) continue;
    const std::vector<int> cells = differingCells(r, s);
    if (!cells.empty()) return *std::min_element(cells.begin(), cells.end());
  }
  if (r.firstWrongCell >= 0) return r.firstWrongCell;
  const std::vector<int> garbage = garbageCells(r, step);
  if (!garbage.empty()) return *std::min_element(garbage.begin(), garbage.end());
  if (r.flawed) {
    const std::vector<StrayCell> strays = strayCellsOf(*r.flawed, step);
    if (!strays.empty()) return strays.front().column;
  }
  return -1;
}

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
  const bool presentation = style.minTextSize > 0;
  const Scene footer = footerScene(*r.lesson, rq.width, style, palette, measure);
  CompareSceneRequest compare;
  compare.views = {std::move(flawed), viewOf("Fixed", r.fixed, r.fixedError, rq.step, cells)};
  compare.headline = headlineOf(r, rq.step, presentation);
  compare.tone = HeadlineTone::Fail;
  compare.diffLegend = true;
  compare.width = rq.width;
  compare.height = std::max(0.3f * rq.height, rq.height - footer.height);
  if (presentation) {
    // Side by side, each code under its run; the cells to look at in a focus window.
    compare.columns = 2;
    compare.brief = true;
    compare.focusCell = spotTheBugFocus(r, rq.step);
  }
  Scene scene = buildCompareScene(compare, style, palette, measure);
  const float top = scene.height;
  appendScene(scene, footer, 0, top);
  scene.width = std::max(scene.width, footer.width);
  scene.height = top + footer.height;
  return scene;
}

}  // namespace scanviz
