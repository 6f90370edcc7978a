// The Timing view's "Latency ladder" tab (M): the ladder measured on this machine's GPU when the
// lecturer presses Measure, otherwise the one recorded on an H200 that scanviz carries
// (assets/ladder/h200.json, compiled in, so the page and a laptop without NVIDIA show it too),
// drawn from its scene (ladder_scene.h) like every other view.
#include <imgui.h>

#include <string>

#include "app/core/backends/cuda_backend.h"
#include "app/scene/ladder_scene.h"
#include "app/ui/views/timing_view.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz::embedded {
extern const unsigned char recorded_ladder[];
extern const unsigned int recorded_ladder_size;
}  // namespace scanviz::embedded

namespace scanviz {
namespace {

const LadderReport& recordedLadder() {
  static const LadderReport report =
      parseLadderReport(std::string(reinterpret_cast<const char*>(embedded::recorded_ladder),
                                    embedded::recorded_ladder_size),
                        "assets/ladder/h200.json");
  return report;
}

void measureControls(TimingState& s) {
  const CudaStatus& cuda = cudaStatus();
  if (!cuda.available) {
    ImGui::TextDisabled(
        "No GPU here: the ladder recorded on an H200 (bench --ladder measures one).");
    return;
  }
  // A few hundred milliseconds of ping-pong: measured on the spot, between two frames.
  if (ImGui::Button(s.ladder ? "Measure again" : ("Measure on " + cuda.device).c_str())) {
    try {
      s.ladder = measureLadder();
      s.ladderError.clear();
    } catch (const std::exception& e) {
      s.ladderError = e.what();
    }
  }
  if (!s.ladderError.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.3f, 1), "%s", s.ladderError.c_str());
  }
}

nlohmann::json rungsJson(const LadderReport& r) {
  nlohmann::json rungs = nlohmann::json::array();
  for (const LadderRung& rung : r.rungs)
    rungs.push_back({{"rung", std::string(ladderRungInfo(rung.id).key)},
                     {"ns", rung.ns},
                     {"not_measured", rung.notMeasured}});
  return rungs;
}

}  // namespace

void drawLadderPanel(UiContext& ui, TimingState& s) {
  measureControls(s);
  const LadderReport& report = s.ladder ? *s.ladder : recordedLadder();
  LadderSceneRequest rq;
  rq.report = &report;
  rq.source = s.ladder ? "measured now" : "recorded";
  ImGui::BeginChild("ladder-view", ImVec2(0, 0), false);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  rq.width = avail.x;
  rq.height = avail.y;
  const Scene scene = buildLadderScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = placeScene(scene, ui.fonts);
  ui.report.shownParts["ladder"] = shownPart(scene, origin);
  ImGui::EndChild();
  ui.report.panels["ladder"] = {{"device", report.device},
                                {"date", report.date},
                                {"source", rq.source},
                                {"rungs", rungsJson(report)}};
  ui.report.panelScenes["ladder"] = scene;
}

}  // namespace scanviz
