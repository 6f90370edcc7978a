// The views' tables as one scene builder, so that each table reads the same in the window and
// on a slide, and no view lays out its own columns.
#include "app/scene/table_scene.h"

#include <algorithm>
#include <numeric>

#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr float kPad = 0.45f;        // each side of a cell's text, in ems
constexpr float kRowHeight = 1.45f;  // in ems

Color withAlpha(Color c, uint8_t a) {
  c.a = a;
  return c;
}

std::vector<float> columnWidths(const TableSpec& spec, float size, const MeasureText& measure) {
  std::vector<float> w(spec.header.size(), 0.0f);
  for (size_t c = 0; c < w.size(); ++c) w[c] = measure(spec.header[c], size, true);
  for (size_t r = 0; r < spec.rows.size(); ++r) {
    const bool bold = static_cast<int>(r) == spec.highlightedRow;
    for (size_t c = 0; c < w.size() && c < spec.rows[r].size(); ++c)
      w[c] = std::max(w[c], measure(spec.rows[r][c].text, size, bold));
  }
  for (float& x : w) x += 2 * kPad * size;
  return w;
}

float sum(const std::vector<float>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0f);
}

TextAlign alignOf(const TableSpec& spec, size_t column) {
  return column < spec.align.size() ? spec.align[column] : TextAlign::Left;
}

// The x of a text in a column that starts at `left`, per its alignment.
float textX(TextAlign align, float left, float width, float pad) {
  switch (align) {
    case TextAlign::Left:
      return left + pad;
    case TextAlign::Center:
      return left + width / 2;
    case TextAlign::Right:
      return left + width - pad;
  }
  return left + pad;
}

}  // namespace

Scene buildTableScene(const TableSpec& spec, const ViewPalette& palette,
                      const MeasureText& measure) {
  Scene s;
  if (spec.header.empty()) return s;
  float size = spec.textSize;
  std::vector<float> widths = columnWidths(spec, size, measure);
  // Text widths grow with the size: one shrink makes the columns fit (down to the floor).
  if (spec.width > 0 && sum(widths) > spec.width && size > spec.minTextSize) {
    size = std::max(spec.minTextSize, size * spec.width / sum(widths));
    widths = columnWidths(spec, size, measure);
  }
  const float extra = spec.width > 0 ? std::max(0.0f, spec.width - sum(widths)) : 0.0f;
  for (float& w : widths) w += extra / static_cast<float>(widths.size());
  const float rowH = kRowHeight * size, pad = kPad * size, textTop = (rowH - size) / 2;
  s.width = sum(widths);
  s.height = rowH * static_cast<float>(spec.rows.size() + 1);

  float x = 0;
  for (size_t c = 0; c < widths.size(); ++c) {
    addSceneText(s, textX(alignOf(spec, c), x, widths[c], pad), textTop, spec.header[c],
                 palette.text, size, true, alignOf(spec, c), spec.role + "-header",
                 static_cast<int>(c));
    x += widths[c];
  }
  addSceneLine(s, 0, rowH, s.width, rowH, palette.textDim, std::max(1.0f, size / 16),
               spec.role + "-rule");
  for (size_t r = 0; r < spec.rows.size(); ++r) {
    const float y = rowH * static_cast<float>(r + 1);
    const int row = static_cast<int>(r);
    const bool current = row == spec.highlightedRow;
    // Every row has its band (what a click finds); every other one is shaded for the eye.
    addSceneRect(s, 0, y, s.width, rowH, withAlpha(palette.textDim, r % 2 ? 0x1c : 0),
                 spec.role + "-row", row);
    if (current)
      addSceneRect(s, 0, y, s.width, rowH, withAlpha(palette.accent, 0x60),
                   spec.role + "-highlight", row);
    x = 0;
    for (size_t c = 0; c < widths.size() && c < spec.rows[r].size(); ++c) {
      const TableCell& cell = spec.rows[r][c];
      SceneText& t = addSceneText(s, textX(alignOf(spec, c), x, widths[c], pad), y + textTop,
                                  cell.text, cell.dim ? palette.textDim : palette.text, size,
                                  current, alignOf(spec, c), spec.role + "-cell", row);
      if (!cell.tooltip.empty()) {
        t.tooltip = cell.tooltip;
        t.hoverX = x;
        t.hoverY = y;
        t.hoverW = widths[c];
        t.hoverH = rowH;
      }
      x += widths[c];
    }
  }
  return s;
}

int tableRowAt(const Scene& table, const std::string& role, float x, float y) {
  for (const SceneRect* r : table.rectsWithRole(role + "-row"))
    if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h) return r->index;
  return -1;
}

}  // namespace scanviz
