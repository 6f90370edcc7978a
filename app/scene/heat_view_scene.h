// The heat view's frame as a Scene, without GL or ImGui: where the heat strip of the current step,
// its write marks and the space-time image of the whole run go (the renderer fills those rects),
// and everything around them as text and rectangles: the title, row labels, element ticks, the
// step labels beside the space-time image with the current step marked, and the colour legend.
// Tests and the frame report read the same scene; the SVG/PNG exporters can draw it.
#pragma once

#include "app/core/layouts/heat_map.h"
#include "app/core/layouts/heat_viewport.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct HeatSceneRequest {
  const Trace* trace = nullptr;
  int step = 0;
  HeatViewport viewport;
  float width = 800;  // the panel, logical pixels
  float height = 500;
  ValueRange range;  // of the trace (heat_map.h)
  HeatScale scale = HeatScale::Log;
  bool colorByWrites = false;
  // > 0: the cell view takes the top `cellsHeight` pixels (zoomed in to legible cells): no title
  // or strip, and the space-time image below uses the cells' label column `cellsLabelWidth`, so
  // that its columns line up with the cells above.
  float cellsHeight = 0;
  float cellsLabelWidth = 0;
};

// A rectangle of the frame in logical pixels from its top-left corner.
struct HeatRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
  bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

struct HeatScene {
  Scene scene;
  HeatRect strip;      // the current step's values
  HeatRect writes;     // the elements it wrote
  HeatRect spaceTime;  // every step, time flowing down
  float labelWidth = 0;
};

// The strip's width in pixels for a panel `width` wide: what the zoom arithmetic works with.
float heatImageWidth(float width, const ArraySceneStyle& style, const MeasureText& measure);

HeatScene buildHeatScene(const HeatSceneRequest& rq, const ArraySceneStyle& style,
                         const ViewPalette& palette, const MeasureText& measure);

// "XY after", "Y after", "sums after": what the strip of a step shows, as the cell view names it.
std::string heatRowName(const TraceStep& s);

}  // namespace scanviz
