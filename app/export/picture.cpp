#include "app/export/picture.h"

#include <algorithm>
#include <cmath>

#include "app/export/text_metrics.h"
#include "app/export/text_sizes.h"
#include "app/scene/figure_scene.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"

namespace scanviz {

ArraySceneStyle pictureTextStyle() {
  ArraySceneStyle s{.valueSize = kValueSize,
                    .labelSize = kBodySize,
                    .smallSize = kSmallSize,
                    .titleSize = kHeadingSize};
  return s;
}

ViewPalette picturePalette(const PictureStyle& style) {
  return viewPalette(style.theme, style.palette);
}

const MeasureText& pictureMeasure() {
  static const MeasureText measure = TextMetrics::embedded().measure();
  return measure;
}

namespace {

// Cells this wide are meant to show their value; narrower ones are an overview of a long array.
constexpr float kLegibleCell = 18;
constexpr int kWidenings = 4;
constexpr float kWidenStep = 1.15f;

bool isValueText(const SceneText& t) {
  return t.role.size() > 6 && t.role.compare(t.role.size() - 6, 6, "-value") == 0;
}

// Values the view left out or cut short: the view drops or elides a value whose cell is too
// narrow for it (the window shows it in the tooltip), and a picture has none. A value counts as
// dropped when its cell is wide enough to be meant for values, or when the picture shows other
// values at all: then the blank cells are the longer values (a 64-element scan's sums with three
// digits among the ones with two), and a slide with holes in its rows reads as a wrong answer.
int droppedValues(const Scene& s) {
  // A value cut short ("1…", as the array view elides it) tells a slide no more than a blank cell.
  const auto cut = [](const SceneText& t) { return t.text.empty() || t.text.ends_with(kEllipsis); };
  const bool valuesShown = std::any_of(s.texts.begin(), s.texts.end(), [&](const SceneText& t) {
    return isValueText(t) && !cut(t);
  });
  int n = 0;
  for (const SceneText& t : s.texts)
    n += isValueText(t) && cut(t) && (valuesShown || t.hoverW >= kLegibleCell);
  return n;
}

}  // namespace

Scene stepPicture(const Trace& trace, int step, const PictureStyle& style) {
  ArraySceneRequest rq{.trace = &trace, .step = step, .width = style.width};
  rq.height = 0;  // the style's sizes as they are: no growing to fill a panel
  rq.withExplanation = style.explanation;
  rq.symbolic = style.symbolic;
  rq.valueSizeFirst = style.sizeFirst;
  rq.valueSizeLast = style.sizeLast;
  Scene scene = buildArrayScene(rq, pictureTextStyle(), picturePalette(style), pictureMeasure());
  // The same margin on the right as the view keeps on the left.
  fitWidth(scene, pictureMeasure(), 0.6f * pictureTextStyle().labelSize);
  return scene;
}

Scene figurePicture(const Trace& trace, int step, const PictureStyle& style, FigureKind kind,
                    int processors) {
  FigureRequest rq;
  rq.trace = &trace;
  rq.step = step;
  rq.width = style.width;
  rq.symbolic = style.symbolic;
  rq.processors = processors;
  Scene scene =
      figureKindInfo(kind).build(rq, pictureTextStyle(), picturePalette(style), pictureMeasure());
  // The slide-sized figures fill the width they are given; the structure figure ends at its cells.
  if (kind == FigureKind::Structure)
    fitWidth(scene, pictureMeasure(), 0.6f * pictureTextStyle().labelSize);
  return scene;
}

float legibleWidth(const Trace& trace, int first, int last, const PictureStyle& style) {
  // At most kWidenings steps of 15 % over the whole range: a value that no width makes fit (cells
  // are capped at three value heights) must not grow the picture without end.
  const float most = style.width * std::pow(kWidenStep, static_cast<float>(kWidenings));
  PictureStyle s = style;
  for (int k = first; k <= last; ++k)
    while (s.width < most && droppedValues(stepPicture(trace, k, s)) > 0)
      s.width = std::min(most, s.width * kWidenStep);
  return s.width;
}

int unreadableValueCount(const Trace& trace, int first, int last, const PictureStyle& style) {
  int n = 0;
  for (int k = first; k <= last; ++k) n += droppedValues(stepPicture(trace, k, style));
  return n;
}

CanvasSize commonCanvas(const Trace& trace, int first, int last, const PictureStyle& style) {
  CanvasSize c;
  for (int k = first; k <= last; ++k) {
    const Scene s = stepPicture(trace, k, style);
    c.width = std::max(c.width, s.width);
    c.height = std::max(c.height, s.height);
  }
  return c;
}

}  // namespace scanviz
