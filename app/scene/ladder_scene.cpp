#include "app/scene/ladder_scene.h"

#include <algorithm>
#include <cmath>

#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

// The time axis: 1 ns to 100 us, a decade a tick.
constexpr double kAxisFirst = 1;
constexpr double kAxisLast = 1e5;

class LadderSceneBuilder : SceneLook {
 public:
  LadderSceneBuilder(const LadderSceneRequest& rq, const ArraySceneStyle& style,
                     const ViewPalette& pal, const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq), r_(*rq.report) {}

  Scene build() {
    const float pad = 0.6f * style_.labelSize;
    float y = pad;
    y = addWrappedText(scene_, "The latency ladder: one hand-off at each level", pad, y,
                       rq_.width - 2 * pad, style_.titleSize, true, pal_.text, "title", 1.3f,
                       measure_);
    y = addWrappedText(scene_, subtitle(), pad, y, rq_.width - 2 * pad, style_.smallSize, false,
                       pal_.textDim, "subtitle", 1.3f, measure_);
    labelW_ = 0;
    for (const LadderRung& rung : r_.rungs)
      labelW_ = std::max(
          labelW_, measure_(std::string(ladderRungInfo(rung.id).name), style_.labelSize, true));
    labelW_ = std::min(labelW_, 0.4f * rq_.width);
    axisLeft_ = pad + labelW_ + pad;
    axisRight_ = rq_.width - pad;
    y += 0.5f * style_.smallSize;
    y = addAxis(y);
    for (size_t i = 0; i < r_.rungs.size(); ++i) y = addRung(r_.rungs[i], static_cast<int>(i), y);
    y = addWrappedText(scene_,
                       "A flag's time is a round trip, A to B and back. Each level costs several "
                       "times the one below: a scan climbs to it only with work that hides it.",
                       pad, y + 0.3f * style_.smallSize, rq_.width - 2 * pad, style_.smallSize,
                       false, pal_.textDim, "ladder-note", 1.3f, measure_);
    scene_.width = rq_.width;
    scene_.height = y + pad;
    return std::move(scene_);
  }

 private:
  std::string subtitle() const {
    return r_.device + "  \xC2\xB7  " + std::to_string(r_.gpus) + " GPU" +
           (r_.gpus == 1 ? "" : "s") + "  \xC2\xB7  " + r_.date.substr(0, 10) + "  \xC2\xB7  " +
           rq_.source + " by scanviz bench --ladder";
  }

  float xOf(double ns) const {
    const double t = (std::log10(std::clamp(ns, kAxisFirst, kAxisLast)) - std::log10(kAxisFirst)) /
                     (std::log10(kAxisLast) - std::log10(kAxisFirst));
    return axisLeft_ + static_cast<float>(t) * (axisRight_ - axisLeft_);
  }

  // The decades along the top, with a faint line down through the rungs.
  float addAxis(float y) {
    const char* labels[] = {"1 ns", "10 ns", "100 ns", "1 us", "10 us", "100 us"};
    double ns = kAxisFirst;
    for (const char* label : labels) {
      addSceneText(scene_, xOf(ns), y, label, pal_.textDim, style_.smallSize, false,
                   ns == kAxisFirst  ? TextAlign::Left
                   : ns == kAxisLast ? TextAlign::Right
                                     : TextAlign::Center,
                   "ladder-axis");
      ticks_.push_back(xOf(ns));
      ns *= 10;
    }
    gridTop_ = y + 1.3f * style_.smallSize;
    return gridTop_ + 0.3f * style_.smallSize;
  }

  float addRung(const LadderRung& rung, int index, float y) {
    const LadderRungInfo& info = ladderRungInfo(rung.id);
    const float pad = 0.6f * style_.labelSize;
    const float barH = 1.2f * style_.labelSize;
    addSceneText(scene_, pad, y + 0.5f * (barH - style_.labelSize), std::string(info.name),
                 rung.measured() ? pal_.text : pal_.textDim, style_.labelSize, true,
                 TextAlign::Left, "ladder-rung", index);
    for (float x : ticks_) {
      SceneLine& l = addSceneLine(scene_, x, y - 0.2f * barH, x, y + 1.2f * barH, pal_.cellStroke,
                                  1, "ladder-grid");
      l.dashed = true;
    }
    if (rung.measured()) {
      SceneRect& bar = addSceneRect(scene_, axisLeft_, y, xOf(rung.ns) - axisLeft_, barH,
                                    pal_.writtenFill, "ladder-bar", index);
      bar.stroke = pal_.cellStroke;
      bar.strokeWidth = 1.5f;
      bar.rounding = 0.15f * barH;
      SceneText& t = addSceneText(
          scene_, xOf(rung.ns) + 0.4f * style_.labelSize, y + 0.5f * (barH - style_.labelSize),
          formatLadderTime(rung.ns) + "  " + std::string(info.unit), pal_.text, style_.labelSize,
          true, TextAlign::Left, "ladder-time", index);
      t.tooltip =
          "joins " + std::string(info.joins) + (rung.where.empty() ? "" : ", on " + rung.where);
    } else {
      SceneRect& box = addSceneRect(scene_, axisLeft_, y, axisRight_ - axisLeft_, barH,
                                    Color{0, 0, 0, 0}, "ladder-unmeasured", index);
      box.stroke = pal_.textDim;
      box.strokeWidth = 1.5f;
      addSceneText(scene_, axisLeft_ + 0.4f * style_.labelSize,
                   y + 0.5f * (barH - style_.smallSize), "not measured here: " + rung.notMeasured,
                   pal_.textDim, style_.smallSize, false, TextAlign::Left, "ladder-why-not", index);
    }
    const float below = y + barH + 0.15f * style_.smallSize;
    // What it joins is the tooltip; under the bar, the scan that climbs to this level.
    return addWrappedText(scene_, std::string(info.why), axisLeft_, below, axisRight_ - axisLeft_,
                          style_.smallSize, false, pal_.textDim, "ladder-level", 1.3f, measure_) +
           0.45f * style_.labelSize;
  }

  const LadderSceneRequest& rq_;
  const LadderReport& r_;
  Scene scene_;
  float labelW_ = 0, axisLeft_ = 0, axisRight_ = 0, gridTop_ = 0;
  std::vector<float> ticks_;
};

}  // namespace

Scene buildLadderScene(const LadderSceneRequest& rq, const ArraySceneStyle& style,
                       const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.report) return {};
  Scene scene = LadderSceneBuilder(rq, style, palette, measure).build();
  // Taller than its view: smaller type, never below the style's floor (presenting, the back
  // row's size), rather than rungs below the fold.
  ArraySceneStyle smaller = style;
  for (int attempt = 0; attempt < 3 && rq.height > 0 && scene.height > rq.height + 0.5f;
       ++attempt) {
    smaller = smaller.scaled(std::max(0.7f, 0.98f * rq.height / scene.height));
    Scene fitted = LadderSceneBuilder(rq, smaller, palette, measure).build();
    if (fitted.height >= scene.height) break;
    scene = std::move(fitted);
  }
  return scene;
}

}  // namespace scanviz
