#include "app/scene/scene_geometry.h"

#include <algorithm>

namespace scanviz {
namespace {

void grow(SceneBox& b, bool& first, float l, float t, float r, float bt) {
  if (first) {
    b = {l, t, r, bt};
    first = false;
    return;
  }
  b.left = std::min(b.left, l);
  b.top = std::min(b.top, t);
  b.right = std::max(b.right, r);
  b.bottom = std::max(b.bottom, bt);
}

float textLeft(const SceneText& t, float width) {
  if (t.align == TextAlign::Center) return t.x - 0.5f * width;
  if (t.align == TextAlign::Right) return t.x - width;
  return t.x;
}

}  // namespace

SceneBox sceneContentBox(const Scene& s, const MeasureText& measure) {
  SceneBox b;
  bool first = true;
  for (const SceneRect& r : s.rects) {
    const float half = 0.5f * r.strokeWidth;
    grow(b, first, r.x - half, r.y - half, r.x + r.w + half, r.y + r.h + half);
  }
  for (const SceneLine& l : s.lines) {
    const float half = l.arrow ? 2.5f * l.width + 2 : 0.5f * l.width;  // arrowheads are wider
    grow(b, first, std::min(l.x1, l.x2) - half, std::min(l.y1, l.y2) - half,
         std::max(l.x1, l.x2) + half, std::max(l.y1, l.y2) + half);
  }
  for (const SceneText& t : s.texts) {
    if (t.text.empty()) continue;
    const float w = measure(t.text, t.size, t.bold);
    const float left = textLeft(t, w);
    grow(b, first, left, t.y, left + w, t.y + t.size);
  }
  return b;
}

void translateScene(Scene& s, float dx, float dy) {
  for (SceneRect& r : s.rects) {
    r.x += dx;
    r.y += dy;
  }
  for (SceneLine& l : s.lines) {
    l.x1 += dx;
    l.x2 += dx;
    l.y1 += dy;
    l.y2 += dy;
  }
  for (SceneText& t : s.texts) {
    t.x += dx;
    t.y += dy;
    t.hoverX += dx;
    t.hoverY += dy;
  }
}

Scene scaledScene(const Scene& s, float f) {
  Scene out = s;
  out.width *= f;
  out.height *= f;
  for (SceneRect& r : out.rects) {
    r.x *= f;
    r.y *= f;
    r.w *= f;
    r.h *= f;
    r.strokeWidth *= f;
    r.rounding *= f;
  }
  for (SceneLine& l : out.lines) {
    l.x1 *= f;
    l.y1 *= f;
    l.x2 *= f;
    l.y2 *= f;
    l.width *= f;
  }
  for (SceneText& t : out.texts) {
    t.x *= f;
    t.y *= f;
    t.size *= f;
    t.hoverX *= f;
    t.hoverY *= f;
    t.hoverW *= f;
    t.hoverH *= f;
  }
  return out;
}

void appendScene(Scene& into, const Scene& part, float dx, float dy) {
  Scene moved = part;
  translateScene(moved, dx, dy);
  into.rects.insert(into.rects.end(), moved.rects.begin(), moved.rects.end());
  into.lines.insert(into.lines.end(), moved.lines.begin(), moved.lines.end());
  into.texts.insert(into.texts.end(), moved.texts.begin(), moved.texts.end());
}

void fitWidth(Scene& s, const MeasureText& measure, float margin) {
  const SceneBox box = sceneContentBox(s, measure);
  if (!box.empty()) s.width = box.right + margin;
}

}  // namespace scanviz
