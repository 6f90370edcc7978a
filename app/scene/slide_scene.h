// A deck's view as a 16:9 slide (scanviz export --deck): the view's title on top, the scene the
// window drew for the view scaled to fill the rest, and for a handout the speaker notes in a band
// under the slide. Every slide format (SVG, PNG, PDF) writes this one scene.
#pragma once

#include <string>
#include <vector>

#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct SlideSpec {
  float width = 1920;  // the slide; the handout's notes go below it
  float height = 1080;
  std::string title;
  std::vector<std::string> notes;  // plain lines (notesAsPlainLines); empty: no handout band
  // Said in the slide's place when the view drew no scene (widgets only: tables, the timing
  // tabs); empty when `content` is the picture.
  std::vector<std::string> fallback;
};

// The notes band's height for `lines` lines at `width` (0 for none).
float slideNotesHeight(const SlideSpec& spec);

Scene slideScene(const Scene& content, const SlideSpec& spec, const ViewPalette& palette);

}  // namespace scanviz
