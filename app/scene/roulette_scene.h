// The race roulette (issue 32), from app/core/lesson/race_roulette.h: the one-barrier
// Kogge-Stone run under many schedules. A histogram of the runs by their first wrong cell (the
// right runs in their own bar), the share of wrong sections at each block size, and one failing
// run's first wrong cell, expected against got, with its neighbours. It says where the counts come
// from (a GPU's launches, or the emulator's seeded warp orders). Laid out for a 16:9 frame of the
// given width (1920: a 1080p slide, main labels 30 px). GUI-free, like every scene.
#pragma once

#include <string>
#include <vector>

#include "app/core/lesson/race_roulette.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// `sizes`: the roulette at several block sizes (the rates row); `shown`: the one whose histogram
// and failing run are drawn. `height` 0: 9/16 of the width. Text sizes: the slides'
// (slide_sizes.h), never below `ui`'s.
Scene buildRouletteScene(const std::vector<RouletteResult>& sizes, size_t shown, float width,
                         float height, const ViewPalette& palette, const MeasureText& measure,
                         const ArraySceneStyle& ui = {});

// Why a trace has no race roulette (it is the one-barrier Kogge-Stone's); empty when it has one.
std::string rouletteProblem(const Trace& t);

// The block size a trace asks the roulette for: its own when the roulette runs it (a power of two
// from 32 to 1024), else the lesson's 64.
int rouletteBlockSizeOf(int traceBlockSize);

}  // namespace scanviz
