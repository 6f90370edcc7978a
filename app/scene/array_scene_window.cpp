// The array view's focus window (CellWindow): the columns it shows, the room of the elision mark
// on each cut side, the marks themselves, and arrows cut to the window's edge.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <cmath>

#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

// The shown columns (rq.window, clamped to the array) and the room of the elision marks.
void ArraySceneBuilder::layoutWindow() {
  first_ = 0;
  shown_ = columns();
  if (rq_.window.all() || rq_.window.count >= columns()) return;
  first_ = std::clamp(rq_.window.first, 0, std::max(0, columns() - 1));
  shown_ = std::min(rq_.window.count, columns() - first_);
  if (first_ > 0) leftSlot_ = slotWidth(elisionLabel(0, first_ - 1));
  if (first_ + shown_ < columns())
    rightSlot_ = slotWidth(elisionLabel(first_ + shown_, columns() - 1));
}

// "0–23": the true indices of the cells an elision mark stands for.
std::string ArraySceneBuilder::elisionLabel(int first, int last) const {
  return std::to_string(naming_.firstIndex + first) + kEnDash +
         std::to_string(naming_.firstIndex + last);
}

float ArraySceneBuilder::slotWidth(const std::string& label) const {
  return std::max(measure_(label, style_.smallSize, false),
                  measure_(kEllipsis, style_.valueSize, true)) +
         0.8f * style_.smallSize;
}

// On each cut side of a focus window, in the room left for it: the cut cells' indices in the
// index row and an ellipsis in every row of cells and in the threads' row.
void ArraySceneBuilder::addElisionMarks() {
  if (!windowed()) return;
  const auto mark = [&](float left, float width, int first, int last) {
    if (width <= 0) return;
    const float cx = left + 0.5f * width;
    SceneText& label =
        addSceneText(scene_, cx, indexY_, elisionLabel(first, last), pal_.textDim, style_.smallSize,
                     false, TextAlign::Center, "elided-cells", first);
    label.tooltip = std::to_string(last - first + 1) + " cells (" + elisionLabel(first, last) +
                    ") are left out here: presentation mode shows the cells around the one to "
                    "look at; the view at normal size shows all " +
                    std::to_string(columns());
    label.hoverX = left;
    label.hoverY = indexY_;
    label.hoverW = width;
    label.hoverH = 1.3f * style_.smallSize;
    const float size = std::max(style_.minTextSize, valueSize_);
    for (const auto& [top, height] : elidedRows_)
      addText(cx, top + 0.5f * (height - size), kEllipsis, pal_.textDim, size, true,
              TextAlign::Center, "elided-mark", first);
  };
  mark(windowLeft() - leftSlot_, leftSlot_, 0, first_ - 1);
  mark(windowRight(), rightSlot_, first_ + shown_, columns() - 1);
}

// Cuts the segment to the focus window's columns; false when nothing of it is left.
bool ArraySceneBuilder::clipToWindow(float& x1, float& y1, float& x2, float& y2) const {
  const float left = windowLeft(), right = windowRight();
  const auto cut = [&](float& xa, float& ya, float xb, float yb) {
    const float edge = xa < left ? left : xa > right ? right : xa;
    if (edge == xa) return;
    ya += (yb - ya) * (edge - xa) / (xb - xa);
    xa = edge;
  };
  if ((x1 < left && x2 < left) || (x1 > right && x2 > right)) return false;
  const float ox1 = x1, oy1 = y1;
  cut(x1, y1, x2, y2);
  cut(x2, y2, ox1, oy1);
  return std::fabs(x2 - x1) + std::fabs(y2 - y1) > 1;
}

}  // namespace scanviz::array_scene
