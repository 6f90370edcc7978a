// Where does the block spend its time? From a GPU capture's per-warp clocks: the cycles every
// warp spent in every step (thin lines, one per warp; thick: the median and the slowest warp),
// the share of each phase, the cost of one operator application per step as bars, and a table
// with the operator applications of each step next to its cycles. Kogge-Stone's stride 512 applies
// the operator on half the lanes of stride 1 yet costs more per application: whole idle warps still
// wait at every barrier. CPU traces have no clocks: the panel offers a sample captured on a GPU.
// All of it is one scene (app/scene/warp_clock_scene.h), the picture the slide shows; a click on
// a row of its table goes to that step.
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/lesson/warp_clock.h"
#include "app/scene/table_scene.h"
#include "app/scene/warp_clock_scene.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

constexpr const char* kNoClocks =
    "This trace has no warp clocks: it was captured by the CPU emulator. A GPU capture records "
    "clock64() of every warp at the end of every step; the sample traces in assets/ were captured "
    "on an NVIDIA H200.";

// CPU traces: a way to get what this view needs in one click.
void sampleButtons(UiContext& ui) {
  for (AlgorithmId id : algorithmsWithRole(kRoleWarpClockSample)) {
    const std::string path = largestSampleTrace(algorithmInfo(id).key);
    if (path.empty()) continue;
    const std::string label = "Open " + std::filesystem::path(path).filename().string();
    if (ImGui::Button(label.c_str())) ui.state.openFile(path);
  }
}

void helpLine() {
  ImGui::TextDisabled("Cycles per step from every warp's clock64()");
  ImGui::SameLine();
  helpMarker(
      "Each warp reads its SM's clock (clock64) at the end of every step; a step's cycles are "
      "the difference to the step before. The load has no start, so it is not shown.\n\n"
      "cycles / op: the median step time times the warps, per operator application: it grows "
      "when fewer lanes do useful work but the step costs as much.\n\nA click on a row of the "
      "table goes to that step.");
}

WarpClockScene sceneOf(const UiContext& ui, const Trace& t, const WarpClockTable& table) {
  WarpClockSceneRequest rq;
  rq.table = &table;
  rq.heading = t.meta.algorithm + ", N = " + std::to_string(t.meta.n) + ", block " +
               std::to_string(t.meta.blockSize) + ": " + std::to_string(table.warps) +
               (table.warps == 1 ? " warp on " : " warps on ") + t.meta.device;
  rq.noClocks = kNoClocks;
  rq.currentStep = ui.state.playback.step();
  static_cast<PlotViewRoom&>(rq) = plot::plotViewRoom(panelMinTextSize(ui));
  return buildWarpClockScene(rq, ui.palette, fontMeasure(ui.fonts));
}

// The scene as one item: tooltips, the plots' points under the pointer, a click on a table row.
void drawWarpScene(UiContext& ui, const WarpClockScene& w, const WarpClockTable& table) {
  bool hovered = false;
  const ImVec2 origin = placeSceneItem("##warp-scene", w.scene, ui.fonts, hovered);
  if (table.empty()) return;
  plot::placedPlotHover(w.lines, origin, hovered);
  plot::placedPlotHover(w.cost, origin, hovered);
  if (!ImGui::IsItemClicked()) return;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const int row = tableRowAt(w.scene, "warp-steps", m.x - origin.x, m.y - origin.y);
  if (row < 0 || row >= static_cast<int>(table.steps.size())) return;
  ui.state.playback.pause();
  ui.state.playback.setStep(table.steps[static_cast<size_t>(row)].step);
}

void report(UiContext& ui, const WarpClockTable& table) {
  nlohmann::json steps = nlohmann::json::array();
  for (const WarpClockStep& st : table.steps)
    steps.push_back({{"step", st.step}, {"median", st.median}, {"slowest", st.slowest}});
  ui.report.panels["warp_clock"] = {
      {"warps", table.warps}, {"steps", steps}, {"total_cycles", table.totalCycles}};
}

}  // namespace

void drawWarpClockPanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const Trace& t = ui.state.trace();
  const WarpClockTable table = warpClockTable(t);
  report(ui, table);
  if (table.empty())
    sampleButtons(ui);
  else
    helpLine();
  ImGui::BeginChild("warp-clock-view", ImVec2(0, 0), false);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const WarpClockScene w = sceneOf(ui, t, table);
  const ImVec2 origin = ImGui::GetCursorScreenPos(), fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.panels["warp_clock"]["origin"] = {origin.x * fb.x, origin.y * fb.y};
  ui.report.panels["warp_clock"]["room"] = {room.x * fb.x, room.y * fb.y};
  drawWarpScene(ui, w, table);
  ImGui::EndChild();
  ui.report.panelScenes["warp_clock"] = w.scene;
}

}  // namespace scanviz
