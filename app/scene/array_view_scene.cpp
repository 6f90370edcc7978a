#include "app/scene/array_view_scene.h"

#include <algorithm>
#include <cmath>

#include "app/core/lesson/step_explainer.h"
#include "app/core/trace/value_format.h"
#include "app/scene/array_scene_builder.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace array_scene {

Scene ArraySceneBuilder::build() {
  prepareStep();
  layoutColumns();
  // A focus window is presentation mode's, under a frame's title: its rows sit closer, so that
  // the code and why fit under it on the screen.
  float y = rq_.titled ? pad() : 0.0f;
  if (rq_.titled) y = addTitle(y);
  if (rq_.withExplanation) y = addExplanation(y);
  if (rq_.titled) y += 0.4f * style_.labelSize;
  const float arrayTop = y;
  y = addArrayRows(y);
  addSegmentBoundaries(arrayTop, y);
  y = addThreadRow(y);
  y = addStrayRow(y);
  y = addWarpOrBlockRow(y);
  addElisionMarks();
  if (showResults()) y = addResults(y);
  if (!rq_.compact) y = addLegend(y + 0.8f * style_.labelSize);
  scene_.height = y + pad();
  scene_.width = std::max(rq_.width, windowRight() + rightSlot_ + pad());
  return std::move(scene_);
}

void ArraySceneBuilder::addText(float x, float y, std::string text, Color c, float size, bool bold,
                                TextAlign align, std::string role, int index) {
  addSceneText(scene_, x, y, std::move(text), c, size, bold, align, std::move(role), index);
}

// The title on one line where it fits; otherwise smaller, down to the body text's size, and
// then over several lines, broken between its " · " parts where it can: a long step title
// (a coarsened scan, a block of a grid, a narrow Compare view) is never clipped on the right.
float ArraySceneBuilder::addTitle(float y) {
  const std::string separator = "  \xC2\xB7  ";
  std::vector<std::string> parts = {
      "Step " + std::to_string(rq_.step) + " of " + std::to_string(t_.steps.size() - 1), s_.label};
  if (sectionStep() && t_.meta.blocksTotal > 1 && s_.level == 0)
    parts.push_back("block " + std::to_string(s_.block) + " of " +
                    std::to_string(t_.meta.blocksTotal));
  // What is scanned: a max-scan must not look like a sum (Compare's small views name it once
  // above them).
  if (!rq_.compact) parts.push_back(scanDescription(t_.meta.op, t_.meta.inclusive, t_.meta.dtype));
  std::string title;
  for (const std::string& part : parts) title += (title.empty() ? "" : separator) + part;
  const float maxWidth = viewTextWidth();
  const float floor =
      std::min(style_.titleSize, std::max(style_.labelSize, 0.8f * style_.titleSize));
  float size = style_.titleSize;
  const float full = measure_(title, size, true);
  if (full > maxWidth) size = std::max(floor, size * maxWidth / full);
  // Fonts come in a few rasterised sizes: confirm with the real measure.
  while (size > floor && measure_(title, size, true) > maxWidth)
    size = std::max(floor, 0.97f * size);
  if (measure_(title, size, true) <= maxWidth) {
    addText(pad(), y, title, pal_.text, size, true, TextAlign::Left, "title");
    return y + 1.35f * size;
  }
  // Whole parts per line while they fit; a part wider than a line is word-wrapped.
  std::string line;
  for (const std::string& part : parts) {
    const std::string candidate = line.empty() ? part : line + separator + part;
    if (measure_(candidate, size, true) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (!line.empty()) y = addWrapped(line, y, pal_.text, size, true, "title", maxWidth);
    line = part;
  }
  y = addWrapped(line, y, pal_.text, size, true, "title", maxWidth);
  return y + 0.35f * size;
}

float ArraySceneBuilder::addExplanation(float y) {
  // The title already names the step: the sentence starts after its "label: ".
  std::string text = explainStep(t_, rq_.step);
  const std::string prefix = s_.label + ": ";
  if (text.rfind(prefix, 0) == 0 && text.size() > prefix.size()) {
    text = text.substr(prefix.size());
    if (text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  }
  return addWrapped(text, y, pal_.text, style_.labelSize, false, "explanation");
}

// Word-wraps a text to the view's width, one scene text a line; returns the y below it.
float ArraySceneBuilder::addWrapped(const std::string& text, float y, Color c, float size,
                                    bool bold, const std::string& role, float maxWidth) {
  if (maxWidth <= 0) maxWidth = viewTextWidth();
  return addWrappedText(scene_, text, pad(), y, maxWidth, size, bold, c, role, 1.35f, measure_);
}

void ArraySceneBuilder::addRowLabel(const std::string& text, float rowY, float rowH, Color c,
                                    const std::string& role) {
  addText(pad(), rowY + 0.5f * (rowH - style_.labelSize), text, c, style_.labelSize, false,
          TextAlign::Left, role);
}

}  // namespace array_scene

using array_scene::ArraySceneBuilder;

float approximateTextWidth(std::string_view text, float size, bool bold) {
  size_t glyphs = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++glyphs;  // count UTF-8 lead bytes only
  return static_cast<float>(glyphs) * size * (bold ? 0.65f : 0.6f);
}

std::string fitText(const std::string& text, float width, float size, bool bold,
                    const MeasureText& measure) {
  if (measure(text, size, bold) <= width) return text;
  for (size_t keep = text.size() - 1; keep > 0; --keep) {
    const std::string candidate = text.substr(0, keep) + kEllipsis;
    if (measure(candidate, size, bold) <= width) return candidate;
  }
  return {};
}

CellWindow focusWindow(int cells, int focus, int capacity) {
  if (capacity <= 0 || capacity >= cells) return {};
  const int centre = std::clamp(focus, 0, cells - 1);
  const int first = std::clamp(centre - (capacity - 1) / 2, 0, cells - capacity);
  return {first, capacity};
}

int legibleColumns(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                   const MeasureText& measure, float valueSize) {
  if (!rq.trace || rq.step < 0 || rq.step >= static_cast<int>(rq.trace->steps.size())) return 1;
  ArraySceneRequest all = rq;
  all.window = {};
  return ArraySceneBuilder(all, style, ViewPalette{}, measure).legibleColumns(valueSize);
}

ArraySceneStyle ArraySceneStyle::scaled(float values, float labels) const {
  ArraySceneStyle s = *this;
  s.valueSize = std::max(minTextSize, values * valueSize);
  s.labelSize = std::max(minTextSize, labels * labelSize);
  s.smallSize = std::max(minTextSize, labels * smallSize);
  s.titleSize = std::max(minTextSize, labels * titleSize);
  return s;
}

float cellTextRoom(float columnWidth, float size) {
  return kCellBox * columnWidth - kCellTextMargin * size;
}

std::string fitCellText(const std::string& text, float columnWidth, float size, bool bold,
                        const MeasureText& measure) {
  return fitText(text, cellTextRoom(columnWidth, size), size, bold, measure);
}

namespace {

ArraySceneStyle grown(const ArraySceneStyle& s, float g) {
  // Values grow fully; labels half as much, so the cells gain the most from the room.
  return s.scaled(g, 1 + 0.5f * (g - 1));
}

float valueFontSize(const Scene& s) {
  for (const SceneText& t : s.texts)
    if (t.role == "cell-value") return t.size;
  return 0;
}

Scene buildOnce(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                const ViewPalette& palette, const MeasureText& measure);

// A step taller than the view (a large UI scale on a small window) shrinks, down to kMinShrink,
// so that the whole figure stays in sight rather than scrolling.
Scene shrunkToFit(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                  const ViewPalette& palette, const MeasureText& measure, Scene base) {
  float g = std::max(kMinShrink, 0.97f * rq.height / base.height);
  for (int attempt = 0; attempt < 4; ++attempt, g = std::max(kMinShrink, g * 0.92f)) {
    Scene fitted = buildOnce(rq, grown(style, g), palette, measure);
    if (fitted.height <= rq.height || g <= kMinShrink) return fitted;
  }
  return base;
}

Scene buildOnce(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                const ViewPalette& palette, const MeasureText& measure) {
  return ArraySceneBuilder(rq, style, palette, measure).build();
}

}  // namespace

Scene buildArrayScene(const ArraySceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || rq.step < 0 || rq.step >= static_cast<int>(rq.trace->steps.size())) return {};
  Scene base = buildOnce(rq, style, palette, measure);
  if (rq.height <= 0) return base;
  if (base.height > rq.height) return shrunkToFit(rq, style, palette, measure, std::move(base));
  if (base.width > rq.width + 0.5f || !rq.window.all()) return base;
  // Height grows about linearly with the sizes: measure it at 1.5x and solve for the view.
  const Scene probe = buildOnce(rq, grown(style, 1.5f), palette, measure);
  if (probe.width > rq.width + 0.5f || probe.height <= base.height) return base;
  // Values already as large as the cells' width allows cannot grow; larger labels alone would
  // not help.
  if (valueFontSize(probe) < 1.3f * valueFontSize(base)) return base;
  float g = std::min(kMaxGrow, 1 + 0.5f * (rq.height - base.height) / (probe.height - base.height));
  for (int attempt = 0; attempt < 3 && g >= 1.05f; ++attempt, g = 1 + 0.85f * (g - 1)) {
    Scene fitted = buildOnce(rq, grown(style, g), palette, measure);
    if (fitted.height <= rq.height && fitted.width <= rq.width + 0.5f) return fitted;
  }
  return base;
}

}  // namespace scanviz
