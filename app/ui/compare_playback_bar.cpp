// Compare's playback bar, in place of the lesson's while Compare is shown: the same buttons and
// keys (commands compare-*), a scrubber over the synchronised positions that names each view's
// step, and the shared speed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui/commands.h"
#include "app/ui/panels.h"
#include "app/ui/theme.h"

namespace scanviz {
namespace {

enum class Glyph { First, Back, Play, Pause, Forward, Last };

void triangle(ImDrawList& dl, ImVec2 c, float s, bool right, ImU32 col) {
  const float d = right ? 1.0f : -1.0f;
  dl.AddTriangleFilled(ImVec2(c.x - d * s * 0.5f, c.y - s * 0.6f),
                       ImVec2(c.x - d * s * 0.5f, c.y + s * 0.6f), ImVec2(c.x + d * s * 0.6f, c.y),
                       col);
}

// Drawn rather than typed: crisp at every scale, no glyphs needed from the font.
void glyph(ImDrawList& dl, Glyph g, ImVec2 c, float s, ImU32 col) {
  const float bar = s * 0.22f;
  const auto rect = [&](float x0, float x1, float h) {
    dl.AddRectFilled(ImVec2(c.x + x0, c.y - h), ImVec2(c.x + x1, c.y + h), col);
  };
  switch (g) {
    case Glyph::Play:
      triangle(dl, c, s, true, col);
      break;
    case Glyph::Pause:
      rect(-s * 0.45f, -s * 0.45f + bar * 1.4f, s * 0.6f);
      rect(s * 0.45f - bar * 1.4f, s * 0.45f, s * 0.6f);
      break;
    case Glyph::Back:
    case Glyph::Forward:
      triangle(dl, c, s * 0.9f, g == Glyph::Forward, col);
      break;
    case Glyph::First:
      rect(-s * 0.6f, -s * 0.6f + bar, s * 0.55f);
      triangle(dl, ImVec2(c.x + s * 0.1f, c.y), s * 0.9f, false, col);
      break;
    case Glyph::Last:
      rect(s * 0.6f - bar, s * 0.6f, s * 0.55f);
      triangle(dl, ImVec2(c.x - s * 0.1f, c.y), s * 0.9f, true, col);
      break;
  }
}

void glyphButton(UiContext& ui, const char* commandId, Glyph g, float size) {
  const Command* c = ui.commands.find(commandId);
  ImGui::PushID(commandId);
  const bool pressed = ImGui::Button("##glyph", ImVec2(size, size));
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  glyph(*ImGui::GetWindowDrawList(), g, ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f),
        size * 0.42f, ImGui::GetColorU32(ImGuiCol_Text));
  if (c && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s  (%s)", c->label.c_str(), c->shortcut.c_str());
  if (pressed && c) ui.commands.run(commandId);
  ImGui::PopID();
  ImGui::SameLine();
}

// "Kogge-Stone step 3, Brent-Kung step 2" at position g.
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

void scrubber(UiContext& ui, float width) {
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
}

}  // namespace

void drawComparePlaybackBar(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const CompareModel& m = ui.state.compare;
  const float size = ImGui::GetFrameHeight() * 1.25f;
  glyphButton(ui, "compare-first", Glyph::First, size);
  glyphButton(ui, "compare-back", Glyph::Back, size);
  glyphButton(ui, "compare-play", m.playback.playing() ? Glyph::Pause : Glyph::Play, size);
  glyphButton(ui, "compare-forward", Glyph::Forward, size);
  glyphButton(ui, "compare-last", Glyph::Last, size);
  char speed[32];
  std::snprintf(speed, sizeof speed, "%gx", m.playback.speed());
  const std::string where = describePosition(m.plan(), m.playback.step());
  const float right = ImGui::CalcTextSize(where.c_str()).x + ImGui::CalcTextSize(speed).x +
                      ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemSpacing.x * 6;
  const float width = std::max(50.0f, ImGui::GetContentRegionAvail().x - right);
  const float pad = (size - ImGui::GetTextLineHeight() * 1.6f) * 0.5f;
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::max(0.0f, pad));
  scrubber(ui, width);
  ImGui::SameLine();
  ImGui::TextUnformatted(where.c_str());
  ImGui::SameLine();
  if (ImGui::Button("-")) ui.commands.run("slower");
  ImGui::SameLine();
  ImGui::TextUnformatted(speed);
  ImGui::SameLine();
  if (ImGui::Button("+")) ui.commands.run("faster");
}

}  // namespace scanviz
