// The structure figure as the figure tests read it: 1200 points wide, light theme, classic
// palette, text widths approximated (no font needed).
#pragma once

#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

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

// Every arrow a figure draws has a legend sample of its look (colour, width, dashes), and no two
// samples look alike: one look, one meaning (issue 32).
inline void expectLegendShowsEveryArrowOnce(const Scene& s) {
  using Look = std::tuple<int, int, int, int, long, bool>;
  const auto look = [](const SceneLine& l) {
    return Look{l.color.r, l.color.g, l.color.b, l.color.a, std::lround(l.width * 100), l.dashed};
  };
  std::set<Look> drawn;
  std::vector<Look> legend;
  for (const SceneLine& l : s.lines) {
    if (!l.arrow) continue;
    if (l.role == "legend-arrow")
      legend.push_back(look(l));
    else
      drawn.insert(look(l));
  }
  const std::set<Look> samples(legend.begin(), legend.end());
  EXPECT_EQ(samples.size(), legend.size()) << "two legend samples look alike";
  for (const Look& d : drawn)
    EXPECT_EQ(samples.count(d), 1u)
        << "an arrow drawn in a look the legend does not show: rgba " << std::get<0>(d) << ","
        << std::get<1>(d) << "," << std::get<2>(d) << " width " << std::get<4>(d) << "/100 dashed "
        << std::get<5>(d);
}

}  // namespace scanviz
