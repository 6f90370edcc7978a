#include "app/export/timeline_picture.h"

#include <algorithm>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/scene/timeline_scene.h"

namespace scanviz {
namespace {

// Slides are landscape: the picture is at least 9/16 of its width high, and grows (in steps of
// a quarter) only while some lanes would not fit, up to this many times its width.
constexpr float kSlideAspect = 9.0f / 16.0f;
constexpr float kGrowStep = 1.25f;
constexpr float kTallest = 4;

bool everyLaneShown(const TimelineScene& drawn, const BlockTimeline& timeline) {
  return drawn.layout.lanes.size() == timeline.lanes.size();
}

}  // namespace

Scene timelinePicture(const Trace& trace, LaneGrouping lanes, const PictureStyle& style) {
  const BlockTimeline timeline = buildBlockTimeline(trace, lanes);
  TimelineSceneRequest rq{.trace = &trace,
                          .timeline = &timeline,
                          .view = fullView(timeline),
                          .width = style.width,
                          .height = style.width * kSlideAspect};
  const ArraySceneStyle text = pictureTextStyle();
  const ViewPalette palette = picturePalette(style);
  TimelineScene drawn = buildTimelineScene(rq, text, palette, pictureMeasure());
  while (!everyLaneShown(drawn, timeline) && rq.height < kTallest * style.width) {
    rq.height *= kGrowStep;
    drawn = buildTimelineScene(rq, text, palette, pictureMeasure());
  }
  return std::move(drawn.scene);
}

std::string timelinePictureProblem(const Trace& trace) {
  // A block-level scan records its one block too, but a timeline of one bar shows nothing of
  // what the panel is for: blocks overlapping and waiting for each other.
  const auto id = findAlgorithm(trace.meta.algorithm);
  const bool blockLevel = id && algorithmInfo(*id).level == AlgorithmLevel::Block;
  if (!blockLevel && !trace.blocks.empty()) return {};
  std::string grid;
  for (const AlgorithmInfo& a : allAlgorithms())
    if (a.level == AlgorithmLevel::Grid) grid += (grid.empty() ? "" : ", ") + std::string(a.key);
  return "the block timeline needs the per-block timings of a grid-level scan, and this trace of " +
         trace.meta.algorithm +
         (blockLevel ? " (a block-level scan: one block) has none" : " has none") +
         "; they are recorded by " + grid + ", e.g. assets/traces/decoupled-lookback-1048576.json";
}

}  // namespace scanviz
