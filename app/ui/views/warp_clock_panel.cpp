// Where does the block spend its time? From a GPU capture's per-warp clocks: the cycles every
// warp spent in every step (thin lines, one per warp; thick: the median and the slowest warp),
// the share of each phase, the cost of one operator application per step as bars, and a table
// with the operator applications of each step next to its cycles. Kogge-Stone's stride 512 applies
// the operator on half the lanes of stride 1 yet costs more per application: whole idle warps still
// wait at every barrier. CPU traces have no clocks: the panel offers a sample captured on a GPU.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/lesson/warp_clock.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"

namespace scanviz {
namespace {

std::string cyclesText(double c) {
  if (std::isnan(c)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", c);
  return buf;
}

// CPU traces: what this view needs and a way to get it in one click.
void noClocks(UiContext& ui) {
  ImGui::TextWrapped(
      "This trace has no warp clocks: it was captured by the CPU emulator. A GPU capture "
      "records clock64() of every warp at the end of every step; the sample traces in assets/ "
      "were captured on an NVIDIA H200.");
  for (AlgorithmId id : algorithmsWithRole(kRoleWarpClockSample)) {
    const std::string path = largestSampleTrace(algorithmInfo(id).key);
    if (path.empty()) continue;
    const std::string label = "Open " + std::filesystem::path(path).filename().string();
    if (ImGui::Button(label.c_str())) ui.state.openFile(path);
  }
}

plot::Series warpSeries(const WarpClockSeries& w, uint32_t color) {
  plot::Series s;
  s.name = "warp " + std::to_string(w.warp);
  s.x = w.step;
  s.y = w.cycles;
  s.color = color;
  s.markers = false;
  return s;
}

void linePlot(const UiContext& ui, const WarpClockTable& table, ImVec2 size) {
  plot::PlotSpec spec;
  spec.title = "Cycles each warp spent in each step";
  spec.xLabel = "step";
  spec.yLabel = "cycles";
  spec.includeZeroY = true;
  spec.size = {size.x, size.y};
  // The legend is the coloured line above: 32 warps would fill the widget's own.
  spec.legend = false;
  // One thin neutral line per warp, so that the spread reads as a band.
  const uint32_t grey = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.45f);
  for (const WarpClockSeries& w : warpClockSeries(table))
    spec.series.push_back(warpSeries(w, grey));
  plot::Series median{"median warp", {}, {}, plot::seriesColor(1), true};
  plot::Series slowest{"slowest warp", {}, {}, plot::seriesColor(5), true};
  for (const WarpClockStep& st : table.steps) {
    median.x.push_back(st.step);
    median.y.push_back(st.median);
    slowest.x.push_back(st.step);
    slowest.y.push_back(st.slowest);
  }
  spec.series.push_back(std::move(slowest));
  spec.series.push_back(std::move(median));
  spec.formatX = [](double k) { return "step " + cyclesText(k); };
  spec.formatY = [](double c) { return cyclesText(c) + " cycles"; };
  plot::PlotWidget("##warp-lines", spec, ui.fonts);
}

void lineLegend(int warps) {
  ImGui::TextDisabled("thin grey: each of the %d warps", warps);
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::seriesColor(1)), "median warp");
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::seriesColor(5)), "slowest warp");
}

// The cost of one useful operation: Kogge-Stone's last strides pay as much per step for half the
// operator applications.
void costPlot(const UiContext& ui, const WarpClockTable& table, ImVec2 size) {
  plot::PlotSpec spec;
  spec.title = "Warp-cycles per operator application";
  spec.yLabel = "cycles x warps / ops";
  spec.mode = plot::PlotMode::Bars;
  spec.size = {size.x, size.y};
  spec.legend = false;
  plot::Series s{"cost per op", {}, {}, plot::seriesColor(1), false};
  for (const WarpClockStep& st : table.steps) {
    spec.categories.push_back(std::to_string(st.step));
    s.y.push_back(st.ops > 0 ? st.median * table.warps / static_cast<double>(st.ops) : plot::kNaN);
  }
  spec.series.push_back(std::move(s));
  spec.formatY = [](double c) { return cyclesText(c) + " warp-cycles per op"; };
  plot::PlotWidget("##warp-cost", spec, ui.fonts);
}

// "by phase: phase 1 61% · phase 2 12% · ...": where the block's time goes.
void phaseShares(const WarpClockTable& table) {
  std::string text = "time by phase:";
  for (const WarpClockPhase& p : table.phases) {
    char share[48];
    std::snprintf(share, sizeof share, " %s %.0f%%", p.phase.c_str(), 100 * p.share);
    text += (&p == &table.phases.front() ? "" : "  \xC2\xB7 ") + std::string(share);
  }
  ImGui::TextUnformatted(text.c_str());
}

void stepTable(UiContext& ui, const WarpClockTable& table) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("warp-steps", 6, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* h : {"step", "what", "ops", "median", "slowest", "cycles / op"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  const int current = ui.state.playback.step();
  for (const WarpClockStep& st : table.steps) {
    ImGui::TableNextRow();
    if (st.step == current)
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, toImColor(ui.palette.accent) & 0x60ffffff);
    ImGui::TableNextColumn();
    const std::string id = std::to_string(st.step);
    if (ImGui::Selectable(id.c_str(), st.step == current, ImGuiSelectableFlags_SpanAllColumns)) {
      ui.state.playback.pause();
      ui.state.playback.setStep(st.step);
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(st.label.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(st.ops));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cyclesText(st.median).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cyclesText(st.slowest).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(st.ops > 0 ? cyclesText(st.median * table.warps / st.ops).c_str() : "-");
  }
  ImGui::EndTable();
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
  if (table.empty()) {
    noClocks(ui);
    return;
  }
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::Text("%s, N = %lld, block %d: %d warps on %s", t.meta.algorithm.c_str(), t.meta.n,
              t.meta.blockSize, table.warps, t.meta.device.c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  helpMarker(
      "Each warp reads its SM's clock (clock64) at the end of every step; a step's cycles are "
      "the difference to the step before. The load has no start, so it is not shown.\n\n"
      "cycles / op: the median step time times the warps, per operator application: it grows "
      "when fewer lanes do useful work but the step costs as much.");
  // A margin on the right: the last tick label is centred on the plot's edge.
  const ImVec2 avail(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize(),
                     ImGui::GetContentRegionAvail().y);
  const float gap = 1.5f * ImGui::GetFontSize();
  const ImVec2 plotSize((avail.x - gap) * 0.5f,
                        std::max(avail.y * 0.55f, 12 * ImGui::GetFontSize()));
  lineLegend(table.warps);
  phaseShares(table);
  linePlot(ui, table, plotSize);
  ImGui::SameLine(0, gap);
  costPlot(ui, table, plotSize);
  stepTable(ui, table);
}

}  // namespace scanviz
