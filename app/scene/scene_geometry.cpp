#include "app/scene/scene_geometry.h"

#include <algorithm>
#include <initializer_list>

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

// Every position p becomes p * factor + (dx, dy), every length length * factor.
void mapScene(Scene& s, float factor, float dx, float dy) {
  const auto map = [&](float& x, float& y, std::initializer_list<float*> lengths) {
    x = x * factor + dx;
    y = y * factor + dy;
    for (float* length : lengths) *length *= factor;
  };
  for (SceneRect& r : s.rects) map(r.x, r.y, {&r.w, &r.h, &r.strokeWidth, &r.rounding});
  for (SceneLine& l : s.lines) {
    map(l.x1, l.y1, {&l.width});
    map(l.x2, l.y2, {});
  }
  for (SceneText& t : s.texts) {
    map(t.x, t.y, {&t.size});
    map(t.hoverX, t.hoverY, {&t.hoverW, &t.hoverH});
  }
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
  mapScene(s, 1, dx, dy);
}

Scene scaledScene(const Scene& s, float f) {
  Scene out = s;
  out.width *= f;
  out.height *= f;
  mapScene(out, f, 0, 0);
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
