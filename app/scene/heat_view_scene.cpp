#include "app/scene/heat_view_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/core/layouts/color_map.h"
#include "app/core/layouts/plot_math.h"
#include "app/core/playback/playback.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

constexpr int kGradientSlices = 64;
const char* const kMiddleDot = "  \xC2\xB7  ";

Color toColor(Rgb c) {
  const auto byte = [](float v) {
    return static_cast<uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255));
  };
  return Color{byte(c.r), byte(c.g), byte(c.b), 255};
}

float pad(const ArraySceneStyle& s) {
  return 0.6f * s.labelSize;
}

float labelColumnWidth(const ArraySceneStyle& s, const MeasureText& measure) {
  const float rows = std::max(measure("sums after", s.labelSize, false),
                              measure("down-sweep 12", s.smallSize, false));
  return pad(s) + rows + pad(s);
}

class HeatSceneBuilder : StepSceneInputs<HeatSceneRequest> {
 public:
  HeatSceneBuilder(const HeatSceneRequest& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                   const MeasureText& measure)
      : StepSceneInputs(rq, style, pal, measure) {}

  HeatScene build() {
    const bool cells = rq_.cellsHeight > 0;
    out_.labelWidth = cells ? rq_.cellsLabelWidth : labelColumnWidth(style_, measure_);
    imageW_ = std::max(1.0f, rq_.width - out_.labelWidth - pad(style_));
    float y = cells ? rq_.cellsHeight + 0.4f * style_.labelSize : pad(style_);
    if (!cells) y = addStrip(addTitle(y));
    y = addSpaceTime(y);
    addLegend(y);
    out_.scene.width = rq_.width;
    out_.scene.height = rq_.height;
    return std::move(out_);
  }

 private:
  Scene& scene() { return out_.scene; }

  void text(float x, float y, std::string s, Color c, float size, bool bold, TextAlign align,
            std::string role, int index = -1) {
    addSceneText(scene(), x, y, std::move(s), c, size, bold, align, std::move(role), index);
  }

  void frame(const HeatRect& r, const std::string& role, int index = -1) {
    SceneRect f{.x = r.x,
                .y = r.y,
                .w = r.w,
                .h = r.h,
                .stroke = pal_.cellStroke,
                .strokeWidth = 1,
                .role = role,
                .index = index};
    scene().rects.push_back(f);
  }

  // What the array of this step is, in words.
  std::string arrayDescription() const {
    if (!s_.wholeBits.empty()) {
      const std::string all = groupedCount(t_.meta.n) + " elements";
      if (isSectionStep(s_))
        return all + " of all " + std::to_string(t_.meta.blocksTotal) + " blocks";
      return all + " of the global array";
    }
    const std::string count = groupedCount(static_cast<long long>(s_.values.size())) + " elements";
    std::string where;
    if (isSectionStep(s_)) {
      where = "the section of block " + std::to_string(s_.block);
      if (s_.level > 0) where = "the block sums (level " + std::to_string(s_.level) + "), " + where;
    } else if (s_.array == "global") {
      where = "the global array from Y[" + std::to_string(s_.offset) + "]";
    } else {
      where = "the block sums";
    }
    return count + " of " + where + kMiddleDot + "N = " + groupedCount(t_.meta.n);
  }

  std::string windowDescription() const {
    const ColumnRange c = visibleColumns(rq_.viewport, columns());
    const double zoom = static_cast<double>(columns()) / std::max(1e-9, rq_.viewport.span);
    char z[32];
    std::snprintf(z, sizeof z, "%.3g", zoom);
    return "showing " + std::to_string(firstIndex() + c.first) + " .. " +
           std::to_string(firstIndex() + std::max(c.first, c.last - 1)) + " (zoom " + z + "x)";
  }

  int columns() const { return std::max(1, heatColumns(t_)); }

  // The array index of column 0: a whole-array row starts at element 0, a window at its offset.
  long long firstIndex() const { return s_.wholeBits.empty() ? s_.offset : 0; }

  float addTitle(float y) {
    const std::string title = "Step " + std::to_string(rq_.step) + " of " +
                              std::to_string(t_.steps.size() - 1) + kMiddleDot + s_.label;
    text(pad(style_), y, title, pal_.text, style_.titleSize, true, TextAlign::Left, "title");
    y += 1.35f * style_.titleSize;
    text(pad(style_), y, arrayDescription() + kMiddleDot + windowDescription(), pal_.textDim,
         style_.smallSize, false, TextAlign::Left, "heat-subtitle");
    return y + 1.6f * style_.smallSize;
  }

  void rowLabel(const std::string& s, float y, float h, float size, Color c) {
    text(pad(style_), y + 0.5f * (h - size), s, c, size, false, TextAlign::Left, "row-label");
  }

  float addStrip(float y) {
    const float stripH = std::clamp(1.7f * style_.valueSize, 2.0f * style_.labelSize, 120.0f);
    out_.strip = {out_.labelWidth, y, imageW_, stripH};
    rowLabel(heatRowName(s_), y, stripH, style_.labelSize, pal_.text);
    frame(out_.strip, "heat-strip", rq_.step);
    y += stripH + 0.2f * style_.smallSize;
    const float marksH = 0.8f * style_.smallSize;
    out_.writes = {out_.labelWidth, y, imageW_, marksH};
    rowLabel("written", y, marksH, style_.smallSize, pal_.textDim);
    frame(out_.writes, "heat-writes", rq_.step);
    y += marksH + 0.2f * style_.smallSize;
    return addTicks(y) + 0.5f * style_.labelSize;
  }

  // Element indices under the strip, at round numbers that leave room for their labels.
  float addTicks(float y) {
    const double first = rq_.viewport.first, last = first + rq_.viewport.span;
    const float size = style_.smallSize;
    const float labelW =
        measure_(std::to_string(firstIndex() + static_cast<long long>(last)), size, false) + size;
    const int maxTicks = plot::maxTicksFor(imageW_, labelW);
    for (const plot::Tick& tick : plot::linearTicks(first, last, maxTicks)) {
      if (tick.value != std::floor(tick.value)) continue;
      const float x =
          out_.labelWidth + static_cast<float>(xOfElement(rq_.viewport, tick.value + 0.5, imageW_));
      if (x < out_.labelWidth || x > out_.labelWidth + imageW_) continue;
      SceneLine l;
      l.x1 = l.x2 = x;
      l.y1 = y;
      l.y2 = y + 0.35f * size;
      l.color = pal_.textDim;
      l.role = "heat-tick-line";
      scene().lines.push_back(l);
      text(x, y + 0.4f * size, std::to_string(firstIndex() + static_cast<long long>(tick.value)),
           pal_.textDim, size, false, TextAlign::Center, "heat-tick");
    }
    return y + 1.8f * size;
  }

  float legendHeight() const { return 3.2f * style_.smallSize + pad(style_); }

  float addSpaceTime(float y) {
    const float small = style_.smallSize;
    text(out_.labelWidth, y,
         "The whole run: one row per step, time flows down (click a row to show that step)",
         pal_.textDim, small, false, TextAlign::Left, "heat-heading");
    y += 1.5f * small;
    const float bottom = rq_.height - legendHeight() - 0.5f * style_.labelSize;
    const int rows = static_cast<int>(t_.steps.size());
    const float h = std::max(std::min(3.0f * rows, 4 * small), bottom - y);
    out_.spaceTime = {out_.labelWidth, y, imageW_, h};
    frame(out_.spaceTime, "space-time");
    addStepLabels();
    addCurrentRow();
    return y + h + 0.5f * style_.labelSize;
  }

  // Step numbers beside the rows when they are tall enough, else the first step of each phase;
  // labels never overlap.
  void addStepLabels() {
    const HeatRect& r = out_.spaceTime;
    const int rows = static_cast<int>(t_.steps.size());
    const float rowH = r.h / static_cast<float>(std::max(1, rows));
    const float size = std::clamp(0.9f * rowH, 0.75f * style_.smallSize, style_.smallSize);
    const bool everyRow = rowH >= 0.75f * style_.smallSize;
    const float width = out_.labelWidth - 1.2f * pad(style_);
    std::vector<std::string> phaseAt(static_cast<size_t>(rows));
    for (const PhaseMarker& m : phaseMarkers(t_))
      phaseAt[static_cast<size_t>(m.firstStep)] = m.phase;
    float nextFree = -1e9f;
    for (int k = 0; k < rows; ++k) {
      const std::string& phase = phaseAt[static_cast<size_t>(k)];
      const float top = r.y + static_cast<float>(yOfRow(k, r.h, rows));
      const float y = std::min(top + 0.5f * (rowH - size), r.y + r.h - size);
      if (y < nextFree || (!everyRow && phase.empty() && k != rq_.step)) continue;
      const std::string label = std::to_string(k) + (phase.empty() ? "" : " " + phase);
      const bool current = k == rq_.step;
      text(pad(style_), y, fitText(label, width, size, current, measure_),
           current ? pal_.text : pal_.textDim, size, current, TextAlign::Left, "step-label", k);
      nextFree = y + 1.05f * size;
    }
  }

  void addCurrentRow() {
    const HeatRect& r = out_.spaceTime;
    const int rows = static_cast<int>(t_.steps.size());
    const float top = r.y + static_cast<float>(yOfRow(rq_.step, r.h, rows));
    const float h = std::max(2.0f, r.h / static_cast<float>(std::max(1, rows)));
    SceneRect row;
    row.x = r.x - 1;
    row.y = top - 1;
    row.w = r.w + 2;
    row.h = h + 2;
    row.stroke = pal_.accent;
    row.strokeWidth = std::max(2.0f, 0.12f * style_.labelSize);
    row.role = "heat-current-row";
    row.index = rq_.step;
    scene().rects.push_back(row);
    SceneLine arrow;
    arrow.x1 = r.x - 1.1f * pad(style_);
    arrow.x2 = r.x - 2;
    arrow.y1 = arrow.y2 = top + 0.5f * h;
    arrow.color = pal_.accent;
    arrow.width = std::max(2.0f, 0.12f * style_.labelSize);
    arrow.arrow = true;
    arrow.role = "heat-current-arrow";
    arrow.index = rq_.step;
    scene().lines.push_back(arrow);
  }

  std::string legendValue(double f) const {
    const double v = valueAtFraction(f, rq_.range, rq_.scale);
    return formatValue(t_.meta.dtype == "int32" ? std::round(v) : v, t_.meta.dtype);
  }

  void addLegend(float y) {
    const float small = style_.smallSize;
    const float x0 = out_.labelWidth;
    const float barW = std::min(imageW_ * 0.45f, 26 * small);
    const float barH = 0.9f * small;
    rowLabel("value", y, barH, small, pal_.textDim);
    const float slice = barW / kGradientSlices;
    for (int i = 0; i < kGradientSlices; ++i) {
      SceneRect r{.x = x0 + slice * static_cast<float>(i), .y = y};
      r.w = slice + 0.5f;  // overlap: no seams between slices
      r.h = barH;
      r.fill = toColor(colorMapAt((static_cast<float>(i) + 0.5f) / kGradientSlices));
      r.role = "legend-gradient";
      r.index = i;
      scene().rects.push_back(r);
    }
    const float ty = y + barH + 0.25f * small;
    text(x0, ty, legendValue(0), pal_.textDim, small, false, TextAlign::Left, "legend-value", 0);
    text(x0 + 0.5f * barW, ty, legendValue(0.5), pal_.textDim, small, false, TextAlign::Center,
         "legend-value", 1);
    text(x0 + barW, ty, legendValue(1), pal_.textDim, small, false, TextAlign::Right,
         "legend-value", 2);
    const std::string scale = rq_.scale == HeatScale::Log ? "log scale" : "linear scale";
    text(x0, ty + 1.2f * small, scale + ", over every step of the run", pal_.textDim, small, false,
         TextAlign::Left, "legend");
    addSwatches(x0 + barW + 2 * small, y);
  }

  // Beside the colour bar, or on the next line when the panel is too narrow.
  void addSwatches(float x, float y) {
    LegendRows rows(&scene(), measure_, x, rq_.width, y, style_.smallSize, 1.5f, pal_.textDim);
    const float d = rows.swatchSide();
    const auto swatch = [&](const std::string& label, Color fill, Color stroke, bool hatched) {
      const auto [at, rowY] = rows.add(d, label);
      SceneRect& r = addSceneRect(scene(), at, rowY, d, d, fill, "legend-swatch");
      r.stroke = stroke;
      r.strokeWidth = 1;
      r.hatched = hatched;
    };
    swatch(rq_.colorByWrites ? "written in that step" : "written in this step", pal_.writtenFill,
           pal_.cellStroke, false);
    swatch("no value (padding, shorter array)", pal_.paddingFill, pal_.paddingHatch, true);
  }

  HeatScene out_;
  float imageW_ = 0;
};

}  // namespace

std::string heatRowName(const TraceStep& s) {
  if (isSectionStep(s)) return "XY after";
  return s.array == "global" ? "Y after" : "sums after";
}

float heatImageWidth(float width, const ArraySceneStyle& style, const MeasureText& measure) {
  return std::max(1.0f, width - labelColumnWidth(style, measure) - pad(style));
}

HeatScene buildHeatScene(const HeatSceneRequest& rq, const ArraySceneStyle& style,
                         const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || rq.step < 0 || rq.step >= static_cast<int>(rq.trace->steps.size())) return {};
  return HeatSceneBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
