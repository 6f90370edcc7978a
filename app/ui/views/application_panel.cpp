#include "app/ui/views/application_panel.h"

#include <imgui.h>

#include <string>

#include "app/scene/applications/application_scene.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

DomainSceneContext sceneContext(UiContext& ui, float width) {
  return {width, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts)};
}

// One line per scan: the one on screen marked; several scans can be picked from.
float scanChooserHeight(const ApplicationRun& run) {
  return static_cast<float>(run.scans.size()) * ImGui::GetFrameHeightWithSpacing();
}

void drawScanChooser(UiContext& ui, const ApplicationRun& run, int shown) {
  for (size_t i = 0; i < run.scans.size(); ++i) {
    const std::string label = "Scan " + std::to_string(i + 1) + " of " +
                              std::to_string(run.scans.size()) + ": " + run.scans[i].purpose;
    if (run.scans.size() == 1) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(label.c_str());
    } else if (ImGui::RadioButton(label.c_str(), static_cast<int>(i) == shown)) {
      ui.state.showApplicationScan(static_cast<int>(i));
    }
  }
}

}  // namespace

float applicationPanelHeight(UiContext& ui, float width) {
  const ApplicationRun* run = ui.state.hasTrace() ? ui.state.shown().application.get() : nullptr;
  if (!run) return 0;
  const ImGuiStyle& style = ImGui::GetStyle();
  const Scene scene =
      buildApplicationScene(*run, sceneContext(ui, width - 2 * style.WindowPadding.x));
  return scene.height + scanChooserHeight(*run) + 2 * style.WindowPadding.y;
}

void drawApplicationPanel(UiContext& ui) {
  const ApplicationRun* run = ui.state.shown().application.get();
  if (!run) return;
  const int shown = ui.state.shown().applicationScan;
  drawScanChooser(ui, *run, shown);
  ImGui::BeginChild("application-picture", ImVec2(0, 0), false);
  const Scene scene =
      buildApplicationScene(*run, sceneContext(ui, ImGui::GetContentRegionAvail().x));
  const ImVec2 origin = placeScene(scene, ui.fonts);
  ui.report.shownParts["application"] = shownPart(scene, origin);
  ImGui::EndChild();
  const ApplicationInfo& info = applicationInfo(run->id);
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.panels["application"] = {{"id", std::string(info.key)},
                                     {"origin", {origin.x * fb.x, origin.y * fb.y}},
                                     {"scan", shown},
                                     {"scans", run->scans.size()},
                                     {"result", run->result},
                                     {"answer", run->answer}};
  ui.report.panelScenes["application"] = scene;
}

}  // namespace scanviz
