// A plot as a Scene, the one drawing of a plot: the window's plot widget (app/ui/widgets) draws it
// and answers the pointer from the geometry it returns, and the exports write it as SVG or PNG.
// Laid out by plot_math (ranges, ticks, frame layout, series colours): title, axis labels, grid,
// tick labels, lines with markers or bars, dashed reference lines and the legend. Lines are drawn
// as segments and markers as round rectangles: the Scene's primitives.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "app/core/support/app_settings.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/plot_spec.h"
#include "app/scene/scene.h"

namespace scanviz {

// A colour packed as plot_math packs them (IM_COL32's 0xAABBGGRR), as a scene colour.
Color colorOfPacked(uint32_t packed);

// How a plot is drawn: its size and text, and the colours of its frame and text (the window takes
// them from its theme, a picture from the view palette).
struct PlotSceneStyle {
  float width = 960;  // logical pixels
  float height = 600;
  float textSize = 18;  // one line of text
  float padding = 10;   // between blocks
  float frameRounding = 4;
  Color frame;  // the plot's background; also what fills hollow markers
  Color text;
  Color textDim;  // axis labels, ticks, the grid and the plot area's border
};

// The plot and where its data landed, in the scene's coordinates: what the pointer is compared
// with.
struct PlotScene {
  Scene scene;
  plot::Rect plotArea;
  plot::AxisMap x;  // unused by bar charts
  plot::AxisMap y;
  std::vector<std::vector<plot::Point>> points;  // lines: each series' points (NaN: not shown)
  int categories = 0;                            // bars: the groups along the x axis
  std::vector<Color> seriesColors;               // as drawn on the frame
  float lineWidth = 1.5f;                        // the series' lines
  float textSize = 18;
};

PlotScene buildPlotScene(const plot::PlotSpec& spec, const PlotSceneStyle& style,
                         const MeasureText& measure);

// A plot inside a view's larger scene (Brent's theorem, the benchmark, the warp clock): what it
// shows and where its data landed, so that the window answers the pointer over it as over a plot
// of its own. drawn.scene is empty: its primitives are in the larger scene, moved by (x, y).
struct PlacedPlot {
  plot::PlotSpec spec;
  PlotScene drawn;
  float x = 0, y = 0;
};

// The room a view with plots (Brent's theorem, the benchmark, the warp clock) is laid out in:
// its size, its text size and the smallest the text may shrink to, and the plots' look.
struct PlotViewRoom {
  float width = 1200;
  float height = 800;
  float textSize = 18;
  float minTextSize = 15;  // the text shrinks to fit the room, never below this
  PlotSceneStyle plot;     // the plots' colours and padding (their size and text are set here)
};

// `layout(size)` at the room's text size, then at smaller sizes until its scene fits the room's
// height or the text reaches the room's smallest size (the view then scrolls).
template <class Layout>
auto layoutToFit(const PlotViewRoom& room, Layout layout) {
  for (float size = room.textSize;; size = std::max(room.minTextSize, size * 0.92f)) {
    auto out = layout(size);
    if (out.scene.height <= room.height + 0.5f || size <= room.minTextSize) return out;
  }
}

// How well a w x h room (at this text size) suits a plot, to choose between a view's layouts: the
// data area left by its title, axis labels and ticks, as wide as 1.6 times its height; -1 where
// the room is too small to read one.
float plotRoomScore(float w, float h, float textSize);

// Builds `spec` at `style`'s size and appends it to `into` at (x, y).
PlacedPlot placePlot(Scene& into, plot::PlotSpec spec, const PlotSceneStyle& style, float x,
                     float y, const MeasureText& measure);

// A plot for an export: the picture's size and theme, the palette's colours.
struct PlotPictureStyle {
  float width = 960;  // logical pixels
  float height = 600;
  Theme theme = Theme::Dark;
  float textSize = 18;  // the window's body text at scale 1
  // The colour under the plot where the export names one (--background white or transparent):
  // the plot's frame fills the whole picture, so it takes that colour rather than the theme's.
  std::optional<Color> background;
};

Scene plotPicture(const plot::PlotSpec& spec, const PlotPictureStyle& style,
                  const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
