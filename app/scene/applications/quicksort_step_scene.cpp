// One quicksort partition step as a table, one column per key: the keys in their segments (a bar
// where one starts) with their head flags, every key's pivot (scan 1), its side (L: less than the
// pivot), the right-keys before it (scan 2) and the left-keys from it on (scan 3; each side uses
// one of the two, the other is dimmed), its destination, an arrow to its place, and the keys
// after the step in their new segments with their flags.
#include <algorithm>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/core/applications/quicksort_step.h"
#include "app/scene/applications/cell_table.h"
#include "app/scene/applications/domain_scene_parts.h"

namespace scanviz {

float buildQuicksortStepScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                              float y0) {
  constexpr size_t kMaxColumns = 32;  // more cells get too narrow for their numbers
  const ViewPalette& p = ctx.palette;
  const PartitionStep step = partitionStep(run);
  const std::vector<std::string> names = {"keys (| segment)",
                                          "head flags",
                                          "pivot (scan 1)",
                                          "side (L: key < pivot)",
                                          "right-keys before (scan 2)",
                                          "left-keys from here (scan 3)",
                                          "destination",
                                          "after the step",
                                          "new head flags"};
  CellTable table(s, ctx, names, step.keys.size(), kMaxColumns, ctx.style.valueSize * 2.5f,
                  ctx.style.labelSize * 1.7f);
  const size_t n = table.shown();
  const float gap = ctx.style.smallSize * 0.3f;
  const auto isLeft = [&](size_t i) { return step.left[i] != 0; };
  const auto isRight = [&](size_t i) { return step.left[i] == 0; };
  const auto isHead = [&](size_t i) { return step.heads[i] != 0; };
  const auto isNewHead = [&](size_t i) { return step.newHeads[i] != 0; };

  float y = y0 + ctx.style.smallSize * 0.3f;
  const float top = y;
  y = table.addRow(y, names[0], 0, numberTexts(step.keys, n), p.cellFill, p.text, "key") + gap;
  restyleCells(s, "key", isHead, p.beforeFill, p.text, "pivot-key");
  y = table.addRow(y, names[1], 1, flagTexts(step.heads, n), p.beforeFill, p.textDim, "head");
  restyleCells(s, "head", isHead, p.accent, p.background, "head-set");
  y += gap;
  y = table.addRow(y, names[2], 2, numberTexts(step.pivots, n), p.writtenFill, p.writtenText,
                   "pivot") +
      gap;
  std::vector<std::string> sides;
  for (size_t i = 0; i < n; ++i) sides.push_back(step.left[i] ? "L" : "R");
  y = table.addRow(y, names[3], 3, sides, p.cellFill, p.text, "side") + gap;
  Color leftFill = p.accent;  // a tint: the left keys stand out, their numbers stay legible
  leftFill.a = 70;
  restyleCells(s, "side", isLeft, leftFill, p.text, "side-left");
  y = table.addRow(y, names[4], 4, numberTexts(step.rightBefore, n), p.writtenFill, p.writtenText,
                   "right-before") +
      gap;
  restyleCells(s, "right-before", isRight, p.paddingFill, p.textDim, "right-before-unused");
  y = table.addRow(y, names[5], 5, numberTexts(step.leftAfter, n), p.writtenFill, p.writtenText,
                   "left-after") +
      gap;
  restyleCells(s, "left-after", isLeft, p.paddingFill, p.textDim, "left-after-unused");
  y = table.addRow(y, names[6], 6, numberTexts(step.destination, n), p.cellFill, p.text,
                   "destination");
  if (table.showsAll()) table.addSegmentBars(step.heads, top, y, "segment-boundary");

  // Arrows from every key's destination to its place: only when every key is in the table.
  const float arrowsTop = y;
  y += table.rowHeight() * (table.showsAll() ? 1.6f : 0.3f);
  if (table.showsAll())
    for (size_t i = 0; i < n; ++i)
      table.addArrow(static_cast<double>(i), arrowsTop, step.destination[i], y, "move",
                     static_cast<int>(i));
  const float after = y;
  y = table.addRow(y, names[7], 7, numberTexts(step.sorted, n), p.writtenFill, p.writtenText,
                   "sorted") +
      gap;
  y = table.addRow(y, names[8], 8, flagTexts(step.newHeads, n), p.beforeFill, p.textDim,
                   "new-head");
  restyleCells(s, "new-head", isNewHead, p.accent, p.background, "new-head-set");
  if (table.showsAll()) table.addSegmentBars(step.newHeads, after, y, "new-segment-boundary");
  return table.addCutNote(y, "keys");
}

}  // namespace scanviz
