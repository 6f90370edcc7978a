#include "app/scene/scene_text.h"

#include <utility>

namespace scanviz {

SceneText& addSceneText(Scene& scene, float x, float y, std::string text, Color color, float size,
                        bool bold, TextAlign align, std::string role, int index) {
  scene.texts.push_back({.x = x,
                         .y = y,
                         .text = std::move(text),
                         .color = color,
                         .size = size,
                         .bold = bold,
                         .align = align,
                         .role = std::move(role),
                         .index = index});
  return scene.texts.back();
}

SceneRect& addSceneRect(Scene& scene, float x, float y, float w, float h, Color fill,
                        std::string role, int index) {
  scene.rects.push_back(
      {.x = x, .y = y, .w = w, .h = h, .fill = fill, .role = std::move(role), .index = index});
  return scene.rects.back();
}

SceneLine& addSceneLine(Scene& scene, float x1, float y1, float x2, float y2, Color color,
                        float width, std::string role, int index) {
  SceneLine& l = scene.lines.emplace_back();
  l = {x1, y1, x2, y2, color, width, false, false, std::move(role), index};
  return l;
}

SceneLine& addSceneArrow(Scene& scene, float x1, float y1, float x2, float y2, Color color,
                         float width, std::string role, int index) {
  SceneLine& l = addSceneLine(scene, x1, y1, x2, y2, color, width, std::move(role), index);
  l.arrow = true;
  return l;
}

float monoTextWidth(std::string_view text, float size) {
  size_t glyphs = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++glyphs;  // UTF-8 lead bytes only
  return static_cast<float>(glyphs) * kMonoAdvance * size;
}

std::vector<std::string> wrapWords(const std::string& text, float maxWidth, float size, bool bold,
                                   const MeasureText& measure) {
  std::vector<std::string> lines;
  std::string line, word;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ' ') {
      word += text[i];
      continue;
    }
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && measure(candidate, size, bold) > maxWidth) {
      lines.push_back(std::move(line));
      line = word;
    } else {
      line = candidate;
    }
    word.clear();
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

float addWrappedText(Scene& scene, const std::string& text, float x, float y, float maxWidth,
                     float size, bool bold, Color color, const std::string& role, float lineHeight,
                     const MeasureText& measure) {
  for (std::string& line : wrapWords(text, maxWidth, size, bold, measure)) {
    addSceneText(scene, x, y, std::move(line), color, size, bold, TextAlign::Left, role);
    y += lineHeight * size;
  }
  return y;
}

Scene messageScene(const std::string& text, float width, float size, Color color,
                   const std::string& role, float lineHeight, const MeasureText& measure) {
  Scene s;
  s.width = width;
  s.height = addWrappedText(s, text, 0, 0, width, size, false, color, role, lineHeight, measure);
  return s;
}

LegendRows::LegendRows(Scene* scene, const MeasureText& measure, float left, float right, float y,
                       float size, float rowHeight, Color textColor)
    : scene_(scene),
      measure_(measure),
      left_(left),
      right_(right),
      x_(left),
      y_(y),
      size_(size),
      rowHeight_(rowHeight),
      textColor_(textColor) {}

LegendRows::Place LegendRows::add(float sampleWidth, const std::string& label) {
  // The sample, a gap, the label, and the space before the next item.
  const float w = sampleWidth + 0.4f * size_ + measure_(label, size_, false) + 1.4f * size_;
  if (x_ > left_ && x_ + w > right_) {
    x_ = left_;
    y_ += rowHeight_ * size_;
  }
  const Place at{x_, y_};
  if (scene_)
    addSceneText(*scene_, x_ + sampleWidth + 0.4f * size_, y_ + 0.5f * (swatchSide() - size_),
                 label, textColor_, size_, false, TextAlign::Left, "legend");
  x_ += w;
  return at;
}

}  // namespace scanviz
