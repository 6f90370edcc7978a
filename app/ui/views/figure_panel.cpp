// The figures in the middle of the window (figure_kinds.h, chosen at the top of the view or by
// View > Structure figure G, Bank conflicts K, Dependence graph J). The structure figure: the
// lesson's run as one picture (figure_scene.h picks the one that fits the algorithm), filled in up
// to the step the playback stands at and sized to fill the view, with the cells' values or, with
// X, the inputs they combine. The bank conflicts of the step on screen; the dependence graph with
// Brent's schedule on the P set beside it. A chained run with static block ids that
// deadlocked shows the deadlock (deadlock_scene.h). As its structure figure, the one-barrier
// Kogge-Stone shows its race roulette (roulette_scene.h), a chained run its flags and fences on
// request (chain_flags_scene.h). A run without a figure says why.
#include <imgui.h>

#include <limits>

#include <algorithm>

#include "app/scene/chain_flags_scene.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/figure_kinds.h"
#include "app/scene/roulette_scene.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

// The deadlock the banner reports for the controls' configuration (static block ids), if any.
const DeadlockReport* deadlockShown(UiContext& ui) {
  const Banner& banner = ui.state.banner();
  DeadlockFigureCache& cache = ui.views.deadlock;
  if (!banner.error || banner.text.find("deadlock") == std::string::npos) return nullptr;
  if (cache.bannerText != banner.text) {
    cache.bannerText = banner.text;
    cache.report = deadlockOf(ui.state.config);
  }
  return cache.report ? &*cache.report : nullptr;
}

// A figure taller than its panel (Brent-Kung's two trees at the presentation scale) follows the
// lecture: when the step changes, the cells it wrote are scrolled into view, so that stepping
// into the down-sweep shows it. A scroll by hand stays until the next step.
void followWrittenCells(UiContext& ui, const Scene& scene, const ImVec2& origin) {
  const int step = ui.state.playback.step();
  if (ui.views.figureFollowedStep == step) return;
  ui.views.figureFollowedStep = step;
  float top = scene.height, bottom = 0;
  for (const SceneRect& r : scene.rects)
    if (r.role.find("written") != std::string::npos) {
      top = std::min(top, r.y);
      bottom = std::max(bottom, r.y + r.h);
    }
  if (top > bottom) return;
  const float scroll = ImGui::GetScrollY(), view = ImGui::GetWindowHeight();
  const float from = origin.y - ImGui::GetWindowPos().y + scroll;  // the scene's top, scrolled 0
  if (from + top >= scroll && from + bottom <= scroll + view) return;
  ImGui::SetScrollY(std::max(0.0f, from + 0.5f * (top + bottom) - 0.5f * view));
}

void drawFigureScene(UiContext& ui, Scene scene) {
  const ImVec2 origin = placeScene(scene, ui.fonts);
  followWrittenCells(ui, scene, origin);
  ui.report.shownParts["figure"] = shownPart(scene, origin);
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const float shownTop = ImGui::GetWindowPos().y, shownBottom = shownTop + ImGui::GetWindowHeight();
  ui.report.panels["figure"] = {{"origin", {origin.x * fb.x, origin.y * fb.y}},
                                {"shown_y", {shownTop * fb.y, shownBottom * fb.y}}};
  ui.report.panelScenes["figure"] = std::move(scene);
}

// The figures of figure_kinds.h to choose from, and the P of Brent's schedule where the figure
// uses it (the counters' P: one setting, so the two cannot disagree).
void figureChoice(UiContext& ui) {
  for (int k = 0; k < kFigureKindCount; ++k) {
    const FigureKind kind = static_cast<FigureKind>(k);
    if (k > 0) ImGui::SameLine();
    if (ImGui::RadioButton(figureKindInfo(kind).name.data(), ui.views.figure == kind))
      ui.views.figure = kind;
  }
  if (!figureKindInfo(ui.views.figure).usesProcessors) return;
  ImGui::SameLine();
  AppSettings s = ui.state.settings();
  int p = s.brentProcessors;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::SliderInt("P (processors)", &p, 1, 64, "%d", ImGuiSliderFlags_Logarithmic)) {
    s.brentProcessors = std::max(1, p);
    ui.state.updateSettings(s, /*persist=*/false);
  }
  if (ImGui::IsItemDeactivatedAfterEdit()) ui.state.updateSettings(s);
}

// The one-barrier lesson's figure is its race roulette, run once per block size.
Scene rouletteScene(UiContext& ui, const Trace& t) {
  RouletteFigureCache& c = ui.views.roulette;
  const int block = rouletteBlockSizeOf(t.meta.blockSize);
  if (c.blockSize != block) {
    c.sizes = lessonRoulette(block, c.shown);
    c.blockSize = block;
  }
  const ImVec2 room = ImGui::GetContentRegionAvail();
  return buildRouletteScene(c.sizes, c.shown, room.x, room.y, ui.palette, fontMeasure(ui.fonts),
                            viewSceneStyle(ui));
}

// The race roulette or the chained flags where the run has one; false when the usual figure is
// drawn.
bool drawRouletteOrFlags(UiContext& ui) {
  if (!ui.state.hasTrace()) return false;
  const Trace& t = ui.state.trace();
  if (rouletteProblem(t).empty()) {
    drawFigureScene(ui, rouletteScene(ui, t));
    return true;
  }
  if (!chainFlagsProblem(t).empty()) return false;
  ImGui::Checkbox("Flags and __threadfence()", &ui.views.chainFlags);
  if (!ui.views.chainFlags) return false;
  const ImVec2 room = ImGui::GetContentRegionAvail();
  drawFigureScene(ui, buildChainFlagsScene(t, room.x, room.y, ui.palette, fontMeasure(ui.fonts),
                                           viewSceneStyle(ui)));
  return true;
}

float smallestText(const Scene& s) {
  float smallest = std::numeric_limits<float>::max();
  for (const SceneText& t : s.texts) smallest = std::min(smallest, t.size);
  return smallest;
}

// The figure at the view's sizes; one taller than the panel is built again smaller to fit it,
// never below the style's floor (presenting, the back row's size), and scrolls only when even
// that is too tall (Brent-Kung's two trees; followWrittenCells then follows the step).
Scene fittedFigure(UiContext& ui, const FigureKindInfo& figure, const FigureRequest& rq) {
  const ArraySceneStyle style = viewSceneStyle(ui);
  const MeasureText measure = fontMeasure(ui.fonts);
  Scene scene = figure.build(rq, style, ui.palette, measure);
  float factor = 1;
  for (int attempt = 0; attempt < 3 && rq.height > 0 && scene.height > rq.height; ++attempt) {
    factor *= std::max(0.6f, 0.98f * rq.height / scene.height);
    Scene smaller = figure.build(rq, style.scaled(factor), ui.palette, measure);
    if (smaller.height >= scene.height || smallestText(smaller) < smallestText(scene) - 0.01f)
      break;  // a figure that keeps its size, or loses legibility, scrolls instead
    scene = std::move(smaller);
  }
  return scene;
}

}  // namespace

void drawFigurePanel(UiContext& ui) {
  ImGui::BeginChild("figure-view", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  figureChoice(ui);
  const FigureKindInfo& figure = figureKindInfo(ui.views.figure);
  const DeadlockReport* dead =
      ui.views.figure == FigureKind::Structure ? deadlockShown(ui) : nullptr;
  if (dead) {
    drawFigureScene(ui, buildDeadlockScene(*dead, ImGui::GetContentRegionAvail().x,
                                           viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts)));
    ImGui::EndChild();
    return;
  }
  if (ui.views.figure == FigureKind::Structure && drawRouletteOrFlags(ui)) {
    ImGui::EndChild();
    return;
  }
  const std::string problem = ui.state.hasTrace() ? figure.problem(ui.state.trace())
                                                  : "Nothing to show yet: choose an input.";
  if (!problem.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x);
    ImGui::TextDisabled("%s", problem.c_str());
    ImGui::PopTextWrapPos();
    ui.report.panels["figure"] = {{"problem", problem}, {"kind", std::string(figure.name)}};
    ImGui::EndChild();
    return;
  }
  FigureRequest rq;
  rq.trace = &ui.state.trace();
  rq.step = ui.state.playback.step();
  rq.width = ImGui::GetContentRegionAvail().x;
  rq.height = ImGui::GetContentRegionAvail().y;
  rq.symbolic = ui.state.symbolic;
  rq.processors = ui.state.settings().brentProcessors;
  drawFigureScene(ui, fittedFigure(ui, figure, rq));
  ui.report.panels["figure"]["kind"] = std::string(figure.name);
  ImGui::EndChild();
}

}  // namespace scanviz
