// The window's arrangement: controls on the left, the array view with the explanation under it
// in the middle, counters on the right, playback and status at the bottom. Panel widths follow
// the splitters and persist; presentation mode keeps only the view and the playback bar.
#include <imgui.h>

#include <algorithm>

#include "app/ui/shell/theme.h"
#include "app/ui/shell/view_registry.h"
#include "app/ui/views/application_panel.h"
#include "app/ui/views/center_view.h"
#include "app/ui/views/class_mode.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

constexpr ImGuiWindowFlags kHostFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar |
    ImGuiWindowFlags_NoScrollWithMouse |
    ImGuiWindowFlags_NoBackground;  // the cleared frame is the background

// A draggable bar between two panels; `width` is in logical pixels (scale 1). grows: +1 when
// dragging right widens the panel (left panel), -1 when it narrows it (right panel).
void splitter(UiContext& ui, const char* id, float height, float& width, float grows) {
  const float thickness = 6 * ui.scale;
  ImGui::InvisibleButton(id, ImVec2(thickness, height));
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  if (ImGui::IsItemActive())
    width = std::clamp(width + grows * ImGui::GetIO().MouseDelta.x / ui.scale, 200.0f, 1200.0f);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const float x = (min.x + max.x) * 0.5f;
  ImGui::GetWindowDrawList()->AddLine(
      ImVec2(x, min.y + 8), ImVec2(x, max.y - 8),
      ImGui::GetColorU32(ImGui::IsItemActive() ? ImGuiCol_SeparatorActive : ImGuiCol_Separator), 2);
  if (ImGui::IsItemDeactivated()) ui.state.updateSettings(ui.state.settings());
}

struct SideWidths {
  float left = 0;  // 0: hidden
  float right = 0;
};

SideWidths sideWidths(const UiContext& ui, const PanelLayout& l, float budget) {
  const float minSide = 220 * ui.scale;
  SideWidths w;
  w.left = l.showControls ? std::max(minSide, l.controlsWidth * ui.scale) : 0;
  // Compare's views carry their own counters.
  // Timing's plots need the width more than the lesson's counters.
  const bool counters =
      l.showCounters && l.centerView != CenterView::Compare && l.centerView != CenterView::Timing;
  w.right = counters ? std::max(minSide, l.countersWidth * ui.scale) : 0;
  if (w.left + w.right > budget) {
    const float shrink = std::max(budget / (w.left + w.right), 0.0f);
    w.left = w.left > 0 ? std::max(minSide, w.left * shrink) : 0;
    w.right = w.right > 0 ? std::max(minSide, w.right * shrink) : 0;
  }
  if (w.left + w.right > budget) w.right = 0;
  if (w.left > budget) w.left = budget >= minSide ? budget : 0;
  return w;
}

// Under the view: the step's sentence, and beside it (when there is room) the kernel source with
// the step's lines highlighted.
void explanationRow(UiContext& ui, float width) {
  const bool code = ui.state.settings().layout.showCode && width > 700 * ui.scale;
  const float textWidth = code ? width * 0.38f : width;
  ImGui::BeginChild("explanation", ImVec2(textWidth, 0), true);
  drawExplanationPanel(ui);
  ImGui::EndChild();
  if (!code) return;
  ImGui::SameLine();
  ImGui::BeginChild("code", ImVec2(0, 0), true);
  drawCodePanel(ui);
  ImGui::EndChild();
}

// An application's picture above its scan's steps: what it needs, up to 55% of the column
// (presenting, half the screen: its scan's cells fit under it at the back row's sizes). Returns
// the height left under it.
float applicationAbove(UiContext& ui, float width, float columnHeight) {
  const float share = ui.state.presentation ? 0.5f : 0.55f;
  const float picture = std::min(applicationPanelHeight(ui, width), columnHeight * share);
  if (picture <= 0) return columnHeight;
  ImGui::BeginChild("application", ImVec2(0, picture), true);
  drawApplicationPanel(ui);
  ImGui::EndChild();
  return columnHeight - picture - ImGui::GetStyle().ItemSpacing.y;
}

void centerColumn(UiContext& ui, float width, float columnHeight) {
  const PanelLayout& l = ui.state.settings().layout;
  ImGui::BeginChild("center", ImVec2(width, columnHeight), false, ImGuiWindowFlags_NoScrollbar);
  if (drawCenterView(ui, /*framed=*/true)) {
    ImGui::EndChild();
    return;
  }
  const float height = applicationAbove(ui, width, columnHeight);
  // The explanation takes what its text needs (about 13 lines when the kernel source shows, the
  // length of a step's code), up to 40% or what the step at its natural size leaves, whichever
  // is more. Where the step would have to shrink below its natural size, the explanation gives
  // way down to its sentence alone (the summary moves into a tooltip): the figure comes first.
  float explanation = 0;
  if (l.showExplanation) {
    const bool code = l.showCode && width > 700 * ui.scale;
    const float textWidth = code ? width * 0.38f : width;
    const float codeLines = code ? 14.0f * ImGui::GetTextLineHeight() * kMonoSize / kBodySize : 0;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float scene = arrayViewNaturalHeight(ui, width - 2 * style.WindowPadding.x);
    const float sceneRoom =
        scene > 0 ? height - scene - 2 * style.WindowPadding.y - style.ItemSpacing.y : 0;
    explanation = std::min(std::max(explanationPanelHeight(ui, textWidth), codeLines),
                           std::max(height * 0.4f, sceneRoom));
    if (scene > 0 && explanation > sceneRoom)
      explanation = std::min(
          explanation,
          std::max(explanationPanelHeight(ui, textWidth, /*withSummary=*/false), sceneRoom));
  }
  ImGui::BeginChild("view", ImVec2(0, height - explanation), true);
  drawArrayView(ui);
  ImGui::EndChild();
  if (l.showExplanation) explanationRow(ui, width);
  ImGui::EndChild();
}

void panels(UiContext& ui, float height) {
  AppSettings s = ui.state.settings();
  PanelLayout& l = s.layout;
  const float total = ImGui::GetContentRegionAvail().x;
  const float splitW = 6 * ui.scale + 2 * ImGui::GetStyle().ItemSpacing.x;
  // The array view keeps at least half the width: at a large scale on a small window the side
  // panels shrink to their minimum and then give way (counters first) rather than squeeze it.
  const SideWidths sides = sideWidths(ui, l, total * 0.5f);
  // "Spot the bug" shows two runs of its own: the left panel says what they are, in place of the
  // controls of the lesson behind it, and the counters of that lesson give way (each run's
  // counters head its view).
  const bool spot = spotTheBugShown(ui.state);
  const bool showControls = sides.left > 0, showCounters = sides.right > 0 && !spot;
  const float left = sides.left, right = showCounters ? sides.right : 0;
  const float center =
      total - left - right - (showControls ? splitW : 0) - (showCounters ? splitW : 0);
  if (showControls) {
    ImGui::BeginChild("controls", ImVec2(left, height), true);
    if (spot)
      drawSpotTheBugSetup(ui);
    else
      drawControlsPanel(ui);
    ImGui::EndChild();
    ImGui::SameLine();
    splitter(ui, "##split-left", height, l.controlsWidth, 1);
    ImGui::SameLine();
  }
  centerColumn(ui, center, height);
  if (showCounters) {
    ImGui::SameLine();
    splitter(ui, "##split-right", height, l.countersWidth, -1);
    ImGui::SameLine();
    ImGui::BeginChild("counters", ImVec2(right, height), true);
    drawCountersPanel(ui);
    ImGui::EndChild();
  }
  if (l.controlsWidth != ui.state.settings().layout.controlsWidth ||
      l.countersWidth != ui.state.settings().layout.countersWidth)
    ui.state.updateSettings(s, /*persist=*/false);
}

}  // namespace

void drawMainLayout(UiContext& ui) {
  if (!ui.state.presentation) drawMainMenu(ui);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("##scanviz", nullptr, kHostFlags);
  drawBanner(ui);
  const float width = ImGui::GetContentRegionAvail().x;
  // Class mode takes the whole width, without the lesson's playback: its steps are the answers.
  const bool classMode = classModeShown(ui.state);
  // Spot the bug steps with its own buttons (a lesson) or has no steps (an erratum).
  const bool playbackBar = !classMode && !spotTheBugShown(ui.state);
  const float playbackH =
      playbackBar ? ImGui::GetFrameHeight() * 1.25f + ImGui::GetStyle().ItemSpacing.y * 2 : 0;
  const float bottom = playbackH + statusLineHeight(ui, width);
  const float middle = std::max(100.0f, ImGui::GetContentRegionAvail().y - bottom);
  if (ui.state.presentation || classMode) {
    ImGui::BeginChild("view", ImVec2(0, middle), false);
    // An application keeps its picture above its scan: the lecture is about the picture.
    if (!drawCenterView(ui, /*framed=*/false)) {
      applicationAbove(ui, width, middle);
      drawArrayView(ui);  // in the height left
    }
    ImGui::EndChild();
  } else {
    panels(ui, middle);
  }
  if (!playbackBar) {
    // class mode or spot the bug: no playback bar
  } else if (compareShown(ui.state)) {
    drawComparePlaybackBar(ui);
  } else {
    drawPlaybackBar(ui);
  }
  drawStatusLine(ui);
  ImGui::End();
}

}  // namespace scanviz
