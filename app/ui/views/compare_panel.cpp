// The Compare panel: which algorithms (two to four) or the GPU-vs-CPU diff, how the views are
// synchronised, and the views themselves (compare_scene.h) at the steps the shared playback
// gives them. Every lane runs the lesson's input, operator and dtype, in its algorithm's natural
// form (inclusive or exclusive) unless the user chose one form for all.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/core/algorithms/scan_options.h"
#include "app/scene/compare_counters.h"
#include "app/scene/compare_scene.h"
#include "app/scene/scene_text.h"
#include "app/ui/shell/commands.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/combo_preview.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/toolbar_row.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

// The layout's algorithm ids that this build knows, at least two of them.
std::vector<AlgorithmId> chosenAlgorithms(const PanelLayout& l) {
  std::vector<AlgorithmId> ids;
  for (const std::string& key : l.compareAlgorithms)
    if (auto id = findAlgorithm(key)) ids.push_back(*id);
  for (AlgorithmId fallback : algorithmsWithRole(kRoleCompared))
    if (ids.size() < CompareModel::kMinAlgorithms &&
        std::find(ids.begin(), ids.end(), fallback) == ids.end())
      ids.push_back(fallback);
  return ids;
}

void saveAlgorithms(UiContext& ui, const std::vector<AlgorithmId>& ids) {
  AppSettings s = ui.state.settings();
  s.layout.compareAlgorithms.clear();
  for (AlgorithmId id : ids) s.layout.compareAlgorithms.emplace_back(algorithmInfo(id).key);
  ui.state.updateSettings(s);
}

CompareBase lessonBase(const AppState& state) {
  CompareBase b;
  if (!state.hasTrace()) return b;
  b.config = state.shown().config;
  b.lesson = state.shown().trace;
  b.traceFile = state.shown().traceFile;
  return b;
}

// A combo of every algorithm, grouped by level; slots past the first two may be empty.
bool algorithmCombo(const char* id, std::optional<AlgorithmId>& value, bool optional) {
  const std::string preview =
      value ? comboPreview(algorithmInfo(*value).name, comboPreviewWidth()) : std::string("(none)");
  bool changed = false;
  if (!ImGui::BeginCombo(id, preview.c_str())) return false;
  if (optional && ImGui::Selectable("(none)", !value)) value.reset(), changed = true;
  AlgorithmLevel level = AlgorithmLevel::Block;
  ImGui::TextDisabled("block level");
  for (const AlgorithmInfo& a : allAlgorithms()) {
    if (a.level != level) {
      level = a.level;
      ImGui::TextDisabled("grid level");
    }
    if (ImGui::Selectable(std::string(a.name).c_str(), value == a.id)) value = a.id, changed = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(a.summary).c_str());
  }
  ImGui::EndCombo();
  return changed;
}

void algorithmPickers(UiContext& ui) {
  std::vector<AlgorithmId> ids = chosenAlgorithms(ui.state.settings().layout);
  std::vector<std::optional<AlgorithmId>> slots(CompareModel::kMaxAlgorithms);
  for (size_t i = 0; i < ids.size() && i < slots.size(); ++i) slots[i] = ids[i];
  bool changed = false;
  // Four combos share the row, up to 14 em each: the long names, a family with its qualifier in
  // parentheses, stay readable.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float width =
      std::min(ImGui::GetFontSize() * 14, (ImGui::GetContentRegionAvail().x - 3 * spacing) / 4);
  for (size_t i = 0; i < slots.size(); ++i) {
    if (i > 0) ImGui::SameLine();
    ImGui::SetNextItemWidth(width);
    changed |= algorithmCombo(("##algorithm" + std::to_string(i)).c_str(), slots[i],
                              i >= CompareModel::kMinAlgorithms);
  }
  if (!changed) return;
  ids.clear();
  for (const auto& slot : slots)
    if (slot && std::find(ids.begin(), ids.end(), *slot) == ids.end()) ids.push_back(*slot);
  if (ids.size() >= CompareModel::kMinAlgorithms) saveAlgorithms(ui, ids);
}

// Each algorithm in its natural form, or one form for all: what the lanes' counters compare.
void formChoice(CompareModel& m) {
  const float frame = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  nextInRow(ImGui::CalcTextSize("Scan natural inclusive exclusive (?)").x + 3 * frame +
                5 * ImGui::GetStyle().ItemSpacing.x,
            ImGui::GetFontSize() * 2);
  ImGui::TextUnformatted("Scan");
  for (const auto& [form, key] : kCompareFormKeys) {
    ImGui::SameLine();
    if (ImGui::RadioButton(std::string(key).c_str(), m.form() == form)) m.setForm(form);
  }
  helpMarker(
      "natural: each algorithm runs the scan it produces by itself (Blelloch and "
      "kogge-stone-exclusive the exclusive one, the others the inclusive one), so its work and "
      "depth are the lecture's formulas.\n\ninclusive or exclusive: every view runs that scan; "
      "an algorithm for which it is not the natural form pays a conversion step, counted and "
      "named in its work and depth.");
}

void kindAndSync(UiContext& ui) {
  CompareModel& m = ui.state.compare;
  const bool diff = m.kind() == CompareKind::BackendDiff;
  if (ImGui::RadioButton("Algorithms", !diff) && diff) ui.commands.run("view-compare-algorithms");
  ImGui::SameLine();
  if (ImGui::RadioButton("GPU vs CPU diff", diff) && !diff) ui.commands.run("view-diff");
  if (m.kind() != CompareKind::Algorithms) return;
  const float frame = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  nextInRow(ImGui::CalcTextSize("Synchronise by step by time (?)").x + 2 * frame +
                4 * ImGui::GetStyle().ItemSpacing.x,
            ImGui::GetFontSize() * 2);
  ImGui::TextUnformatted("Synchronise");
  ImGui::SameLine();
  AppSettings s = ui.state.settings();
  const bool byStep = s.layout.compareSync != "time";
  bool changed = false;
  if (ImGui::RadioButton("by step", byStep)) s.layout.compareSync = "step", changed = true;
  ImGui::SameLine();
  if (ImGui::RadioButton("by time", !byStep)) s.layout.compareSync = "time", changed = true;
  helpMarker(describeSync(m.plan()).c_str());
  if (changed) ui.state.updateSettings(s);
  formChoice(m);
}

std::string cyclesText(double cycles) {
  char text[48];
  std::snprintf(text, sizeof text, "%.0f cycles", cycles);
  return text;
}

std::string laneSubtitle(const CompareLane& lane) {
  if (lane.capturing) return "capturing...";
  if (!lane.trace) return lane.error;
  const TraceMeta& m = lane.trace->meta;
  std::string text = "produced by " + m.backend + ": " + m.device;
  if (!lane.backendNote.empty()) text += " (" + lane.backendNote + ")";
  if (!lane.origin.empty())
    text += "  \xC2\xB7  trace file " + std::filesystem::path(lane.origin).filename().string();
  return text;
}

CompareSceneRequest sceneRequest(const CompareModel& m, ImVec2 size) {
  CompareSceneRequest rq;
  rq.width = size.x;
  rq.height = size.y;
  const StepCellDiff shown = m.shownStepDiff();
  for (size_t i = 0; i < m.lanes().size(); ++i) {
    const CompareLane& lane = m.lanes()[i];
    CompareViewSpec v;
    v.title = lane.title;
    v.subtitle = laneSubtitle(lane);
    v.trace = lane.trace.get();
    v.step = std::max(0, m.laneStep(i));
    if (v.trace) v.counters = compareCounters(*v.trace, v.step);
    // By real time each view also says when its step ended on the GPU.
    const auto& times = m.plan().laneTimes;
    if (v.trace && m.plan().basis == SyncBasis::Cycles && i < times.size() &&
        static_cast<size_t>(v.step) < times[i].size())
      v.counters.insert(v.counters.begin() + 1,
                        {"ended at", cyclesText(times[i][static_cast<size_t>(v.step)]), ""});
    if (m.diff()) v.differingCells = shown.cells;
    rq.views.push_back(std::move(v));
  }
  if (!m.problem().empty()) {
    rq.headline = {m.problem()};
    rq.tone = HeadlineTone::Fail;
  } else if (m.kind() == CompareKind::BackendDiff) {
    rq.diffLegend = true;
    if (m.diff()) {
      const size_t steps = m.lanes()[0].trace->steps.size();
      const bool same = m.diff()->identical() && shown.identical();
      // A tick or a cross: the verdict reads from the back row before its words do.
      rq.headline = {std::string(same ? kTick : kCross) + " " + describeDiff(*m.diff(), steps),
                     describeStepDiff(shown)};
      rq.tone = same ? HeadlineTone::Pass : HeadlineTone::Fail;
    } else {
      rq.headline = {"capturing both traces..."};
    }
  } else {
    rq.headline = {describeSync(m.plan()) + "  \xC2\xB7  now at " +
                   describePosition(m.plan(), m.playback.step())};
  }
  return rq;
}

nlohmann::json viewsJson(const CompareModel& m) {
  nlohmann::json views = nlohmann::json::array();
  for (size_t i = 0; i < m.lanes().size(); ++i) {
    const CompareLane& lane = m.lanes()[i];
    nlohmann::json v = {{"title", lane.title},
                        {"error", lane.error},
                        {"file", lane.origin},
                        {"step", m.laneStep(i)}};
    if (lane.trace && !lane.trace->steps.empty()) {
      const Trace& t = *lane.trace;
      const int step = std::max(0, m.laneStep(i));
      v["algorithm"] = t.meta.algorithm;
      v["backend"] = t.meta.backend;
      v["steps"] = t.steps.size();
      v["values"] = t.steps[static_cast<size_t>(step)].values;
      nlohmann::json counters = nlohmann::json::array();
      for (const CounterRow& r : compareCounters(t, step))
        counters.push_back({{"label", r.label}, {"value", r.value}});
      v["counters"] = counters;
    }
    views.push_back(v);
  }
  return views;
}

void report(UiContext& ui, const Scene& scene, ImVec2 origin) {
  const CompareModel& m = ui.state.compare;
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  nlohmann::json j = {{"kind", m.kind() == CompareKind::Algorithms ? "algorithms" : "diff"},
                      {"sync", std::string(keyOf(kCompareSyncKeys, m.effectiveSync()))},
                      {"sync_text", describeSync(m.plan())},
                      {"form", std::string(keyOf(kCompareFormKeys, m.form()))},
                      {"position", m.playback.step()},
                      {"positions", m.playback.stepCount()},
                      {"problem", m.problem()},
                      {"views", viewsJson(m)},
                      {"origin", {origin.x * fb.x, origin.y * fb.y}}};
  if (m.diff()) {
    const StepCellDiff d = m.shownStepDiff();
    j["diff"] = {{"identical", m.diff()->identical()},
                 {"text", describeDiff(*m.diff(), m.lanes()[0].trace->steps.size())},
                 {"step_text", describeStepDiff(d)},
                 {"differing_cells", d.cells}};
  }
  ui.report.panels["compare"] = std::move(j);
  ui.report.panelScenes["compare"] = scene;
}

}  // namespace

void drawComparePanel(UiContext& ui) {
  CompareModel& m = ui.state.compare;
  const PanelLayout& l = ui.state.settings().layout;
  m.setAlgorithms(chosenAlgorithms(l));
  m.setSync(valueOf(kCompareSyncKeys, l.compareSync).value_or(CompareSync::ByStep));
  m.update(lessonBase(ui.state));
  // One speed for the whole window: the +/- keys set the lesson's, Compare follows it.
  m.playback.setSpeed(ui.state.playback.speed());
  if (ui.animate) m.playback.tick(std::min(ImGui::GetIO().DeltaTime, 0.25f));
  if (!ui.state.presentation) {
    kindAndSync(ui);
    if (m.kind() == CompareKind::Algorithms) algorithmPickers(ui);
  }
  ImGui::BeginChild("compare-views", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const Scene scene = buildCompareScene(sceneRequest(m, avail), viewSceneStyle(ui), ui.palette,
                                        fontMeasure(ui.fonts));
  const ImVec2 origin = placeScene(scene, ui.fonts);
  report(ui, scene, origin);
  ui.report.shownParts["compare"] = shownPart(scene, origin);
  ImGui::EndChild();
}

}  // namespace scanviz
