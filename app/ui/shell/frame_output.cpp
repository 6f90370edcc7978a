#include "app/ui/shell/frame_output.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>

#include "app/core/support/output_file.h"

namespace scanviz {

std::string windowTitle(const AppState& state) {
  const std::string file = state.hasTrace() ? state.shown().sourceFile : std::string();
  if (file.empty()) return kWindowTitle;
  const std::string name =
      file == "-" ? std::string("standard input") : std::filesystem::path(file).filename().string();
  return name + " - scanviz";
}

std::string frameReportJson(const FrameReport& report, const AppState& state, int windowWidth,
                            int windowHeight) {
  using nlohmann::json;
  json counters = json::array();
  for (const auto& row : report.counters)
    counters.push_back({{"label", row.label}, {"value", row.value}});
  json j;
  j["window"] = {windowWidth, windowHeight};
  j["scene_origin"] = {report.sceneOriginX, report.sceneOriginY};
  j["scene"] = sceneToJson(report.arrayScene);
  j["counters"] = counters;
  j["status"] = report.status;
  j["explanation"] = report.explanation;
  j["explanation_about"] = report.explanationAbout;
  j["panels"] = report.panels;
  for (const auto& [name, scene] : report.panelScenes)
    j["panels"][name]["scene"] = sceneToJson(scene);
  j["banner"] = {{"text", state.banner().text}, {"error", state.banner().error}};
  j["step"] = state.playback.step();
  j["steps"] = state.playback.stepCount();
  j["theme"] = std::string(keyOf(kThemeKeys, state.settings().theme));
  j["ui_scale"] = state.settings().uiScale;
  j["content_scale"] = report.contentScale;
  j["pixel_scale"] = report.pixelScale;
  j["presentation"] = state.presentation;
  j["title"] = windowTitle(state);
  if (state.hasTrace()) {
    const Trace& t = state.trace();
    j["trace"] = {{"algorithm", t.meta.algorithm},
                  {"n", t.meta.n},
                  {"backend", t.meta.backend},
                  {"device", t.meta.device},
                  {"file", state.shown().traceFile}};
  }
  return j.dump(1) + "\n";
}

}  // namespace scanviz
