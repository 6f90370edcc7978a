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
namespace {

constexpr size_t kMaxColumns = 32;

std::vector<std::string> flagTexts(const std::vector<uint8_t>& flags, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) out.push_back(flags[i] ? "1" : "0");
  return out;
}

// Fills the cells of `role` by a per-column choice; `roleIf` renames the chosen ones.
template <class Choose>
void restyle(Scene& s, const std::string& role, Choose chosen, Color fill, Color text,
             const std::string& roleIf) {
  for (SceneRect& r : s.rects)
    if (r.role == role && chosen(static_cast<size_t>(r.index))) r.fill = fill, r.role = roleIf;
  for (SceneText& t : s.texts)
    if (t.role == role + "-value" && chosen(static_cast<size_t>(t.index)))
      t.color = text, t.role = roleIf + "-value";
}

}  // namespace

float buildQuicksortStepScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                              float y0) {
  const ViewPalette& p = ctx.palette;
  const PartitionStep step = partitionStep(run);
  const size_t total = step.keys.size();
  const size_t n = std::min(total, kMaxColumns);
  const std::vector<std::string> names = {"keys (| segment)",
                                          "head flags",
                                          "pivot (scan 1)",
                                          "side (L: key < pivot)",
                                          "right-keys before (scan 2)",
                                          "left-keys from here (scan 3)",
                                          "destination",
                                          "after the step",
                                          "new head flags"};
  CellTable table(s, ctx, names, n, ctx.style.valueSize * 2.5f, ctx.style.labelSize * 1.7f);
  const float gap = ctx.style.smallSize * 0.3f;
  const auto isLeft = [&](size_t i) { return step.left[i] != 0; };
  const auto isRight = [&](size_t i) { return step.left[i] == 0; };
  const auto isHead = [&](size_t i) { return step.heads[i] != 0; };
  const auto isNewHead = [&](size_t i) { return step.newHeads[i] != 0; };

  float y = y0 + ctx.style.smallSize * 0.3f;
  const float top = y;
  y = table.addRow(y, names[0], 0, numberTexts(step.keys, n), p.cellFill, p.text, "key") + gap;
  restyle(s, "key", isHead, p.beforeFill, p.text, "pivot-key");
  y = table.addRow(y, names[1], 1, flagTexts(step.heads, n), p.beforeFill, p.textDim, "head");
  restyle(s, "head", isHead, p.accent, p.background, "head-set");
  y += gap;
  y = table.addRow(y, names[2], 2, numberTexts(step.pivots, n), p.writtenFill, p.writtenText,
                   "pivot") +
      gap;
  std::vector<std::string> sides;
  for (size_t i = 0; i < n; ++i) sides.push_back(step.left[i] ? "L" : "R");
  y = table.addRow(y, names[3], 3, sides, p.cellFill, p.text, "side") + gap;
  Color leftFill = p.accent;  // a tint: the left keys stand out, their numbers stay legible
  leftFill.a = 70;
  restyle(s, "side", isLeft, leftFill, p.text, "side-left");
  y = table.addRow(y, names[4], 4, numberTexts(step.rightBefore, n), p.writtenFill, p.writtenText,
                   "right-before") +
      gap;
  restyle(s, "right-before", isRight, p.paddingFill, p.textDim, "right-before-unused");
  y = table.addRow(y, names[5], 5, numberTexts(step.leftAfter, n), p.writtenFill, p.writtenText,
                   "left-after") +
      gap;
  restyle(s, "left-after", isLeft, p.paddingFill, p.textDim, "left-after-unused");
  y = table.addRow(y, names[6], 6, numberTexts(step.destination, n), p.cellFill, p.text,
                   "destination");
  if (n == total) table.addSegmentBars(step.heads, top, y, "segment-boundary");

  // Arrows from every key's destination to its place: only when every key is in the table.
  const float arrowsTop = y;
  y += table.rowHeight() * (n == total ? 1.6f : 0.3f);
  if (n == total)
    for (size_t i = 0; i < n; ++i)
      table.addArrow(static_cast<double>(i), arrowsTop, step.destination[i], y, "move",
                     static_cast<int>(i));
  const float after = y;
  y = table.addRow(y, names[7], 7, numberTexts(step.sorted, n), p.writtenFill, p.writtenText,
                   "sorted") +
      gap;
  y = table.addRow(y, names[8], 8, flagTexts(step.newHeads, n), p.beforeFill, p.textDim,
                   "new-head");
  restyle(s, "new-head", isNewHead, p.accent, p.background, "new-head-set");
  if (n == total) table.addSegmentBars(step.newHeads, after, y, "new-segment-boundary");
  return table.addCutNote(y, n, total, "keys");
}

}  // namespace scanviz
