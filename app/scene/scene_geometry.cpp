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

namespace {

// The segment from (x1, y1) to (x2, y2) cut to the box (Liang-Barsky); false when none of it is
// inside. `headCut` says whether the end at (x2, y2) moved.
bool clipSegment(SceneLine& l, const SceneBox& b, bool& headCut) {
  const float dx = l.x2 - l.x1, dy = l.y2 - l.y1;
  float t0 = 0, t1 = 1;
  const float p[4] = {-dx, dx, -dy, dy};
  const float q[4] = {l.x1 - b.left, b.right - l.x1, l.y1 - b.top, b.bottom - l.y1};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const float t = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  const float x1 = l.x1 + t0 * dx, y1 = l.y1 + t0 * dy;
  l.x2 = l.x1 + t1 * dx;
  l.y2 = l.y1 + t1 * dy;
  l.x1 = x1;
  l.y1 = y1;
  headCut = t1 < 1;
  return true;
}

}  // namespace

Scene croppedScene(const Scene& s, const SceneBox& box) {
  Scene out;
  out.width = box.right - box.left;
  out.height = box.bottom - box.top;
  if (box.empty()) return out;
  for (SceneRect r : s.rects) {
    const float left = std::max(r.x, box.left), right = std::min(r.x + r.w, box.right);
    const float top = std::max(r.y, box.top), bottom = std::min(r.y + r.h, box.bottom);
    if (right <= left || bottom <= top) continue;
    r.x = left;
    r.y = top;
    r.w = right - left;
    r.h = bottom - top;
    out.rects.push_back(std::move(r));
  }
  for (SceneLine l : s.lines) {
    bool headCut = false;
    if (!clipSegment(l, box, headCut)) continue;
    if (headCut) l.arrow = false;
    out.lines.push_back(std::move(l));
  }
  for (const SceneText& t : s.texts)
    if (t.y >= box.top - 0.5f && t.y + t.size <= box.bottom + 0.5f && t.x >= box.left - 0.5f &&
        t.x <= box.right + 0.5f)
      out.texts.push_back(t);
  translateScene(out, -box.left, -box.top);
  return out;
}

}  // namespace scanviz
