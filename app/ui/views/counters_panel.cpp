// The counters of the step on screen, each with a (?) that says what it measures, and the P of
// Brent's bound.
#include <imgui.h>

#include "app/ui/views/panels.h"
#include "app/ui/widgets/help_marker.h"

namespace scanviz {
namespace {

void processorsControl(UiContext& ui) {
  AppSettings s = ui.state.settings();
  ImGui::TextUnformatted("P (processors)");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() * 1.4f);
  int p = s.brentProcessors;
  if (ImGui::SliderInt("##processors", &p, 1, 1024, "%d", ImGuiSliderFlags_Logarithmic)) {
    s.brentProcessors = p;
    ui.state.updateSettings(s, /*persist=*/false);
  }
  if (ImGui::IsItemDeactivatedAfterEdit()) ui.state.updateSettings(s);
  helpMarker(
      "Execution units for Brent's bound W/P + D, e.g. the 32 lanes of a warp or the "
      "cores of an SM.");
}

// Shown for a run with padding only: its counters can leave the padding's work out.
void realElementsControl(UiContext& ui) {
  AppSettings s = ui.state.settings();
  if (ImGui::Checkbox("Real elements only", &s.countersRealElements)) ui.state.updateSettings(s);
  helpMarker(
      "A partial section is padded with the identity up to its length, and the scan combines "
      "padding with padding too: counted in W, that work changes no result. Checked, W, Brent's "
      "bound and the speedup count the input's elements alone; the padding's share stays beside.");
}

}  // namespace

void drawCountersPanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::TextUnformatted("Counters");
  ImGui::PopFont();
  ui.report.counters =
      counterRows(ui.state.trace(), ui.state.playback.step(), ui.state.settings().brentProcessors,
                  ui.state.settings().countersRealElements);
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("counters", 2, flags)) {
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 0.42f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.58f);
    for (const CounterRow& row : ui.report.counters) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", row.label.c_str());
      if (ImGui::IsItemHovered() && !row.help.empty()) ImGui::SetTooltip("%s", row.help.c_str());
      ImGui::TableNextColumn();
      ImGui::PushFont(ui.fonts.bodyBold);
      ImGui::TextWrapped("%s", row.value.c_str());
      ImGui::PopFont();
      if (ImGui::IsItemHovered() && !row.help.empty()) ImGui::SetTooltip("%s", row.help.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  processorsControl(ui);
  if (hasPaddingRow(ui.report.counters)) realElementsControl(ui);
  ImGui::TextDisabled("Hover a counter for what it measures.");
}

}  // namespace scanviz
