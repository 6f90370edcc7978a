// The grid-level block timeline as a Scene: a title and a one-line summary, the legend, the time
// axis with gridlines, a swimlane per SM (or emulator slot) and a bar per block from its start to
// its end with the spin-wait in a second colour. It is the visible part only (zoom, pan and
// scroll are applied), so the screen and the exporters draw the same picture. No ImGui here.
#pragma once

#include <string>

#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct TimelineSceneRequest {
  const Trace* trace = nullptr;
  const BlockTimeline* timeline = nullptr;
  TimelineView view;
  float width = 800;
  float height = 600;
  float rowZoom = 1;  // row height relative to the height that fits every lane
  float scroll = 0;   // pixels the lanes are scrolled up
};

struct TimelineScene {
  Scene scene;
  TimelineLayout layout;      // what was drawn, for hit tests
  TimelineGeometry geometry;  // where, for mapping the pointer to time
};

TimelineScene buildTimelineScene(const TimelineSceneRequest& rq, const ArraySceneStyle& style,
                                 const ViewPalette& palette, const MeasureText& measure);

// The tooltip of a block: id, launch index, SM, start, wait, end and the look-back count.
std::string blockTooltip(const Trace& t, const BlockTimeline& tl, size_t span);

// Why a trace has no timeline to show; empty when it has one.
std::string timelineUnavailableReason(const Trace& t);

}  // namespace scanviz
