// The pictures an export is made of, as Scenes in logical pixels (1x): one step of the array view,
// laid out exactly as the window lays it out but at the UI's sizes for scale 1, narrowed to its
// content, in the colours of the theme chosen for the picture. Formats and scales come later
// (svg_writer, scene_raster); this file decides what is in the picture. No ImGui here.
#pragma once

#include "app/core/support/app_settings.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/figure_kinds.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct PictureStyle {
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
  float width = 1200;        // the width the array view is laid out for, in logical pixels
  bool explanation = false;  // the step's sentence under the title, as in presentation mode
  bool symbolic = false;     // cells show the inputs they combine (x0..x3) instead of values
  // Steps whose values size the value font (-1: each step its own): one size for every row of a
  // filmstrip and every frame of an animation.
  int sizeFirst = -1;
  int sizeLast = -1;
};

// The text sizes of the array view at UI scale 1.
ArraySceneStyle pictureTextStyle();
ViewPalette picturePalette(const PictureStyle& style);
// Text widths of the embedded fonts: every picture is laid out with these.
const MeasureText& pictureMeasure();

// One step of the array view; the step must exist.
Scene stepPicture(const Trace& trace, int step, const PictureStyle& style);

// A figure of figure_kinds.h (the structure figure filled in up to `step`, the step's bank
// conflicts, the dependence graph scheduled on `processors`); empty when the trace has none.
Scene figurePicture(const Trace& trace, int step, const PictureStyle& style,
                    FigureKind kind = FigureKind::Structure, int processors = 4);

// The layout width, at least style.width, at which steps first..last show every value their cells
// are wide enough for. The array view leaves out a value whose cell is a hair too narrow (the
// window shows it in the tooltip); a picture has no tooltip, so it is laid out a little wider.
// One width for all the steps, so that filmstrip rows and animation frames keep their columns.
float legibleWidth(const Trace& trace, int first, int last, const PictureStyle& style);
// The values steps first..last still leave out or cut short ("1…") at style.width, counted as
// legibleWidth counts them: 0 when every value shows, or when the picture is an overview of a
// long array that shows no values at all.
int unreadableValueCount(const Trace& trace, int first, int last, const PictureStyle& style);

// Pictures shown one after another (GIF frames, numbered PNGs) share one canvas, so nothing jumps:
// the largest width and height among them.
struct CanvasSize {
  float width = 0;
  float height = 0;
};
CanvasSize commonCanvas(const Trace& trace, int first, int last, const PictureStyle& style);

}  // namespace scanviz
