// What every scene builder (array, heat, Compare, timeline, plot, counters) adds the same way,
// written once: a text, a rectangle, a line or arrow, a sentence wrapped to a width, and a legend's
// rows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/scene/array_view_scene.h"
#include "app/scene/scene.h"

namespace scanviz {

// Characters the scenes' texts use, in UTF-8.
inline constexpr const char* kEllipsis = "\xE2\x80\xA6";  // U+2026
inline constexpr const char* kTick = "\xE2\x9C\x93";      // U+2713
inline constexpr const char* kCross = "\xE2\x9C\x97";     // U+2717
// Between the parts of one line of counters or facts: "  ·  " (U+00B7).
inline constexpr const char* kDot = "  \xC2\xB7  ";

// The advance of every glyph of DejaVu Sans Mono, as a share of the text size (ImGui's size,
// from the highest ascender to the lowest descender: 1233 of 2384 font units). Its ascender and
// descender are DejaVu Sans's, so a monospaced text sits on a line as the others do.
inline constexpr float kMonoAdvance = 1233.0f / 2384.0f;

// The width of a monospaced text (SceneText::mono) at `size`: its code points times the advance.
float monoTextWidth(std::string_view text, float size);

SceneText& addSceneText(Scene& scene, float x, float y, std::string text, Color color, float size,
                        bool bold, TextAlign align, std::string role, int index = -1);

SceneRect& addSceneRect(Scene& scene, float x, float y, float w, float h, Color fill,
                        std::string role, int index = -1);

// A line from (x1, y1) to (x2, y2); an arrow has its head at (x2, y2).
SceneLine& addSceneLine(Scene& scene, float x1, float y1, float x2, float y2, Color color,
                        float width, std::string role, int index = -1);
SceneLine& addSceneArrow(Scene& scene, float x1, float y1, float x2, float y2, Color color,
                         float width, std::string role, int index = -1);

// The lines of `text` broken at spaces so that each fits maxWidth at this size and weight; a
// word wider than that stands on a line of its own.
std::vector<std::string> wrapWords(const std::string& text, float maxWidth, float size, bool bold,
                                   const MeasureText& measure);

// `text` wrapped to maxWidth as one scene text a line from (x, y), `lineHeight` times the size
// apart; returns the y under the last line.
float addWrappedText(Scene& scene, const std::string& text, float x, float y, float maxWidth,
                     float size, bool bold, Color color, const std::string& role, float lineHeight,
                     const MeasureText& measure);

// A scene that only says something (why a view has nothing to draw yet): `text` wrapped from the
// top-left corner, the scene `width` wide and as tall as the text.
Scene messageScene(const std::string& text, float width, float size, Color color,
                   const std::string& role, float lineHeight, const MeasureText& measure);

// A legend's items in rows: each a sample (a swatch, or an arrow `sampleWidth` wide) and its
// label at the text size, left to right from `left`, onto a new row where the next item would
// pass `right`. Given no scene it only measures (how many rows a width takes).
class LegendRows {
 public:
  LegendRows(Scene* scene, const MeasureText& measure, float left, float right, float y, float size,
             float rowHeight, Color textColor);

  // A square sample's side, and the height of every sample.
  float swatchSide() const { return 1.05f * size_; }
  struct Place {
    float x, y;  // the sample's top-left
  };
  // Places the next item and adds its label (role "legend").
  Place add(float sampleWidth, const std::string& label);
  // The y under the last row.
  float bottom() const { return y_ + rowHeight_ * size_; }

 private:
  Scene* scene_;
  const MeasureText& measure_;
  float left_, right_, x_, y_, size_, rowHeight_;
  Color textColor_;
};

}  // namespace scanviz
