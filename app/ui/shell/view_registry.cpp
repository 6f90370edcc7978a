#include "app/ui/shell/view_registry.h"

// Key codes only: this file makes no GL calls.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <string>

#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

// Compare's place shows a Spot-the-bug lesson beside its fix while one is open (Spot the bug menu).
void drawCompareOrSpotTheBug(UiContext& ui) {
  if (ui.state.spotTheBug.active())
    drawSpotTheBugPanel(ui);
  else
    drawComparePanel(ui);
}

CenterView centerOf(const AppState& state) {
  return state.settings().layout.centerView;
}

void showCenter(AppState& state, CenterView view) {
  AppSettings s = state.settings();
  s.layout.centerView = view;
  state.updateSettings(s);
}

// Pressing a view's key again goes back to the lesson.
void toggleCenter(AppState& state, CenterView view) {
  showCenter(state, centerOf(state) == view ? CenterView::Lesson : view);
}

bool diffShown(const AppState& state) {
  return centerOf(state) == CenterView::Compare && state.compare.kind() == CompareKind::BackendDiff;
}

// A timing tab's entries, one function of each kind per tab, as the registry takes them.
template <TimingTab tab>
bool timingTabShown(const AppState& state, ViewStates&) {
  return centerOf(state) == CenterView::Timing && state.timing.tab == tab;
}

// Opens the timing view on `tab`; the key of the tab on screen goes back to the lesson.
template <TimingTab tab>
void showTimingTab(AppState& state, ViewStates& views) {
  const bool same = timingTabShown<tab>(state, views);
  showCenter(state, same ? CenterView::Lesson : CenterView::Timing);
  state.timing.tab = tab;
  state.timing.selectTab = !same;
}

// A figure view's entries: one function of each kind per figure, as the registry takes them.
template <FigureKind kind>
bool figureShown(const AppState& state, ViewStates& views) {
  return centerOf(state) == CenterView::Figure && views.figure == kind;
}

// Opens the figure view on `kind`; the key of the figure on screen goes back to the lesson.
template <FigureKind kind>
void showFigure(AppState& state, ViewStates& views) {
  showCenter(state, figureShown<kind>(state, views) ? CenterView::Lesson : CenterView::Figure);
  views.figure = kind;
}

bool hasTrace(const AppState& state) {
  return state.hasTrace();
}

std::vector<ViewEntry> declareViews() {
  return {
      {"view-lesson", "Lesson (array view)", "", 0, CenterView::Lesson, ExportPanel::ArrayView,
       [](AppState& s, ViewStates&) { showCenter(s, CenterView::Lesson); },
       [](const AppState& s, ViewStates&) { return centerOf(s) == CenterView::Lesson; }},
      {"view-compare", "Compare algorithms", "C", GLFW_KEY_C, CenterView::Compare,
       ExportPanel::Window, [](AppState& s, ViewStates&) { toggleCenter(s, CenterView::Compare); },
       [](const AppState& s, ViewStates&) {
         return centerOf(s) == CenterView::Compare && !diffShown(s);
       },
       nullptr, drawCompareOrSpotTheBug},
      {"view-diff", "GPU vs CPU trace diff", "D", GLFW_KEY_D, CenterView::Compare,
       ExportPanel::Window,
       [](AppState& s, ViewStates&) {
         s.compare.setKind(diffShown(s) ? CompareKind::Algorithms : CompareKind::BackendDiff);
         showCenter(s, CenterView::Compare);
       },
       [](const AppState& s, ViewStates&) { return diffShown(s); }, nullptr,
       drawCompareOrSpotTheBug},
      {"view-timeline", "Block timeline (grid-level scans)", "T", GLFW_KEY_T, CenterView::Timeline,
       ExportPanel::Timeline,
       [](AppState& s, ViewStates&) { toggleCenter(s, CenterView::Timeline); },
       [](const AppState& s, ViewStates&) { return centerOf(s) == CenterView::Timeline; }, nullptr,
       drawTimelinePanel},
      // The run as one figure of the seeds' kind (figure_scene.h), filled in as the lesson plays.
      {"view-figure", "Structure figure", "G", GLFW_KEY_G, CenterView::Figure, ExportPanel::Figure,
       showFigure<FigureKind::Structure>, figureShown<FigureKind::Structure>, nullptr,
       drawFigurePanel},
      // A step's shared-memory accesses in the 32 banks (bank_conflict_scene.h).
      {"view-banks", "Bank conflicts (shared memory)", "K", GLFW_KEY_K, CenterView::Figure,
       ExportPanel::BankConflicts, showFigure<FigureKind::BankConflicts>,
       figureShown<FigureKind::BankConflicts>, hasTrace, drawFigurePanel},
      // The run as its graph of operator applications and Brent's schedule on P processors.
      {"view-graph", "Dependence graph (work, depth, Brent)", "J", GLFW_KEY_J, CenterView::Figure,
       ExportPanel::DependenceGraph, showFigure<FigureKind::DependenceGraph>,
       figureShown<FigureKind::DependenceGraph>, hasTrace, drawFigurePanel},
      {"view-timing", "Timing: live benchmark", "B", GLFW_KEY_B, CenterView::Timing,
       ExportPanel::TimingPlot, showTimingTab<TimingTab::Benchmark>,
       timingTabShown<TimingTab::Benchmark>, nullptr, drawTimingView},
      {"view-warp-clock", "Timing: warp clock per step", "W", GLFW_KEY_W, CenterView::Timing,
       ExportPanel::Window, showTimingTab<TimingTab::WarpClock>,
       timingTabShown<TimingTab::WarpClock>, nullptr, drawTimingView},
      {"view-brent", "Timing: Brent's theorem", "R", GLFW_KEY_R, CenterView::Timing,
       ExportPanel::Window, showTimingTab<TimingTab::Brent>, timingTabShown<TimingTab::Brent>,
       nullptr, drawTimingView},
      // What one hand-off costs at each level, from a block's barrier to the GPUs of a host.
      {"view-ladder", "Timing: latency ladder", "M", GLFW_KEY_M, CenterView::Timing,
       ExportPanel::Window, showTimingTab<TimingTab::Ladder>, timingTabShown<TimingTab::Ladder>,
       nullptr, drawTimingView},
      // The lesson's steps as a space-time heat map instead of cells (long arrays).
      {"heat-view", "Heat view (long arrays)", "H", GLFW_KEY_H, CenterView::Lesson,
       ExportPanel::ArrayView, [](AppState& s, ViewStates& v) { v.heat.toggle(s); },
       [](const AppState& s, ViewStates& v) { return v.heat.shown(s); }, hasTrace},
      // Predict, then reveal: a question about the next step, a countdown, the step (class_mode.h).
      {"view-class", "Class mode (predict, then reveal)", "Q", GLFW_KEY_Q, CenterView::Class,
       ExportPanel::Window, [](AppState& s, ViewStates&) { toggleCenter(s, CenterView::Class); },
       [](const AppState& s, ViewStates&) { return centerOf(s) == CenterView::Class; }, hasTrace,
       drawClassModeView},
  };
}

}  // namespace

const std::vector<ViewEntry>& viewRegistry() {
  static const std::vector<ViewEntry> views = declareViews();
  return views;
}

const ViewEntry* findView(std::string_view id) {
  for (const ViewEntry& v : viewRegistry())
    if (v.id == id) return &v;
  return nullptr;
}

const ViewEntry& currentView(const AppState& state, ViewStates& views) {
  const ViewEntry* lesson = nullptr;
  for (const ViewEntry& v : viewRegistry()) {
    // The heat view is a way of showing the lesson: it wins over the plain lesson entry.
    if (v.id == "view-lesson") {
      lesson = &v;
      continue;
    }
    if (v.shown(state, views)) return v;
  }
  return *lesson;
}

void addViewRegistryCommands(CommandTable& commands, AppState& state, ViewStates& views) {
  for (const ViewEntry& v : viewRegistry()) {
    Command c;
    c.id = std::string(v.id);
    c.label = std::string(v.label);
    c.shortcut = std::string(v.shortcut);
    if (v.key) c.keys = {v.key};
    c.run = [&v, &state, &views] { v.show(state, views); };
    if (v.available) c.enabled = [&v, &state] { return v.available(state); };
    commands.add(std::move(c));
  }
}

void viewMenuItems(UiContext& ui) {
  for (const ViewEntry& v : viewRegistry())
    ui.commands.menuItem(std::string(v.id), v.shown(ui.state, ui.views));
}

bool drawCenterView(UiContext& ui, bool framed) {
  ui.report.panels = nlohmann::json::object();
  ui.report.panelScenes.clear();
  const CenterView center = centerOf(ui.state);
  if (center == CenterView::Lesson) return false;
  for (const ViewEntry& v : viewRegistry()) {
    if (v.center != center || !v.draw) continue;
    if (framed) ImGui::BeginChild("center-view", ImVec2(0, 0), true);
    v.draw(ui);
    if (framed) ImGui::EndChild();
    return true;
  }
  return false;
}

}  // namespace scanviz
