// The live benchmark: a form that starts a run of the benchmark engine in the background
// (cancellable, with progress), the history of this session's runs, and three plots that grow as
// points arrive: time vs N (log-log), GB/s vs N with the copy rate and CUB as horizontal lines,
// and every subject side by side at one N. A previous run can be overlaid (faint lines, second
// bars). Without a GPU the engine times the CPU emulator, and the panel says so above the plots.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>

#include "app/core/algorithms/scan_options.h"
#include "app/core/bench/bench_format.h"
#include "app/core/layouts/plot_math.h"
#include "app/ui/export/timing_plots.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/plot_widget.h"

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

void runHeader(UiContext& ui, const TimingRun& run) {
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::TextUnformatted(run.title().c_str());
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text,
                        toImVec4(run.cpu() ? ui.palette.writtenFill : ui.palette.textDim));
  ImGui::TextWrapped("%s", deviceLine(run).c_str());
  ImGui::PopStyleColor();
  if (run.status == TimingRunStatus::Failed) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(ui.palette.fail));
    ImGui::TextWrapped("%s", run.error.c_str());
    ImGui::PopStyleColor();
  }
}

// The shared legend: a swatch per subject that shows or hides it in every plot, in the colour the
// plots draw it in (pale ones darkened on a light theme, as there).
void legend(TimingState& s, const std::vector<TimingSeries>& all, const TimingRun* other) {
  const double background = plot::luminance(ImGui::GetColorU32(ImGuiCol_WindowBg));
  for (const TimingSeries& series : all) {
    const ImVec4 c = ImGui::ColorConvertU32ToFloat4(
        plot::readableOn(subjectColor(all, series.subject), background));
    bool on = !s.hidden.count(series.label);
    ImGui::PushStyleColor(ImGuiCol_CheckMark, c);
    ImGui::PushStyleColor(ImGuiCol_Border, c);
    if (ImGui::Checkbox(series.label.c_str(), &on)) {
      if (on)
        s.hidden.erase(series.label);
      else
        s.hidden.insert(series.label);
    }
    ImGui::PopStyleColor(2);
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 10) ImGui::NewLine();
  }
  ImGui::NewLine();
  if (other)
    ImGui::TextDisabled("Faint lines and the second bar of each pair: %s, %s",
                        other->title().c_str(),
                        std::string(dtypeName(comparedDType(*other, s.dtype))).c_str());
}

// Sizes and plotted points, for the frame report.
struct PlotCounts {
  int timePoints = 0;
  int ratePoints = 0;
  int bars = 0;
  std::vector<std::string> references;
};

int pointCount(const plot::PlotSpec& spec) {
  int n = 0;
  for (const plot::Series& s : spec.series)
    for (double y : s.y) n += std::isfinite(y) ? 1 : 0;
  return n;
}

// The pointer is over the plot's data area: the Export dialog then offers this plot first.
bool pointerOver(const plot::PlotResult& drawn) {
  const plot::Rect& a = drawn.plotArea;
  return ImGui::IsWindowHovered() &&
         ImGui::IsMouseHoveringRect(ImVec2(static_cast<float>(a.x0), static_cast<float>(a.y0)),
                                    ImVec2(static_cast<float>(a.x1), static_cast<float>(a.y1)));
}

void timePlot(const UiContext& ui, TimingState& s, ImVec2 size, PlotCounts& counts) {
  const plot::PlotSpec spec = timing_plots::linePlot(s, TimingPlotKind::TimeVsN, {size.x, size.y});
  counts.timePoints = pointCount(spec);
  if (pointerOver(plot::PlotWidget("##time", spec, ui.fonts))) s.lookedAt = TimingPlotKind::TimeVsN;
}

void ratePlot(const UiContext& ui, TimingState& s, ImVec2 size, PlotCounts& counts) {
  const plot::PlotSpec spec =
      timing_plots::linePlot(s, TimingPlotKind::ThroughputVsN, {size.x, size.y});
  for (const plot::ReferenceLine& r : spec.references) counts.references.push_back(r.label);
  counts.ratePoints = pointCount(spec);
  if (pointerOver(plot::PlotWidget("##gbps", spec, ui.fonts)))
    s.lookedAt = TimingPlotKind::ThroughputVsN;
}

void barPlot(const UiContext& ui, TimingState& s, const TimingRun* other, ImVec2 size,
             PlotCounts& counts) {
  const TimingRun& run = *shownTimingRun(s);
  const std::vector<long long> sizes = measuredSizes(run, s.dtype);
  if (sizes.empty()) return;
  // Until the user picks one, the largest size so far: it moves up as a run goes on.
  const bool picked = std::find(sizes.begin(), sizes.end(), s.barN) != sizes.end();
  const long long n = picked ? s.barN : sizes.back();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ImGui::BeginCombo("Bars at N", formatBenchSize(n).c_str())) {
    for (long long size : sizes)
      if (ImGui::Selectable(formatBenchSize(size).c_str(), size == n)) s.barN = size;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const char* metrics[] = {"time per call", "GB/s", "fraction of the copy rate"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
  ImGui::Combo("##bar-metric", &s.barMetric, metrics, 3);
  const auto metric = static_cast<TimingMetric>(s.barMetric);
  const TimingBars bars = timingBarsAt(run, s.dtype, n, metric);
  plot::PlotSpec spec;
  // The unit in the title, not in a row of its own: the plot area keeps that row's height.
  spec.title = "Every subject at N = " + formatBenchSize(n) + ", " + timingMetricLabel(metric);
  spec.mode = plot::PlotMode::Bars;
  spec.yScale = plot::AxisScale::Log10;
  spec.legend = false;
  spec.barValues = true;
  spec.size = {size.x, size.y - ImGui::GetFrameHeightWithSpacing()};
  for (size_t i = 0; i < bars.categories.size(); ++i) {
    if (s.hidden.count(bars.categories[i])) continue;
    spec.categories.push_back(bars.categories[i]);
  }
  plot::Series now{"run " + std::to_string(run.id), {}, {}, 0, false};
  plot::Series then{other ? "run " + std::to_string(other->id) : "", {}, {}, 0, false};
  const std::vector<double> otherValues =
      other ? alignedBarValues(bars, *other, comparedDType(*other, s.dtype), n, metric)
            : std::vector<double>{};
  for (size_t i = 0; i < bars.categories.size(); ++i) {
    if (s.hidden.count(bars.categories[i])) continue;
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
  plot::PlotWidget("##bars", spec, ui.fonts);
}

void dtypeChoice(TimingState& s, const TimingRun& run) {
  const std::vector<DType> dtypes = measuredDTypes(run);
  if (dtypes.size() == 1) s.dtype = dtypes.front();
  if (dtypes.size() < 2) return;
  int d = s.dtype == DType::Float32 ? 1 : 0;
  ImGui::RadioButton("int32##plot", &d, 0);
  ImGui::SameLine();
  ImGui::RadioButton("float32##plot", &d, 1);
  s.dtype = d ? DType::Float32 : DType::Int32;
}

PlotCounts plots(UiContext& ui, TimingState& s) {
  PlotCounts counts;
  const TimingRun* run = shownTimingRun(s);
  if (!run) {
    ImGui::TextDisabled("No run yet: choose sizes and press Run benchmark.");
    return counts;
  }
  runHeader(ui, *run);
  dtypeChoice(s, *run);
  const TimingRun* other = s.history.find(s.compareRun);
  const std::vector<TimingSeries> all = timingSeries(*run, s.dtype, TimingMetric::Milliseconds);
  legend(s, all, other);
  // A margin on the right: the last tick label is centred on the plot's edge.
  const ImVec2 avail(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize(),
                     ImGui::GetContentRegionAvail().y);
  const float gap = 1.5f * ImGui::GetFontSize();
  // The bar chart below gets the larger part: with a dozen subjects its labels take several rows.
  const ImVec2 half((avail.x - gap) * 0.5f, std::max(avail.y * 0.46f, 12 * ImGui::GetFontSize()));
  timePlot(ui, s, half, counts);
  ImGui::SameLine(0, gap);
  ratePlot(ui, s, half, counts);
  const float rest = ImGui::GetContentRegionAvail().y;
  barPlot(ui, s, other, ImVec2(avail.x, std::max(rest, 10 * ImGui::GetFontSize())), counts);
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
                                {"device_line", shown ? deviceLine(*shown) : ""}};
}

}  // namespace

void drawTimingPanel(UiContext& ui, TimingState& s) {
  const float formWidth = 20 * ImGui::GetFontSize();
  ImGui::BeginChild("bench-form", ImVec2(formWidth, 0), true);
  form(ui, s);
  progress(s);
  historyList(ui, s);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("bench-plots", ImVec2(0, 0), false);
  const PlotCounts counts = plots(ui, s);
  ImGui::EndChild();
  report(ui, s, counts);
}

}  // namespace scanviz
