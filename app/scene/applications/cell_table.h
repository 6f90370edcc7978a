// The table most domain pictures are: named rows of value cells, one column per element, arrows
// from a cell of one row to a cell of another, a note when the table shows only the first
// elements. Compaction, radix sort, backward scan, polynomial and the segmented uses share it.
#pragma once

#include <string>
#include <vector>

#include "app/scene/applications/application_scene.h"

namespace scanviz {

class CellTable {
 public:
  // `names`: every row name the table shows (the widest sets where the cells start); `columns`:
  // cells per row; cells are at most maxCellWidth wide, rows rowHeight high.
  CellTable(Scene& s, const DomainSceneContext& ctx, const std::vector<std::string>& names,
            size_t columns, float maxCellWidth, float rowHeight);

  float left() const { return cellsLeft_; }
  float cellWidth() const { return cellWidth_; }
  float rowHeight() const { return rowHeight_; }
  float centre(double column) const;

  // A row at y: its name, right-aligned before the cells, then the cells (role `role`, text
  // role `role`-value); returns the y under it.
  float addRow(float y, const std::string& name, int nameIndex,
               const std::vector<std::string>& cells, Color fill, Color text,
               const std::string& role);
  // An arrow from under column `from` at y1 to the top of column `to` at y2.
  void addArrow(double from, float y1, double to, float y2, const std::string& role, int index,
                float width = 1.5f);
  // A bar on the left edge of every column whose flag is set (but the first), from y1 to y2:
  // where a segment starts.
  void addSegmentBars(const std::vector<uint8_t>& heads, float y1, float y2,
                      const std::string& role);
  // "(the first 32 of 300 keys)" under the table when it shows fewer than `total`; returns the
  // y under it.
  float addCutNote(float y, size_t shown, size_t total, const std::string& what);

 private:
  Scene& s_;
  const DomainSceneContext& ctx_;
  float cellsLeft_ = 0, cellWidth_ = 0, rowHeight_ = 0;
};

// The first `count` values as the domain's sentences write them.
std::vector<std::string> numberTexts(const std::vector<double>& values, size_t count);

}  // namespace scanviz
