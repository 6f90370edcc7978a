// The text a combo box shows for its current choice. Long algorithm names (a family and its
// qualifier, "... (double-buffered)") do not fit a narrow combo on a projector; ImGui would cut
// them mid-word, so the qualifier in parentheses or after a comma is dropped first (the list and
// the summary below the combo still give the whole name).
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

// `name` if it fits `width` pixels at the current font, else its part before " (" or ", ".
std::string comboPreview(std::string_view name, float width);

// The width the current combo (the next item, after SetNextItemWidth) gives its preview text.
float comboPreviewWidth();

}  // namespace scanviz
