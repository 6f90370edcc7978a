// "Spot the bug" as one Scene, in Compare's frames: the flawed run beside its fix at one step, the
// cells where they differ outlined, a headline with the step where they part and the first wrong
// output cell. What the emulator caught is drawn where it happened: the cells that hold garbage
// read from outside an array, the cells written past an array's end, and, for a run that never
// finishes, the deadlock's figure in the flawed run's place. GUI-free, like every scene.
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

struct SpotTheBugSceneRequest {
  const LessonRun* run = nullptr;
  int step = 0;
  float width = 800;
  float height = 600;
};

Scene buildSpotTheBugScene(const SpotTheBugSceneRequest& rq, const ArraySceneStyle& style,
                           const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
