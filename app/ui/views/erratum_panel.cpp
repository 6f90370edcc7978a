// An erratum in the window: its scene, built here once a frame and drawn by the scene renderer,
// in its own file so that the live lessons of spot_the_bug_panel.cpp change apart from it.
#include "app/ui/views/erratum_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/scene/erratum_scene.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

// An erratum is read from the back of a lecture hall: the title at the value size and the text
// at the heading size, shrunk to fit the view but never below the smallest text of the window.
ErratumSceneRequest request(const UiContext& ui, const SpotTheBugState& s, ImVec2 room) {
  ErratumSceneRequest rq;
  rq.erratum = s.erratum();
  rq.evidence = s.evidence() ? &*s.evidence() : nullptr;
  rq.evidenceError = s.evidenceError();
  rq.width = room.x;
  rq.height = room.y;
  const float scale = ui.fonts.pixelScale;
  rq.titleSize = kValueSize * scale;
  rq.textSize = kHeadingSize * scale;
  rq.minTextSize = std::max(kSmallSize * scale, viewSceneStyle(ui).minTextSize);
  return rq;
}

float textSizeOf(const Scene& scene) {
  const auto texts = scene.textsWithRole("erratum-seed-text");
  return texts.empty() ? 0.0f : texts.front()->size;
}

void report(UiContext& ui, const SpotTheBugState& s, const Scene& scene, ImVec2 origin,
            ImVec2 room) {
  const Erratum& e = *s.erratum();
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  nlohmann::json j = {{"erratum", std::string(e.id)},
                      {"title", std::string(e.title)},
                      {"seed", std::string(e.seed)},
                      {"seed_text", std::string(e.seedText)},
                      {"correction", std::string(e.correction)},
                      {"why", std::string(e.why)},
                      {"text_px", textSizeOf(scene)},
                      {"origin", {origin.x * fb.x, origin.y * fb.y}},
                      {"room", {room.x * fb.x, room.y * fb.y}}};
  if (const auto& ev = s.evidence()) {
    j["ran"] = ev->ran;
    j["shows"] = ev->shows;
    if (!std::isnan(ev->measured))
      j["numbers"] = {
          {"seed", ev->seedValue}, {"correct", ev->correct}, {"measured", ev->measured}};
  } else if (!s.evidenceError().empty()) {
    j["evidence_error"] = s.evidenceError();
  } else {
    j["no_run"] = std::string(e.noRun);
  }
  ui.report.panels["spot_the_bug"] = std::move(j);
  ui.report.panelScenes["spot_the_bug"] = scene;
}

}  // namespace

void drawErratumPanel(UiContext& ui, SpotTheBugState& s) {
  if (ImGui::Button("Close")) {
    s.close();
    return;
  }
  ImGui::BeginChild("erratum-view", ImVec2(0, 0), false);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const Scene scene = buildErratumScene(request(ui, s, room), ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = placeScene(scene, ui.fonts);
  ImGui::EndChild();
  report(ui, s, scene, origin, room);
}

}  // namespace scanviz
