// The colours of the views for a theme and palette. Cells keep dark text on light fills and light
// text on dark fills (contrast for projectors); the Okabe-Ito palette stays distinguishable with
// the common colour-vision deficiencies.
#pragma once

#include "app/core/support/app_settings.h"
#include "app/scene/scene.h"

namespace scanviz {

struct ViewPalette {
  Color background;
  Color text;
  Color textDim;
  Color cellFill;
  Color cellStroke;
  Color beforeFill;
  Color beforeText;
  Color writtenFill;  // cells written in this step
  Color writtenText;
  Color sourceStroke;  // cells read as the left operand
  Color arrow;
  Color ownArrow;  // the destination's own old value flowing into the operator
  Color threadActive;
  Color threadWaiting;
  Color threadDone;
  Color warpLine;
  Color blockLine;
  Color paddingFill;
  Color paddingHatch;
  Color pass;
  Color fail;
  Color bannerFill;
  Color bannerText;
  Color accent;  // scrubber thumb, current phase
  // The cell a question asks about (class mode): its own hue, never the operand's blue, so that a
  // student does not read the mark as "this cell is read in the step".
  Color askedStroke;
};

ViewPalette viewPalette(Theme theme, Palette palette);

}  // namespace scanviz
