// Brent's theorem next to the stopwatch: for P execution units (the counters' P), each
// algorithm's work W and depth D at N, the bound W/P + D, the seeds' model in which every occupied
// lane costs a unit, the speedups over the sequential scan's N steps they predict (the sequential
// row is that yardstick itself), and the speedup a benchmark run measured at the same N. A plot
// shows how the bound falls with P down to the depth. The N and P controls are widgets; the table,
// the note and the plot are one scene (app/scene/brent_scene.h), the picture the slide shows.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/core/algorithms/brent_table.h"
#include "app/core/bench/bench_format.h"
#include "app/scene/brent_scene.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

constexpr int kMaxProcessors = 1 << 16;

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

// The table, the note and the curve as one scene under the controls (the slide's picture).
BrentScene brentScene(const UiContext& ui, const BrentTable& t, AlgorithmId current,
                      std::string note) {
  BrentSceneRequest rq;
  rq.table = &t;
  rq.current = current;
  rq.note = std::move(note);
  rq.maxProcessors = kMaxProcessors;
  static_cast<PlotViewRoom&>(rq) = plot::plotViewRoom(panelMinTextSize(ui));
  return buildBrentScene(rq, ui.palette, fontMeasure(ui.fonts));
}

// Returns where the scene was drawn and the room it had, in framebuffer pixels.
nlohmann::json drawBrentScene(UiContext& ui, const BrentScene& b) {
  ImGui::BeginChild("brent-view", ImVec2(0, 0), false);
  const ImVec2 origin = ImGui::GetCursorScreenPos(), room = ImGui::GetContentRegionAvail();
  drawScene(*ImGui::GetWindowDrawList(), b.scene, origin, ui.fonts);
  ImGui::Dummy(ImVec2(b.scene.width, b.scene.height));
  const bool hovered = ImGui::IsWindowHovered();
  if (hovered) showSceneTooltip(b.scene, origin);
  plot::placedPlotHover(b.curve, origin, hovered);
  ImGui::EndChild();
  ui.report.panelScenes["brent"] = b.scene;
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  return {{"origin", {origin.x * fb.x, origin.y * fb.y}}, {"room", {room.x * fb.x, room.y * fb.y}}};
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
  const nlohmann::json placed =
      drawBrentScene(ui, brentScene(ui, t, current, measuredNote(t, run)));
  nlohmann::json rows = nlohmann::json::array();
  for (const BrentRow& r : t.rows)
    rows.push_back(
        {{"algorithm", r.key},
         {"brent_units", r.brentUnits},
         {"predicted_speedup", r.predictedSpeedup},
         {"baseline", r.baseline},
         {"measured_speedup", std::isfinite(r.measuredSpeedup) ? nlohmann::json(r.measuredSpeedup)
                                                               : nlohmann::json()}});
  ui.report.panels["brent"] = {{"n", n},
                               {"processors", p},
                               {"rows", rows},
                               {"origin", placed["origin"]},
                               {"room", placed["room"]}};
}

}  // namespace scanviz
