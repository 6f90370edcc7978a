// Play, pause and step buttons, the timeline scrubber with the trace's phases (the number keys
// jump to them) and the speed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/ui/shell/commands.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/playback_buttons.h"

namespace scanviz {
namespace {

float stepX(float x0, float width, int step, int steps) {
  return x0 + (static_cast<float>(step) + 0.5f) / static_cast<float>(std::max(1, steps)) * width;
}

void drawPhaseBands(UiContext& ui, ImDrawList& dl, ImVec2 min, float width, float bandH,
                    int steps) {
  const Playback& pb = ui.state.playback;
  const float slot = width / static_cast<float>(std::max(1, steps));
  const int current = pb.currentPhase();
  std::vector<std::string> labels;
  for (size_t i = 0; i < pb.markers().size(); ++i) {
    const PhaseMarker& m = pb.markers()[i];
    const float left = min.x + slot * static_cast<float>(m.firstStep) + 1;
    const float right = min.x + slot * static_cast<float>(m.lastStep + 1) - 1;
    Color fill = ui.palette.accent;
    fill.a = static_cast<int>(i) == current ? 110 : (i % 2 ? 40 : 60);
    dl.AddRectFilled(ImVec2(left, min.y), ImVec2(right, min.y + bandH), toImColor(fill), 3);
    // The number and the phase; in a band too narrow for both, the number alone (the key that
    // jumps there; the tooltip names the phase), centred.
    const std::string number = i < 9 ? std::to_string(i + 1) : std::string();
    std::string label = (number.empty() ? std::string() : number + "  ") + m.phase;
    ImVec2 size = ImGui::CalcTextSize(label.c_str());
    float x = left + 6;
    if (size.x + 8 >= right - left) {
      label = number;
      size = ImGui::CalcTextSize(label.c_str());
      x = 0.5f * (left + right - size.x);
      if (label.empty() || size.x + 4 >= right - left) label.clear();
    }
    if (!label.empty())
      dl.AddText(ImVec2(x, min.y + (bandH - size.y) * 0.5f), toImColor(ui.palette.text),
                 label.c_str());
    labels.push_back(label);
  }
  ui.report.panels["playback"] = {{"phase_labels", labels}};
}

void scrubber(UiContext& ui, float width) {
  Playback& pb = ui.state.playback;
  const int steps = pb.stepCount();
  const float bandH = ImGui::GetTextLineHeight() * 1.35f;
  const float trackH = ImGui::GetTextLineHeight() * 0.9f;
  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##scrubber", ImVec2(width, bandH + trackH));
  if (ImGui::IsItemActive() && steps > 0) {
    const float t = (ImGui::GetIO().MousePos.x - min.x) / width;
    pb.setStep(static_cast<int>(std::floor(t * static_cast<float>(steps))));
  }
  if (ImGui::IsItemHovered() && steps > 0) {
    const float t = (ImGui::GetIO().MousePos.x - min.x) / width;
    const int k =
        std::clamp(static_cast<int>(std::floor(t * static_cast<float>(steps))), 0, steps - 1);
    const TraceStep& s = ui.state.trace().steps[static_cast<size_t>(k)];
    ImGui::SetTooltip("step %d: %s (%s)\ndrag to scrub; keys 1..9 jump to the numbered phases", k,
                      s.label.c_str(), s.phase.c_str());
  }
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  drawPhaseBands(ui, dl, min, width, bandH, steps);
  const float trackY = min.y + bandH + trackH * 0.5f;
  dl.AddLine(ImVec2(min.x, trackY), ImVec2(min.x + width, trackY), toImColor(ui.palette.textDim),
             2);
  if (width / static_cast<float>(std::max(1, steps)) > 5)
    for (int k = 0; k < steps; ++k) {
      const float x = stepX(min.x, width, k, steps);
      dl.AddLine(ImVec2(x, trackY - trackH * 0.25f), ImVec2(x, trackY + trackH * 0.25f),
                 toImColor(ui.palette.textDim), 1.5f);
    }
  dl.AddCircleFilled(ImVec2(stepX(min.x, width, pb.step(), steps), trackY), trackH * 0.45f,
                     toImColor(ui.palette.accent));
}

}  // namespace

void drawPlaybackBar(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const float size = ImGui::GetFrameHeight() * 1.25f;
  const float rowTop = ImGui::GetCursorPosY();
  drawPlaybackButtons(ui, "", ui.state.playback.playing(), size);
  const float speedWidth =
      ImGui::CalcTextSize("Speed  -  0.25x  +").x + 6 * ImGui::GetStyle().ItemSpacing.x;
  const float width = ImGui::GetContentRegionAvail().x - speedWidth;
  ImGui::SetCursorPosY(rowTop + (size - ImGui::GetTextLineHeight() * 2.25f) * 0.5f);
  scrubber(ui, std::max(50.0f, width));
  ImGui::SameLine();
  ImGui::SetCursorPosY(rowTop + (size - ImGui::GetFrameHeight()) * 0.5f);
  ImGui::TextUnformatted("Speed");
  ImGui::SameLine();
  drawSpeedControls(ui, ui.state.playback.speed());
  ImGui::SetCursorPosY(rowTop + size + ImGui::GetStyle().ItemSpacing.y);
}

}  // namespace scanviz
