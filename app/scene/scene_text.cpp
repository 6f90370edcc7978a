#include "app/scene/scene_text.h"

#include <utility>

namespace scanviz {

SceneText& addSceneText(Scene& scene, float x, float y, std::string text, Color color, float size,
                        bool bold, TextAlign align, std::string role, int index) {
  SceneText t;
  t.x = x;
  t.y = y;
  t.text = std::move(text);
  t.color = color;
  t.size = size;
  t.bold = bold;
  t.align = align;
  t.role = std::move(role);
  t.index = index;
  scene.texts.push_back(std::move(t));
  return scene.texts.back();
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

}  // namespace scanviz
