#include "app/scene/scene.h"

#include <cstdio>

namespace scanviz {
namespace {

using nlohmann::json;

const char* alignName(TextAlign a) {
  return a == TextAlign::Left ? "left" : a == TextAlign::Center ? "center" : "right";
}

}  // namespace

std::string colorHex(Color c) {
  char buf[16];
  if (c.a == 255) {
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  } else {
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x%02x", c.r, c.g, c.b, c.a);
  }
  return buf;
}

std::vector<const SceneRect*> Scene::rectsWithRole(const std::string& role) const {
  std::vector<const SceneRect*> out;
  for (const auto& r : rects)
    if (r.role == role) out.push_back(&r);
  return out;
}

std::vector<const SceneText*> Scene::textsWithRole(const std::string& role) const {
  std::vector<const SceneText*> out;
  for (const auto& t : texts)
    if (t.role == role) out.push_back(&t);
  return out;
}

json sceneToJson(const Scene& s) {
  json rects = json::array();
  for (const auto& r : s.rects)
    rects.push_back({{"x", r.x},
                     {"y", r.y},
                     {"w", r.w},
                     {"h", r.h},
                     {"fill", colorHex(r.fill)},
                     {"stroke", colorHex(r.stroke)},
                     {"stroke_width", r.strokeWidth},
                     {"hatched", r.hatched},
                     {"role", r.role},
                     {"index", r.index}});
  json lines = json::array();
  for (const auto& l : s.lines)
    lines.push_back({{"x1", l.x1},
                     {"y1", l.y1},
                     {"x2", l.x2},
                     {"y2", l.y2},
                     {"color", colorHex(l.color)},
                     {"width", l.width},
                     {"arrow", l.arrow},
                     {"dashed", l.dashed},
                     {"role", l.role},
                     {"index", l.index}});
  json texts = json::array();
  for (const auto& t : s.texts) {
    texts.push_back({{"x", t.x},
                     {"y", t.y},
                     {"text", t.text},
                     {"color", colorHex(t.color)},
                     {"size", t.size},
                     {"bold", t.bold},
                     {"align", alignName(t.align)},
                     {"role", t.role},
                     {"index", t.index},
                     {"tooltip", t.tooltip}});
    if (t.mono) texts.back()["mono"] = true;
  }
  return {{"width", s.width},
          {"height", s.height},
          {"rects", rects},
          {"lines", lines},
          {"texts", texts}};
}

}  // namespace scanviz
