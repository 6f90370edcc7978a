// The structure figure in the middle of the window (View > Structure figure, G): the lesson's run
// as one picture (figure_scene.h), filled in up to the step the playback stands at, with the
// cells' values or, with X, the inputs they combine. A run without one says why.
#include <imgui.h>

#include "app/scene/figure_scene.h"
#include "app/ui/panels.h"
#include "app/ui/scene_renderer.h"
#include "app/ui/view_style.h"

namespace scanviz {

void drawFigurePanel(UiContext& ui) {
  ImGui::BeginChild("figure-view", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
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
  rq.symbolic = ui.state.symbolic;
  Scene scene = buildFigureScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), scene, origin, ui.fonts);
  ImGui::Dummy(ImVec2(scene.width, scene.height));
  if (ImGui::IsWindowHovered()) showSceneTooltip(scene, origin);
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.panels["figure"] = {{"origin", {origin.x * fb.x, origin.y * fb.y}}};
  ui.report.panelScenes["figure"] = std::move(scene);
  ImGui::EndChild();
}

}  // namespace scanviz
