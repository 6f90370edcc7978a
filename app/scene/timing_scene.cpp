// The benchmark's plots, legend and notes laid out once as a scene, for the window's tab and the
// deck's slide.
#include "app/scene/timing_scene.h"

#include <algorithm>

#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr float kTimingLineHeight = 1.3f;
constexpr const char* kLegendItem = "timing-legend-item";

// The subjects' swatches in the plots' colours, a hidden one hollow and its label greyed; each
// item's box is what a click finds.
float legend(Scene& s, const TimingSceneRequest& rq, float y, float size,
             const ViewPalette& palette, const MeasureText& measure) {
  const double background = plot::luminance(
      plot::packColor(palette.background.r, palette.background.g, palette.background.b));
  LegendRows rows(&s, measure, 0, rq.width, y, size, 1.45f, palette.text);
  for (size_t i = 0; i < rq.legend.size(); ++i) {
    const TimingLegendItem& item = rq.legend[i];
    const Color c = colorOfPacked(plot::readableOn(item.color, background));
    const float side = rows.swatchSide();
    const LegendRows::Place at = rows.add(side, item.label);
    if (item.hidden) s.texts.back().color = palette.textDim;
    SceneRect& swatch = addSceneRect(s, at.x, at.y, side, side, item.hidden ? Color{0, 0, 0, 0} : c,
                                     "legend-swatch", static_cast<int>(i));
    swatch.stroke = c;
    swatch.strokeWidth = std::max(1.0f, size / 10);
    swatch.rounding = size / 8;
    const float w = side + 0.4f * size + measure(item.label, size, false);
    addSceneRect(s, at.x, at.y, w, side, Color{0, 0, 0, 0}, kLegendItem, static_cast<int>(i));
  }
  return rq.legend.empty() ? y : rows.bottom();
}

// Title, device, error, legend and the compared run's note; returns the y under them.
float header(Scene& s, const TimingSceneRequest& rq, float size, const ViewPalette& palette,
             const MeasureText& measure) {
  const auto text = [&](const std::string& t, float y, const std::string& role, bool bold,
                        Color c) {
    return t.empty() ? y
                     : addWrappedText(s, t, 0, y, rq.width, size, bold, c, role, kTimingLineHeight,
                                      measure);
  };
  float y = text(rq.title, 0, "timing-title", true, palette.text);
  y = text(rq.deviceLine, y, "timing-device", false,
           rq.cpu ? palette.writtenFill : palette.textDim);
  y = text(rq.error, y, "timing-error", false, palette.fail);
  y = legend(s, rq, y + 0.3f * size, size, palette, measure);
  return text(rq.compareNote, y, "timing-compare-note", false, palette.textDim) + 0.4f * size;
}

TimingScene layout(const TimingSceneRequest& rq, float size, const ViewPalette& palette,
                   const MeasureText& measure) {
  TimingScene out;
  Scene& s = out.scene;
  s.width = rq.width;
  const float top = header(s, rq, size, palette, measure);
  const float gap = 1.5f * size, room = std::max(rq.height - top, 0.0f);
  PlotSceneStyle style = rq.plot;
  style.textSize = size;
  // The two line plots side by side over the bars (the bar chart gets the larger part: with a
  // dozen subjects its labels take several rows), or, where that leaves them too little height
  // (a projector's large text), all three in one row, the bars the widest.
  const float half = (rq.width - gap) / 2, row = rq.width - 2 * gap;
  const float over = std::min(plotRoomScore(half, 0.46f * room, size),
                              plotRoomScore(rq.width, 0.54f * room - gap, size));
  const bool inRow = rq.bars && plotRoomScore(0.28f * row, room, size) > over;
  style.width = !rq.bars || !inRow ? half : 0.28f * row;
  style.height = std::max((rq.bars && !inRow ? 0.46f : 1.0f) * room, 8 * size);
  out.plots.push_back(placePlot(s, rq.time, style, 0, top, measure));
  out.plots.push_back(placePlot(s, rq.rate, style, style.width + gap, top, measure));
  float bottom = top + style.height;
  if (rq.bars) {
    plot::PlotSpec bars = *rq.bars;
    const float x = inRow ? 2 * (style.width + gap) : 0, y = inRow ? top : bottom + gap;
    style.width = inRow ? rq.width - x : rq.width;
    style.height = inRow ? style.height : std::max(rq.height - y, 8 * size);
    if (measure(bars.title, size, true) > style.width - 2 * style.padding &&
        !rq.barsShortTitle.empty())
      bars.title = rq.barsShortTitle;
    out.plots.push_back(placePlot(s, std::move(bars), style, x, y, measure));
    bottom = std::max(bottom, y + style.height);
  }
  s.height = bottom;
  return out;
}

}  // namespace

TimingScene buildTimingScene(const TimingSceneRequest& rq, const ViewPalette& palette,
                             const MeasureText& measure) {
  if (!rq.empty.empty()) {
    TimingScene out;
    out.scene = messageScene(rq.empty, rq.width, rq.textSize, palette.textDim, "timing-empty",
                             kTimingLineHeight, measure);
    return out;
  }
  // Smaller text until the plots keep their least height in the room, down to the smallest
  // size allowed.
  return layoutToFit(rq, [&](float size) { return layout(rq, size, palette, measure); });
}

int timingLegendAt(const Scene& scene, float x, float y) {
  for (const SceneRect* r : scene.rectsWithRole(kLegendItem))
    if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h) return r->index;
  return -1;
}

}  // namespace scanviz
