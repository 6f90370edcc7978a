// The live benchmark: a form that starts a run of the benchmark engine in the background
// (cancellable, with progress), the history of this session's runs, and three plots that grow as
// points arrive: time vs N (log-log), GB/s vs N with the copy rate and CUB as horizontal lines,
// and every subject side by side at one N. A previous run can be overlaid (faint lines, second
// bars). Without a GPU the engine times the CPU emulator, and the panel says so above the plots.
// The form and the plots' choices are widgets; the run's header, legend and plots are one scene
// (app/scene/timing_scene.h), the picture the slide shows. In presentation mode the form folds
// into one row, so that the plots get the screen's width.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/core/algorithms/scan_options.h"
#include "app/core/bench/bench_format.h"
#include "app/core/layouts/plot_math.h"
#include "app/scene/timing_scene.h"
#include "app/ui/export/timing_plots.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

using timing_plots::comparedDType;
using timing_plots::faint;
using timing_plots::subjectColor;

void heading(const UiContext& ui, const char* text) {
  ImGui::Spacing();
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
}

bool selected(const BenchForm& f, AlgorithmId id) {
  return f.algorithms.empty() ||
         std::find(f.algorithms.begin(), f.algorithms.end(), id) != f.algorithms.end();
}

void toggle(BenchForm& f, AlgorithmId id, bool on) {
  if (f.algorithms.empty())
    for (const AlgorithmInfo& a : allAlgorithms()) f.algorithms.push_back(a.id);
  auto& list = f.algorithms;
  list.erase(std::remove(list.begin(), list.end(), id), list.end());
  if (on) list.push_back(id);
  if (list.size() == allAlgorithms().size()) list.clear();  // empty means every algorithm
}

void algorithmChoice(BenchForm& f) {
  const size_t count = f.algorithms.empty() ? allAlgorithms().size() : f.algorithms.size();
  const std::string label = "Algorithms (" + std::to_string(count) + " of " +
                            std::to_string(allAlgorithms().size()) + ")###algorithms";
  if (!ImGui::TreeNode(label.c_str())) return;
  if (ImGui::SmallButton("all")) {
    f.algorithms.clear();
    f.kernels = true;
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("grid level only")) {
    f.algorithms.clear();
    for (const AlgorithmInfo& a : allAlgorithms())
      if (a.level == AlgorithmLevel::Grid) f.algorithms.push_back(a.id);
  }
  for (const AlgorithmInfo& a : allAlgorithms()) {
    bool on = selected(f, a.id);
    if (ImGui::Checkbox(std::string(a.key).c_str(), &on)) toggle(f, a.id, on);
  }
  ImGui::Checkbox("compaction, radix-split (GPU)", &f.kernels);
  ImGui::SameLine();
  helpMarker(
      "Our single-pass stream compaction and radix split pass, beside CUB's DeviceSelect::Flagged "
      "and DevicePartition::Flagged (their lines in the GB/s plot). GPU only: the CPU emulator "
      "does not time them and says so.");
  ImGui::TreePop();
}

void backendChoice(BenchForm& f) {
  const char* names[] = {"auto", "CUDA", "CPU emulator"};
  int b = f.backend == BackendChoice::Cuda ? 1 : f.backend == BackendChoice::Cpu ? 2 : 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::Combo("Backend", &b, names, 3))
    f.backend = b == 1 ? BackendChoice::Cuda : b == 2 ? BackendChoice::Cpu : BackendChoice::Auto;
}

void form(UiContext& ui, TimingState& s) {
  BenchForm& f = s.form;
  const bool measuring = s.runner.active();
  heading(ui, "Benchmark");
  ImGui::SameLine();
  helpMarker(
      "Times the uninstrumented kernels (no trace recording) of the chosen algorithms next to "
      "references measured in the same run: a device-to-device copy of the same bytes (the "
      "physical limit) and CUB on a GPU; memcpy and a plain sequential loop on the CPU.\n\nThe "
      "median of the repeats is plotted. Without a GPU the CPU emulator is timed: it runs "
      "every thread one after another, so its times show work, not parallel speed.");
  ImGui::BeginDisabled(measuring);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::InputText("Sizes", &f.sizes);
  ImGui::SameLine();
  helpMarker("2^20, 1024, lists (2^10,2^14) and ranges of powers of two (2^10..2^16).");
  ImGui::RadioButton("int32", &f.dtypes, 0);
  ImGui::SameLine();
  ImGui::RadioButton("float32", &f.dtypes, 1);
  ImGui::SameLine();
  ImGui::RadioButton("both", &f.dtypes, 2);
  backendChoice(f);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::SliderInt("Repeats", &f.repeats, 0, 15, f.repeats == 0 ? "default" : "%d");
  algorithmChoice(f);
  ImGui::EndDisabled();
  if (!measuring) {
    if (ImGui::Button("Run benchmark")) startTimingRun(s);
  } else if (ImGui::Button("Cancel")) {
    s.runner.cancel();
  }
  if (!f.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(ui.palette.fail));
    ImGui::TextWrapped("%s", f.error.c_str());
    ImGui::PopStyleColor();
  }
}

void progress(const TimingState& s) {
  const TimingRun* run = s.history.find(s.runner.runId());
  if (!s.runner.active() || !run) return;
  const std::string text = std::to_string(run->done) + " / " + std::to_string(run->total) +
                           (run->current.empty() ? "" : ": " + run->current);
  ImGui::ProgressBar(static_cast<float>(run->progress()), ImVec2(-1, 0), text.c_str());
}

// Presentation's one row for the form: show it, run or cancel, and the progress of a run.
void foldedForm(const UiContext& ui, TimingState& s) {
  ImGui::Checkbox("Form and runs", &s.formShown);
  ImGui::SameLine();
  if (!s.runner.active()) {
    if (ImGui::Button("Run benchmark##folded")) startTimingRun(s);
  } else if (ImGui::Button("Cancel##folded")) {
    s.runner.cancel();
  }
  if (!s.form.error.empty() && !s.formShown) {
    ImGui::SameLine();
    ImGui::TextColored(toImVec4(ui.palette.fail), "%s", s.form.error.c_str());
  }
  const TimingRun* run = s.history.find(s.runner.runId());
  if (!s.runner.active() || !run) return;
  ImGui::SameLine();
  progress(s);
}

void historyList(UiContext& ui, TimingState& s) {
  if (s.history.runs().empty()) return;
  heading(ui, "Runs");
  const TimingRun* shown = shownTimingRun(s);
  for (auto r = s.history.runs().rbegin(); r != s.history.runs().rend(); ++r) {
    ImGui::PushID(r->id);
    if (ImGui::Selectable(r->title().c_str(), shown && shown->id == r->id)) {
      s.shownRun = r->id;
      if (s.compareRun == r->id) s.compareRun = 0;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r->title().c_str());
    ImGui::PopID();
  }
  const TimingRun* other = s.history.find(s.compareRun);
  const std::string current = other ? other->title() : std::string("none");
  ImGui::TextUnformatted("Compare with");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##compare", current.c_str())) {
    if (ImGui::Selectable("none", s.compareRun == 0)) s.compareRun = 0;
    for (int id : s.history.othersNewestFirst(shown ? shown->id : 0))
      if (ImGui::Selectable(s.history.find(id)->title().c_str(), s.compareRun == id))
        s.compareRun = id;
    ImGui::EndCombo();
  }
}

std::string deviceLine(const TimingRun& run) {
  if (!run.cpu())
    return run.report.deviceName + "  \xC2\xB7  driver " + run.report.driverVersion +
           "  \xC2\xB7  CUDA " + run.report.runtimeVersion + "  \xC2\xB7  " + run.report.date;
  std::string why = run.report.noGpuReason.empty() ? std::string("the CPU backend was chosen")
                                                   : run.report.noGpuReason;
  const bool gpuOnlyAsked = !run.report.config.kernels.empty();
  return "CPU times, not GPU times: " + why +
         ". The emulator runs every thread one after another, so these times show work." +
         (gpuOnlyAsked ? " The compaction and the radix split need a GPU: not timed here." : "");
}

// Sizes and plotted points, for the frame report.
struct PlotCounts {
  int timePoints = 0;
  int ratePoints = 0;
  int bars = 0;
  std::vector<std::string> references;
  ImVec2 origin, room;  // where the scene was drawn and the room it had, in framebuffer pixels
};

int pointCount(const plot::PlotSpec& spec) {
  int n = 0;
  for (const plot::Series& s : spec.series)
    for (double y : s.y) n += std::isfinite(y) ? 1 : 0;
  return n;
}

// The N of the bars: until the user picks one, the largest size so far (it moves up as a run
// goes on); 0 before the first size is measured.
long long barSize(const TimingState& s, const TimingRun& run) {
  const std::vector<long long> sizes = measuredSizes(run, s.dtype);
  if (sizes.empty()) return 0;
  const bool picked = std::find(sizes.begin(), sizes.end(), s.barN) != sizes.end();
  return picked ? s.barN : sizes.back();
}

// Both dtypes measured: which one the plots show (the line goes on after it).
bool dtypeChoice(TimingState& s, const TimingRun& run) {
  const std::vector<DType> dtypes = measuredDTypes(run);
  if (dtypes.size() == 1) s.dtype = dtypes.front();
  if (dtypes.size() < 2) return false;
  int d = s.dtype == DType::Float32 ? 1 : 0;
  ImGui::RadioButton("int32##plot", &d, 0);
  ImGui::SameLine();
  ImGui::RadioButton("float32##plot", &d, 1);
  ImGui::SameLine();
  s.dtype = d ? DType::Float32 : DType::Int32;
  return true;
}

bool barChoice(TimingState& s, const TimingRun& run) {
  const long long n = barSize(s, run);
  if (n == 0) return false;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ImGui::BeginCombo("Bars at N", formatBenchSize(n).c_str())) {
    for (long long size : measuredSizes(run, s.dtype))
      if (ImGui::Selectable(formatBenchSize(size).c_str(), size == n)) s.barN = size;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const char* metrics[] = {"time per call", "GB/s", "fraction of the copy rate"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
  ImGui::Combo("##bar-metric", &s.barMetric, metrics, 3);
  return true;
}

// Every subject at the bars' N, the compared run's as the second bar of each pair.
std::optional<plot::PlotSpec> barPlot(const TimingState& s, const TimingRun& run,
                                      const TimingRun* other, PlotCounts& counts) {
  const long long n = barSize(s, run);
  if (n == 0) return std::nullopt;
  const auto metric = static_cast<TimingMetric>(s.barMetric);
  const TimingBars bars = timingBarsAt(run, s.dtype, n, metric);
  plot::PlotSpec spec;
  // The unit in the title, not in a row of its own: the plot area keeps that row's height.
  spec.title = "Every subject at N = " + formatBenchSize(n) + ", " + timingMetricLabel(metric);
  spec.mode = plot::PlotMode::Bars;
  spec.yScale = plot::AxisScale::Log10;
  spec.legend = false;
  spec.barValues = true;
  plot::Series now{"run " + std::to_string(run.id), {}, {}, 0, false};
  plot::Series then{other ? "run " + std::to_string(other->id) : "", {}, {}, 0, false};
  const std::vector<double> otherValues =
      other ? alignedBarValues(bars, *other, comparedDType(*other, s.dtype), n, metric)
            : std::vector<double>{};
  for (size_t i = 0; i < bars.categories.size(); ++i) {
    if (s.hidden.count(bars.categories[i])) continue;
    spec.categories.push_back(bars.categories[i]);
    now.y.push_back(bars.values[i]);
    if (other) then.y.push_back(otherValues[i]);
  }
  now.color = plot::seriesColor(0);
  spec.series.push_back(now);
  if (other) {
    then.color = faint(plot::seriesColor(0));
    spec.series.push_back(then);
  }
  counts.bars = static_cast<int>(now.y.size());
  return spec;
}

// What the scene shows of the run on screen: header, legend, the three plots.
void describeRun(TimingSceneRequest& rq, const TimingState& s, const TimingRun& run,
                 PlotCounts& counts) {
  rq.title = run.title();
  rq.deviceLine = deviceLine(run);
  rq.cpu = run.cpu();
  if (run.status == TimingRunStatus::Failed) rq.error = run.error;
  const std::vector<TimingSeries> all = timingSeries(run, s.dtype, TimingMetric::Milliseconds);
  for (const TimingSeries& series : all)
    rq.legend.push_back(
        {series.label, subjectColor(all, series.subject), s.hidden.count(series.label) > 0});
  if (const TimingRun* other = s.history.find(s.compareRun))
    rq.compareNote = "Faint lines and the second bar of each pair: " + other->title() + ", " +
                     std::string(dtypeName(comparedDType(*other, s.dtype)));
  rq.time = timing_plots::linePlot(s, TimingPlotKind::TimeVsN, {});
  counts.timePoints = pointCount(rq.time);
  rq.rate = timing_plots::linePlot(s, TimingPlotKind::ThroughputVsN, {});
  for (const plot::ReferenceLine& r : rq.rate.references) counts.references.push_back(r.label);
  counts.ratePoints = pointCount(rq.rate);
  rq.bars = barPlot(s, run, s.history.find(s.compareRun), counts);
  if (rq.bars)
    rq.barsShortTitle = "N = " + formatBenchSize(barSize(s, run)) + ", " +
                        timingMetricLabel(static_cast<TimingMetric>(s.barMetric));
}

// The pointer is over the plot's data area: the Export dialog then offers this plot first.
bool pointerOver(const plot::PlotResult& drawn, bool hovered) {
  const plot::Rect& a = drawn.plotArea;
  return hovered &&
         ImGui::IsMouseHoveringRect(ImVec2(static_cast<float>(a.x0), static_cast<float>(a.y0)),
                                    ImVec2(static_cast<float>(a.x1), static_cast<float>(a.y1)));
}

// The scene as one item: tooltips, the plots' points under the pointer, a click on a legend
// item shows or hides that subject in every plot.
void drawTimingScene(UiContext& ui, TimingState& s, const TimingScene& t,
                     const TimingSceneRequest& rq) {
  bool hovered = false;
  const ImVec2 origin = placeSceneItem("##timing-scene", t.scene, ui.fonts, hovered);
  for (size_t i = 0; i < t.plots.size(); ++i) {
    const plot::PlotResult r = plot::placedPlotHover(t.plots[i], origin, hovered);
    if (i < 2 && pointerOver(r, hovered))
      s.lookedAt = i == 0 ? TimingPlotKind::TimeVsN : TimingPlotKind::ThroughputVsN;
  }
  if (!ImGui::IsItemClicked()) return;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const int item = timingLegendAt(t.scene, m.x - origin.x, m.y - origin.y);
  if (item < 0 || item >= static_cast<int>(rq.legend.size())) return;
  const std::string& label = rq.legend[static_cast<size_t>(item)].label;
  if (!s.hidden.erase(label)) s.hidden.insert(label);
}

// The dtype and the bars' N and metric, above the plots (or on the folded form's row).
void choices(TimingState& s, const TimingRun& run) {
  const bool dtypes = dtypeChoice(s, run);
  if (!barChoice(s, run) && dtypes) ImGui::NewLine();
}

PlotCounts plots(UiContext& ui, TimingState& s, bool choicesDrawn) {
  PlotCounts counts;
  TimingSceneRequest rq;
  if (const TimingRun* run = shownTimingRun(s)) {
    if (!choicesDrawn) choices(s, *run);
    describeRun(rq, s, *run, counts);
  } else {
    rq.empty = "No run yet: choose sizes and press Run benchmark.";
  }
  const ImVec2 room = ImGui::GetContentRegionAvail();
  static_cast<PlotViewRoom&>(rq) = plot::plotViewRoom(panelMinTextSize(ui));
  const TimingScene scene = buildTimingScene(rq, ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = ImGui::GetCursorScreenPos(), fb = ImGui::GetIO().DisplayFramebufferScale;
  counts.origin = ImVec2(origin.x * fb.x, origin.y * fb.y);
  counts.room = ImVec2(room.x * fb.x, room.y * fb.y);
  drawTimingScene(ui, s, scene, rq);
  ui.report.panelScenes["timing"] = scene.scene;
  return counts;
}

void report(UiContext& ui, const TimingState& s, const PlotCounts& counts) {
  nlohmann::json runs = nlohmann::json::array();
  for (const TimingRun& r : s.history.runs())
    runs.push_back({{"id", r.id},
                    {"title", r.title()},
                    {"device", r.report.deviceName},
                    {"cpu", r.cpu()},
                    {"points", r.report.points.size()},
                    {"done", r.done},
                    {"total", r.total},
                    {"status", static_cast<int>(r.status)}});
  const TimingRun* shown = shownTimingRun(s);
  ui.report.panels["timing"] = {{"runs", runs},
                                {"shown_run", shown ? shown->id : 0},
                                {"compare_run", s.compareRun},
                                {"measuring", s.runner.active()},
                                {"time_points", counts.timePoints},
                                {"rate_points", counts.ratePoints},
                                {"bars", counts.bars},
                                {"references", counts.references},
                                {"device_line", shown ? deviceLine(*shown) : ""},
                                {"origin", {counts.origin.x, counts.origin.y}},
                                {"room", {counts.room.x, counts.room.y}}};
}

}  // namespace

void drawTimingPanel(UiContext& ui, TimingState& s) {
  // In presentation the plots take the screen's width: the form folds into one row, with the
  // plots' choices.
  const bool folded = ui.state.presentation && !s.formShown;
  if (ui.state.presentation) foldedForm(ui, s);
  const TimingRun* run = shownTimingRun(s);
  if (folded && run) {
    ImGui::SameLine(0, 2 * ImGui::GetFontSize());
    choices(s, *run);
  }
  if (!folded) {
    const float formWidth = 20 * ImGui::GetFontSize();
    ImGui::BeginChild("bench-form", ImVec2(formWidth, 0), true);
    form(ui, s);
    progress(s);
    historyList(ui, s);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  ImGui::BeginChild("bench-plots", ImVec2(0, 0), false);
  const PlotCounts counts = plots(ui, s, folded && run);
  ImGui::EndChild();
  report(ui, s, counts);
}

}  // namespace scanviz
