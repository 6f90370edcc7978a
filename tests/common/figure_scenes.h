// The structure figure as the figure tests read it: 1200 points wide, light theme, classic
// palette, text widths approximated (no font needed).
#pragma once

#include <vector>

#include "app/scene/array_view_scene.h"
#include "app/scene/figure_scene.h"
#include "app/scene/palette.h"

namespace scanviz {

// PMPP Fig. 8.9's input, in four blocks of four.
inline const std::vector<double> kPmppInput = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};

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
