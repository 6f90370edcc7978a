// "Spot the bug" as one Scene, in Compare's frames: the flawed run beside its fix at one step, the
// cells where they differ outlined, a headline with the step where they part and the first wrong
// output cell, and under the runs the seed's lines and the fix (monospaced) and why. What the
// emulator caught is drawn where it happened: the cells that hold garbage read from outside an
// array, the cells written past an array's end, and, for a run that never finishes, the
// deadlock's figure in the flawed run's place. In presentation mode (style.minTextSize > 0) the
// two runs stand side by side, without subtitles and counters, and a long array shows the same
// focus window of cells in both, around the cell to look at (spotTheBugFocus), so that every
// text reads from the back row; the window and the slide draw this one scene. GUI-free.
#pragma once

#include <string>
#include <vector>

#include "app/core/lesson/lessons.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// A run's step label as the view names it ("-" when the run has none).
std::string lessonStepLabel(const Trace* t, int step);

// What the two runs say, where they part and what the emulator caught: the headline's lines.
std::vector<std::string> spotTheBugHeadline(const LessonRun& run);

// The cell a focus window keeps in sight at `step`: the first cell where the runs differ there,
// else where they differ at the step where they part, else the first wrong output cell, else the
// first cell holding garbage or written past the end; -1 when there is none.
int spotTheBugFocus(const LessonRun& run, int step);

// A line of code broken at spaces into lines of at most `columns` characters (a word longer than
// that is cut); the lines after the first keep its indentation and are indented 4 more.
std::vector<std::string> wrapCodeLine(const std::string& line, int columns);

struct SpotTheBugSceneRequest {
  const LessonRun* run = nullptr;
  int step = 0;
  float width = 800;
  float height = 600;
};

Scene buildSpotTheBugScene(const SpotTheBugSceneRequest& rq, const ArraySceneStyle& style,
                           const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
