// An erratum of the seeds' text as a Scene, so that the slide of an erratum shows what the window
// shows: the title, the seed's words beside what they should read, why, and what scanviz's run
// counted (the seed's figure, the correct one and the run's, as a table) or why no run can show
// it. Sized to be read from the back row, and shrunk (never below minTextSize) to fit its room.
#pragma once

#include <string>

#include "app/core/lesson/errata.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct ErratumSceneRequest {
  const Erratum* erratum = nullptr;
  const ErratumEvidence* evidence = nullptr;  // null: no run (evidenceError says why it failed)
  std::string evidenceError;
  float width = 1200;  // the room; texts wrap to it
  float height = 0;    // 0: as tall as the text needs
  float titleSize = 32;
  float textSize = 24;
  float minTextSize = 15;  // the fit shrinks title and text down to this, not further
};

Scene buildErratumScene(const ErratumSceneRequest& rq, const ViewPalette& palette,
                        const MeasureText& measure);

// "%g": the erratum's figures as the seeds write them (9217 / 1023 = 9.00978).
std::string erratumNumber(double v);

}  // namespace scanviz
