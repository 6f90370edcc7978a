#include "app/ui/widgets/plot_widget.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/scene/plot_scene.h"
#include "app/ui/widgets/scene_renderer.h"

namespace scanviz::plot {
namespace {

Color styleColor(ImGuiCol role, float alpha = 1) {
  const ImU32 c = ImGui::GetColorU32(role, alpha);  // IM_COL32 packing: 0xAABBGGRR
  return Color{static_cast<uint8_t>(c), static_cast<uint8_t>(c >> 8), static_cast<uint8_t>(c >> 16),
               static_cast<uint8_t>(c >> 24)};
}

ImU32 imColor(Color c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}

std::string defaultFormatX(AxisScale scale, double v) {
  std::string s = formatExactValue(v);
  if (scale == AxisScale::Log2 && v > 0) {
    const double k = std::log2(v);
    if (k == std::floor(k)) s += " (2^" + std::to_string(static_cast<int>(k)) + ")";
  }
  return s;
}

// The plot's frame: the size the spec asks for, or the panel's width and 16 lines of text.
ImVec2 frameSize(const PlotSpec& spec, float lineHeight) {
  ImVec2 size(spec.size.x, spec.size.y);
  if (size.x <= 0) size.x = std::max(ImGui::GetContentRegionAvail().x, lineHeight * 10);
  if (size.y <= 0) size.y = lineHeight * 16;
  return ImVec2(std::max(size.x, lineHeight * 4), std::max(size.y, lineHeight * 4));
}

PlotSceneStyle windowStyle(ImVec2 size) {
  PlotSceneStyle style;
  style.width = size.x;
  style.height = size.y;
  style.textSize = ImGui::GetTextLineHeight();
  style.padding = ImGui::GetStyle().ItemInnerSpacing.x + 2;
  style.frameRounding = ImGui::GetStyle().FrameRounding;
  style.frame = styleColor(ImGuiCol_FrameBg);
  style.text = styleColor(ImGuiCol_Text);
  style.textDim = styleColor(ImGuiCol_TextDisabled);
  return style;
}

// The point or bar under `mouse` (scene coordinates), ringed on `dl` at `origin`.
PlotHover hoverAt(const PlotSpec& spec, const PlotScene& drawn, Point mouse, ImDrawList* dl,
                  ImVec2 origin) {
  PlotHover h;
  const Rect& plot = drawn.plotArea;
  if (!plot.contains(mouse)) return h;
  const ImU32 ring = ImGui::GetColorU32(ImGuiCol_Text);
  const int seriesCount = static_cast<int>(spec.series.size());
  if (spec.mode == PlotMode::Bars) {
    const BarHit hit = barAt(mouse.x, drawn.categories, seriesCount, plot.x0, plot.x1);
    if (hit.series < 0 || hit.series >= seriesCount) return h;
    const std::vector<double>& values = spec.series[hit.series].y;
    if (hit.category < 0 || hit.category >= static_cast<int>(values.size()) ||
        !representable(spec.yScale, values[hit.category]))
      return h;
    h = {true, hit.series, hit.category, static_cast<double>(hit.category), values[hit.category]};
    const Rect slot =
        barSlot(hit.category, hit.series, drawn.categories, seriesCount, plot.x0, plot.x1);
    dl->AddRect(ImVec2(origin.x + slot.x0, origin.y + drawn.y.toPixel(h.y)),
                ImVec2(origin.x + slot.x1, origin.y + plot.y1), ring);
    return h;
  }
  const NearestHit hit = nearestPoint(drawn.points, mouse, drawn.textSize * 1.5);
  if (hit.series < 0) return h;
  const Series& s = spec.series[hit.series];
  h = {true, hit.series, hit.index, s.x[hit.index], s.y[hit.index]};
  const Point p = drawn.points[hit.series][hit.index];
  dl->AddCircle(ImVec2(origin.x + p.x, origin.y + p.y), drawn.lineWidth * 3.5f, ring, 0,
                drawn.lineWidth);
  return h;
}

void hoverTooltip(const PlotSpec& spec, const PlotScene& drawn, const PlotHover& h) {
  const Series& s = spec.series[h.series];
  const float lh = ImGui::GetTextLineHeight();
  ImGui::BeginTooltip();
  ImGui::ColorButton("##swatch",
                     ImGui::ColorConvertU32ToFloat4(imColor(drawn.seriesColors[h.series])),
                     ImGuiColorEditFlags_NoTooltip, ImVec2(lh, lh));
  ImGui::SameLine();
  ImGui::TextUnformatted(s.name.empty() ? "series" : s.name.c_str());
  if (spec.mode == PlotMode::Bars) {
    if (h.index < static_cast<int>(spec.categories.size()))
      ImGui::TextUnformatted(spec.categories[h.index].c_str());
  } else {
    const std::string xText = spec.formatX ? spec.formatX(h.x) : defaultFormatX(spec.xScale, h.x);
    ImGui::Text("%s: %s", spec.xLabel.empty() ? "x" : spec.xLabel.c_str(), xText.c_str());
  }
  const std::string yText = spec.formatY ? spec.formatY(h.y) : formatExactValue(h.y);
  ImGui::Text("%s: %s", spec.yLabel.empty() ? "y" : spec.yLabel.c_str(), yText.c_str());
  ImGui::EndTooltip();
}

// A map from the scene's pixels to the screen's.
AxisMap shifted(AxisMap m, double by) {
  m.pixelMin += by;
  m.pixelMax += by;
  return m;
}

}  // namespace

namespace {

// Where the plot drawn at `origin` put its data, on screen, and the pointer's point or bar.
PlotResult answer(const PlotSpec& spec, const PlotScene& drawn, ImVec2 origin, bool hovered) {
  PlotResult result;
  const Rect& a = drawn.plotArea;
  result.plotArea = {origin.x + a.x0, origin.y + a.y0, origin.x + a.x1, origin.y + a.y1};
  result.x = shifted(drawn.x, origin.x);
  result.y = shifted(drawn.y, origin.y);
  if (hovered) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    result.hover = hoverAt(spec, drawn, {mouse.x - origin.x, mouse.y - origin.y},
                           ImGui::GetWindowDrawList(), origin);
    if (result.hover.active) hoverTooltip(spec, drawn, result.hover);
  }
  return result;
}

}  // namespace

PlotResult PlotWidget(const char* id, const PlotSpec& spec, const FontSet& fonts) {
  const ImVec2 size = frameSize(spec, ImGui::GetTextLineHeight());
  ImGui::PushID(id);
  ImGui::InvisibleButton("##plot", size);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 origin = ImGui::GetItemRectMin();
  const PlotScene drawn = buildPlotScene(spec, windowStyle(size), fontMeasure(fonts));
  drawScene(*ImGui::GetWindowDrawList(), drawn.scene, origin, fonts);
  const PlotResult result = answer(spec, drawn, origin, hovered);
  ImGui::PopID();
  return result;
}

PlotResult placedPlotHover(const PlacedPlot& placed, ImVec2 sceneOrigin, bool hovered) {
  return answer(placed.spec, placed.drawn,
                ImVec2(sceneOrigin.x + placed.x, sceneOrigin.y + placed.y), hovered);
}

PlotSceneStyle plotStyleOfWindow() {
  return windowStyle(ImVec2(0, 0));
}

PlotViewRoom plotViewRoom(float minTextSize) {
  const ImVec2 room = ImGui::GetContentRegionAvail();
  PlotViewRoom r;
  r.width = room.x - ImGui::GetFontSize();
  r.height = room.y;
  r.textSize = ImGui::GetFontSize();
  r.minTextSize = minTextSize;
  r.plot = plotStyleOfWindow();
  return r;
}

}  // namespace scanviz::plot
