// The array view panel: builds the step's scene for the panel's width and the part that is
// scrolled into view, draws it, and shows the tooltip of the cell under the pointer.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app/scene/array_view_scene.h"
#include "app/ui/shell/theme.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/heat_view.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

void drawWaiting(const UiContext& ui) {
  const char* text =
      ui.state.busy() ? "Capturing the lesson..." : "Nothing to show yet: choose an input.";
  const ImVec2 size = ImGui::CalcTextSize(text);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::SetCursorPos(ImVec2((avail.x - size.x) * 0.5f, (avail.y - size.y) * 0.5f));
  ImGui::TextDisabled("%s", text);
}

// While a capture runs longer than a blink, the view says so where the eye is; what it shows
// stays until the new lesson arrives.
void drawBusyBadge(const UiContext& ui) {
  if (!ui.state.busy() || ui.state.busySeconds() < 0.15) return;
  char text[160];
  std::snprintf(text, sizeof text, "%s ... %.1f s", ui.state.busyDescription().c_str(),
                ui.state.busySeconds());
  const ImVec2 size = ImGui::CalcTextSize(text);
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 max(ImGui::GetWindowPos().x + ImGui::GetWindowWidth() - pad.x * 2,
                   ImGui::GetWindowPos().y + pad.y * 2 + size.y + pad.y * 2);
  const ImVec2 min(max.x - size.x - pad.x * 2, max.y - size.y - pad.y * 2);
  ImDrawList& dl = *ImGui::GetForegroundDrawList();
  Color fill = ui.palette.accent;
  dl.AddRectFilled(min, max, toImColor(fill), 6);
  dl.AddText(ImVec2(min.x + pad.x, min.y + pad.y), toImColor(ui.palette.background), text);
}

// Ctrl + mouse wheel zooms the cells (the view then scrolls), keeping the element under the
// pointer in place; a double click returns to the overview. The zoom lives in ImGui's storage of
// the view.
float handleZoom() {
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID("zoom");
  float zoom = storage->GetFloat(key, 1.0f);
  if (!ImGui::IsWindowHovered()) return zoom;
  const ImGuiIO& io = ImGui::GetIO();
  float next = zoom;
  if (io.KeyCtrl && io.MouseWheel != 0)
    next = std::clamp(zoom * std::pow(1.25f, io.MouseWheel), 1.0f, 64.0f);
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) next = 1.0f;
  if (next != zoom) {
    const float pointer = io.MousePos.x - ImGui::GetWindowPos().x;
    ImGui::SetScrollX(std::max(0.0f, (ImGui::GetScrollX() + pointer) * next / zoom - pointer));
    storage->SetFloat(key, next);
  }
  return next;
}

}  // namespace

float arrayViewNaturalHeight(UiContext& ui, float width) {
  if (!ui.state.hasTrace() || ui.views.heat.shown(ui.state)) return 0;
  // The layout asks every frame; the answer changes only with the step, the width or the sizes,
  // so the scene is laid out once per change rather than twice a frame.
  ArrayHeightCache& cache = ui.views.arrayHeight;
  const ArrayHeightCache::Key key{ui.state.shown().trace, ui.state.playback.step(), width, ui.scale,
                                  ui.state.presentation,  ui.state.symbolic};
  if (key == cache.key) return cache.height;
  ArraySceneRequest rq;
  rq.trace = &ui.state.trace();
  rq.step = ui.state.playback.step();
  rq.width = width;
  rq.height = 0;  // the style's sizes: neither grown nor shrunk
  rq.visibleLeft = 0;
  rq.visibleRight = 0;  // only the height is wanted: no primitives
  // Presenting an application, its picture above says what the scan is for, and the scan keeps
  // to its cells so that both fit the screen at the back row's sizes.
  const bool underPicture = ui.state.presentation && ui.state.shown().application;
  rq.withExplanation = ui.state.presentation && !underPicture;
  rq.compact = underPicture;
  rq.symbolic = ui.state.symbolic;
  cache.height = buildArrayScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts)).height;
  cache.key = key;
  return cache.height;
}

void drawArrayView(UiContext& ui) {
  // With Ctrl held the wheel zooms instead of scrolling.
  const ImGuiWindowFlags flags = ImGuiWindowFlags_HorizontalScrollbar |
                                 (ImGui::GetIO().KeyCtrl ? ImGuiWindowFlags_NoScrollWithMouse : 0);
  ImGui::BeginChild("array-view", ImVec2(0, 0), false, flags);
  if (!ui.state.hasTrace()) {
    drawWaiting(ui);
    ImGui::EndChild();
    return;
  }
  // Above what fits as cells the GLSL heat view draws the step (heat_view.h).
  if (ui.views.heat.shown(ui.state)) {
    ui.views.heat.draw(ui);
    drawBusyBadge(ui);
    ImGui::EndChild();
    return;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  const float scroll = ImGui::GetScrollX();
  ArraySceneRequest rq;
  rq.trace = &ui.state.trace();
  rq.step = ui.state.playback.step();
  rq.width = width;
  rq.height = ImGui::GetContentRegionAvail().y;
  rq.visibleLeft = scroll - width * 0.25f;
  rq.visibleRight = scroll + width * 1.25f;
  // Presenting an application, its picture above says what the scan is for, and the scan keeps
  // to its cells so that both fit the screen at the back row's sizes.
  const bool underPicture = ui.state.presentation && ui.state.shown().application;
  rq.withExplanation = ui.state.presentation && !underPicture;
  rq.compact = underPicture;
  rq.symbolic = ui.state.symbolic;
  rq.zoom = handleZoom();
  Scene scene = buildArrayScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = placeScene(scene, ui.fonts);
  drawBusyBadge(ui);
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.sceneOriginX = origin.x * fb.x;
  ui.report.sceneOriginY = origin.y * fb.y;
  ui.report.shownParts["array"] = shownPart(scene, origin);
  ui.report.arrayScene = std::move(scene);
  ImGui::EndChild();
}

}  // namespace scanviz
