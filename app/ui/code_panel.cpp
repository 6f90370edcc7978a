// The kernel's source with the lines of the current step highlighted: the parallel work before
// the barrier that recorded the step. It scrolls to those lines whenever the step moves.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/ui/kernel_source.h"
#include "app/ui/panels.h"
#include "app/ui/theme.h"

namespace scanviz {
namespace {

void header(const StepSource& s) {
  char text[256];
  if (s.firstLine >= 0) {
    std::snprintf(text, sizeof text, "%s, lines %d-%d", s.file->path.c_str(), s.firstLine + 1,
                  s.lastLine + 1);
  } else {
    std::snprintf(text, sizeof text, "%s%s%s", s.file ? s.file->path.c_str() : "",
                  s.note.empty() ? "" : ": ", s.note.c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// Scrolls once per new highlight (keyed by file and line in ImGui's storage), so the reader can
// scroll freely in between.
void followHighlight(const StepSource& s, float lineHeight) {
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID fileKey = ImGui::GetID("followed-file"), lineKey = ImGui::GetID("followed-line");
  const int file = static_cast<int>(ImGui::GetID(s.file->path.c_str()));
  if (storage->GetInt(fileKey, 0) == file && storage->GetInt(lineKey, -1) == s.firstLine) return;
  storage->SetInt(fileKey, file);
  storage->SetInt(lineKey, s.firstLine);
  const float middle = 0.5f * static_cast<float>(s.firstLine + s.lastLine + 1) * lineHeight;
  ImGui::SetScrollY(std::max(0.0f, middle - 0.5f * ImGui::GetWindowHeight()));
}

void drawLines(const UiContext& ui, const StepSource& s) {
  ImGui::PushFont(ui.fonts.mono);
  const float lineHeight = ImGui::GetTextLineHeight();
  const float left = ImGui::GetCursorScreenPos().x;
  const float right = left + std::max(ImGui::GetContentRegionAvail().x, 10.0f);
  Color band = ui.palette.writtenFill;
  band.a = 80;
  for (int i = 0; i < static_cast<int>(s.file->lines.size()); ++i) {
    const bool lit = i >= s.firstLine && i <= s.lastLine;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (lit) {
      ImDrawList& dl = *ImGui::GetWindowDrawList();
      dl.AddRectFilled(at, ImVec2(right + ImGui::GetScrollX(), at.y + lineHeight), toImColor(band));
      dl.AddRectFilled(at, ImVec2(at.x + 3 * ui.scale, at.y + lineHeight),
                       toImColor(ui.palette.writtenFill));
    }
    ImGui::TextDisabled("%4d", i + 1);
    ImGui::SameLine();
    ImGui::TextUnformatted(s.file->lines[static_cast<size_t>(i)].c_str());
  }
  if (s.firstLine >= 0) followHighlight(s, lineHeight);
  ImGui::PopFont();
}

}  // namespace

void drawCodePanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const StepSource s = sourceForStep(ui.state.trace(), ui.state.playback.step());
  header(s);
  if (!s.file) return;
  ImGui::BeginChild("code-lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  drawLines(ui, s);
  ImGui::PopStyleVar();
  ImGui::EndChild();
}

}  // namespace scanviz
