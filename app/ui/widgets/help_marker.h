// The Dear ImGui demo's "(?)" marker: a dim question mark that explains the widget before it.
#pragma once

namespace scanviz {

void helpMarker(const char* text);

}  // namespace scanviz
