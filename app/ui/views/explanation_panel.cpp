// The step in one sentence, generated from the trace, and what the algorithm is.
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/lesson/step_explainer.h"
#include "app/scene/scene_text.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

// The algorithm's summary; a student's kernel run is described as itself, not as the algorithm
// it was compared with (a racy kernel beside "Kogge-Stone (race fixed)" would contradict it).
std::string algorithmLine(const AppState& state) {
  const ShownLesson& shown = state.shown();
  if (shown.kernelRun && shown.kernel) return shown.kernel->about;
  const Trace& t = state.trace();
  const auto id = findAlgorithm(t.meta.algorithm);
  if (!id) return t.meta.algorithm;
  const AlgorithmInfo& a = algorithmInfo(*id);
  return std::string(a.name) + ": " + std::string(a.summary) + "  (" + std::string(a.source) + ")";
}

// Lines broken at spaces only: ImGui's wrapping also breaks after '.', which would split
// "threads 1..15" across lines.
std::vector<std::string> wrapAtSpaces(const std::string& text, float width) {
  const MeasureText current = [](std::string_view s, float, bool) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  return wrapWords(text, width, ImGui::GetFontSize(), false, current);
}

}  // namespace

float explanationPanelHeight(UiContext& ui, float width, bool withSummary) {
  if (!ui.state.hasTrace()) return 0;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = width - 2 * style.WindowPadding.x - style.ScrollbarSize;
  const Trace& t = ui.state.trace();
  ImGui::PushFont(ui.fonts.heading);
  const float sentence =
      static_cast<float>(wrapAtSpaces(explainStep(t, ui.state.playback.step()), wrap).size()) *
      ImGui::GetTextLineHeightWithSpacing();
  ImGui::PopFont();
  const float about =
      withSummary ? ImGui::CalcTextSize(algorithmLine(ui.state).c_str(), nullptr, false, wrap).y
                  : 0;
  // One spare line: wrapping at a slightly different width must not bring up a scrollbar.
  return sentence + about + ImGui::GetTextLineHeightWithSpacing() + 2 * style.ItemSpacing.y +
         2 * style.WindowPadding.y;
}

void drawExplanationPanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const Trace& t = ui.state.trace();
  const std::string sentence = explainStep(t, ui.state.playback.step());
  ui.report.explanation = sentence;
  ImGui::PushFont(ui.fonts.heading);
  for (const std::string& line : wrapAtSpaces(sentence, ImGui::GetContentRegionAvail().x))
    ImGui::TextUnformatted(line.c_str());
  ImGui::PopFont();
  // The step's sentence comes first: where the panel cannot hold the algorithm's summary under
  // it as well (the controls show the same summary), the summary moves into a tooltip rather
  // than pushing the sentence behind a scrollbar.
  const std::string about = algorithmLine(ui.state);
  ui.report.explanationAbout = about;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::GetWindowHeight() - style.WindowPadding.y - ImGui::GetCursorPosY() +
                     ImGui::GetScrollY();
  const float aboutH =
      style.ItemSpacing.y * 2 +
      ImGui::CalcTextSize(about.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y;
  const bool summary = aboutH <= room + 0.5f;
  if (summary) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", about.c_str());
    ImGui::PopStyleColor();
  } else if (ImGui::IsWindowHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(about.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  // Whether the text needs the scrollbar (measured on the previous frame's content).
  ui.report.panels["explanation"] = {{"sentence", sentence},
                                     {"summary_shown", summary},
                                     {"clipped", ImGui::GetScrollMaxY() > 0.5f}};
}

}  // namespace scanviz
