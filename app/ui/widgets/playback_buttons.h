// The buttons both playback bars share (the lesson's and Compare's): first, back, play or pause,
// forward, last, drawn rather than typed (crisp at every scale, no glyphs needed from the font),
// and the speed's - and + around its value.
#pragma once

#include "app/ui/shell/ui_context.h"

namespace scanviz {

// The five buttons, each running the command `prefix` + first, back, play, forward, last ("" for
// the lesson, "compare-" for Compare), `size` pixels square, on the current line.
void drawPlaybackButtons(UiContext& ui, const char* prefix, bool playing, float size);

// "-  2x  +": the commands slower and faster around the current speed.
void drawSpeedControls(UiContext& ui, double speed);

}  // namespace scanviz
