#include "app/scene/slide_scene.h"

#include <algorithm>

#include "app/scene/scene_geometry.h"

namespace scanviz {
namespace {

// Sizes on a 1920 x 1080 slide read from the back of a hall (slide_sizes.h's scale).
constexpr float kTitleSize = 40;
constexpr float kNotesSize = 30;
constexpr float kLineGap = 1.35f;

void addLines(const std::vector<std::string>& lines, float x, float y, float size, Color color,
              const std::string& role, Scene& s) {
  for (size_t i = 0; i < lines.size(); ++i) {
    SceneText t;
    t.x = x;
    t.y = y + static_cast<float>(i) * size * kLineGap;
    t.text = lines[i];
    t.size = size;
    t.color = color;
    t.role = role;
    t.index = static_cast<int>(i);
    s.texts.push_back(std::move(t));
  }
}

// Lines broken at spaces to fit `width` at `size` (an average glyph is about 0.55 em wide: a
// line may end a little short, never past the slide).
std::vector<std::string> wrapped(const std::vector<std::string>& lines, float width, float size) {
  const size_t most = std::max<size_t>(20, static_cast<size_t>(width / (0.56f * size)));
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    std::string rest = line;
    while (rest.size() > most) {
      size_t cut = rest.rfind(' ', most);
      if (cut == std::string::npos || cut == 0) cut = most;
      out.push_back(rest.substr(0, cut));
      rest = rest.substr(std::min(rest.size(), cut + (rest[cut] == ' ' ? 1 : 0)));
      rest = "  " + rest;  // continuation lines indented under the bullet
    }
    out.push_back(rest);
  }
  return out;
}

std::vector<std::string> notesLines(const SlideSpec& spec) {
  const float k = spec.height / 1080.0f;
  return wrapped(spec.notes, spec.width - 80 * k, kNotesSize * k);
}

}  // namespace

float slideNotesHeight(const SlideSpec& spec) {
  const float k = spec.height / 1080.0f;
  if (spec.notes.empty()) return 0;
  const float lines = static_cast<float>(notesLines(spec).size());
  return (lines * kNotesSize * kLineGap + 2 * kNotesSize) * k;
}

Scene slideScene(const Scene& content, const SlideSpec& spec, const ViewPalette& palette) {
  const float k = spec.height / 1080.0f;
  // The view was laid out for the window's 1920 x 1080 with its text at the back row's 28 px,
  // its own padding inside its width: it keeps the slide's whole width (and under the title
  // more height than the window's bars left it), so that it lands at its size, not shrunk.
  const float margin = 24 * k;
  const float bottom = 8 * k;
  Scene s;
  s.width = spec.width;
  s.height = spec.height + slideNotesHeight(spec);
  s.rects.push_back({0,
                     0,
                     s.width,
                     s.height,
                     palette.background,
                     {0, 0, 0, 0},
                     0,
                     0,
                     false,
                     "slide-background",
                     -1});
  float top = margin;
  if (!spec.title.empty()) {
    addLines({spec.title}, margin, top, kTitleSize * k, palette.text, "slide-title", s);
    s.texts.back().bold = true;
    top += kTitleSize * k * kLineGap + margin / 2;
  }
  const float boxW = spec.width;
  const float boxH = spec.height - top - bottom;
  if (content.width > 0 && content.height > 0) {
    const float fit = std::min(boxW / content.width, boxH / content.height);
    const float dx = (boxW - content.width * fit) / 2;
    appendScene(s, scaledScene(content, fit), dx, top);
  } else {
    addLines(wrapped(spec.fallback, boxW - 2 * margin, kNotesSize * k), margin, top, kNotesSize * k,
             palette.textDim, "slide-fallback", s);
  }
  if (!spec.notes.empty()) {
    const float y = spec.height;
    s.lines.push_back(
        {0, y, spec.width, y, palette.textDim, 2 * k, false, false, "notes-rule", -1});
    addLines(notesLines(spec), margin, y + kNotesSize * k, kNotesSize * k, palette.text,
             "slide-notes", s);
  }
  return s;
}

}  // namespace scanviz
