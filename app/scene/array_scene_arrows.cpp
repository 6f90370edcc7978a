// The array view's arrows: an operand's into the cell it was combined into, the own value's, a
// move's (dashed), a sequential pass's chain along its row, and the chips of values from outside
// the array with their arrows into the cells they reach.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <cmath>

#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

void ArraySceneBuilder::addArrow(float x1, float y1, float x2, float y2, Color c, float width,
                                 const std::string& role, int index, bool dashed) {
  if (!visible(std::min(x1, x2), std::fabs(x2 - x1))) return;
  // With a focus window: an arrow into a cell left out is left out too; one from a cell left
  // out enters the window at its edge, on its way.
  if (windowed() && (x2 < windowLeft() || x2 > windowRight() || !clipToWindow(x1, y1, x2, y2)))
    return;
  SceneLine l{.x1 = x1,
              .y1 = y1,
              .x2 = x2,
              .y2 = y2,
              .color = c,
              .width = width,
              .arrow = true,
              .dashed = dashed,
              .role = role,
              .index = index};
  scene_.lines.push_back(l);
}

// Operand and move arrows are thinned alike: more than one every 6 pixels keeps every k-th.
// Over the whole array's span at this cell width: a focus window shows the arrows as dense as
// they are (its own arrows, not all of them, fall into it).
size_t ArraySceneBuilder::arrowStride(size_t arrows) const {
  const float span = std::max(1.0f, static_cast<float>(count()) * cw_);
  return std::max<size_t>(1, static_cast<size_t>(std::ceil(6.0f * arrows / span)));
}

float ArraySceneBuilder::arrowWidth() const {
  // Thinner arrows between narrow cells, so that a long array still shows its pattern.
  return std::clamp(0.12f * style_.labelSize, 1.0f, std::max(1.0f, 0.25f * cw_));
}

void ArraySceneBuilder::addArrows(float top, float bottom, bool load) {
  const float gap = 0.15f * style_.labelSize;
  const float width = arrowWidth();
  if (load) {
    for (int i = 0; i < validCount_ && i < static_cast<int>(before_->size()); ++i)
      addArrow(cellCentre(i), top + gap, cellCentre(i), bottom - gap, pal_.ownArrow, 0.6f * width,
               "load-arrow", i);
    return;
  }
  // The destination's own value first, thin, so the operand arrows stay on top. Only where the
  // old value takes part: a moved or cleared cell's old value is gone.
  if (cw_ >= 8)
    for (int i = 0; i < count(); ++i)
      if ((writeOf(i) == CellWrite::Combined || writeOf(i) == CellWrite::Changed) && !underChip(i))
        addArrow(cellCentre(i), top + gap, cellCentre(i), bottom - gap, pal_.ownArrow, 0.6f * width,
                 "own-arrow", i);
  // Moves (Blelloch's swap), dashed: a value changes place without an operator. Drawn under the
  // operand arrows, which they cross.
  for (size_t j = 0, every = arrowStride(moves_.size()); j < moves_.size(); j += every) {
    const CellMove m = moves_[j];
    if (m.src < 0 || m.src >= count() || m.dst < 0 || m.dst >= count()) continue;
    addArrow(cellCentre(m.src), top + gap, cellCentre(m.dst), bottom - gap, pal_.text,
             std::max(1.0f, 0.75f * width), "move-arrow", m.dst, /*dashed=*/true);
  }
  if (chain_) return;  // its operand arrows run inside the row it wrote (addChainArrows)
  for (size_t j = 0, every = arrowStride(s_.edges.size()); j < s_.edges.size(); j += every) {
    const auto [dst, src] = s_.edges[j];
    if (src < 0 || src >= count()) continue;
    addArrow(cellCentre(src), top + gap, cellCentre(dst), bottom - gap, pal_.arrow, width, "arrow",
             dst);
  }
}

// The chips of outside_ in the band between `top` and `bottom`: a block's over the middle of
// its cells near the top (its arrows fan out below it), a cell's just above the cell (clear of
// the arrows that leave the row before).
void ArraySceneBuilder::layoutChips(float top, float bottom) {
  const float gap = 0.15f * style_.labelSize;
  // A chip's text is not below the back row's size in presentation mode: the chip then takes
  // more of the band between the rows.
  const float h = std::min(1.3f * style_.smallSize,
                           std::max(0.4f * (bottom - top), kChipOverText * style_.minTextSize));
  for (const OutsideSource& src : outside_) {
    // A block's chip over the cells of it that a focus window shows.
    const int lo = std::max(src.cells.front(), first_);
    const int hi = std::max(lo, std::min(src.cells.back(), first_ + shown_ - 1));
    const float left = cellX(lo), right = cellX(hi + 1);
    const bool single = src.cells.size() == 1;
    const float room = (single ? kCellBox : 1.0f) * (right - left) - 0.1f * cw_;
    const float w = std::clamp(measure_(src.text, chipTextSize(h), true) + 0.6f * h,
                               std::min(room, 1.2f * h), std::max(1.0f, room));
    SceneRect r;
    r.x = 0.5f * (left + right - w);
    r.y = single && before_ ? bottom - gap - h - 0.8f * style_.labelSize : top + gap;
    r.w = w;
    r.h = h;
    r.fill = pal_.background;
    r.stroke = pal_.accent;
    r.strokeWidth = std::max(1.5f, 0.1f * style_.smallSize);
    r.rounding = 0.3f * h;
    r.role = "outside-source";
    r.index = src.cells.front();
    chips_.push_back(r);
  }
}

float ArraySceneBuilder::chipTextSize(float h) const {
  return std::max(std::min(style_.minTextSize, style_.smallSize),
                  std::min(style_.smallSize, h / kChipOverText));
}

// True when a chip covers cell i's column (its own-value arrow would run under the chip).
bool ArraySceneBuilder::underChip(int i) const {
  for (const SceneRect& r : chips_)
    if (cellCentre(i) >= r.x && cellCentre(i) <= r.x + r.w) return true;
  return false;
}

void ArraySceneBuilder::addChips() {
  const float gap = 0.15f * style_.labelSize;
  const float width = std::max(1.0f, arrowWidth());
  for (size_t k = 0; k < outside_.size(); ++k) {
    const OutsideSource& src = outside_[k];
    const SceneRect& r = chips_[k];
    const float left = std::min(r.x, cellX(src.cells.front()));
    if (!visible(left, std::max(r.x + r.w, cellX(src.cells.back() + 1)) - left)) continue;
    scene_.rects.push_back(r);
    const float size = chipTextSize(r.h);
    SceneText& text =
        addSceneText(scene_, r.x + 0.5f * r.w, r.y + 0.5f * (r.h - size),
                     fitText(src.text, r.w - 0.2f * r.h, size, true, measure_), pal_.text, size,
                     true, TextAlign::Center, "outside-source-text", src.cells.front());
    text.tooltip = src.tooltip;
    text.hoverX = r.x;
    text.hoverY = r.y;
    text.hoverW = r.w;
    text.hoverH = r.h;
    // An arrow into every cell (thinned as the others over narrow cells): solid where the
    // operator was applied to the value, dashed where it was moved in.
    const size_t every = arrowStride(src.cells.size());
    for (size_t j = 0; j < src.cells.size(); j += every) {
      const int dst = src.cells[j];
      const float x = std::clamp(cellCentre(dst), r.x + 0.2f * r.h, r.x + r.w - 0.2f * r.h);
      addArrow(x, r.y + r.h, cellCentre(dst), afterTop_ - gap,
               src.combined ? pal_.arrow : pal_.text,
               src.combined ? width : std::max(1.0f, 0.75f * width), "outside-arrow", dst,
               /*dashed=*/!src.combined);
    }
  }
}

// A sequential pass: each element combines its left neighbour's new value, so the arrows run
// along the row that was written, just under it, one link of the chain per application.
void ArraySceneBuilder::addChainArrows(float rowTop) {
  const float y = rowTop + cellH_ + 0.3f * style_.labelSize;  // in the gap above the threads
  const float inset = 0.1f * cw_;
  const float width = arrowWidth();
  for (size_t j = 0, every = arrowStride(s_.edges.size()); j < s_.edges.size(); j += every) {
    const auto [dst, src] = s_.edges[j];
    if (src < 0 || src >= count() || dst < 0 || dst >= count()) continue;
    addArrow(cellCentre(src) + inset, y, cellCentre(dst) - inset, y, pal_.arrow, width,
             "chain-arrow", dst);
  }
}

}  // namespace scanviz::array_scene
