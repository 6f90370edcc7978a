// The structure figure as the figure tests read it: 1200 points wide, light theme, classic
// palette, text widths approximated (no font needed).
#pragma once

#include "app/scene/array_view_scene.h"
#include "app/scene/figure_scene.h"
#include "app/scene/palette.h"

namespace scanviz {

inline Scene figure(const Trace& t, int step = -1, bool symbolic = false) {
  FigureRequest rq;
  rq.trace = &t;
  rq.step = step;
  rq.width = 1200;
  rq.symbolic = symbolic;
  return buildFigureScene(rq, ArraySceneStyle{}, viewPalette(Theme::Light, Palette::Classic),
                          approximateTextWidth);
}

}  // namespace scanviz
