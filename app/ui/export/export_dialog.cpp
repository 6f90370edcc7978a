#include "app/ui/export/export_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cfloat>
#include <filesystem>

#include "app/core/support/enum_keys.h"
#include "app/ui/export/timing_plots.h"
#include "app/ui/export/window_picture.h"
#include "app/ui/shell/browser_files.h"
#include "app/ui/shell/theme.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "app/ui/views/timing_state.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/modal_popup.h"

namespace scanviz {
namespace {

const char* const kTitle = "Export picture";
// Each frame spends at most this on the export, so the window stays responsive.
constexpr double kSliceSeconds = 0.015;
constexpr auto kToastTime = std::chrono::seconds(8);

constexpr EnumKey<ExportFormat> kFormatLabels[] = {
    {ExportFormat::Png, "PNG picture"},
    {ExportFormat::Svg, "SVG (vector, editable text)"},
    {ExportFormat::Gif, "Animated GIF of the steps"},
    {ExportFormat::PngSequence, "Numbered PNGs, one per step"}};

const char* formatLabel(ExportFormat f) {
  return keyOf(kFormatLabels, f).data();
}

template <class T>
void radio(const char* label, T& value, T choice) {
  if (ImGui::RadioButton(label, value == choice)) value = choice;
}

constexpr EnumKey<ExportPanel> kPanelLabels[] = {
    {ExportPanel::ArrayView, "Array view"},    {ExportPanel::Counters, "Counters"},
    {ExportPanel::Timeline, "Block timeline"}, {ExportPanel::TimingPlot, "Timing plot"},
    {ExportPanel::Window, "Whole window"},     {ExportPanel::Application, "Application picture"}};

// The figures are named by their table (figure_kinds.h).
const char* panelLabel(ExportPanel p) {
  if (const std::optional<FigureKind> kind = figureKindOf(p))
    return figureKindInfo(*kind).name.data();
  return keyOf(kPanelLabels, p).data();
}

// The next choice of a row of radio buttons: on this line while it fits, else at `column` of
// the next one.
void nextChoice(const char* label, float column) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width =
      ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
  // Decided before SameLine: NewLine after SameLine would return SameLine(column) to the row above.
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) {
    ImGui::SameLine();
  } else {
    ImGui::SetCursorPosX(column);  // a new row, under the first choice
  }
}

bool formatFits(ExportFormat f, ExportPanel p) {
  if (p == ExportPanel::Window) return f == ExportFormat::Png;
  if (isSingleScenePanel(p)) return f == ExportFormat::Png || f == ExportFormat::Svg;
  return true;
}

constexpr ImGuiWindowFlags kCornerFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

// A box in the bottom-right corner of the window (progress, toast), framed like a popup so that it
// stands out from the panels under it. Call endCorner() after it, whatever this returns.
bool beginCorner(const char* id, float scale) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float margin = 16 * scale;
  ImGui::SetNextWindowPos(ImVec2(display.x - margin, display.y - margin), ImGuiCond_Always,
                          ImVec2(1, 1));
  ImGui::SetNextWindowSizeConstraints(ImVec2(360 * scale, 0), ImVec2(640 * scale, FLT_MAX));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_PopupBg));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 6 * scale);
  return ImGui::Begin(id, nullptr, kCornerFlags);
}

void endCorner() {
  ImGui::End();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

// What the dialog offers, in the frame report (--dump-scene), for the UI tests.
void reportDialog(FrameReport& report, const ExportDialogModel& m, const std::string& path,
                  const std::string& problem, const nlohmann::json& showRects) {
  nlohmann::json disabled = nlohmann::json::object();
  for (const auto& [p, key] : kExportPanelKeys) {
    const std::string why = m.unavailable(p);
    if (!why.empty()) disabled[panelLabel(p)] = why;
  }
  report.panels["export_dialog"] = {{"show", panelLabel(m.options.panel)},
                                    {"path", path},
                                    {"problem", problem},
                                    {"disabled", disabled},
                                    {"show_rects", showRects}};
}

}  // namespace

void ExportDialog::open(const AppState& state, ExportPanel shown) {
  if (!state.hasTrace()) return;
  const ExportDialogModel previous = model_;
  model_ = ExportDialogModel::forLesson(state.trace(), state.playback.step(), state.settings());
  model_.options.speed = state.playback.speed();
  // The picture draws the cells as the window does: values, or the inputs they combine.
  model_.options.style.symbolic = state.symbolic;
  const TimingState& timing = state.timing;
  model_.timingPlotUnavailable = timing_plots::unavailableReason(timing);
  if (!state.shown().application)
    model_.applicationUnavailable = "the lesson is no application's (scanviz apply ID opens one)";
  model_.options.timingPlot = timing.lookedAt;
  if (previous.stepCount > 0) {
    // The choices of the last export stay (a lecturer exports many figures alike); the lesson,
    // the step and so the name are the new ones.
    model_.options.format = previous.options.format;
    model_.options.panel = previous.options.panel;
    model_.options.scale = previous.options.scale;
    model_.options.background = previous.options.background;
    model_.options.style.theme = previous.options.style.theme;
    model_.options.style.explanation = previous.options.style.explanation;
    model_.steps = previous.steps;
    // A panel that has nothing to show now (no timeline in this trace, no timing run) falls back
    // to the array view.
    if (!model_.unavailable(model_.options.panel).empty())
      model_.options.panel = ExportPanel::ArrayView;
    model_.update();
  } else if (model_.unavailable(shown).empty()) {
    // A first export offers the picture of the view on screen (view_registry.h).
    model_.options.panel = shown;
    model_.update();
  }
  visible_ = true;
  justOpened_ = true;
}

void ExportDialog::draw(UiContext& ui) {
  // Also while closing: an export started without the button still has the popup to close.
  if (visible_ || ImGui::IsPopupOpen(kTitle)) drawDialog(ui);
  if (job_) {
    drawProgress(ui);
  } else if (std::chrono::steady_clock::now() < toast_.until) {
    drawToast(ui);
  }
}

void ExportDialog::drawStepChoice() {
  const bool oneStep = model_.options.panel != ExportPanel::ArrayView;
  if (oneStep) ImGui::BeginDisabled();
  const std::string current = "This step (" + std::to_string(model_.current) + ")";
  radio(current.c_str(), model_.steps, StepChoice::Current);
  ImGui::SameLine();
  const std::string all = "All " + std::to_string(model_.stepCount) + " steps";
  radio(all.c_str(), model_.steps, StepChoice::All);
  ImGui::SameLine();
  radio("Range", model_.steps, StepChoice::Range);
  if (model_.steps == StepChoice::Range) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::DragIntRange2("##range", &model_.rangeFirst, &model_.rangeLast, 0.1f, 0,
                         std::max(0, model_.stepCount - 1), "from %d", "to %d");
  }
  if (oneStep) ImGui::EndDisabled();
  ImGui::SameLine();
  helpMarker(
      "Several steps in a PNG or SVG make a filmstrip: one row per step, as the textbooks draw "
      "all iterations at once. A GIF or numbered PNGs show them one after another. The other "
      "pictures show the step on screen.");
}

void ExportDialog::drawOptions() {
  ExportOptions& o = model_.options;
  const float column = ImGui::GetFontSize() * 7;
  ImGui::TextUnformatted("Show");
  ImGui::SameLine(column);
  bool first = true;
  for (const auto& [p, key] : kExportPanelKeys) {
    if (!first) nextChoice(panelLabel(p), column);
    first = false;
    const std::string why = model_.unavailable(p);
    ImGui::BeginDisabled(!why.empty());
    radio(panelLabel(p), o.panel, p);
    ImGui::EndDisabled();
    const ImVec2 at = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
    showRects_[panelLabel(p)] = {at.x, at.y, size.x, size.y};
    if (!why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", why.c_str());
  }
  if (o.panel == ExportPanel::TimingPlot) {
    ImGui::Dummy(ImVec2(column - ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::SameLine(column);
    radio("GB/s vs N", o.timingPlot, TimingPlotKind::ThroughputVsN);
    ImGui::SameLine();
    radio("Time per call vs N", o.timingPlot, TimingPlotKind::TimeVsN);
    ImGui::SameLine();
    helpMarker(
        "The timing panel's plot of the run it shows, with its colours and without the subjects "
        "hidden there; a compared run is drawn faint.");
  }

  ImGui::TextUnformatted("Format");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  if (ImGui::BeginCombo("##format", formatLabel(o.format))) {
    for (ExportFormat f :
         {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Gif, ExportFormat::PngSequence}) {
      const bool fits = formatFits(f, o.panel);
      if (ImGui::Selectable(formatLabel(f), f == o.format,
                            fits ? 0 : ImGuiSelectableFlags_Disabled))
        o.format = f;
    }
    ImGui::EndCombo();
  }

  ImGui::TextUnformatted("Steps");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  drawStepChoice();

  ImGui::TextUnformatted("Scale");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  radio("1x", o.scale, 1);
  ImGui::SameLine();
  radio("2x", o.scale, 2);
  ImGui::SameLine();
  radio("4x", o.scale, 4);
  ImGui::SameLine();
  helpMarker(
      "Drawn at that resolution with fonts rasterised for it, not enlarged afterwards. 1x is "
      "the window at UI scale 1; 2x suits a full-HD slide. An SVG is vector: the scale only "
      "sets its nominal size.");

  ImGui::TextUnformatted("Look");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  radio("Dark", o.style.theme, Theme::Dark);
  ImGui::SameLine();
  radio("Light", o.style.theme, Theme::Light);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  static const char* const kBackgrounds[] = {"theme background", "white background", "transparent"};
  int bg = static_cast<int>(o.background);
  if (ImGui::Combo("##background", &bg, kBackgrounds, 3))
    o.background = static_cast<ExportBackground>(bg);
  ImGui::SameLine();
  helpMarker("For the picture only: the window keeps its own theme.");

  if (o.panel == ExportPanel::ArrayView) {
    ImGui::Dummy(ImVec2(ImGui::GetFontSize() * 6, 0));
    ImGui::SameLine(ImGui::GetFontSize() * 7);
    ImGui::Checkbox("With the step's explanation under the title", &o.style.explanation);
    ImGui::Dummy(ImVec2(ImGui::GetFontSize() * 6, 0));
    ImGui::SameLine(ImGui::GetFontSize() * 7);
    ImGui::Checkbox("Symbolic values (x0..x3)", &o.style.symbolic);
    ImGui::SameLine();
    helpMarker(
        "Cells show which inputs they combine instead of their values, as PMPP Fig. 8.5 "
        "does (X in the window).");
  }
  if (o.format == ExportFormat::Gif) {
    ImGui::TextUnformatted("Speed");
    ImGui::SameLine(ImGui::GetFontSize() * 7);
    float speed = static_cast<float>(o.speed);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    if (ImGui::SliderFloat("##speed", &speed, 0.25f, 8.0f, "%.2gx", ImGuiSliderFlags_Logarithmic))
      o.speed = speed;
    ImGui::SameLine();
    helpMarker(
        "As the playback bar's speed: 1x is one step a second. Each GIF frame shows for "
        "that long.");
  }
}

void ExportDialog::drawDestination() {
  ImGui::TextUnformatted("Folder");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##folder", &model_.folder);
  ImGui::TextUnformatted(model_.options.format == ExportFormat::PngSequence ? "Into" : "File");
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  ImGui::SetNextItemWidth(-1);
  std::string name = model_.fileName;
  if (ImGui::InputText("##name", &name)) model_.setFileName(name);
}

void ExportDialog::drawDialog(UiContext& ui) {
  openCentredPopup(kTitle, justOpened_);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(720 * ui.scale, display.x * 0.95f), 0),
                           ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(kTitle, &visible_)) return;
  if (!visible_) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  drawOptions();
  ImGui::Separator();
  drawDestination();
  model_.update();
  const std::string problem = model_.problem();
  const std::string path = model_.outputPath();
  std::error_code ec;
  if (!problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(ui.palette.fail));
    ImGui::TextWrapped("%s", problem.c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextDisabled("%s%s", path.c_str(),
                        std::filesystem::exists(path, ec) ? "  (replaces the existing one)" : "");
  }
  reportDialog(ui.report, model_, path, problem, showRects_);
  const bool ready = problem.empty() && !job_;
  if (!ready) ImGui::BeginDisabled();
  // Enter exports, as the dialog's default button; Escape cancels.
  const bool go = ImGui::Button("Export") ||
                  (ready && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false));
  if (!ready) ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    visible_ = false;
    ImGui::CloseCurrentPopup();
  }
  if (go && ready) {
    start(ui);
    visible_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void ExportDialog::start(UiContext& ui) {
  ExportOptions o = model_.options;
  // The window as it is now: its size in its own pixels and its pixel scale.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  o.windowWidth = static_cast<int>(display.x);
  o.windowHeight = static_cast<int>(display.y);
  o.windowUiScale = ui.scale;
  AppState& state = ui.state;
  FileDialog& files = ui.files;
  CommandTable& commands = ui.commands;
  ViewStates& views = ui.views;
  // The window's panels, drawn into the export's own ImGui context; the references are the
  // App's, which outlive every export.
  WindowPainter painter = [&state, &files, &commands, &views](
                              const FontSet& fonts, const ViewPalette& palette, float scale) {
    FrameReport report;
    UiContext u{state, fonts, palette, scale, report, files, commands, views, /*animate=*/false};
    drawMainLayout(u);
  };
  std::optional<plot::PlotSpec> timingPlot;
  if (o.panel == ExportPanel::TimingPlot && model_.timingPlotUnavailable.empty())
    timingPlot = timing_plots::picturePlot(state.timing, o.timingPlot);
  job_ = std::make_unique<ExportJob>(state.shown().trace, o, model_.outputPath(),
                                     std::make_shared<WindowCanvas>(std::move(painter)),
                                     std::move(timingPlot), state.shown().application);
  state.updateSettings(model_.remembered(state.settings()));
  if (job_->finished()) finish(state);  // a problem found before any work
}

void ExportDialog::advance(AppState& state) {
  if (!job_) return;
  const auto start = std::chrono::steady_clock::now();
  do {
    job_->step();
  } while (!job_->finished() &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
               kSliceSeconds);
  if (job_->finished()) finish(state);
}

void ExportDialog::finish(AppState& state) {
  if (job_->succeeded()) {
    const std::filesystem::path out(job_->out());
    std::string detail = job_->summary();
    if (!job_->note().empty()) detail += "\n" + job_->note();
    toast_ = {"Saved " + out.filename().string(), job_->out(), detail,
              std::chrono::steady_clock::now() + kToastTime};
    state.setStatusNote("exported to " + job_->out());
    if (filesGoThroughBrowser())  // the page: the files go to the browser's downloads
      for (const std::string& file : job_->written()) downloadFromBrowser(file);
  } else if (job_->cancelled()) {
    state.setStatusNote("export cancelled; its partial files were removed");
  } else {
    state.showError("export failed: " + job_->error());
  }
  job_.reset();
}

std::string ExportDialog::toastPath() const {
  return std::chrono::steady_clock::now() < toast_.until ? toast_.path : std::string();
}

void ExportDialog::drawProgress(UiContext& ui) {
  if (beginCorner("##export-progress", ui.scale)) {
    const std::filesystem::path out(job_->out());
    ImGui::Text("Exporting %s", out.filename().string().c_str());
    ImGui::TextDisabled("%s", job_->stage().c_str());
    ImGui::ProgressBar(job_->progress(), ImVec2(-1, 0));
    if (ImGui::Button("Cancel export")) cancelExport();
  }
  endCorner();
  // The job may have been cancelled just now: the next advance() reports it.
}

void ExportDialog::drawToast(UiContext& ui) {
  if (beginCorner("##export-toast", ui.scale)) {
    ImGui::PushFont(ui.fonts.bodyBold);
    ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(ui.palette.pass));
    ImGui::TextUnformatted(("\xE2\x9C\x93 " + toast_.title).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(toast_.path.c_str());
    ImGui::TextDisabled("%s", toast_.detail.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::SmallButton("Copy path")) ImGui::SetClipboardText(toast_.path.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Dismiss")) toast_.until = {};
  }
  endCorner();
}

}  // namespace scanviz
