#include "app/ui/widgets/playback_buttons.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/ui/shell/commands.h"

namespace scanviz {
namespace {

enum class Icon { First, Back, Play, Pause, Forward, Last };

void drawTriangle(ImDrawList& dl, ImVec2 c, float s, bool right, ImU32 col) {
  const float d = right ? 1.0f : -1.0f;
  dl.AddTriangleFilled(ImVec2(c.x - d * s * 0.5f, c.y - s * 0.6f),
                       ImVec2(c.x - d * s * 0.5f, c.y + s * 0.6f), ImVec2(c.x + d * s * 0.6f, c.y),
                       col);
}

void drawIcon(ImDrawList& dl, Icon icon, ImVec2 c, float s, ImU32 col) {
  const float bar = s * 0.22f;
  const auto rect = [&](float x0, float x1, float h) {
    dl.AddRectFilled(ImVec2(c.x + x0, c.y - h), ImVec2(c.x + x1, c.y + h), col);
  };
  switch (icon) {
    case Icon::Play:
      drawTriangle(dl, c, s, true, col);
      break;
    case Icon::Pause:
      rect(-s * 0.45f, -s * 0.45f + bar * 1.4f, s * 0.6f);
      rect(s * 0.45f - bar * 1.4f, s * 0.45f, s * 0.6f);
      break;
    case Icon::Back:
    case Icon::Forward:
      drawTriangle(dl, c, s * 0.9f, icon == Icon::Forward, col);
      break;
    case Icon::First:
      rect(-s * 0.6f, -s * 0.6f + bar, s * 0.55f);
      drawTriangle(dl, ImVec2(c.x + s * 0.1f, c.y), s * 0.9f, false, col);
      break;
    case Icon::Last:
      rect(s * 0.6f - bar, s * 0.6f, s * 0.55f);
      drawTriangle(dl, ImVec2(c.x - s * 0.1f, c.y), s * 0.9f, true, col);
      break;
  }
}

// A square button with a drawn icon, running a command; its tooltip names the command and key.
void iconButton(UiContext& ui, const std::string& commandId, Icon icon, float size) {
  const Command* c = ui.commands.find(commandId);
  ImGui::PushID(commandId.c_str());
  const bool pressed = ImGui::Button("##icon", ImVec2(size, size));
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  drawIcon(*ImGui::GetWindowDrawList(), icon,
           ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f), size * 0.42f,
           ImGui::GetColorU32(ImGuiCol_Text));
  if (c && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s  (%s)", c->label.c_str(), c->shortcut.c_str());
  if (pressed && c) ui.commands.run(commandId);
  ImGui::PopID();
  ImGui::SameLine();
}

}  // namespace

void drawPlaybackButtons(UiContext& ui, const char* prefix, bool playing, float size) {
  const std::string p = prefix;
  iconButton(ui, p + "first", Icon::First, size);
  iconButton(ui, p + "back", Icon::Back, size);
  iconButton(ui, p + "play", playing ? Icon::Pause : Icon::Play, size);
  iconButton(ui, p + "forward", Icon::Forward, size);
  iconButton(ui, p + "last", Icon::Last, size);
}

void drawSpeedControls(UiContext& ui, double speed) {
  char text[32];
  std::snprintf(text, sizeof text, "%gx", speed);
  if (ImGui::Button("-")) ui.commands.run("slower");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Slower  (-)");
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
  if (ImGui::Button("+")) ui.commands.run("faster");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Faster  (+)");
}

}  // namespace scanviz
