#include "app/ui/shell/frame_output.h"

#include <stb_image_write.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>

#include "app/core/support/output_file.h"

namespace scanviz {
namespace {

// stb hands over the whole PNG in one call; it is kept here so that the pHYs chunk can be put in.
struct PngBytes {
  std::string bytes;
};

extern "C" void collectPngBytes(void* context, void* data, int size) {
  static_cast<PngBytes*>(context)->bytes.append(static_cast<const char*>(data),
                                                static_cast<size_t>(size));
}

// The CRC-32 of PNG chunks (ISO 3309, the polynomial 0xEDB88320), over the chunk's type and data.
uint32_t pngCrc(const std::string& bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char b : bytes) {
    crc ^= b;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

void appendBigEndian(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((v >> shift) & 0xFF));
}

// stb writes no physical size, so slide programs assume 72 or 96 dpi and place a 2x export at
// twice its size. The pHYs chunk says 96 dpi times the scale it was drawn at, in pixels per metre.
std::string physicalSizeChunk(float pixelsPerPoint) {
  const auto perMetre = static_cast<uint32_t>(std::lround(96.0 * pixelsPerPoint / 0.0254));
  std::string body = "pHYs";
  appendBigEndian(body, perMetre);
  appendBigEndian(body, perMetre);
  body.push_back(1);  // unit: the metre
  std::string chunk;
  appendBigEndian(chunk, 9);
  chunk += body;
  appendBigEndian(chunk, pngCrc(body));
  return chunk;
}

// The 8-byte signature and the IHDR chunk (4 length + 4 type + 13 data + 4 CRC) come first.
constexpr size_t kAfterHeader = 8 + 4 + 4 + 13 + 4;

}  // namespace

void encodePng(const PixelImage& image, OutputFile& out) {
  PngBytes png;
  const int stride = image.width * 4;
  const int ok = stbi_write_png_to_func(collectPngBytes, &png, image.width, image.height, 4,
                                        image.rgba.data(), stride);
  if (!ok || png.bytes.size() < kAfterHeader)
    throw WriteError("cannot write '" + out.path() + "': the PNG could not be encoded");
  png.bytes.insert(kAfterHeader, physicalSizeChunk(image.pixelsPerPoint));
  out.write(png.bytes);
}

void writePng(const PixelImage& image, const std::string& path) {
  OutputFile out(path);
  encodePng(image, out);
  out.commit();
}

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
