// The block timeline panel: the grid-level scan's blocks as swimlanes by SM (timeline_scene.h),
// with zoom (Ctrl + wheel, buttons), pan (drag, Shift + wheel), lane scrolling (wheel), taller
// rows, and a tooltip for the block under the pointer.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "app/core/layouts/block_timeline.h"
#include "app/scene/timeline_scene.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "app/ui/views/timeline_panel.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/toolbar_row.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

constexpr float kZoomStep = 1.5f;
constexpr float kMaxRowZoom = 12;

LaneGrouping layoutGrouping(const AppState& app) {
  return valueOf(kLaneGroupingKeys, app.settings().layout.timelineLanes)
      .value_or(LaneGrouping::BySm);
}

// Lanes by SM or one per block, remembered in the layout.
void groupingChoice(UiContext& ui, const TimelinePanelState& s) {
  ImGui::TextUnformatted("Lanes");
  ImGui::SameLine();
  LaneGrouping chosen = s.grouping;
  if (ImGui::RadioButton("by SM", chosen == LaneGrouping::BySm)) chosen = LaneGrouping::BySm;
  ImGui::SameLine();
  if (ImGui::RadioButton("by block", chosen == LaneGrouping::ByBlock))
    chosen = LaneGrouping::ByBlock;
  if (chosen == s.grouping) return;
  AppSettings settings = ui.state.settings();
  settings.layout.timelineLanes = keyOf(kLaneGroupingKeys, chosen);
  ui.state.updateSettings(settings);
}

void toolbar(UiContext& ui, TimelinePanelState& s) {
  groupingChoice(ui, s);
  const double centre = 0.5 * (s.view.start + s.view.end);
  nextInRow(buttonWidth("Whole run"), ImGui::GetFontSize() * 1.5f);
  if (ImGui::Button("Whole run")) s.view = fullView(s.timeline);
  nextInRow(buttonWidth("Zoom in"));
  if (ImGui::Button("Zoom in")) s.view = zoomView(s.view, centre, kZoomStep, s.timeline);
  nextInRow(buttonWidth("Zoom out"));
  if (ImGui::Button("Zoom out")) s.view = zoomView(s.view, centre, 1 / kZoomStep, s.timeline);
  nextInRow(ImGui::GetFontSize() * 8 + ImGui::CalcTextSize("Row height (?)").x +
            3 * ImGui::GetStyle().ItemSpacing.x);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::SliderFloat("Row height", &s.rowZoom, 1, kMaxRowZoom, "%.0fx",
                     ImGuiSliderFlags_Logarithmic);
  helpMarker(
      "By SM: one lane per SM (emulator: per resident slot); blocks resident on the same SM at "
      "once get rows of their own, so the look-back's overlap shows. By block: one lane per "
      "block in id order, the order the prefix travels, so the chained scan's domino shows. "
      "Each bar runs from the block's start to its end; the wait for the predecessors' prefix "
      "has the second colour.\n\nCtrl + wheel: zoom time at the pointer. Drag or Shift + wheel: "
      "pan. Wheel: scroll the lanes. Double-click: the whole run.");
}

// Zoom, pan and scroll from the mouse; they show from the next frame on.
void handleInput(TimelinePanelState& s, const TimelineScene& drawn, ImVec2 origin) {
  // The canvas is one invisible button: hovering or dragging it is hovering the timeline.
  if (!ImGui::IsItemHovered() && !ImGui::IsItemActive()) return;
  const ImGuiIO& io = ImGui::GetIO();
  const TimelineGeometry& g = drawn.geometry;
  const float x = io.MousePos.x - origin.x;
  const double perPixel = s.view.span() / std::max(1.0f, g.plotRight - g.plotLeft);
  if (io.MouseWheel != 0 && io.KeyCtrl) {
    s.view = zoomView(s.view, xToTime(s.view, g, x), std::pow(1.25, io.MouseWheel), s.timeline);
  } else if (io.MouseWheel != 0 && io.KeyShift) {
    s.view = panView(s.view, -io.MouseWheel * 40 * perPixel, s.timeline);
  } else if (io.MouseWheel != 0) {
    s.scroll = std::max(0.0f, g.scroll - io.MouseWheel * 3 * std::max(8.0f, g.rowHeight * 4));
  }
  if (io.MouseWheelH != 0) s.view = panView(s.view, -io.MouseWheelH * 40 * perPixel, s.timeline);
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2)) {
    s.view = panView(s.view, -io.MouseDelta.x * perPixel, s.timeline);
    s.scroll = std::max(0.0f, s.scroll - io.MouseDelta.y);
  }
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    s.view = fullView(s.timeline);
    s.scroll = 0;
  }
}

void showBlockTooltip(const TimelinePanelState& s, const TimelineScene& drawn, ImVec2 origin) {
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 m = ImGui::GetMousePos();
  const int hit = barAt(drawn.layout, m.x - origin.x, m.y - origin.y);
  if (hit < 0) return;
  const size_t span = drawn.layout.bars[static_cast<size_t>(hit)].span;
  ImGui::SetTooltip("%s", blockTooltip(*s.trace, s.timeline, span).c_str());
}

void report(UiContext& ui, const TimelinePanelState& s, const TimelineScene& drawn, ImVec2 origin) {
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const BlockTimeline& tl = s.timeline;
  ui.report.panels["timeline"] = {
      {"blocks", tl.spans.size()},
      {"lanes", tl.lanes.size()},
      {"lanes_shown", drawn.layout.lanes.size()},
      {"bars_shown", drawn.layout.bars.size()},
      {"time_unit", s.trace->meta.timeUnit},
      {"axis_unit", drawn.layout.unit.name},
      {"view", {s.view.start, s.view.end}},
      {"wait_share", tl.blockTime > 0 ? tl.waitTime / tl.blockTime : 0.0},
      {"origin", {origin.x * fb.x, origin.y * fb.y}}};
  ui.report.panelScenes["timeline"] = drawn.scene;
}

}  // namespace

void TimelinePanelState::follow(const AppState& app) {
  if (trace == app.shown().trace && grouping == layoutGrouping(app)) return;
  grouping = layoutGrouping(app);
  if (trace == app.shown().trace) {
    // Other lanes, same run: keep the zoom.
    timeline = buildBlockTimeline(*trace, grouping);
    scroll = 0;
    return;
  }
  trace = app.shown().trace;
  timeline = buildBlockTimeline(*trace, grouping);
  view = fullView(timeline);
  scroll = 0;
  rowZoom = 1;
}

void drawTimelinePanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  TimelinePanelState& s = ui.views.timeline;
  s.follow(ui.state);
  if (!s.timeline.spans.empty() && !ui.state.presentation) toolbar(ui, s);
  ImGui::BeginChild("timeline-canvas", ImVec2(0, 0), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  TimelineSceneRequest rq;
  rq.trace = s.trace.get();
  rq.timeline = &s.timeline;
  rq.view = s.view;
  rq.width = avail.x;
  rq.height = avail.y;
  rq.rowZoom = s.rowZoom;
  rq.scroll = s.scroll;
  const TimelineScene drawn =
      buildTimelineScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts));
  s.scroll = drawn.geometry.scroll;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), drawn.scene, origin, ui.fonts);
  ImGui::InvisibleButton("##timeline", ImVec2(std::max(1.0f, avail.x), std::max(1.0f, avail.y)));
  showBlockTooltip(s, drawn, origin);
  handleInput(s, drawn, origin);
  report(ui, s, drawn, origin);
  ui.report.shownParts["timeline"] = shownPart(drawn.scene, origin);
  ImGui::EndChild();
}

}  // namespace scanviz
