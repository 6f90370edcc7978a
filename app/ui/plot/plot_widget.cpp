#include "app/ui/plot/plot_widget.h"

#include <algorithm>
#include <cmath>

namespace scanviz::plot {
namespace {

ImVec2 toImVec(Point p) {
  return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
}

float textWidth(const std::string& s) {
  return ImGui::CalcTextSize(s.c_str()).x;
}

void drawText(ImDrawList* dl, Point at, ImU32 color, const std::string& s) {
  dl->AddText(toImVec(at), color, s.c_str());
}

// A label that fits `width` pixels, shortened with ".." when it does not.
std::string fitText(const std::string& s, float width) {
  if (textWidth(s) <= width) return s;
  std::string cut = s;
  while (cut.size() > 1 && textWidth(cut + "..") > width) cut.pop_back();
  return cut + "..";
}

void dashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float dash, float thickness) {
  const float length = std::hypot(b.x - a.x, b.y - a.y);
  if (length <= 0) return;
  const ImVec2 dir((b.x - a.x) / length, (b.y - a.y) / length);
  for (float t = 0; t < length; t += 2 * dash) {
    const float e = std::min(length, t + dash * 1.2f);
    dl->AddLine(ImVec2(a.x + dir.x * t, a.y + dir.y * t), ImVec2(a.x + dir.x * e, a.y + dir.y * e),
                color, thickness);
  }
}

std::string defaultFormatX(AxisScale scale, double v) {
  std::string s = formatExactValue(v);
  if (scale == AxisScale::Log2 && v > 0) {
    const double k = std::log2(v);
    if (k == std::floor(k)) s += " (2^" + std::to_string(static_cast<int>(k)) + ")";
  }
  return s;
}

struct LegendEntry {
  std::string text;
  ImU32 color;
  bool reference;
  MarkerShape marker = MarkerShape::Circle;
  bool markers = false;
};

}  // namespace

void DrawMarker(ImDrawList* dl, ImVec2 center, float radius, MarkerShape shape, ImU32 color,
                ImU32 background, float thickness) {
  // The stroke lies inside the outline, so hollow and filled markers are the same size.
  const bool isHollow = hollow(shape);
  const float inset = isHollow ? thickness / 2 : 0;
  if (shape == MarkerShape::Circle || shape == MarkerShape::Ring) {
    dl->AddCircleFilled(center, radius - inset, isHollow ? background : color);
    if (isHollow) dl->AddCircle(center, radius - inset, color, 0, thickness);
    return;
  }
  const float h = static_cast<float>(squareHalfSide(radius)) - inset;
  const ImVec2 a(center.x - h, center.y - h), b(center.x + h, center.y + h);
  dl->AddRectFilled(a, b, isHollow ? background : color);
  if (isHollow) dl->AddRect(a, b, color, 0, 0, thickness);
}

PlotResult PlotWidget(const char* id, const PlotSpec& spec) {
  PlotResult result;
  const float lh = ImGui::GetTextLineHeight();
  const float pad = ImGui::GetStyle().ItemInnerSpacing.x + 2;
  ImVec2 size(spec.size.x, spec.size.y);
  if (size.x <= 0) size.x = std::max(ImGui::GetContentRegionAvail().x, lh * 10);
  if (size.y <= 0) size.y = lh * 16;
  size.x = std::max(size.x, lh * 4);
  size.y = std::max(size.y, lh * 4);

  ImGui::PushID(id);
  ImGui::InvisibleButton("##plot", size);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 frameMin = ImGui::GetItemRectMin(), frameMax = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 textColor = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dimColor = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 gridColor = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  const ImU32 minorGridColor = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.15f);
  const ImU32 frameColor = ImGui::GetColorU32(ImGuiCol_FrameBg);
  // Opaque, so that a hollow marker hides the line through it.
  const ImU32 markerBackground = frameColor | IM_COL32_A_MASK;
  dl->AddRectFilled(frameMin, frameMax, frameColor, ImGui::GetStyle().FrameRounding);

  const bool bars = spec.mode == PlotMode::Bars;
  const int seriesCount = static_cast<int>(spec.series.size());
  int categoryCount = static_cast<int>(spec.categories.size());
  std::vector<ImU32> colors;
  std::vector<MarkerShape> shapes;
  // Pale colours (the palette's yellow) are darkened on a light theme's frame.
  const double background = luminance(frameColor);
  for (int s = 0; s < seriesCount; ++s) {
    colors.push_back(
        readableOn(spec.series[s].color ? spec.series[s].color : seriesColor(s), background));
    shapes.push_back(markerOf(spec.series[s], s));
  }
  std::vector<ImU32> referenceColors;
  for (size_t r = 0; r < spec.references.size(); ++r)
    referenceColors.push_back(readableOn(spec.references[r].color
                                             ? spec.references[r].color
                                             : seriesColor(seriesCount + static_cast<int>(r)),
                                         background));

  // Ranges over everything that can be shown.
  std::vector<double> xs, ys;
  bool anyData = false;
  for (const Series& s : spec.series) {
    if (bars) categoryCount = std::max(categoryCount, static_cast<int>(s.y.size()));
    const size_t count = bars ? s.y.size() : std::min(s.x.size(), s.y.size());
    for (size_t i = 0; i < count; ++i) {
      if (!bars) xs.push_back(s.x[i]);
      ys.push_back(s.y[i]);
      if ((bars || representable(spec.xScale, s.x[i])) && representable(spec.yScale, s.y[i]))
        anyData = true;
    }
  }
  for (const ReferenceLine& r : spec.references) ys.push_back(r.y);
  const Range xRange = autoRange(spec.xScale, xs, false);
  const Range yRange =
      autoRange(spec.yScale, ys, spec.includeZeroY || (bars && spec.yScale == AxisScale::Linear));

  // Measure, lay out, then choose ticks for the plot's real size.
  std::vector<Tick> yTicks = axisTicks(spec.yScale, yRange, maxTicksFor(size.y * 0.7, lh * 2));
  float yLabelWidth = 0;
  for (const Tick& t : yTicks) yLabelWidth = std::max(yLabelWidth, textWidth(t.label));
  std::vector<LegendEntry> legend;
  if (spec.legend) {
    for (int s = 0; s < seriesCount; ++s)
      if (!spec.series[s].name.empty())
        legend.push_back(
            {spec.series[s].name, colors[s], false, shapes[s], spec.series[s].markers});
    for (size_t r = 0; r < spec.references.size(); ++r)
      if (!spec.references[r].label.empty())
        legend.push_back({spec.references[r].label, referenceColors[r], true});
  }
  LayoutInput in;
  in.frame = {frameMin.x, frameMin.y, frameMax.x, frameMax.y};
  in.lineHeight = lh;
  in.padding = pad;
  in.yTickLabelWidth = yLabelWidth;
  in.hasTitle = !spec.title.empty();
  in.hasXLabel = !spec.xLabel.empty();
  in.hasYLabel = !spec.yLabel.empty();
  for (const LegendEntry& e : legend) in.legendTextWidths.push_back(textWidth(e.text));
  float widestCategory = 0;
  for (const std::string& c : spec.categories)
    widestCategory = std::max(widestCategory, textWidth(c));
  if (bars && categoryCount > 0) {
    const double groupWidth = (size.x - yLabelWidth - 4 * pad) / categoryCount;
    if (widestCategory + pad > groupWidth) in.xTickLabelRows = 2;  // stagger the labels
  }
  const PlotLayout layout = computeLayout(in);
  const Rect& plot = layout.plot;
  result.plotArea = plot;
  result.x = {spec.xScale, xRange.min, xRange.max, plot.x0, plot.x1};
  result.y = {spec.yScale, yRange.min, yRange.max, plot.y1, plot.y0};
  const AxisMap& xMap = result.x;
  const AxisMap& yMap = result.y;
  yTicks = axisTicks(spec.yScale, yRange, maxTicksFor(plot.height(), lh * 2));
  std::vector<Tick> xTicks;
  if (!bars) {
    xTicks = axisTicks(spec.xScale, xRange, maxTicksFor(plot.width(), lh * 5));
    float widest = 0;
    for (const Tick& t : xTicks) widest = std::max(widest, textWidth(t.label));
    if (!xTicks.empty() && xTicks.size() * (widest + lh) > plot.width())
      xTicks = axisTicks(spec.xScale, xRange, maxTicksFor(plot.width(), widest + lh));
  }

  // Title and axis labels.
  if (in.hasTitle) drawText(dl, layout.title, textColor, spec.title);
  if (in.hasYLabel) drawText(dl, layout.yLabel, dimColor, spec.yLabel);
  if (in.hasXLabel)
    drawText(dl, {layout.xLabel.x - textWidth(spec.xLabel) / 2, layout.xLabel.y}, dimColor,
             spec.xLabel);

  // Grid and tick labels.
  for (const Tick& t : yTicks) {
    const double py = yMap.toPixel(t.value);
    if (std::isnan(py) || py < plot.y0 - 0.5 || py > plot.y1 + 0.5) continue;
    dl->AddLine(ImVec2(plot.x0, py), ImVec2(plot.x1, py), t.major ? gridColor : minorGridColor);
    if (!t.label.empty())
      drawText(dl, {plot.x0 - pad - textWidth(t.label), py - lh / 2}, dimColor, t.label);
  }
  for (const Tick& t : xTicks) {
    const double px = xMap.toPixel(t.value);
    if (std::isnan(px) || px < plot.x0 - 0.5 || px > plot.x1 + 0.5) continue;
    dl->AddLine(ImVec2(px, plot.y0), ImVec2(px, plot.y1), t.major ? gridColor : minorGridColor);
    if (!t.label.empty())
      drawText(dl, {px - textWidth(t.label) / 2, plot.y1 + pad / 2}, dimColor, t.label);
  }
  if (bars) {
    const double groupWidth = plot.width() / std::max(1, categoryCount);
    const int rows = static_cast<int>(in.xTickLabelRows);
    for (int c = 0; c < static_cast<int>(spec.categories.size()) && c < categoryCount; ++c) {
      const std::string label =
          fitText(spec.categories[c], static_cast<float>(groupWidth * rows - pad));
      const double cx = categoryCenter(c, categoryCount, plot.x0, plot.x1);
      drawText(dl, {cx - textWidth(label) / 2, plot.y1 + pad / 2 + (c % rows) * lh}, dimColor,
               label);
    }
  }
  dl->AddRect(toImVec({plot.x0, plot.y0}), toImVec({plot.x1, plot.y1}), dimColor);

  if (!anyData) {
    const float w = textWidth(spec.emptyText);
    drawText(dl, {(plot.x0 + plot.x1 - w) / 2, (plot.y0 + plot.y1 - lh) / 2}, dimColor,
             spec.emptyText);
  }

  // Data, clipped to the plot area.
  const float thickness = std::max(1.5f, lh / 7);
  // Large enough that a square reads as a square on a projector.
  const float markerRadius = thickness * 2.2f;
  // Markers on the range's ends stay whole: the range ends on the extreme values.
  const double margin = markerRadius + 1;
  dl->PushClipRect(toImVec({plot.x0 - margin, plot.y0 - margin}),
                   toImVec({plot.x1 + margin, plot.y1 + margin}), true);
  std::vector<std::vector<Point>> pixels(static_cast<size_t>(seriesCount));
  if (bars) {
    const double base =
        yMap.toPixel(spec.yScale == AxisScale::Linear ? std::max(0.0, yRange.min) : yRange.min);
    for (int s = 0; s < seriesCount; ++s)
      for (int c = 0; c < static_cast<int>(spec.series[s].y.size()); ++c) {
        const double top = yMap.toPixel(spec.series[s].y[c]);
        if (std::isnan(top)) continue;
        const Rect slot = barSlot(c, s, categoryCount, seriesCount, plot.x0, plot.x1);
        dl->AddRectFilled(ImVec2(slot.x0, std::min(top, base)),
                          ImVec2(slot.x1, std::max(top, base)), colors[s]);
      }
  } else {
    for (int s = 0; s < seriesCount; ++s) {
      const Series& series = spec.series[s];
      const size_t count = std::min(series.x.size(), series.y.size());
      std::vector<ImVec2> run;
      const auto flush = [&] {
        if (run.size() >= 2)
          dl->AddPolyline(run.data(), static_cast<int>(run.size()), colors[s], 0, thickness);
        run.clear();
      };
      for (size_t i = 0; i < count; ++i) {
        const Point p{xMap.toPixel(series.x[i]), yMap.toPixel(series.y[i])};
        pixels[s].push_back(p);
        if (std::isnan(p.x) || std::isnan(p.y)) {
          flush();  // a value the scale cannot show breaks the line
          continue;
        }
        run.push_back(toImVec(p));
      }
      flush();
      if (series.markers)
        for (const Point& p : pixels[s])
          if (!std::isnan(p.x) && !std::isnan(p.y))
            DrawMarker(dl, toImVec(p), markerRadius, shapes[s], colors[s], markerBackground,
                       thickness);
    }
  }
  for (size_t r = 0; r < spec.references.size(); ++r) {
    const double py = yMap.toPixel(spec.references[r].y);
    if (std::isnan(py)) continue;
    dashedLine(dl, ImVec2(plot.x0, py), ImVec2(plot.x1, py), referenceColors[r], lh / 2,
               thickness * 0.8f);
    const std::string& label = spec.references[r].label;
    if (!label.empty())
      drawText(dl, {plot.x1 - pad - textWidth(label), py - lh - 1}, referenceColors[r], label);
  }

  // Hover: the nearest point (lines) or the bar under the mouse (bars), with exact values.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && plot.contains({mouse.x, mouse.y})) {
    PlotHover& h = result.hover;
    if (bars) {
      const BarHit hit = barAt(mouse.x, categoryCount, seriesCount, plot.x0, plot.x1);
      if (hit.category >= 0 && hit.category < static_cast<int>(spec.series[hit.series].y.size()) &&
          representable(spec.yScale, spec.series[hit.series].y[hit.category])) {
        h = {true, hit.series, hit.category, static_cast<double>(hit.category),
             spec.series[hit.series].y[hit.category]};
        const Rect slot =
            barSlot(hit.category, hit.series, categoryCount, seriesCount, plot.x0, plot.x1);
        dl->AddRect(ImVec2(slot.x0, yMap.toPixel(h.y)), ImVec2(slot.x1, plot.y1), textColor);
      }
    } else {
      const NearestHit hit = nearestPoint(pixels, {mouse.x, mouse.y}, lh * 1.5);
      if (hit.series >= 0) {
        const Series& s = spec.series[hit.series];
        h = {true, hit.series, hit.index, s.x[hit.index], s.y[hit.index]};
        dl->AddCircle(toImVec(pixels[hit.series][hit.index]), thickness * 3.5f, textColor, 0,
                      thickness);
      }
    }
    if (h.active) {
      const Series& s = spec.series[h.series];
      const std::string yText = spec.formatY ? spec.formatY(h.y) : formatExactValue(h.y);
      ImGui::BeginTooltip();
      ImGui::ColorButton("##swatch", ImGui::ColorConvertU32ToFloat4(colors[h.series]),
                         ImGuiColorEditFlags_NoTooltip, ImVec2(lh, lh));
      ImGui::SameLine();
      ImGui::TextUnformatted(s.name.empty() ? "series" : s.name.c_str());
      if (bars) {
        if (h.index < static_cast<int>(spec.categories.size()))
          ImGui::TextUnformatted(spec.categories[h.index].c_str());
      } else {
        const std::string xText =
            spec.formatX ? spec.formatX(h.x) : defaultFormatX(spec.xScale, h.x);
        ImGui::Text("%s: %s", spec.xLabel.empty() ? "x" : spec.xLabel.c_str(), xText.c_str());
      }
      ImGui::Text("%s: %s", spec.yLabel.empty() ? "y" : spec.yLabel.c_str(), yText.c_str());
      ImGui::EndTooltip();
    }
  }
  dl->PopClipRect();

  // Legend last, above the data.
  for (size_t i = 0; i < legend.size() && i < layout.legendEntries.size(); ++i) {
    const Point at = layout.legendEntries[i];
    const LegendEntry& e = legend[i];
    const float midY = static_cast<float>(at.y + lh / 2);
    const ImVec2 a(static_cast<float>(at.x), midY);
    const ImVec2 b(static_cast<float>(at.x + layout.swatchWidth), midY);
    if (e.reference) {
      dashedLine(dl, a, b, e.color, lh / 4, thickness * 0.8f);
    } else if (bars) {
      dl->AddRectFilled(ImVec2(a.x, at.y + 2), ImVec2(b.x, at.y + lh - 2), e.color);
    } else {
      dl->AddLine(a, b, e.color, thickness);
      if (e.markers)  // the swatch is drawn as the series is
        DrawMarker(dl, ImVec2((a.x + b.x) / 2, midY), markerRadius, e.marker, e.color,
                   markerBackground, thickness);
    }
    drawText(dl, {at.x + layout.swatchWidth + pad / 2, at.y}, textColor, e.text);
  }
  ImGui::PopID();
  return result;
}

}  // namespace scanviz::plot
