// A table as a Scene, the one drawing of the views' tables (Brent's theorem, the warp clock per
// step, an erratum's figures): so that the window, the slides and the tests read the same table.
// A header row, rows with alternating shades and one highlighted, columns as wide as their widest
// text (measured), spread over the width asked for; a table wider than that shrinks its text,
// never below the smallest size allowed. No ImGui here.
#pragma once

#include <string>
#include <vector>

#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct TableCell {
  std::string text;
  bool dim = false;     // a value that is not a measurement ("baseline", "-")
  std::string tooltip;  // shown while the pointer is over the cell
};

struct TableSpec {
  std::vector<std::string> header;
  std::vector<std::vector<TableCell>> rows;  // each as many cells as the header
  std::vector<TextAlign> align;              // per column; missing: left
  int highlightedRow = -1;                   // the row on screen (the lesson's algorithm or step)
  float textSize = 18;
  float minTextSize = 0;  // the text shrinks to fit `width`, never below this
  float width = 0;        // 0: the columns' own width; wider: the rest spread over the columns
  // The roles: ROLE-header (index: column), ROLE-cell (index: row), ROLE-row (a row's band,
  // index: row), ROLE-highlight (the highlighted row's band).
  std::string role = "table";
};

// The table with its top-left at (0, 0): width, height and every text of the spec.
Scene buildTableScene(const TableSpec& spec, const ViewPalette& palette,
                      const MeasureText& measure);

// The row of the table scene under the point (scene coordinates); -1 when none.
int tableRowAt(const Scene& table, const std::string& role, float x, float y);

}  // namespace scanviz
