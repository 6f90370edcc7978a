// Compare's playback bar, in place of the lesson's while Compare is shown: the same buttons and
// keys (commands compare-*), a scrubber over the synchronised positions that names each view's
// step, and the shared speed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui/shell/commands.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/playback_buttons.h"

namespace scanviz {
namespace {

// "Kogge-Stone step 3, Blelloch step 2" at position g.
std::string stepsAt(const CompareModel& m, int g) {
  std::string text = describePosition(m.plan(), g) + ":";
  for (size_t i = 0; i < m.lanes().size(); ++i) {
    const int k = laneStepAt(m.plan(), i, g);
    text += "\n  " + m.lanes()[i].title + (k < 0 ? ": no trace" : ": step " + std::to_string(k));
  }
  return text;
}

// Where position g sits on the track: its share of the axis (real time: cycles), so that the
// track is a time line when the views go by time.
float trackShare(const SyncPlan& p, int g) {
  const auto& v = p.positions;
  if (v.size() < 2 || v.back() <= 0) return 0.5f;
  return static_cast<float>(
      v[static_cast<size_t>(std::clamp<int>(g, 0, static_cast<int>(v.size()) - 1))] / v.back());
}

// Draws the scrubber; returns the centre of its thumb.
ImVec2 scrubber(UiContext& ui, float width) {
  CompareModel& m = ui.state.compare;
  Playback& pb = m.playback;
  const SyncPlan& plan = m.plan();
  const int count = pb.stepCount();
  const float h = ImGui::GetTextLineHeight() * 1.6f;
  const float inset = h * 0.35f;  // the thumb stays inside the track at both ends
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const float left = min.x + inset, span = std::max(1.0f, width - 2 * inset);
  ImGui::InvisibleButton("##compare-scrubber", ImVec2(width, h));
  const auto at = [&](float mouseX) {
    const double share = std::clamp((mouseX - left) / span, 0.0f, 1.0f);
    return plan.positions.empty() ? 0 : positionIndexNear(plan, share * plan.positions.back());
  };
  if (ImGui::IsItemActive() && count > 0) pb.setStep(at(ImGui::GetIO().MousePos.x));
  if (ImGui::IsItemHovered() && count > 0)
    ImGui::SetTooltip("%s", stepsAt(m, at(ImGui::GetIO().MousePos.x)).c_str());
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  const float y = min.y + 0.5f * h;
  dl.AddLine(ImVec2(left, y), ImVec2(left + span, y), toImColor(ui.palette.textDim), 2);
  for (int k = 0; k < count && span / static_cast<float>(std::max(1, count)) > 3; ++k) {
    const float x = left + trackShare(plan, k) * span;
    dl.AddLine(ImVec2(x, y - h * 0.2f), ImVec2(x, y + h * 0.2f), toImColor(ui.palette.textDim),
               1.5f);
  }
  const float x = left + trackShare(plan, pb.step()) * span;
  dl.AddCircleFilled(ImVec2(x, y), h * 0.28f, toImColor(ui.palette.accent));
  return ImVec2(x, y);
}

}  // namespace

void drawComparePlaybackBar(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const CompareModel& m = ui.state.compare;
  const float size = ImGui::GetFrameHeight() * 1.25f;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  drawPlaybackButtons(ui, "compare-", m.playback.playing(), size);
  char speed[32];
  std::snprintf(speed, sizeof speed, "%gx", m.playback.speed());
  const std::string where = describePosition(m.plan(), m.playback.step());
  const float right = ImGui::CalcTextSize(where.c_str()).x + ImGui::CalcTextSize(speed).x +
                      ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemSpacing.x * 6;
  const float width = std::max(50.0f, ImGui::GetContentRegionAvail().x - right);
  const float pad = (size - ImGui::GetTextLineHeight() * 1.6f) * 0.5f;
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::max(0.0f, pad));
  const ImVec2 thumb = scrubber(ui, width);
  ImGui::SameLine();
  ImGui::TextUnformatted(where.c_str());
  ImGui::SameLine();
  drawSpeedControls(ui, m.playback.speed());
  // Where the bar is, in framebuffer pixels, for the tests that look for it in screenshots.
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const float bottom = top.y + size;
  const float barRight = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
  ui.report.panels["compare_playback"] = {
      {"position", where},
      {"rect", {top.x * fb.x, top.y * fb.y, barRight * fb.x, bottom * fb.y}},
      {"thumb", {thumb.x * fb.x, thumb.y * fb.y}}};
}

}  // namespace scanviz
