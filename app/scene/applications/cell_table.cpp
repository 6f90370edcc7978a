#include "app/scene/applications/cell_table.h"

#include <algorithm>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {

CellTable::CellTable(Scene& s, const DomainSceneContext& ctx, const std::vector<std::string>& names,
                     size_t elements, size_t maxColumns, float maxCellWidth, float rowHeight)
    : s_(s),
      ctx_(ctx),
      elements_(elements),
      shown_(std::min(elements, maxColumns)),
      rowHeight_(rowHeight) {
  const float size = ctx.style.smallSize;
  float nameWidth = 0;
  for (const std::string& name : names)
    nameWidth = std::max(nameWidth, ctx.measure(name, size, false));
  cellsLeft_ = domainMargin(ctx) + nameWidth + size * 0.6f;
  const float room = ctx.width - domainMargin(ctx) - cellsLeft_;
  cellWidth_ = std::min(maxCellWidth, room / static_cast<float>(std::max<size_t>(shown_, 1)));
}

float CellTable::centre(double column) const {
  return cellsLeft_ + (static_cast<float>(column) + 0.5f) * cellWidth_;
}

float CellTable::addRow(float y, const std::string& name, int nameIndex,
                        const std::vector<std::string>& cells, Color fill, Color text,
                        const std::string& role) {
  const float size = ctx_.style.smallSize;
  addSceneText(s_, cellsLeft_ - size * 0.4f, y + (rowHeight_ - size) / 2, name,
               ctx_.palette.textDim, size, false, TextAlign::Right, "row-name", nameIndex);
  addCellRow(s_, ctx_, cellsLeft_, y, cellWidth_, rowHeight_, cells, fill, text, role);
  return y + rowHeight_;
}

void CellTable::addArrow(double from, float y1, double to, float y2, const std::string& role,
                         int index, float width) {
  SceneLine l;
  l.x1 = centre(from);
  l.y1 = y1;
  l.x2 = centre(to);
  l.y2 = y2;
  l.color = ctx_.palette.arrow;
  l.width = width;
  l.arrow = true;
  l.role = role;
  l.index = index;
  s_.lines.push_back(l);
}

void CellTable::addSegmentBars(const std::vector<uint8_t>& heads, float y1, float y2,
                               const std::string& role) {
  const float width = std::max(2.0f, std::min(0.18f * cellWidth_, 0.25f * ctx_.style.labelSize));
  for (size_t i = 1; i < heads.size(); ++i) {
    if (!heads[i]) continue;
    SceneLine l;
    l.x1 = l.x2 = cellsLeft_ + static_cast<float>(i) * cellWidth_;
    l.y1 = y1;
    l.y2 = y2;
    l.color = ctx_.palette.accent;
    l.width = width;
    l.role = role;
    l.index = static_cast<int>(i);
    s_.lines.push_back(l);
  }
}

float CellTable::addCutNote(float y, const std::string& what) {
  if (showsAll()) return y;
  const float size = ctx_.style.smallSize;
  addSceneText(s_, cellsLeft_, y + size * 0.3f,
               "(the first " + std::to_string(shown_) + " of " + std::to_string(elements_) + " " +
                   what + ")",
               ctx_.palette.textDim, size, false, TextAlign::Left, "table-cut");
  return y + size * 1.4f;
}

std::vector<std::string> numberTexts(const std::vector<double>& values, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count && i < values.size(); ++i) out.push_back(formatNumber(values[i]));
  return out;
}

std::vector<std::string> flagTexts(const std::vector<uint8_t>& flags, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count && i < flags.size(); ++i) out.push_back(flags[i] ? "1" : "0");
  return out;
}

}  // namespace scanviz
