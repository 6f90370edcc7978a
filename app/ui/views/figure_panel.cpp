// The structure figure in the middle of the window (View > Structure figure, G): the lesson's run
// as one picture (figure_scene.h picks the one that fits the algorithm), filled in up to the step
// the playback stands at and sized to fill the view, with the cells' values or, with X, the
// inputs they combine. A chained run with static block ids that
// deadlocked shows the deadlock (deadlock_scene.h). The one-barrier Kogge-Stone shows its race
// roulette (roulette_scene.h), a chained run its flags and fences on request
// (chain_flags_scene.h). A run without a figure says why.
#include <imgui.h>

#include "app/scene/chain_flags_scene.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/figure_scene.h"
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

void drawFigureScene(UiContext& ui, Scene scene) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), scene, origin, ui.fonts);
  ImGui::Dummy(ImVec2(scene.width, scene.height));
  if (ImGui::IsWindowHovered()) showSceneTooltip(scene, origin);
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.panels["figure"] = {{"origin", {origin.x * fb.x, origin.y * fb.y}}};
  ui.report.panelScenes["figure"] = std::move(scene);
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
  return buildRouletteScene(c.sizes, c.shown, room.x, room.y, ui.palette, fontMeasure(ui.fonts));
}

// The race roulette or the chained flags where the run has one; false when the usual figure is drawn.
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
  drawFigureScene(ui, buildChainFlagsScene(t, room.x, room.y, ui.palette, fontMeasure(ui.fonts)));
  return true;
}

}  // namespace

void drawFigurePanel(UiContext& ui) {
  ImGui::BeginChild("figure-view", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (const DeadlockReport* dead = deadlockShown(ui)) {
    drawFigureScene(ui, buildDeadlockScene(*dead, ImGui::GetContentRegionAvail().x,
                                           viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts)));
    ImGui::EndChild();
    return;
  }
  if (drawRouletteOrFlags(ui)) {
    ImGui::EndChild();
    return;
  }
  const std::string problem = ui.state.hasTrace() ? figureProblem(ui.state.trace())
                                                  : "Nothing to show yet: choose an input.";
  if (!problem.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x);
    ImGui::TextDisabled("%s", problem.c_str());
    ImGui::PopTextWrapPos();
    ui.report.panels["figure"] = {{"problem", problem}};
    ImGui::EndChild();
    return;
  }
  FigureRequest rq;
  rq.trace = &ui.state.trace();
  rq.step = ui.state.playback.step();
  rq.width = ImGui::GetContentRegionAvail().x;
  rq.height = ImGui::GetContentRegionAvail().y;
  rq.symbolic = ui.state.symbolic;
  drawFigureScene(ui, buildFigureScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts)));
  ImGui::EndChild();
}

}  // namespace scanviz
