// A plot of the plot widget (app/ui/plot) as a Scene, laid out by the same plot_math the widget
// uses (ranges, ticks, frame layout, series colours): title, axis labels, grid, tick labels, lines
// with markers or bars, dashed reference lines and the legend, so that a timing plot can be
// written as SVG or drawn as PNG like the array view. Lines are drawn as segments and markers as
// round rectangles: the Scene's primitives.
#pragma once

#include "app/core/app_settings.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/plot_spec.h"
#include "app/scene/scene.h"

namespace scanviz {

struct PlotPictureStyle {
  float width = 960;  // logical pixels
  float height = 600;
  Theme theme = Theme::Dark;
  float textSize = 18;  // the window's body text at scale 1
};

Scene plotPicture(const plot::PlotSpec& spec, const PlotPictureStyle& style,
                  const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
