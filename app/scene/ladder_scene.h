// The latency ladder as a figure (the Timing view's "Latency ladder" tab, its slide): a rung a
// level of the hierarchy, from a block's barrier to the GPUs of a host, each a bar on one
// logarithmic time axis with its time, what it joins and the scan that climbs to it; the rungs
// this machine could not time say why, dashed. Why each level exists reads off the bars: each
// costs about ten times the one below, so a level pays only for work that hides its hand-off.
#pragma once

#include <string>

#include "app/core/bench/ladder.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct LadderSceneRequest {
  const LadderReport* report = nullptr;
  std::string source;  // "recorded" or "measured now": said in the subtitle
  float width = 1200;
  float height = 0;  // a taller ladder shrinks its type to fit, down to the floor; 0: natural
};

Scene buildLadderScene(const LadderSceneRequest& rq, const ArraySceneStyle& style,
                       const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
