// What the block timeline panel keeps between frames: the timeline of the trace on screen and
// where the user has zoomed and scrolled. ImGui-free, so that it is tested without a window.
#pragma once

#include <memory>

#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/core/trace/trace.h"
#include "app/ui/shell/app_state.h"

namespace scanviz {

struct TimelinePanelState {
  std::shared_ptr<const Trace> trace;
  LaneGrouping grouping = LaneGrouping::BySm;
  BlockTimeline timeline;
  TimelineView view;
  float scroll = 0;
  float rowZoom = 1;

  // Follows the trace on screen and the layout's lanes (by SM or by block): a new lesson starts
  // at the whole run; other lanes for the same run keep the zoom. Call with a trace shown.
  void follow(const AppState& app);
};

}  // namespace scanviz
