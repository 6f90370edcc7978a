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
  // `names`: every row name the table shows (the widest sets where the cells start); a column
  // for each of the first maxColumns of `elements`; cells at most maxCellWidth wide, rows
  // rowHeight high.
  CellTable(Scene& s, const DomainSceneContext& ctx, const std::vector<std::string>& names,
            size_t elements, size_t maxColumns, float maxCellWidth, float rowHeight);

  size_t shown() const { return shown_; }  // columns: the first elements
  bool showsAll() const { return shown_ == elements_; }

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
  // "(the first 32 of 300 keys)" under the table when it shows fewer than all elements; returns
  // the y under it.
  float addCutNote(float y, const std::string& what);

 private:
  Scene& s_;
  const DomainSceneContext& ctx_;
  size_t elements_ = 0, shown_ = 0;
  float cellsLeft_ = 0, cellWidth_ = 0, rowHeight_ = 0;
};

// Restyles the cells of `role` whose column `chosen` picks, and their texts, naming them
// `newRole` (which may be `role`).
template <class Choose>
void restyleCells(Scene& s, const std::string& role, Choose chosen, Color fill, Color text,
                  const std::string& newRole) {
  for (SceneRect& r : s.rects)
    if (r.role == role && chosen(static_cast<size_t>(r.index))) r.fill = fill, r.role = newRole;
  for (SceneText& t : s.texts)
    if (t.role == role + "-value" && chosen(static_cast<size_t>(t.index)))
      t.color = text, t.role = newRole + "-value";
}

// The first `count` values as the domain's sentences write them; flags as 1 and 0.
std::vector<std::string> numberTexts(const std::vector<double>& values, size_t count);
std::vector<std::string> flagTexts(const std::vector<uint8_t>& flags, size_t count);

}  // namespace scanviz
