// Brent's theorem next to the stopwatch: for P execution units (the counters' P), each
// algorithm's work W and depth D at N, the bound W/P + D, the seeds' model in which every occupied
// lane costs a unit, the speedups over the sequential scan's N steps they predict (the sequential
// row is that yardstick itself), and the speedup a benchmark run measured at the same N. A plot
// shows how the bound falls with P down to the depth.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/core/algorithms/brent_table.h"
#include "app/core/bench/bench_format.h"
#include "app/core/trace/value_format.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"

namespace scanviz {
namespace {

constexpr int kMaxProcessors = 1 << 16;

std::string quantityOrDash(double v) {
  return std::isfinite(v) ? formatQuantity(v) : std::string("-");
}

// N: the lesson's, or a size the shown run measured (where the measured column has values).
long long chooseN(UiContext& ui, const TimingRun* run, long long& chosen) {
  std::vector<long long> sizes;
  if (ui.state.hasTrace()) sizes.push_back(ui.state.trace().meta.n);
  if (run)
    for (long long n : measuredSizes(*run, DType::Int32)) sizes.push_back(n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  if (sizes.empty()) return 0;
  if (std::find(sizes.begin(), sizes.end(), chosen) == sizes.end())
    chosen = run && !measuredSizes(*run, DType::Int32).empty()
                 ? measuredSizes(*run, DType::Int32).front()
                 : sizes.front();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  if (ImGui::BeginCombo("N", formatBenchSize(chosen).c_str())) {
    for (long long n : sizes)
      if (ImGui::Selectable(formatBenchSize(n).c_str(), n == chosen)) chosen = n;
    ImGui::EndCombo();
  }
  return chosen;
}

int chooseProcessors(UiContext& ui) {
  AppSettings s = ui.state.settings();
  int p = s.brentProcessors;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  if (ImGui::SliderInt("P (execution units)", &p, 1, kMaxProcessors, "%d",
                       ImGuiSliderFlags_Logarithmic)) {
    s.brentProcessors = std::clamp(p, 1, kMaxProcessors);
    ui.state.updateSettings(s);
  }
  return ui.state.settings().brentProcessors;
}

void tableRow(const BrentRow& r, bool current) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  if (current)
    ImGui::TextColored(ImGui::GetStyle().Colors[ImGuiCol_PlotHistogram], "%s", r.key.c_str());
  else
    ImGui::TextUnformatted(r.key.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(quantityOrDash(r.formulas.workValue).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("W = %s", r.formulas.work.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(quantityOrDash(r.formulas.depthValue).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("D = %s", r.formulas.depth.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(quantityOrDash(r.brentUnits).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(quantityOrDash(r.seedUnits).c_str());
  ImGui::TableNextColumn();
  if (r.baseline) {
    ImGui::TextDisabled("baseline");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The sequential scan is the yardstick the speedups divide: 1x by definition. One "
          "thread walks the array, so P units do not shorten it.");
  } else {
    ImGui::TextUnformatted((quantityOrDash(r.predictedSpeedup) + "x").c_str());
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(
      std::isfinite(r.measuredSpeedup) ? (quantityOrDash(r.measuredSpeedup) + "x").c_str() : "-");
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(formatBenchDuration(r.measuredMs).c_str());
}

void table(const BrentTable& t, AlgorithmId current) {
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("brent", 8, flags)) return;
  for (const char* h :
       {"algorithm", "W", "D", "W/P + D", "lanes / P", "predicted", "measured", "time"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (const BrentRow& r : t.rows) tableRow(r, r.id == current);
  ImGui::EndTable();
}

void curvePlot(const UiContext& ui, const BrentTable& t, AlgorithmId current, ImVec2 size) {
  plot::PlotSpec spec;
  spec.title = "Predicted time units vs P (Brent's W/P + D)";
  spec.xLabel = "P";
  spec.yLabel = "time units";
  spec.xScale = plot::AxisScale::Log2;
  spec.yScale = plot::AxisScale::Log10;
  spec.size = {size.x, size.y};
  std::vector<AlgorithmId> shown = {current};
  for (AlgorithmId id : algorithmsWithRole(kRoleBrentPlot)) shown.push_back(id);
  std::vector<AlgorithmId> done;
  for (AlgorithmId id : shown) {
    if (std::find(done.begin(), done.end(), id) != done.end()) continue;
    const BrentCurve c = brentCurve(id, t.n, t.threads, kMaxProcessors);
    if (c.processors.empty()) continue;
    done.push_back(id);
    spec.series.push_back({std::string(algorithmInfo(id).key), c.processors, c.brentUnits,
                           plot::seriesColor(static_cast<int>(done.size()) - 1), true});
  }
  spec.references.push_back({"sequential: N - 1", static_cast<double>(std::max(1ll, t.n - 1)), 0});
  plot::PlotWidget("##brent-curve", spec, ui.fonts);
}

std::string measuredNote(const BrentTable& t, const TimingRun* run) {
  if (!run) return "No benchmark yet: the measured column fills in after a run (Benchmark tab).";
  if (!std::isfinite(t.baselineMs))
    return "Run " + std::to_string(run->id) + " measured no " + t.baseline +
           " at N = " + formatBenchSize(t.n) + ": choose one of its sizes.";
  std::string note = "Measured: " + t.baseline +
                     " time / algorithm time at N = " + formatBenchSize(t.n) + ", int32, run " +
                     std::to_string(run->id) + " (" + run->report.deviceName + ").";
  if (run->cpu())
    note +=
        " The emulator runs every thread one after another on one core: its speedups "
        "follow the work W, as Brent's bound does for P = 1.";
  return note;
}

}  // namespace

void drawBrentPanel(UiContext& ui, TimingState& s) {
  const TimingRun* run = shownTimingRun(s);
  const long long n = chooseN(ui, run, s.brentN);
  if (n <= 0) {
    ImGui::TextDisabled("Nothing to predict yet.");
    return;
  }
  const int p = chooseProcessors(ui);
  ImGui::SameLine();
  helpMarker(
      "Brent's theorem: work W and depth D run on P units in at most W/P + D steps.\n\n"
      "lanes / P: the seeds' model, in which idle threads of a resident block still occupy their "
      "lanes (PMPP 8.3-8.4).\n\npredicted: the sequential scan's N steps over W/P + D; the "
      "sequential row is that baseline itself.\n"
      "measured: the sequential baseline's time over the algorithm's, from the benchmark run "
      "on screen in the Benchmark tab.");
  // T of a coarsened scan: the block size the numbers next to it were measured with.
  const bool measured = run && !measuredSizes(*run, DType::Int32).empty() &&
                        std::isfinite(brentTable(n, p, 1, run, DType::Int32).baselineMs);
  const int threads = measured              ? run->report.config.blockSize
                      : ui.state.hasTrace() ? ui.state.trace().meta.blockSize
                                            : 256;
  const BrentTable t = brentTable(n, p, threads, run, DType::Int32);
  const AlgorithmId current =
      ui.state.hasTrace()
          ? findAlgorithm(ui.state.trace().meta.algorithm).value_or(defaultAlgorithm())
          : defaultAlgorithm();
  table(t, current);
  ImGui::TextWrapped("%s", measuredNote(t, run).c_str());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  curvePlot(ui, t, current, ImVec2(avail.x, std::max(avail.y, 12 * ImGui::GetFontSize())));
  nlohmann::json rows = nlohmann::json::array();
  for (const BrentRow& r : t.rows)
    rows.push_back(
        {{"algorithm", r.key},
         {"brent_units", r.brentUnits},
         {"predicted_speedup", r.predictedSpeedup},
         {"baseline", r.baseline},
         {"measured_speedup", std::isfinite(r.measuredSpeedup) ? nlohmann::json(r.measuredSpeedup)
                                                               : nlohmann::json()}});
  ui.report.panels["brent"] = {{"n", n}, {"processors", p}, {"rows", rows}};
}

}  // namespace scanviz
