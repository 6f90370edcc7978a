#include "app/ui/frame_output.h"

#include <stb_image_write.h>

#include <nlohmann/json.hpp>

#include <exception>

#include "app/core/output_file.h"

namespace scanviz {
namespace {

// stb calls back from C: the failure is kept and rethrown once stb has returned.
struct PngSink {
  OutputFile& out;
  std::exception_ptr failure;
};

extern "C" void writePngBytes(void* context, void* data, int size) {
  auto* sink = static_cast<PngSink*>(context);
  if (sink->failure) return;
  try {
    sink->out.write(data, static_cast<size_t>(size));
  } catch (...) {
    sink->failure = std::current_exception();
  }
}

}  // namespace

void encodePng(const PixelImage& image, OutputFile& out) {
  PngSink sink{out, nullptr};
  const int stride = image.width * 4;
  const int ok = stbi_write_png_to_func(writePngBytes, &sink, image.width, image.height, 4,
                                        image.rgba.data(), stride);
  if (sink.failure) std::rethrow_exception(sink.failure);
  if (!ok) throw WriteError("cannot write '" + out.path() + "': the PNG could not be encoded");
}

void writePng(const PixelImage& image, const std::string& path) {
  OutputFile out(path);
  encodePng(image, out);
  out.commit();
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
  j["panels"] = report.panels;
  for (const auto& [name, scene] : report.panelScenes)
    j["panels"][name]["scene"] = sceneToJson(scene);
  j["banner"] = {{"text", state.banner().text}, {"error", state.banner().error}};
  j["step"] = state.playback.step();
  j["steps"] = state.playback.stepCount();
  j["theme"] = std::string(themeKey(state.settings().theme));
  j["ui_scale"] = state.settings().uiScale;
  j["content_scale"] = report.contentScale;
  j["pixel_scale"] = report.pixelScale;
  j["presentation"] = state.presentation;
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
