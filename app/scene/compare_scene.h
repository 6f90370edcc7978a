// Compare's views as one Scene, so that the screen and the exporters draw the same picture: a
// framed view per lane (stacked for two, two columns for three or four), each with its title,
// its counters and the array at its own step (the array view's scene, compact), cells that
// differ from the other trace outlined, a headline (the diff's verdict, or how the views are
// synchronised) and one shared legend. No ImGui here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/counter_rows.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct CompareViewSpec {
  std::string title;             // "Kogge-Stone"
  std::string subtitle;          // where the trace came from, or why there is none
  const Trace* trace = nullptr;  // null: still capturing, or failed (subtitle says which)
  int step = 0;
  std::vector<CounterRow> counters;  // compareCounters()
  std::vector<int> differingCells;
  std::vector<int> garbageCells;      // ArraySceneRequest's: read from outside an array
  std::vector<StrayCell> strayCells;  // ArraySceneRequest's: written past an array's end
  // Without a trace: the picture drawn in the view's place (a deadlock's figure), given the
  // view's inner width and the style; null: the subtitle says why there is none.
  std::function<Scene(float width, const ArraySceneStyle& style)> picture;
};

enum class HeadlineTone { Plain, Pass, Fail };

struct CompareSceneRequest {
  std::vector<CompareViewSpec> views;
  float width = 800;
  float height = 600;  // the views share it; the scene grows taller when they need more
  std::vector<std::string> headline;  // lines above the views
  HeadlineTone tone = HeadlineTone::Plain;
  bool diffLegend = false;  // add "differs from the other trace" to the legend
  // Columns of views: 0 stacks two views and puts three or four in two columns.
  int columns = 0;
  // Brief views for the back row: titles at the labels' size, no subtitles, counters, step titles
  // or legend (the headline says the step and what differs; the colours are the lecture's).
  bool brief = false;
  // A cell to keep in sight: where the views' cells would be too narrow for values of the back
  // row's size (style.minTextSize > 0, presentation mode), every view shows the same focus window
  // of cells around it (focusWindow); -1: every cell, however narrow.
  int focusCell = -1;
};

Scene buildCompareScene(const CompareSceneRequest& rq, const ArraySceneStyle& style,
                        const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
