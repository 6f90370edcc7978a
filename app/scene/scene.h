// What a view draws, as plain primitives in logical coordinates (pixels at the current scale,
// relative to the scene's top-left corner): rectangles, lines and arrows, text. The ImGui renderer
// draws a Scene on screen; tests read it; the SVG/PNG exporters can write it. No ImGui here.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace scanviz {

struct Color {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  bool operator==(const Color&) const = default;
};

constexpr Color rgb(uint32_t hex, uint8_t alpha = 255) {
  return Color{static_cast<uint8_t>(hex >> 16), static_cast<uint8_t>(hex >> 8),
               static_cast<uint8_t>(hex), alpha};
}

// "#rrggbb" or "#rrggbbaa" when not opaque.
std::string colorHex(Color c);

enum class TextAlign { Left, Center, Right };

// Roles name what a primitive means ("cell", "cell-written", "arrow", "thread-active", ...) so that
// tests and exporters can find things without knowing the layout; index is the element or thread.
struct SceneRect {
  float x = 0, y = 0, w = 0, h = 0;
  Color fill{0, 0, 0, 0};
  Color stroke{0, 0, 0, 0};
  float strokeWidth = 0;
  float rounding = 0;
  bool hatched = false;  // diagonal hatching in the stroke colour (padding)
  std::string role;
  int index = -1;
};

struct SceneLine {
  float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  Color color;
  float width = 1;
  bool arrow = false;  // arrowhead at (x2, y2)
  bool dashed = false;
  std::string role;
  int index = -1;
};

struct SceneText {
  float x = 0, y = 0;  // top of the text; x is the left edge, centre or right edge per align
  std::string text;
  Color color;
  float size = 16;
  bool bold = false;
  // Code: DejaVu Sans Mono (regular), every glyph monoTextWidth's advance (scene_text.h).
  bool mono = false;
  TextAlign align = TextAlign::Left;
  std::string role;
  int index = -1;
  std::string tooltip;  // shown while the pointer is over the hover box
  float hoverX = 0, hoverY = 0, hoverW = 0, hoverH = 0;
};

struct Scene {
  float width = 0;
  float height = 0;
  std::vector<SceneRect> rects;
  std::vector<SceneLine> lines;
  std::vector<SceneText> texts;

  // Helpers for tests and tools.
  std::vector<const SceneRect*> rectsWithRole(const std::string& role) const;
  std::vector<const SceneText*> textsWithRole(const std::string& role) const;
};

nlohmann::json sceneToJson(const Scene& s);

}  // namespace scanviz
