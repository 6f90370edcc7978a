#include "app/ui/widgets/scene_renderer.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/ui/shell/theme.h"

namespace scanviz {
namespace {

ImVec2 at(ImVec2 origin, float x, float y) {
  return ImVec2(origin.x + x, origin.y + y);
}

void drawHatching(ImDrawList& dl, ImVec2 min, ImVec2 max, ImU32 color, float spacing) {
  dl.PushClipRect(min, max, true);
  const float h = max.y - min.y;
  for (float x = min.x - h; x < max.x; x += spacing)
    dl.AddLine(ImVec2(x, max.y), ImVec2(x + h, min.y), color, 1.0f);
  dl.PopClipRect();
}

void drawRect(ImDrawList& dl, const SceneRect& r, ImVec2 origin) {
  const ImVec2 min = at(origin, r.x, r.y);
  const ImVec2 max = at(origin, r.x + r.w, r.y + r.h);
  // Corners of under a pixel cannot be seen, but ImGui still builds anti-aliased arcs for them:
  // a long array's narrow cells would double the triangles a software renderer fills.
  const float rounding = r.rounding < 1.0f ? 0.0f : r.rounding;
  if (r.fill.a > 0) dl.AddRectFilled(min, max, toImColor(r.fill), rounding);
  if (r.hatched) drawHatching(dl, min, max, toImColor(r.stroke), std::max(6.0f, r.h / 5));
  if (r.stroke.a > 0 && r.strokeWidth > 0)
    dl.AddRect(min, max, toImColor(r.stroke), rounding, 0, r.strokeWidth);
}

void drawDashed(ImDrawList& dl, ImVec2 a, ImVec2 b, ImU32 color, float width) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (len <= 0) return;
  const float dash = 4 * width + 3, gap = 3 * width + 2;
  const ImVec2 dir((b.x - a.x) / len, (b.y - a.y) / len);
  for (float s = 0; s < len; s += dash + gap) {
    const float e = std::min(len, s + dash);
    dl.AddLine(ImVec2(a.x + dir.x * s, a.y + dir.y * s), ImVec2(a.x + dir.x * e, a.y + dir.y * e),
               color, width);
  }
}

void drawLine(ImDrawList& dl, const SceneLine& l, ImVec2 origin) {
  const ImVec2 a = at(origin, l.x1, l.y1);
  const ImVec2 b = at(origin, l.x2, l.y2);
  const ImU32 color = toImColor(l.color);
  if (!l.arrow) {
    if (l.dashed) {
      drawDashed(dl, a, b, color, l.width);
    } else {
      dl.AddLine(a, b, color, l.width);
    }
    return;
  }
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (len <= 0) return;
  const ImVec2 dir((b.x - a.x) / len, (b.y - a.y) / len);
  const ImVec2 normal(-dir.y, dir.x);
  const float head = std::min(len * 0.45f, 3.5f * l.width + 4);
  const ImVec2 base(b.x - dir.x * head, b.y - dir.y * head);
  // A dashed arrow (a move rather than an operator application) keeps a solid head, so that it
  // still says which way the value went.
  if (l.dashed) {
    drawDashed(dl, a, base, color, l.width);
  } else {
    dl.AddLine(a, base, color, l.width);
  }
  const float half = 0.55f * head;
  dl.AddTriangleFilled(b, ImVec2(base.x + normal.x * half, base.y + normal.y * half),
                       ImVec2(base.x - normal.x * half, base.y - normal.y * half), color);
}

void drawText(ImDrawList& dl, const SceneText& t, ImVec2 origin, const FontSet& fonts) {
  ImFont* font = t.mono && fonts.mono ? fonts.mono : fonts.nearest(t.size, t.bold);
  if (!font) return;
  const char* begin = t.text.c_str();
  const char* end = begin + t.text.size();
  float x = origin.x + t.x;
  if (t.align != TextAlign::Left) {
    const float w = font->CalcTextSizeA(t.size, FLT_MAX, 0, begin, end).x;
    x -= t.align == TextAlign::Center ? 0.5f * w : w;
  }
  dl.AddText(font, t.size, ImVec2(std::round(x), std::round(origin.y + t.y)), toImColor(t.color),
             begin, end);
}

}  // namespace

void drawScene(ImDrawList& dl, const Scene& scene, ImVec2 origin, const FontSet& fonts) {
  for (const auto& r : scene.rects) drawRect(dl, r, origin);
  for (const auto& l : scene.lines) drawLine(dl, l, origin);
  for (const auto& t : scene.texts) drawText(dl, t, origin, fonts);
}

void showSceneTooltip(const Scene& scene, ImVec2 origin) {
  const ImVec2 m = ImGui::GetMousePos();
  for (const auto& t : scene.texts) {
    if (t.tooltip.empty()) continue;
    const ImVec2 min = at(origin, t.hoverX, t.hoverY);
    if (m.x >= min.x && m.y >= min.y && m.x < min.x + t.hoverW && m.y < min.y + t.hoverH) {
      ImGui::SetTooltip("%s", t.tooltip.c_str());
      return;
    }
  }
}

ImVec2 placeScene(const Scene& scene, const FontSet& fonts) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), scene, origin, fonts);
  ImGui::Dummy(ImVec2(scene.width, scene.height));
  if (ImGui::IsWindowHovered()) showSceneTooltip(scene, origin);
  return origin;
}

ImVec2 placeSceneItem(const char* id, const Scene& scene, const FontSet& fonts, bool& hovered) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), scene, origin, fonts);
  ImGui::InvisibleButton(id, ImVec2(std::max(scene.width, 1.0f), std::max(scene.height, 1.0f)));
  hovered = ImGui::IsItemHovered();
  if (hovered) showSceneTooltip(scene, origin);
  return origin;
}

SceneBox shownPart(const Scene& scene, ImVec2 origin) {
  const ImDrawList& dl = *ImGui::GetWindowDrawList();
  const ImVec2 min = dl.GetClipRectMin(), max = dl.GetClipRectMax();
  SceneBox box{std::max(0.0f, min.x - origin.x), std::max(0.0f, min.y - origin.y),
               std::min(scene.width, max.x - origin.x), std::min(scene.height, max.y - origin.y)};
  if (box.empty()) box = {};
  return box;
}

MeasureText fontMeasure(const FontSet& fonts) {
  return [&fonts](std::string_view text, float size, bool bold) {
    ImFont* font = fonts.nearest(size, bold);
    if (!font) return approximateTextWidth(text, size, bold);
    return font->CalcTextSizeA(size, FLT_MAX, 0, text.data(), text.data() + text.size()).x;
  };
}

}  // namespace scanviz
