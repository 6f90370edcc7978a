// Toolbars that wrap: at a large UI scale in a narrow column, the next widget starts a new row
// instead of being cut off at the panel's edge.
#pragma once

namespace scanviz {

// Continues the row when `width` more pixels fit in it (after `gap`, or the item spacing when
// negative); otherwise the next widget starts a new row.
void nextInRow(float width, float gap = -1);

// The width ImGui::Button(label) takes, for nextInRow.
float buttonWidth(const char* label);

}  // namespace scanviz
